import { requestsMsg } from '@app/shared/messages-requests';
import type { RequestSummary } from '@app/shared/schemas/requests';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import { useResponsibleOptions } from '../../../api/businesses/get-responsible-options';
import { useGroups } from '../../../api/groups/get-groups';
import { useRequests } from '../../../api/requests/get-requests';
import { useGroupMembers } from '../../../components/group-select';
import { PageHeader } from '../../../components/page-header';
import { offeredResponsible } from '../../../lib/board/board-filter-rows';
import { useBoardPeriod } from '../../../lib/period-params';
import { useCurrentUser } from '../../../lib/session';
import { RequestFilterBar } from '../components/request-filter-bar';
import { RequestsTable } from '../components/requests-table';
import { StateCounts } from '../components/state-counts';
import { useRequestFilters } from '../hooks/use-request-filters';
import { countByState, filterRequestsButState, rowsInState, sortRequests } from '../utils/request-filters';
import { downloadText, requestsCsv } from '../utils/requests-csv';

const NO_ROWS: RequestSummary[] = [];

/**
 * Solicitudes: every document request of a month with its state per company, counts per
 * state, filters kept in the address, and 'Exportar' (a CSV of exactly the rows shown, made here).
 */
export function RequestsPage() {
  const [period, setPeriod] = useBoardPeriod();
  const user = useCurrentUser();
  const staff = useResponsibleOptions();
  const fromUrl = useRequestFilters();
  const setFilter = fromUrl.setFilter;
  // An owner the 'Encargado' select does not offer (a deleted user, an old link) filters nothing, as on the boards.
  const responsible = offeredResponsible(fromUrl.filters.responsible, user.id, staff.data);
  const filters = useMemo(() => ({ ...fromUrl.filters, responsible }), [fromUrl.filters, responsible]);
  const requests = useRequests(period);
  const businesses = useBusinesses();
  const groups = useGroups().data;
  const groupMembers = useGroupMembers(groups, filters.groupId === null ? null : String(filters.groupId));

  const owners = useMemo(
    () => new Map((businesses.data ?? []).map((business) => [business.id, business.responsibleUserId])),
    [businesses.data],
  );
  const all = requests.data?.rows ?? NO_ROWS;
  const beforeState = useMemo(
    () =>
      filterRequestsButState(all, filters, {
        groupMembers,
        responsibleOf: (businessId) => owners.get(businessId) ?? null,
      }),
    [all, filters, groupMembers, owners],
  );
  const counts = useMemo(() => countByState(beforeState), [beforeState]);
  const shown = useMemo(() => sortRequests(rowsInState(beforeState, filters.state)), [beforeState, filters.state]);

  return (
    <>
      <PageHeader
        title={requestsMsg.requestsTitle}
        crumbs={[{ label: 'Inicio', to: '/' }, { label: requestsMsg.requestsTitle }]}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            title={requestsMsg.listExportHint}
            disabled={shown.length === 0}
            onClick={() => downloadText(requestsCsv(shown), requestsMsg.listExportFile(period.year, period.month))}
          >
            {requestsMsg.listExport}
          </Button>
        }
      />
      <RequestFilterBar period={period} onPeriod={setPeriod} groups={groups} filters={filters} onFilter={setFilter} />
      {requests.isError ? null : (
        <StateCounts
          counts={counts}
          loading={requests.isPending}
          state={filters.state}
          onState={(state) => setFilter('state', state)}
        />
      )}
      <RequestsTable rows={shown} period={period} query={requests} narrowed={all.length > 0} search={filters.search} />
    </>
  );
}
