import { boardMsg } from '@app/shared/messages-board';
import type { BoardRow, MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { PESOS_FORMAT, type XlsxSheet, type XlsxValue } from '../../lib/xlsx-stream.ts';

/** A state's colour as a cell fill: '#RRGGBB' only (anything else stays unfilled rather than break the file). */
export const fillOf = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : null);

/**
 * The monthly board as a sheet: Empresa, RUT, Encargado, one column per service (the
 * state's name filled with its colour, or its value as pesos when the state has one; 'N/A' where
 * the service does not apply), then Progreso as a percent.
 */
export function monthlyBoardSheet(
  board: MonthlyBoard,
  rows: readonly BoardRow[],
  ownerName: (userId: number | null) => string | null,
): XlsxSheet {
  const states = new Map(board.services.flatMap((service) => service.states.map((state) => [state.id, state])));
  const hasValues = board.services.map((service) => service.states.some((state) => state.hasValue));
  return {
    name: `Tablero ${String(board.month).padStart(2, '0')}-${board.year}`,
    columns: [
      { header: boardMsg.companyLabel, width: 36 },
      { header: boardMsg.rutHeader, width: 14 },
      { header: boardMsg.responsibleLabel, width: 24 },
      ...board.services.map((service, index) => ({
        header: service.name,
        width: Math.max(14, service.name.length + 2),
        ...(hasValues[index] ? { numFmt: PESOS_FORMAT } : {}),
      })),
      { header: boardMsg.progress, width: 11, numFmt: '0%' },
    ],
    rows: (function* () {
      for (const row of rows) {
        const cells = row.cells.map((cell): XlsxValue => {
          if (!cell.applies) return boardMsg.notApplicable;
          const state = cell.stateId === null ? undefined : states.get(cell.stateId);
          if (!state) return null;
          const value = state.hasValue && cell.value !== null ? cell.value : state.name;
          const fill = fillOf(state.color);
          return fill ? { value, fill } : value;
        });
        yield [
          row.business.name,
          row.business.rut,
          ownerName(row.business.responsibleUserId),
          ...cells,
          row.progress / 100,
        ];
      }
    })(),
  };
}
