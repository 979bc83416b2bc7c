import { boardMsg } from '@app/shared/messages-board';
import { Checkbox, Table } from '@mantine/core';
import { type ComponentType, memo, type ReactNode, useCallback } from 'react';
import { Link } from 'react-router';
import type { BusinessRef } from '../../lib/business-filter';
import { cellBadgeClasses } from './cell-badge';
import { VirtualBoardTable } from './virtual-board-table';
import tableClasses from './virtual-board-table.module.css';

/** The least widths (px) of the company's name and RUT columns, the first two of every board. */
const COMPANY_WIDTHS = [170, 110];

/**
 * A mark after a company's name (the monthly board's 'N por revisar'): its count per row, 0 for
 * none (a map lookup: the row draws again only when it changes), and how a count is drawn. Stable.
 */
export interface NameMark<Row> {
  countOf: (row: Row) => number;
  render: (row: Row, count: number) => ReactNode;
}

/**
 * The rows picked for a bulk change: one Set of company ids, held by the screen, and
 * stable callbacks; each rendered row only looks itself up in it.
 */
export interface RowSelection {
  selected: ReadonlySet<number>;
  onToggle: (businessId: number) => void;
  /** Selects every row shown (the rows the filters leave, not the whole firm), or clears them when all are. */
  onToggleShown: () => void;
}

/** The selection column's width (px). */
const SELECT_WIDTH = 40;

/**
 * Where one cell of a board sits, as its cell component takes it (spread, so that a memoised cell
 * compares plain values): its company, whether its change is being saved, whether its menu is open,
 * and how a menu opens.
 */
export interface CellPlace {
  businessId: number;
  businessName: string;
  saving: boolean;
  /** Its menu is open: only then is a Mantine Menu mounted (a board shows hundreds of cells). */
  active: boolean;
  /** Opens (or, with null, closes) a cell's menu. */
  onMenu: (cellKey: string | null) => void;
}

/** What a board's cell component takes: where it sits, its cell, its column (and index) and the board's shared props. */
export type BoardCellProps<Column, Cell, Shared> = CellPlace & {
  cell: Cell;
  column: Column;
  index: number;
  shared: Shared;
};

/**
 * A board's own columns (services, tasks): each row's cell of each, drawn by `Cell` (a memoised
 * component, so that a row's unchanged cells do not render again). Stable (useMemo): a row
 * renders again only when it or these change.
 */
export interface BoardColumns<Row, Column extends { id: number }, Cell, Shared> {
  list: readonly Column[];
  /** A row's cell of a column (the cells follow the columns' order: `index` finds it at once). */
  cellAt: (row: Row, index: number, columnId: number) => Cell | undefined;
  Cell: ComponentType<BoardCellProps<Column, Cell, Shared>>;
  /** What every cell takes beside its own: the board's day, its actions… */
  shared: Shared;
  /** A row's own cells before the columns' (the monthly board's key and envelope) and after them (its progress). */
  before?: (row: Row) => ReactNode;
  after?: (row: Row) => ReactNode;
}

// biome-ignore lint/suspicious/noExplicitAny: any board's columns, cells and shared props
type AnyColumns<Row> = BoardColumns<Row, any, any, any>;

interface BusinessBoardTableProps<Row> {
  /** The scrolling region's accessible name. */
  label: string;
  rows: readonly Row[];
  /** A row's company (a stable function). */
  businessOf: (row: Row) => BusinessRef;
  /** The name of a row's company owner ('Encargado'), shown under its name; a stable function. */
  ownerOf?: (row: Row) => string | null;
  nameMark?: NameMark<Row>;
  /** The board's own columns after the name and the RUT: their least widths and header cells. */
  columnWidths: readonly number[];
  head: ReactNode;
  /** The board's own cells of each row. */
  columns: AnyColumns<Row>;
  /** cellKey(businessId, columnId) of the cells being saved. */
  saving: ReadonlySet<string>;
  /** cellKey(businessId, columnId) of the cell whose menu is open. */
  activeCell: string | null;
  /** Opens (or, with null, closes) a cell's menu. */
  onMenu: (cellKey: string | null) => void;
  loading: boolean;
  emptyText: string;
  /** A checkbox column before the name, for a bulk change. */
  selection?: RowSelection;
}

interface RowViewProps<Row> {
  row: Row;
  index: number;
  businessOf: (row: Row) => BusinessRef;
  columns: AnyColumns<Row>;
  onMenu: CellPlace['onMenu'];
  /** Column ids of this row's cells being saved, joined (a string keeps the memo cheap). */
  savingIds: string;
  activeColumnId: number | null;
  owner: string | null;
  markCount: number;
  renderMark?: NameMark<Row>['render'];
  /** Whether the row is selected; undefined without a selection column. */
  selected?: boolean;
  onSelect?: (businessId: number) => void;
}

