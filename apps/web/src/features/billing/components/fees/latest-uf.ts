import { santiagoDate } from '@app/shared/period';
import { useUfValues } from '../../../../api/billing/uf-values';
import { currentBillingMonth } from '../../utils/billing-month';

/** The latest UF value known up to today this month (hundredths) and its date, or null. */
export function useLatestUf(): { value: number; date: string } | null {
  const today = santiagoDate();
  const values = useUfValues(currentBillingMonth(today));
  const known = (values.data ?? []).filter((uf) => uf.date <= today).sort((a, b) => b.date.localeCompare(a.date));
  const latest = known[0];
  return latest ? { value: latest.value, date: latest.date } : null;
}
