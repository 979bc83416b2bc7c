import { boardMsg } from '@app/shared/messages-board';
import { can } from '@app/shared/permissions';
import type { MonthlyBoard as Board, BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import { Card, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ComponentType, useCallback, useMemo, useState } from 'react';
import { useMonthlyBoard } from '../../../api/monthly-states/get-monthly-board';
import { useSavingCells, useUpdateMonthlyState } from '../../../api/monthly-states/update-monthly-state';
import { BoardCards } from '../../../components/board/board-cards';
import { BoardFilters } from '../../../components/board/board-filters';
import { useGroupMembers } from '../../../components/group-select';
import { LoadError } from '../../../components/load-error';
import { monthTitle } from '../../../components/period-picker';
import { useCurrentUser } from '../../../lib/session';
import { useBoardPeriod } from '../../../lib/use-board-period';
import { useLatest } from '../../../lib/use-latest';
import { useLiveBoard } from '../hooks/use-live-board';
import { filterRows, findCell, summaryCards } from '../utils/board-rows';
import { BoardTable } from './board-table';
import { CredentialsModal, type UseCompanyCredentials } from './credentials-modal';
import { HistoryModal, type HistoryTarget } from './history-modal';
import { SummaryCards } from './summary-cards';
import { ValueModal, type ValueTarget } from './value-modal';

/** What the send-e-mail modal needs; the e-mail feature's modal is handed in by the app layer. */
export interface SendEmailModalProps {
  opened: boolean;
  onClose: () => void;
  business: { id: number; name: string; contact: string } | null;
}

export interface MonthlyBoardProps {
  /** A company's credentials (GET /api/password, companies feature) for the key icon. */
  useCredentials: UseCompanyCredentials;
  /** The send-e-mail modal (e-mail feature) for the envelope icon. */
  SendEmailModal: ComponentType<SendEmailModalProps>;
}

/**
 * Home's monthly view (spec 1 §2.5): the summary cards, then the month's table of companies by
 * service with its search, group and month selectors, live for everyone who has it open.
 */
export function MonthlyBoard({ useCredentials, SendEmailModal }: MonthlyBoardProps) {
  const user = useCurrentUser();
  // The envelope column: owners and collaborators e-mail a company's contacts (spec 1 §2.5).
  const canEmail = can(user, 'email:send');
  const [period, setPeriod] = useBoardPeriod();
  const board = useMonthlyBoard(period);
  const update = useUpdateMonthlyState();
  const saving = useSavingCells(period);
  useLiveBoard(period);

  const [search, setSearch] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);

  const [activeCell, setActiveCell] = useState<string | null>(null);
  const [valueTarget, setValueTarget] = useState<ValueTarget | null>(null);
  const [valueOpened, { open: openValue, close: closeValue }] = useDisclosure(false);
  const [historyTarget, setHistoryTarget] = useState<HistoryTarget | null>(null);
  const [historyOpened, { open: openHistory, close: closeHistory }] = useDisclosure(false);
  const [credentialsOf, setCredentialsOf] = useState<BoardRow['business'] | null>(null);
  const [credentialsOpened, { open: openCredentials, close: closeCredentials }] = useDisclosure(false);
  const [emailTo, setEmailTo] = useState<BoardRow['business'] | null>(null);
  const [emailOpened, { open: openEmail, close: closeEmail }] = useDisclosure(false);

  const data: Board | undefined = board.data;
  const groupIds = useGroupMembers(groupId);
  const inGroup = useMemo(() => filterRows(data?.rows ?? [], '', groupIds), [data, groupIds]);
  const rows = useMemo(() => filterRows(inGroup, search, null), [inGroup, search]);
  // The cards count the companies of the chosen group (all without one); the text search only narrows the table.
  const summary = useMemo(() => summaryCards(data?.services ?? [], inGroup), [data, inGroup]);

  const latest = useLatest({ data, period, update });
  const save = useCallback(
    (businessId: number, service: BoardService, stateId: number, value: number | null) => {
      const { period: shown, update: mutation } = latest.current;
      mutation.mutate({ ...shown, businessId, serviceId: service.id, stateId, optionalValue: value });
    },
    [latest],
  );
  const onChoose = useCallback(
    (businessId: number, service: BoardService, state: BoardService['states'][number]) => {
      const shown = latest.current.data;
      const cell = findCell(shown, businessId, service.id);
      if (state.hasValue) {
        const businessName = shown?.rows.find((row) => row.business.id === businessId)?.business.name ?? '';
        setValueTarget({ businessId, businessName, service, state, current: cell?.value ?? null });
        openValue();
        return;
      }
      // Choosing the state already chosen changes nothing.
      if (cell?.stateId === state.id && cell.lastChange && cell.value === null) return;
      save(businessId, service, state.id, null);
    },
    [latest, save, openValue],
  );
  const onHistory = useCallback(
    (businessId: number, service: BoardService) => {
      const businessName = latest.current.data?.rows.find((row) => row.business.id === businessId)?.business.name ?? '';
      setHistoryTarget({ businessId, businessName, service });
      openHistory();
    },
    [latest, openHistory],
  );
  const onCredentials = useCallback(
    (row: BoardRow) => {
      setCredentialsOf(row.business);
      openCredentials();
    },
    [openCredentials],
  );
  const onEmail = useCallback(
    (row: BoardRow) => {
      setEmailTo(row.business);
      openEmail();
    },
    [openEmail],
  );

  const filtering = search.trim() !== '' || groupIds !== null;
  const title = monthTitle(period);

  return (
    <Stack gap="md">
      <BoardCards board="monthly" id="board-summary-cards">
        <SummaryCards cards={summary} />
      </BoardCards>

      <Card withBorder component="section" aria-labelledby="board-title" padding="md">
        <Stack gap="sm">
          <Title order={3} id="board-title">
            {title}
          </Title>
          <BoardFilters
            search={search}
            onSearch={setSearch}
            groupId={groupId}
            onGroup={setGroupId}
            period={period}
            onPeriod={(next) => {
              setActiveCell(null);
              setPeriod(next);
            }}
          />
          {board.isError ? (
            <LoadError title={boardMsg.boardFailed} query={board} />
          ) : (
            <BoardTable
              rows={rows}
              services={data?.services ?? []}
              saving={saving}
              activeCell={activeCell}
              canEmail={canEmail}
              loading={board.isLoading}
              emptyText={filtering ? boardMsg.noMatches : boardMsg.noCompanies}
              onMenu={setActiveCell}
              onChoose={onChoose}
              onHistory={onHistory}
              onCredentials={onCredentials}
              onEmail={onEmail}
            />
          )}
        </Stack>
      </Card>

      <ValueModal
        opened={valueOpened}
        target={valueTarget}
        onClose={closeValue}
        onSave={(value) => {
          if (valueTarget) save(valueTarget.businessId, valueTarget.service, valueTarget.state.id, value);
          closeValue();
        }}
      />
      <HistoryModal period={period} target={historyTarget} opened={historyOpened} onClose={closeHistory} />
      <CredentialsModal
        business={credentialsOf}
        opened={credentialsOpened}
        onClose={closeCredentials}
        useCredentials={useCredentials}
      />
      {canEmail && <SendEmailModal opened={emailOpened} onClose={closeEmail} business={emailTo} />}
    </Stack>
  );
}
