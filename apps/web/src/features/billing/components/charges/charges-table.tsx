import type { Charge } from '@app/shared/schemas/billing';
import { ActionIcon, Menu } from '@mantine/core';
import { IconBan, IconDots, IconFileCheck, IconPencil } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { ListTable, type ListTableQuery } from '../../../../components/list-table';
import { formatDate } from '../../../../lib/dates';
import { folioText, moneyOrDash, statusLabel, taxLabel, ufLine } from './charge-format';
import classes from './charges-table.module.css';

export interface ChargeActions {
  onEdit: (charge: Charge) => void;
  onIssue: (charge: Charge) => void;
  onVoid: (charge: Charge) => void;
}

/** The month's charges: sortable, with a row's actions in its menu and drafts selectable for a bulk 'Marcar emitido'. */
export function ChargesTable({
  query,
  records,
  search,
  sortStatus,
  onSortStatusChange,
  selected,
  onSelectedChange,
  mayChange,
  actions,
}: {
  query: ListTableQuery;
  records: Charge[];
  search: string;
  sortStatus: DataTableSortStatus<Charge>;
  onSortStatusChange: (status: DataTableSortStatus<Charge>) => void;
  selected: Charge[];
  onSelectedChange: (charges: Charge[]) => void;
  mayChange: boolean;
  actions: ChargeActions;
}) {
  return (
    <ListTable
      aria-label="Cobros del mes"
      firstPaintRows={15}
      highlightOnHover
      query={query}
      errorText="No se pudieron cargar los cobros"
      noRecordsText="No hay cobros este mes: genera los cobros del mes"
      search={search}
      records={records}
      sortStatus={sortStatus}
      onSortStatusChange={onSortStatusChange}
      {...(mayChange
        ? {
            selectedRecords: selected,
            onSelectedRecordsChange: onSelectedChange,
            isRecordSelectable: (charge: Charge) => charge.status === 'draft',
            selectionCheckboxProps: { 'aria-label': 'Seleccionar cobro' },
            getRecordSelectionCheckboxProps: (charge: Charge) => ({
              'aria-label': `Seleccionar ${charge.businessName}: ${charge.description}`,
            }),
            allRecordsSelectionCheckboxProps: { 'aria-label': 'Seleccionar todos los cobros por emitir' },
          }
        : {})}
      columns={[
        {
          accessor: 'businessName',
          title: 'Empresa',
          sortable: true,
          render: (charge) => (
            <>
              <span className={classes.strong}>{charge.businessName}</span>
              <span className={classes.sub}>{charge.rut}</span>
            </>
          ),
        },
        {
          accessor: 'description',
          title: 'Detalle',
          sortable: true,
          render: (charge) => (
            <>
              {charge.description}
              {ufLine(charge) && <span className={classes.sub}>{ufLine(charge)}</span>}
              {charge.status === 'void' && charge.voidReason && (
                <span className={classes.sub}>{`Anulado: ${charge.voidReason}`}</span>
              )}
            </>
          ),
        },
        {
          accessor: 'net',
          title: 'Neto',
          sortable: true,
          textAlign: 'right',
          render: (charge) => moneyOrDash(charge.net),
        },
        {
          accessor: 'tax',
          title: 'IVA o retención',
          sortable: true,
          textAlign: 'right',
          render: (charge) => (
            <>
              {charge.taxKind === 'none' ? '—' : moneyOrDash(charge.tax)}
              <span className={classes.sub}>{taxLabel(charge)}</span>
            </>
          ),
        },
        {
          accessor: 'total',
          title: 'Total',
          sortable: true,
          noWrap: true,
          textAlign: 'right',
          render: (charge) => <span className={classes.total}>{moneyOrDash(charge.total)}</span>,
        },
        {
          accessor: 'dueDate',
          title: 'Vence',
          sortable: true,
          noWrap: true,
          render: (charge) => formatDate(charge.dueDate),
        },
        {
          accessor: 'status',
          title: 'Estado',
          sortable: true,
          noWrap: true,
          render: (charge) => (
            <span className={classes.state} data-status={charge.status}>
              {statusLabel(charge)}
            </span>
          ),
        },
        { accessor: 'folio', title: 'Folio', sortable: true, noWrap: true, render: folioText },
      ]}
      actions={mayChange ? (charge) => <ChargeMenu charge={charge} actions={actions} /> : undefined}
    />
  );
}

/**
 * A row's actions: a plain button until it is used, then the menu, open (a Mantine Menu in each of
 * 50 rows took its share of the first paint of a month of 2,000 charges).
 */
function ChargeMenu({ charge, actions }: { charge: Charge; actions: ChargeActions }) {
  const [open, setOpen] = useState(false);
  const editable = charge.status === 'draft' || charge.status === 'waiting_uf';
  if (charge.status === 'void') return null;
  const label = `Acciones de ${charge.businessName}: ${charge.description}`;
  const button = (
    <ActionIcon variant="subtle" aria-label={label} aria-haspopup="menu" onClick={() => setOpen(true)}>
      <IconDots size={16} aria-hidden />
    </ActionIcon>
  );
  if (!open) return button;
  return (
    <Menu position="bottom-end" withinPortal opened onChange={setOpen}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        {editable && (
          <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => actions.onEdit(charge)}>
            Editar
          </Menu.Item>
        )}
        {charge.status === 'draft' && (
          <Menu.Item leftSection={<IconFileCheck size={14} aria-hidden />} onClick={() => actions.onIssue(charge)}>
            Marcar emitido
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconBan size={14} aria-hidden />} onClick={() => actions.onVoid(charge)}>
          Anular
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
