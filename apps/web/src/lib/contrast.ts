const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const value = Number.parseInt(match[1], 16);
  return 0.2126 * channel((value >> 16) & 255) + 0.7152 * channel((value >> 8) & 255) + 0.0722 * channel(value & 255);
}

/**
 * Black or white, whichever reads better on a state's colour (WCAG contrast). Mantine's
 * autoContrast puts white on the palette's red and blue, below AA; black reads at 5.5:1 and 6.7:1.
 */
export function readableTextColor(background: string): string {
  const lum = luminance(background);
  if (lum === null) return 'inherit';
  const onBlack = (lum + 0.05) / 0.05;
  const onWhite = 1.05 / (lum + 0.05);
  return onBlack >= onWhite ? '#000' : '#fff';
}
