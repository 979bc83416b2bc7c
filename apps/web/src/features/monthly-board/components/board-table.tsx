import { boardMsg } from '@app/shared/messages-board';
import type { BoardCell, BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import { Table, VisuallyHidden } from '@mantine/core';
import { IconKey, IconMail } from '@tabler/icons-react';
import { memo, type ReactNode, useCallback, useMemo } from 'react';
import {
  type BoardColumns,
  BusinessBoardTable,
  type NameMark,
  type RowSelection,
} from '../../../components/board/business-board-table';
import { lastStateIds } from '../utils/board-filters';
import { cellAt } from '../utils/board-rows';
import classes from './board-table.module.css';
import { type CellActions, type MonthlyCellShared, StateCell } from './state-cell';

/**
 * The least widths (px) of the columns after the name and the RUT: with the menu open, a 1280 px
 * window fits the name, the RUT, the key and envelope, three services and the progress without
 * scrolling sideways; a wider window shares the rest out, a narrower one scrolls the
 * table inside its region.
 */
const WIDTH = { icon: 36, service: 140, progress: 116 };

const businessOf = (row: BoardRow) => row.business;

interface BoardTableProps extends CellActions {
  rows: BoardRow[];
  services: BoardService[];
  /** The name of a row's company owner, shown under its name. */
  ownerOf: (row: BoardRow) => string | null;
  /** After a company's name: what its clients sent and nobody reviewed yet. */
  nameMark?: NameMark<BoardRow>;
  /** The board's day in America/Santiago ('YYYY-MM-DD'), for the due marks. */
  today: string;
  /** cellKey(businessId, serviceId) of the cells being saved. */
  saving: ReadonlySet<string>;
  /** cellKey(businessId, serviceId) of the cell whose menu is open. */
  activeCell: string | null;
  /** Opens (or, with null, closes) a cell's menu of states. */
  onMenu: (cellKey: string | null) => void;
  loading: boolean;
  emptyText: string;
  onCredentials: (row: BoardRow) => void;
  /** The envelope column, for those who may e-mail a company's contacts. */
  onEmail?: (row: BoardRow) => void;
  /** The checkbox column of the bulk change. */
  selection?: RowSelection;
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

function Progress({ row }: { row: BoardRow }) {
  return (
    <div className={classes.progress}>
      <div
        className={classes.progressTrack}
        role="progressbar"
        aria-label={`${boardMsg.progress} de ${row.business.name}`}
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
  );
}

const progressCell = (row: BoardRow) => (
  <td>
    <Progress row={row} />
  </td>
);

/** The header cells after 'Nombre' and 'Rut'; they only render again when the services change. */
const BoardHead = memo(function BoardHead({ services, canEmail }: { services: BoardService[]; canEmail: boolean }) {
  return (
    <>
      <Table.Th>
        <VisuallyHidden>{boardMsg.credentials}</VisuallyHidden>
      </Table.Th>
      {canEmail && (
        <Table.Th>
          <VisuallyHidden>{boardMsg.email}</VisuallyHidden>
        </Table.Th>
      )}
      {services.map((service) => (
        <Table.Th key={service.id}>{service.name}</Table.Th>
      ))}
      <Table.Th>{boardMsg.progress}</Table.Th>
    </>
  );
});

/**
 * The monthly table: each company's key and envelope, its cell of every service and
 * its progress, in the board kit's table.
 */
export function BoardTable({
  services,
  today,
  onChoose,
  onHistory,
  onCredentials,
  onEmail,
  ...table
}: BoardTableProps) {
  const lead = useCallback(
    (row: BoardRow) => (
      <>
        <IconCell
          label={`${boardMsg.credentials} de ${row.business.name}`}
          tooltip={boardMsg.credentials}
          onClick={() => onCredentials(row)}
        >
          <IconKey size={18} aria-hidden />
        </IconCell>
        {onEmail && (
          <IconCell
            label={`${boardMsg.sendEmail} a ${row.business.name}`}
            tooltip={boardMsg.sendEmail}
            onClick={() => onEmail(row)}
          >
            <IconMail size={18} aria-hidden />
          </IconCell>
        )}
      </>
    ),
    [onCredentials, onEmail],
  );
  const columns = useMemo<BoardColumns<BoardRow, BoardService, BoardCell, MonthlyCellShared>>(
    () => ({
      before: lead,
      after: progressCell,
      list: services,
      cellAt,
      Cell: StateCell,
      shared: { lastStates: lastStateIds(services), today, onChoose, onHistory },
    }),
    [lead, services, today, onChoose, onHistory],
  );
  const canEmail = onEmail !== undefined;

  return (
    <BusinessBoardTable
      label={boardMsg.tableRegion}
      businessOf={businessOf}
      columnWidths={[
        WIDTH.icon,
        ...(canEmail ? [WIDTH.icon] : []),
        ...services.map(() => WIDTH.service),
        WIDTH.progress,
      ]}
      head={<BoardHead services={services} canEmail={canEmail} />}
      columns={columns}
      {...table}
    />
  );
}