function RowViewOf<Row>({
  row,
  index,
  businessOf,
  columns,
  onMenu,
  savingIds,
  activeColumnId,
  owner,
  markCount,
  renderMark,
  selected,
  onSelect,
}: RowViewProps<Row>) {
  const business = businessOf(row);
  const saving = new Set(savingIds ? savingIds.split(',').map(Number) : []);
  const name = (
    <Link
      to={`/empresas/${business.id}`}
      className={tableClasses.nameLink}
      data-tooltip={business.name}
      data-tooltip-truncated
    >
      {business.name}
    </Link>
  );
  const mark = markCount > 0 && renderMark ? renderMark(row, markCount) : null;
  return (
    <tr aria-rowindex={index + 2} className={tableClasses.row} aria-selected={selected}>
      {selected !== undefined && (
        <td className={`${tableClasses.stickyCell} ${tableClasses.selectCell}`}>
          {/* A plain checkbox (thousands of rows): nothing per row beyond the Set's lookup. */}
          <input
            type="checkbox"
            className={tableClasses.selectBox}
            checked={selected}
            aria-label={boardMsg.selectRow(business.name)}
            onChange={() => onSelect?.(business.id)}
          />
        </td>
      )}
      <td className={`${tableClasses.stickyCell} ${selected !== undefined ? tableClasses.afterSelect : ''}`}>
        {name}
        {/* The mark goes under the name, beside the owner: beside the name it left a long name a few letters. */}
        {(mark || owner) && (
          <span className={tableClasses.subLine}>
            {mark}
            {owner && (
              <span className={tableClasses.owner}>
                <span className={cellBadgeClasses.visuallyHidden}>{boardMsg.responsibleLabel}: </span>
                {owner}
              </span>
            )}
          </span>
        )}
      </td>
      <td>
        <span className={tableClasses.truncate}>{business.rut}</span>
      </td>
      {columns.before?.(row)}
      {columns.list.map((column: { id: number }, columnIndex) => {
        const cell = columns.cellAt(row, columnIndex, column.id);
        return (
          <td key={column.id}>
            {cell !== undefined && (
              <columns.Cell
                businessId={business.id}
                businessName={business.name}
                saving={saving.has(column.id)}
                active={activeColumnId === column.id}
                onMenu={onMenu}
                cell={cell}
                column={column}
                index={columnIndex}
                shared={columns.shared}
              />
            )}
          </td>
        );
      })}
      {columns.after?.(row)}
    </tr>
  );
}

const RowView = memo(RowViewOf) as typeof RowViewOf;

/**
 * A board of companies by column (services, tasks…): the company's name (a link to it) and RUT,
 * then the board's own cells, in a sticky-header table that renders only the rows in view.
 */
export function BusinessBoardTable<Row>({
  label,
  rows,
  businessOf,
  ownerOf,
  nameMark,
  columnWidths,
  head,
  columns,
  saving,
  activeCell,
  onMenu,
  loading,
  emptyText,
  selection,
}: BusinessBoardTableProps<Row>) {
  const [activeBusiness, activeColumn] = activeCell ? activeCell.split(':').map(Number) : [];
  const savingByRow = new Map<number, number[]>();
  for (const key of saving) {
    const [businessId, columnId] = key.split(':').map(Number) as [number, number];
    savingByRow.set(businessId, [...(savingByRow.get(businessId) ?? []), columnId]);
  }
  const closeMenu = useCallback(() => onMenu(null), [onMenu]);
  let shownSelected = 0;
  if (selection) for (const row of rows) if (selection.selected.has(businessOf(row).id)) shownSelected += 1;
  const afterSelect = selection ? tableClasses.afterSelect : '';

  return (
    <VirtualBoardTable
      label={label}
      loadingLabel={boardMsg.loading}
      rows={rows}
      rowKey={(row) => businessOf(row).id}
      columnWidths={[...(selection ? [SELECT_WIDTH] : []), ...COMPANY_WIDTHS, ...columnWidths]}
      head={
        <>
          {selection && (
            <Table.Th className={`${tableClasses.stickyCell} ${tableClasses.selectCell}`}>
              <Checkbox
                size="xs"
                aria-label={boardMsg.selectAllShown}
                checked={rows.length > 0 && shownSelected === rows.length}
                indeterminate={shownSelected > 0 && shownSelected < rows.length}
                disabled={rows.length === 0}
                onChange={selection.onToggleShown}
              />
            </Table.Th>
          )}
          <Table.Th className={`${tableClasses.stickyCell} ${afterSelect}`}>Nombre</Table.Th>
          <Table.Th>Rut</Table.Th>
          {head}
        </>
      }
      activeRowKey={activeBusiness ?? null}
      onActiveRowHidden={closeMenu}
      loading={loading}
      emptyText={emptyText}
      renderRow={(row, index) => {
        const businessId = businessOf(row).id;
        return (
          <RowView
            row={row}
            index={index}
            businessOf={businessOf}
            columns={columns}
            onMenu={onMenu}
            savingIds={(savingByRow.get(businessId) ?? []).join(',')}
            activeColumnId={businessId === activeBusiness ? (activeColumn ?? null) : null}
            owner={ownerOf?.(row) ?? null}
            markCount={nameMark?.countOf(row) ?? 0}
            renderMark={nameMark?.render}
            selected={selection?.selected.has(businessId)}
            onSelect={selection?.onToggle}
          />
        );
      }}
    />
  );
}
