import { UF_VALUE_MAX_HUNDREDTHS } from '@app/shared/billing';
import { santiagoDate } from '@app/shared/current-period';
import { parseHundredths } from '@app/shared/money-decimal';
import { z } from 'zod';

/** Where the UF's daily value is fetched from (only when UF_SOURCE_URL is set). */
export interface UfProvider {
  /** The value of a day ('YYYY-MM-DD') in hundredths, or null when the source has none for it. */
  valueOn(date: string): Promise<number | null>;
}

/** A provider's answer that cannot be used. */
export class UfSourceError extends Error {}

/** mindicador.cl's answer: `{ serie: [{ fecha: ISO moment, valor: number }] }`, an empty serie when the day has none. */
const MindicadorAnswer = z.object({
  serie: z.array(z.object({ fecha: z.string(), valor: z.number() })),
});

/**
 * A provider with mindicador.cl's API: `GET {base}/api/uf/{dd-mm-yyyy}`. The day's entry is checked
 * to be that day in Santiago (its `fecha` is the day's midnight there, written in UTC).
 */
export function mindicadorProvider(
  baseUrl: string,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): UfProvider {
  const get = options.fetch ?? fetch;
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async valueOn(date) {
      const [year, month, day] = date.split('-');
      const response = await get(`${base}/api/uf/${day}-${month}-${year}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new UfSourceError(`UF source answered ${response.status}`);
      const parsed = MindicadorAnswer.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new UfSourceError('UF source answered an unexpected shape');
      const entry = parsed.data.serie.find((item) => {
        const moment = new Date(item.fecha);
        return !Number.isNaN(moment.getTime()) && santiagoDate(moment) === date;
      });
      if (!entry) return null;
      const value = parseHundredths(entry.valor, { maxHundredths: UF_VALUE_MAX_HUNDREDTHS });
      if (!value.success || value.value === 0) throw new UfSourceError('UF source answered a value out of range');
      return value.value;
    },
  };
}
