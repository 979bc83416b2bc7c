/** Spanish texts of 'Panel', the firm at a glance in charts. */
export const panelMsg = {
  invalidYear: 'El año no es válido',
  invalidMonth: 'El mes no es válido',
  invalidResponsible: 'El encargado no es válido',
  onlyOwnCompanies: 'Solo puedes ver el panel de las empresas de las que eres encargado',
  noResponsible: 'Sin encargado',
};

/** The age buckets of a document request waiting, in days since it was made. */
export const REQUEST_AGE_BUCKETS = [
  { key: 'd0_7', label: '0–7 días', from: 0, to: 7 },
  { key: 'd8_30', label: '8–30 días', from: 8, to: 30 },
  { key: 'd31_60', label: '31–60 días', from: 31, to: 60 },
  { key: 'd60_plus', label: 'más de 60 días', from: 61, to: null },
] as const;
export type RequestAgeBucket = (typeof REQUEST_AGE_BUCKETS)[number]['key'];

/** The bucket of a request made `days` days ago. */
export function requestAgeBucket(days: number): RequestAgeBucket {
  for (const bucket of REQUEST_AGE_BUCKETS) if (bucket.to === null || days <= bucket.to) return bucket.key;
  return 'd60_plus';
}
