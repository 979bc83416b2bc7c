import { Loader, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, Fragment, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { BoardTooltip } from './board-tooltip';
import classes from './virtual-board-table.module.css';

/** Every row has this height, so only the rows in view are rendered (2,000 companies scroll smoothly). */
export const BOARD_ROW_HEIGHT = 44;
/** The table's height with its sticky header (spec 1 §9, spec 2 §9: 600 px). */
export const BOARD_TABLE_HEIGHT = 600;

export interface VirtualBoardTableProps<Row> {
  /** The scrolling region's accessible name. */
  label: string;
  /** The loader's accessible name. */
  loadingLabel: string;
  rows: readonly Row[];
  /** A row's stable key (its company id). */
  rowKey: (row: Row) => number;
  /**
   * One body row, a `<tr className={classes.row}>` of `columnWidths.length` cells with
   * `aria-rowindex={index + 2}`; a memoised component, so that scrolling renders only new rows.
   */
  renderRow: (row: Row, index: number) => ReactNode;
  /** The header row's cells (`<Table.Th>`), in the order of `columnWidths`. */
  head: ReactNode;
  /** Fixed column widths (px): the columns stay aligned whatever rows are rendered. */
  columnWidths: readonly number[];
  /** The row whose menu is open: once scrolled out of the rendered rows, `onActiveRowHidden` closes it. */
  activeRowKey?: number | null;
  onActiveRowHidden?: () => void;
  loading: boolean;
  emptyText: string;
}

type BodyProps<Row> = Pick<
  VirtualBoardTableProps<Row>,
  'rows' | 'rowKey' | 'renderRow' | 'activeRowKey' | 'onActiveRowHidden'
> & {
  scrollRef: RefObject<HTMLElement | null>;
  columnCount: number;
};

/** The rows in view, between two spacer rows; only this part renders again while scrolling. */
function VirtualBody<Row>({
  scrollRef,
  columnCount,
  rows,
  rowKey,
  renderRow,
  activeRowKey,
  onActiveRowHidden,
}: BodyProps<Row>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => BOARD_ROW_HEIGHT,
    overscan: 8,
    // Rows are rendered with the next frame rather than inside the scroll event.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  // A menu whose row scrolled out of the rendered rows closes, rather than open again on the way back.
  const activeRendered =
    activeRowKey == null || items.some((item) => rows[item.index] && rowKey(rows[item.index] as Row) === activeRowKey);
  useEffect(() => {
    if (!activeRendered) onActiveRowHidden?.();
  }, [activeRendered, onActiveRowHidden]);

  const spacer = (height: number): CSSProperties => ({ height, padding: 0, border: 0 });
  return (
    <tbody>
      {paddingTop > 0 && (
        <tr aria-hidden>
          <td colSpan={columnCount} style={spacer(paddingTop)} />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index];
        return row === undefined ? null : <Fragment key={rowKey(row)}>{renderRow(row, item.index)}</Fragment>;
      })}
      {paddingBottom > 0 && (
        <tr aria-hidden>
          <td colSpan={columnCount} style={spacer(paddingBottom)} />
        </tr>
      )}
    </tbody>
  );
}

/**
 * A board of companies (the monthly board, the task board): a sticky header over a 600 px
 * scrolling region that renders only the rows in view, with spacer rows above and below so the
 * scrollbar stays true, and one shared tooltip for the `data-tooltip` of its cells. The region
 * scrolls sideways on narrow screens; give the first column `classes.stickyCell` to keep it in view.
 */
export function VirtualBoardTable<Row>({
  label,
  loadingLabel,
  head,
  columnWidths,
  loading,
  emptyText,
  ...body
}: VirtualBoardTableProps<Row>) {
  const scrollRef = useRef<HTMLElement>(null);
  const tableWidth = columnWidths.reduce((sum, width) => sum + width, 0);
  const columnCount = columnWidths.length;

  return (
    <section
      ref={scrollRef}
      className={classes.scroller}
      style={{ maxHeight: BOARD_TABLE_HEIGHT }}
      // The scrolling region is reachable with the keyboard (arrows scroll it).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      aria-label={label}
    >
      <Table
        stickyHeader
        verticalSpacing={0}
        horizontalSpacing="xs"
        className={classes.table}
        style={{ width: `max(100%, ${tableWidth}px)`, minWidth: tableWidth }}
        aria-rowcount={body.rows.length + 1}
        aria-busy={loading || undefined}
      >
        <colgroup>
          {columnWidths.map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are positional
            <col key={index} style={{ width }} />
          ))}
        </colgroup>
        <Table.Thead className={classes.head}>
          <Table.Tr aria-rowindex={1}>{head}</Table.Tr>
        </Table.Thead>
        {body.rows.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={columnCount} className={classes.empty}>
                {loading ? <Loader size="sm" aria-label={loadingLabel} /> : <Text c="dimmed">{emptyText}</Text>}
              </td>
            </tr>
          </tbody>
        ) : (
          <VirtualBody scrollRef={scrollRef} columnCount={columnCount} {...body} />
        )}
      </Table>
      <BoardTooltip container={scrollRef} />
    </section>
  );
}
