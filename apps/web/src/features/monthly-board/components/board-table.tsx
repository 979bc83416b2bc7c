import { boardMsg } from '@app/shared/messages-board';
import type { BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import { Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconKey, IconMail } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, memo, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { cellAt } from '../utils/board-rows';
import classes from './board-table.module.css';
import { BoardTooltip } from './board-tooltip';
import { type CellActions, StateCell } from './state-cell';

/** Every row has this height, so only the rows in view are rendered (2,000 companies scroll smoothly). */
export const ROW_HEIGHT = 44;
/** The table's height with its sticky header (spec 1 §9: 600 px). */
const TABLE_HEIGHT = 600;

const WIDTH = { name: 220, rut: 118, icon: 44, service: 160, progress: 150 };

export interface RowActions extends CellActions {
  onCredentials: (row: BoardRow) => void;
  onEmail: (row: BoardRow) => void;
}

interface BoardTableProps extends RowActions {
  rows: BoardRow[];
  services: BoardService[];
  /** 'businessId:serviceId' of the cells being saved. */
  saving: ReadonlySet<string>;
  /** 'businessId:serviceId' of the cell whose menu is open. */
  activeCell: string | null;
  canEmail: boolean;
  loading: boolean;
  emptyText: string;
}

interface BoardRowViewProps extends RowActions {
  row: BoardRow;
  index: number;
  services: BoardService[];
  /** Service ids of this row's cells being saved, joined (a string keeps the memo cheap). */
  savingIds: string;
  /** The service whose cell has its menu open in this row. */
  activeServiceId: number | null;
  canEmail: boolean;
}

/** A row's key or envelope: a plain button (thousands of rows), its tooltip drawn by BoardTooltip. */
function IconCell({
  label,
  tooltip,
  onClick,
  children,
}: {
  label: string;
  tooltip: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <td>
      <button type="button" className={classes.iconButton} aria-label={label} data-tooltip={tooltip} onClick={onClick}>
        {children}
      </button>
    </td>
  );
}

const BoardRowView = memo(function BoardRowView({
  row,
  index,
  services,
  savingIds,
  activeServiceId,
  canEmail,
  onMenu,
  onChoose,
  onHistory,
  onCredentials,
  onEmail,
}: BoardRowViewProps) {
  const { business } = row;
  const saving = new Set(savingIds ? savingIds.split(',').map(Number) : []);
  return (
    <tr aria-rowindex={index + 2} className={classes.row}>
      <td className={classes.stickyCell}>
        <Link to={`/empresas/${business.id}`} className={classes.nameLink}>
          {business.name}
        </Link>
      </td>
      <td>
        <span className={classes.truncate}>{business.rut}</span>
      </td>
      <IconCell
        label={`${boardMsg.credentials} de ${business.name}`}
        tooltip={boardMsg.credentials}
        onClick={() => onCredentials(row)}
      >
        <IconKey size={18} aria-hidden />
      </IconCell>
      {canEmail && (
        <IconCell
          label={`${boardMsg.sendEmail} a ${business.name}`}
          tooltip={boardMsg.sendEmail}
          onClick={() => onEmail(row)}
        >
          <IconMail size={18} aria-hidden />
        </IconCell>
      )}
      {services.map((service, column) => {
        const cell = cellAt(row, column, service.id);
        return (
          <td key={service.id}>
            {cell && (
              <StateCell
                cell={cell}
                service={service}
                businessId={business.id}
                businessName={business.name}
                saving={saving.has(service.id)}
                active={activeServiceId === service.id}
                onMenu={onMenu}
                onChoose={onChoose}
                onHistory={onHistory}
              />
            )}
          </td>
        );
      })}
      <td>
        <div className={classes.progress}>
          <div
            className={classes.progressTrack}
            role="progressbar"
            aria-label={`${boardMsg.progress} de ${business.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={row.progress}
          >
            <div
              className={classes.progressBar}
              data-complete={row.progress >= 100 || undefined}
              style={{ width: `${Math.min(Math.max(row.progress, 0), 100)}%` }}
            />
          </div>
          <span className={classes.progressText}>{row.progress}%</span>
        </div>
      </td>
    </tr>
  );
});

const BoardHead = memo(function BoardHead({ services, canEmail }: { services: BoardService[]; canEmail: boolean }) {
  return (
    <Table.Thead className={classes.head}>
      <Table.Tr aria-rowindex={1}>
        <Table.Th className={classes.stickyCell}>Nombre</Table.Th>
        <Table.Th>Rut</Table.Th>
        <Table.Th>
          <VisuallyHidden>{boardMsg.credentials}</VisuallyHidden>
        </Table.Th>
        {canEmail && (
          <Table.Th>
            <VisuallyHidden>{boardMsg.email}</VisuallyHidden>
          </Table.Th>
        )}
        {services.map((service) => (
          <Table.Th key={service.id} title={service.name}>
            <span className={classes.truncate}>{service.name}</span>
          </Table.Th>
        ))}
        <Table.Th>{boardMsg.progress}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
});

type BoardBodyProps = Omit<BoardTableProps, 'loading' | 'emptyText'> & {
  scrollRef: RefObject<HTMLElement | null>;
  columnCount: number;
};

/** The rows in view, between two spacer rows; only this part renders again while scrolling. */
function BoardBody({
  scrollRef,
  columnCount,
  rows,
  services,
  saving,
  activeCell,
  canEmail,
  onMenu,
  onChoose,
  onHistory,
  onCredentials,
  onEmail,
}: BoardBodyProps) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Rows are rendered with the next frame rather than inside the scroll event.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  const [activeBusiness, activeService] = activeCell ? activeCell.split(':').map(Number) : [];
  // A menu whose row scrolled out of the rendered rows closes, rather than open again on the way back.
  const activeRendered = items.some((item) => rows[item.index]?.business.id === activeBusiness);
  useEffect(() => {
    if (activeCell && !activeRendered) onMenu(null);
  }, [activeCell, activeRendered, onMenu]);

  const savingByRow = new Map<number, number[]>();
  for (const key of saving) {
    const [businessId, serviceId] = key.split(':').map(Number) as [number, number];
    savingByRow.set(businessId, [...(savingByRow.get(businessId) ?? []), serviceId]);
  }
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
        if (!row) return null;
        return (
          <BoardRowView
            key={row.business.id}
            row={row}
            index={item.index}
            services={services}
            savingIds={(savingByRow.get(row.business.id) ?? []).join(',')}
            activeServiceId={row.business.id === activeBusiness ? (activeService ?? null) : null}
            canEmail={canEmail}
            onMenu={onMenu}
            onChoose={onChoose}
            onHistory={onHistory}
            onCredentials={onCredentials}
            onEmail={onEmail}
          />
        );
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
 * The monthly table (spec 1 §2.5): a sticky header over a 600 px scrolling body that renders only
 * the rows in view, with spacer rows above and below so the scrollbar stays true; fixed column
 * widths keep the columns aligned whatever rows are rendered.
 */
export function BoardTable({ loading, emptyText, ...props }: BoardTableProps) {
  const { rows, services, canEmail } = props;
  const scrollRef = useRef<HTMLElement>(null);
  const columnWidths = [
    WIDTH.name,
    WIDTH.rut,
    WIDTH.icon,
    ...(canEmail ? [WIDTH.icon] : []),
    ...services.map(() => WIDTH.service),
    WIDTH.progress,
  ];
  const tableWidth = columnWidths.reduce((sum, width) => sum + width, 0);
  const columnCount = columnWidths.length;

  return (
    <section
      ref={scrollRef}
      className={classes.scroller}
      style={{ maxHeight: TABLE_HEIGHT }}
      // The scrolling region is reachable with the keyboard (arrows scroll it).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      aria-label={boardMsg.tableRegion}
    >
      <Table
        stickyHeader
        verticalSpacing={0}
        horizontalSpacing="xs"
        className={classes.table}
        style={{ width: `max(100%, ${tableWidth}px)`, minWidth: tableWidth }}
        aria-rowcount={rows.length + 1}
        aria-busy={loading || undefined}
      >
        <colgroup>
          {columnWidths.map((width, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are positional
            <col key={index} style={{ width }} />
          ))}
        </colgroup>
        <BoardHead services={services} canEmail={canEmail} />
        {rows.length === 0 ? (
          <tbody>
            <tr>
              <td colSpan={columnCount} className={classes.empty}>
                {loading ? <Loader size="sm" aria-label={boardMsg.loading} /> : <Text c="dimmed">{emptyText}</Text>}
              </td>
            </tr>
          </tbody>
        ) : (
          <BoardBody scrollRef={scrollRef} columnCount={columnCount} {...props} />
        )}
      </Table>
      <BoardTooltip container={scrollRef} />
    </section>
  );
}
