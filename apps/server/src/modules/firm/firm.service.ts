import { reportMsg } from '@app/shared/messages-report';
import { FIRM_LOGO_MAX_KB, type FirmSettings, type FirmSettingsSaveSchema } from '@app/shared/schemas/monthly-report';
import type { z } from 'zod';
import { changedFields, recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type FirmRow, firmRepository } from './firm.repository.ts';
import { recogniseLogo } from './firm-logo.ts';

type SaveInput = z.output<typeof FirmSettingsSaveSchema>;

/** The firm as its PDFs present it at the top: name, RUT, address and logo (null without one). */
export interface FirmIdentity {
  name: string;
  rut: string;
  address: string;
  logo: Buffer | null;
}

export interface FirmDeps {
  /** Whether SMTP_URL is set: without it e-mailed reports stay in the local outbox. */
  mailConfigured: boolean;
}

const FIELDS = ['name', 'rut', 'address', 'monthlyReportDay'] as const;
const LABEL = 'Datos del estudio';

/** The firm's identity ('Datos del estudio', owners): what the statements and monthly reports carry at the top. */
export function createFirmService(db: Db, deps: FirmDeps) {
  const present = (row: FirmRow): FirmSettings => ({
    name: row.name,
    rut: row.rut,
    address: row.address,
    logo:
      row.logoType && row.logoSize !== null
        ? { contentType: row.logoType as 'image/png' | 'image/jpeg', size: row.logoSize }
        : null,
    monthlyReportDay: row.monthlyReportDay,
    mailConfigured: deps.mailConfigured,
    updatedAt: row.updatedAt?.toISOString() ?? null,
  });

  return {
    async get(): Promise<FirmSettings> {
      return present(await firmRepository.get(db));
    },

    /** The identity the PDFs draw (the logo's bytes included). */
    identity: (): Promise<FirmIdentity> => firmRepository.identity(db),

    /** The day of the month the previous month's report is e-mailed; null: not e-mailed. */
    reportDay: async (): Promise<number | null> => (await firmRepository.get(db)).monthlyReportDay,

    async save(input: SaveInput, actor: ActivityActor): Promise<FirmSettings> {
      const row = await db.transaction(async (tx) => {
        const before = await firmRepository.lock(tx);
        await firmRepository.save(tx, { ...input, updatedBy: actor.userId });
        const after = await firmRepository.get(tx);
        const details = changedFields(before, after, FIELDS);
        if (details)
          await recordActivity(tx, actor, { kind: 'firm_settings', action: 'updated', recordLabel: LABEL, details });
        return after;
      });
      return present(row);
    },

    /** A new logo: a PNG or JPEG recognised by its content, at most FIRM_LOGO_MAX_KB. */
    async setLogo(bytes: Buffer, actor: ActivityActor): Promise<FirmSettings> {
      if (bytes.length > FIRM_LOGO_MAX_KB * 1024) throw new AppError(413, reportMsg.logoTooLarge(FIRM_LOGO_MAX_KB));
      if (bytes.length === 0) throw new AppError(400, reportMsg.logoRequired);
      const type = await recogniseLogo(bytes);
      if (!type) throw new AppError(415, reportMsg.logoNotImage);
      const row = await db.transaction(async (tx) => {
        const before = await firmRepository.lock(tx);
        await firmRepository.save(tx, { logo: bytes, logoType: type, updatedBy: actor.userId });
        await recordActivity(tx, actor, {
          kind: 'firm_settings',
          action: before.logoType ? 'changed' : 'uploaded',
          recordLabel: LABEL,
          details: {
            before: { logo: before.logoType ? 'sí' : 'no' },
            after: { logo: `${type}, ${Math.ceil(bytes.length / 1024)} KB` },
          },
        });
        return firmRepository.get(tx);
      });
      return present(row);
    },

    async removeLogo(actor: ActivityActor): Promise<FirmSettings> {
      const row = await db.transaction(async (tx) => {
        const before = await firmRepository.lock(tx);
        if (!before.logoType) return before;
        await firmRepository.save(tx, { logo: null, logoType: null, updatedBy: actor.userId });
        await recordActivity(tx, actor, {
          kind: 'firm_settings',
          action: 'deleted',
          recordLabel: LABEL,
          details: { before: { logo: 'sí' }, after: { logo: 'no' } },
        });
        return firmRepository.get(tx);
      });
      return present(row);
    },

    async logo(): Promise<{ bytes: Buffer; contentType: string }> {
      const logo = await firmRepository.logo(db);
      if (!logo) throw notFound(reportMsg.logoNotFound);
      return logo;
    },
  };
}

export type FirmService = ReturnType<typeof createFirmService>;
