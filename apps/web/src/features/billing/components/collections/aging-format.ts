import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket } from '@app/shared/billing';

export const BUCKET_COLORS: Record<AgingBucket, string> = {
  current: 'green',
  d1_30: 'yellow',
  d31_60: 'orange',
  d61_90: 'red',
  d90_plus: 'grape',
};

/** A bucket as the list names it: 'Al día', '1–30 días', 'Más de 90 días'. */
export function bucketLabel(bucket: AgingBucket): string {
  const label = AGING_BUCKET_LABELS[bucket];
  const capital = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
  return bucket === 'current' || bucket === 'd90_plus' ? capital : `${capital} días`;
}

export { AGING_BUCKETS };
