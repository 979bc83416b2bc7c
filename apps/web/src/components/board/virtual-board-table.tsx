import { Loader, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, Fragment, type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { BoardTooltip } from './board-tooltip';
import classes from './virtual-board-table.module.css';

/** Every row has this height, so only the rows in view are rendered (2,000 companies scroll smoothly). */
export const BOARD_ROW_HEIGHT = 44;
/** The header row's height (px). */
const BOARD_HEAD_HEIGHT = 40;
/** The empty or loading row's height (px). */
const BOARD_EMPTY_HEIGHT = 120;
/** The region is never shorter than this (px), about six rows: on a short window the page scrolls instead. */
export const BOARD_MIN_HEIGHT = 300;
/** What stays below the region inside the window: the card's padding and border, the page's padding (px). */
const BOARD_BOTTOM_GAP = 40;

/**
 * The height left for the region from where it starts down to the window's bottom (the
 * table fills the window rather than a fixed 600 px), measured again when the window is resized or
 * anything above it changes (the summary cards open or close, the filters wrap).
 */
function useWindowFill(element: HTMLElement | null) {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(BOARD_MIN_HEIGHT, Math.floor(window.innerHeight - top - BOARD_BOTTOM_GAP)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element]);
  return height;
}

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
  /** The scrolling region, once mounted (state rather than a ref: see VirtualBoardTable). */
  scrollElement: HTMLElement;
  columnCount: number;
};

/** The rows in view, between two spacer rows; only this part renders again while scrolling. */
function VirtualBody<Row>({
  scrollElement,
  columnCount,
  rows,
  rowKey,
  renderRow,
  activeRowKey,
  onActiveRowHidden,
}: BodyProps<Row>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
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
 * A board of companies (the monthly board, the task board): a sticky header over a scrolling
 * region that fills the window down to its bottom and renders only the rows in view, with spacer
 * rows above and below so the scrollbar stays true, and one shared tooltip for the `data-tooltip`
 * of its cells. The region scrolls sideways on narrow screens; give the first column
 * `classes.stickyCell` to keep it in view.
 *
 * The rows are rendered once the region is mounted and known (kept in state, not a ref): a board
 * whose rows come from the cache renders them in the region's first commit, when a ref to the
 * region is not yet set for its children, and the virtualiser would then draw no row until
 * something else rendered the table again. The region also has a definite height
 * from the start (its rows' height, up to the window's), so it never measures only its header.
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
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);
  const windowFill = useWindowFill(scrollElement);
  const tableWidth = columnWidths.reduce((sum, width) => sum + width, 0);
  const columnCount = columnWidths.length;
  // Border included; a short list gets a short region, a long one the window's height.
  const contentHeight =
    BOARD_HEAD_HEIGHT + (body.rows.length ? body.rows.length * BOARD_ROW_HEIGHT : BOARD_EMPTY_HEIGHT) + 2;
  const maxHeight = windowFill ?? BOARD_MIN_HEIGHT;

  return (
    <section
      ref={setScrollElement}
      className={classes.scroller}
      style={{ maxHeight, minHeight: Math.min(maxHeight, contentHeight) }}
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
                {loading ? (
                  <Loader size="sm" role="status" aria-label={loadingLabel} />
                ) : (
                  <Text c="dimmed">{emptyText}</Text>
                )}
              </td>
            </tr>
          </tbody>
        ) : (
          scrollElement && <VirtualBody scrollElement={scrollElement} columnCount={columnCount} {...body} />
        )}
      </Table>
      <BoardTooltip container={scrollElement} />
    </section>
  );
}
