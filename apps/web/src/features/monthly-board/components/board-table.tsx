import { boardMsg } from '@app/shared/messages-board';
import type { BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import { Table, VisuallyHidden } from '@mantine/core';
import { IconKey, IconMail } from '@tabler/icons-react';
import { memo, type ReactNode, useCallback } from 'react';
import { Link } from 'react-router';
import { VirtualBoardTable } from '../../../components/board/virtual-board-table';
import tableClasses from '../../../components/board/virtual-board-table.module.css';
import { cellAt } from '../utils/board-rows';
import classes from './board-table.module.css';
import { type CellActions, StateCell } from './state-cell';

/**
 * The columns' least widths (px): with the menu open, a 1280 px window fits the name, the RUT, the
 * key and envelope, three services and the progress without scrolling sideways (issue 17 §6); a
 * wider window shares the rest out, a narrower one scrolls the table inside its region.
 */
const WIDTH = { name: 170, rut: 110, icon: 36, service: 140, progress: 116 };

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
    <td className={classes.iconCell}>
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
    <tr aria-rowindex={index + 2} className={tableClasses.row}>
      <td className={tableClasses.stickyCell}>
        <Link
          to={`/empresas/${business.id}`}
          className={tableClasses.nameLink}
          data-tooltip={business.name}
          data-tooltip-truncated
        >
          {business.name}
        </Link>
      </td>
      <td>
        <span className={tableClasses.truncate}>{business.rut}</span>
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

/** The header cells; they only render again when the services change. */
const BoardHead = memo(function BoardHead({ services, canEmail }: { services: BoardService[]; canEmail: boolean }) {
  return (
    <>
      <Table.Th className={tableClasses.stickyCell}>Nombre</Table.Th>
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
          <span className={tableClasses.truncate}>{service.name}</span>
        </Table.Th>
      ))}
      <Table.Th>{boardMsg.progress}</Table.Th>
    </>
  );
});

/**
 * The monthly table (spec 1 §2.5): a sticky header over a scrolling body that reaches the window's
 * bottom and renders only the rows in view; least column widths keep the columns aligned whatever
 * rows are rendered.
 */
export function BoardTable({
  loading,
  emptyText,
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
}: BoardTableProps) {
  const columnWidths = [
    WIDTH.name,
    WIDTH.rut,
    WIDTH.icon,
    ...(canEmail ? [WIDTH.icon] : []),
    ...services.map(() => WIDTH.service),
    WIDTH.progress,
  ];
  const [activeBusiness, activeService] = activeCell ? activeCell.split(':').map(Number) : [];
  const savingByRow = new Map<number, number[]>();
  for (const key of saving) {
    const [businessId, serviceId] = key.split(':').map(Number) as [number, number];
    savingByRow.set(businessId, [...(savingByRow.get(businessId) ?? []), serviceId]);
  }
  const closeMenu = useCallback(() => onMenu(null), [onMenu]);

  return (
    <VirtualBoardTable
      label={boardMsg.tableRegion}
      loadingLabel={boardMsg.loading}
      rows={rows}
      rowKey={(row) => row.business.id}
      columnWidths={columnWidths}
      head={<BoardHead services={services} canEmail={canEmail} />}
      activeRowKey={activeBusiness ?? null}
      onActiveRowHidden={closeMenu}
      loading={loading}
      emptyText={emptyText}
      renderRow={(row, index) => (
        <BoardRowView
          row={row}
          index={index}
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
      )}
    />
  );
}
