import { Badge, type BadgeProps } from '@mantine/core';

/** Never cut: a table column gives a badge its whole label ('POR CONFIRMAR', not 'POR CONFIR…'). */
const WHOLE = { root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } };

/** A light badge of the state's colour with near-black text: the colour's own shades read under 4.5:1 on its tint. */
export function StatusBadge({ color, ...props }: BadgeProps & { color: string; children: string }) {
  return <Badge variant="light" color={color} c="dark.9" styles={WHOLE} {...props} />;
}
