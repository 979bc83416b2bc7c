import { tasksMsg } from '@app/shared/messages-tasks';
import { currentPeriod, periodBounds } from '@app/shared/period';
import { type BusinessInTask, DEFAULT_BULK_START_DATE, type TaskDetail } from '@app/shared/schemas/tasks';
import { Anchor, Button, Group, Paper, Switch, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { modals } from '@mantine/modals';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import { useActivateAllBusinessInTask } from '../../../api/tasks/activate-all-business-in-task';
import { useActivateBusinessInTask } from '../../../api/tasks/activate-business-in-task';
import { useDeactivateAllBusinessInTask } from '../../../api/tasks/deactivate-all-business-in-task';
import { useDeactivateBusinessInTask } from '../../../api/tasks/deactivate-business-in-task';
import { useUpdateBusinessInTask } from '../../../api/tasks/update-business-in-task';
import { ListTable } from '../../../components/list-table';
import { SearchInput } from '../../../components/search-input';
import { useSortedRecords } from '../../../components/use-sorted-records';
import { DATE_FORMAT, datePickerName, formatDate } from '../../../lib/dates';
import { notifyError, notifyOutcome, notifySuccess } from '../../../lib/notify';
import { normalizeSearch } from '../../../lib/search';

interface BusinessRow {
  id: number;
  name: string;
  rut: string;
  link: BusinessInTask | null;
}

/**
 * 'Empresas' of the task detail: every company with its switch and its
 * 'Fecha Inicio'. Switching a company on adds it to the task from the date picked in its row (or
 * the first day of the current period); changing the date of an active company saves it at once.
 */
export function TaskBusinessesSection({ task }: { task: TaskDetail }) {
  const businesses = useBusinesses();
  const activate = useActivateBusinessInTask();
  const deactivate = useDeactivateBusinessInTask();
  const updateDate = useUpdateBusinessInTask();
  const activateAll = useActivateAllBusinessInTask();
  const deactivateAll = useDeactivateAllBusinessInTask();
  const [search, setSearch] = useState('');
  // Dates picked on companies not in the task: used when their switch is turned on.
  const [pendingDates, setPendingDates] = useState<Record<number, string>>({});
  // Rows being saved, shown in their new position at once and locked until the answer.
  const [saving, setSaving] = useState<Record<number, boolean>>({});
  const defaultStart = periodBounds(currentPeriod()).firstDay;

  const links = useMemo(() => new Map(task.businessInTask.map((link) => [link.businessId, link])), [task]);
  const filtered = useMemo<BusinessRow[]>(() => {
    const query = normalizeSearch(search.trim());
    return (businesses.data ?? [])
      .filter((business) => !query || normalizeSearch(`${business.name} ${business.rut}`).includes(query))
      .map((business) => ({
        id: business.id,
        name: business.name,
        rut: business.rut,
        link: links.get(business.id) ?? null,
      }));
  }, [businesses.data, search, links]);
  const { records, sortStatus, setSortStatus } = useSortedRecords(filtered, {
    columnAccessor: 'name',
    direction: 'asc',
  });
  const total = businesses.data?.length ?? 0;
  const activeCount = (businesses.data ?? []).filter((business) => links.has(business.id)).length;

  const track = (businessId: number, active: boolean | undefined) =>
    setSaving((current) => {
      const next = { ...current };
      if (active === undefined) delete next[businessId];
      else next[businessId] = active;
      return next;
    });

  // mutateAsync, not mutate: mutate's own callbacks fire only for the last of several calls, and
  // every row switched must be unlocked and reported.
  const setActive = async (row: BusinessRow, active: boolean) => {
    const target = { taskId: task.id, businessId: row.id };
    track(row.id, active);
    try {
      const result = active
        ? await activate.mutateAsync({ ...target, startDate: pendingDates[row.id] ?? defaultStart })
        : await deactivate.mutateAsync(target);
      notifySuccess(result.message);
    } catch (error) {
      notifyError(error);
    } finally {
      track(row.id, undefined);
    }
  };

  const setStartDate = async (row: BusinessRow, startDate: string | null) => {
    if (!startDate) return;
    if (!row.link) {
      setPendingDates((dates) => ({ ...dates, [row.id]: startDate }));
      return;
    }
    track(row.id, true);
    try {
      const result = await updateDate.mutateAsync({ taskId: task.id, businessId: row.id, startDate });
      notifySuccess(result.message);
    } catch (error) {
      notifyError(error);
    } finally {
      track(row.id, undefined);
    }
  };

  const confirmAll = (active: boolean) =>
    modals.openConfirmModal({
      title: active ? tasksMsg.activateAll : tasksMsg.deactivateAll,
      children: (
        <Text size="sm">
          {active ? tasksMsg.activateAllQuestion(formatDate(DEFAULT_BULK_START_DATE)) : tasksMsg.deactivateAllQuestion}
        </Text>
      ),
      labels: { confirm: active ? tasksMsg.activateAll : tasksMsg.deactivateAll, cancel: 'Cancelar' },
      confirmProps: { color: active ? 'blue' : 'red' },
      onConfirm: () =>
        active
          ? activateAll.mutate({ taskId: task.id, startDate: DEFAULT_BULK_START_DATE }, notifyOutcome)
          : deactivateAll.mutate({ taskId: task.id }, notifyOutcome),
    });

  const bulkBusy = activateAll.isPending || deactivateAll.isPending;

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="empresas-de-la-tarea" miw={0}>
      <Group justify="space-between" align="center" mb="sm" gap="sm" wrap="wrap">
        <div>
          <Title order={3} size="h4" id="empresas-de-la-tarea">
            {tasksMsg.companies}
          </Title>
          {businesses.data && (
            <Text size="sm" c="dimmed">
              {tasksMsg.activeCount(activeCount, total)}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => confirmAll(false)}
            loading={deactivateAll.isPending}
            disabled={bulkBusy && !deactivateAll.isPending}
          >
            {tasksMsg.deactivateAll}
          </Button>
          <Button
            size="xs"
            onClick={() => confirmAll(true)}
            loading={activateAll.isPending}
            disabled={bulkBusy && !activateAll.isPending}
          >
            {tasksMsg.activateAll}
          </Button>
        </Group>
      </Group>
      <SearchInput
        label={tasksMsg.searchCompany}
        placeholder={tasksMsg.searchCompanyPlaceholder}
        value={search}
        onChange={setSearch}
      />
      <ListTable
        search={search}
        height={records.length > 10 ? 600 : undefined}
        emptyHeight={120}
        query={businesses}
        noRecordsText={tasksMsg.noCompanies}
        errorText={tasksMsg.loadCompaniesFailed}
        records={records}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        columns={[
          {
            accessor: 'name',
            title: tasksMsg.company,
            sortable: true,
            render: (row) => (
              <Anchor component={Link} to={`/empresas/${row.id}`} size="sm">
                {row.name}
              </Anchor>
            ),
          },
          { accessor: 'rut', title: tasksMsg.rut, sortable: true, noWrap: true },
          {
            accessor: 'startDate',
            title: tasksMsg.startDate,
            width: 160,
            render: (row) => (
              <DatePickerInput
                size="xs"
                aria-label={datePickerName(
                  tasksMsg.startDateOf(row.name),
                  row.link?.startDate ?? pendingDates[row.id],
                  tasksMsg.pickDate,
                )}
                placeholder={tasksMsg.pickDate}
                valueFormat={DATE_FORMAT}
                value={row.link?.startDate ?? pendingDates[row.id] ?? null}
                onChange={(value) => setStartDate(row, value)}
                minDate="2010-01-01"
                disabled={row.id in saving || bulkBusy}
                popoverProps={{ withinPortal: true }}
              />
            ),
          },
          {
            accessor: 'active',
            title: tasksMsg.active,
            textAlign: 'center',
            width: 90,
            render: (row) => (
              <Group justify="center">
                <Switch
                  aria-label={tasksMsg.activeIn(row.name)}
                  checked={saving[row.id] ?? row.link !== null}
                  disabled={row.id in saving || bulkBusy}
                  onChange={(event) => setActive(row, event.currentTarget.checked)}
                />
              </Group>
            ),
          },
        ]}
      />
      <Text size="xs" c="dimmed" mt="xs">
        {tasksMsg.defaultStartHint(formatDate(defaultStart))}
      </Text>
    </Paper>
  );
}
