import type { TaxObligation } from '@app/shared/schemas/tax-calendar';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

const FILING: Record<NonNullable<TaxObligation['filing']>, string> = {
  all: '',
  electronic: ' · en línea',
  paper: ' · en papel',
};

/**
 * The monthly board of the obligation's period narrowed to its service: at its last state (done),
 * ordered by it (pending), or its late cells; the 'Encargado' filter kept.
 */
function boardLink(obligation: TaxObligation, kind: 'done' | 'pending' | 'late', responsible: number | 'none' | null) {
  const params = new URLSearchParams({ anio: String(obligation.year), mes: String(obligation.month) });
  if (obligation.serviceId !== null) params.set('orden', String(obligation.serviceId));
  if (kind === 'done' && obligation.doneStateId !== null) params.set('estado', String(obligation.doneStateId));
  if (kind === 'late') params.set('atrasadas', '1');
  if (responsible !== null) params.set('encargado', String(responsible));
  return `/?${params.toString()}`;
}

const COUNTS = [
  { kind: 'done', color: 'green', label: (n: number) => `${n} ${n === 1 ? 'hecha' : 'hechas'}` },
  { kind: 'pending', color: 'yellow', label: (n: number) => `${n} ${n === 1 ? 'pendiente' : 'pendientes'}` },
  { kind: 'late', color: 'red', label: (n: number) => `${n} ${n === 1 ? 'atrasada' : 'atrasadas'}` },
] as const;

/** One obligation: its name (and which filers), and each count of companies linking to the board. */
export function ObligationLine({
  obligation,
  responsible,
  showDate,
}: {
  obligation: TaxObligation;
  responsible: number | 'none' | null;
  showDate?: boolean;
}) {
  const name = `${obligation.name}${FILING[obligation.filing ?? 'all']}`;
  return (
    <div data-testid="obligacion">
      {/* Long service names break inside a narrow day cell rather than run out of it. */}
      <Text size="sm" fw={500} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        {showDate && `${obligation.date.slice(8, 10)}-${obligation.date.slice(5, 7)} · `}
        {name}
      </Text>
      {obligation.kind === 'service' ? (
        <Group gap={4} mt={2}>
          {COUNTS.map(({ kind, color, label }) =>
            obligation[kind] > 0 ? (
              <Anchor key={kind} component={Link} to={boardLink(obligation, kind, responsible)} underline="never">
                {/* A badge's own minimum is near nothing: it would be cut to '11 HECH…' in a narrow cell. */}
                <Badge size="sm" variant="light" color={color} miw="max-content" style={{ cursor: 'pointer' }}>
                  {label(obligation[kind])}
                </Badge>
              </Anchor>
            ) : null,
          )}
        </Group>
      ) : (
        <Badge size="sm" variant="outline" color="gray">
          Calendario AT
        </Badge>
      )}
    </div>
  );
}
