const esCl = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });

/** Pesos as the spec shows them: '$1.234.567' (es-CL, dot thousands, no decimals). */
export function formatMoney(value: number): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}$${esCl.format(Math.abs(Math.trunc(value)))}`;
}
