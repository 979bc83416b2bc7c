import { boardMsg } from '@app/shared/messages-board';
import { EMAIL_LOG_PAGE_SIZE, type EmailLogEntry } from '@app/shared/schemas/email';
import { ActionIcon, Group, Select, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBusinesses } from '../../../api/businesses/get-businesses';
import { useExportEmailLog } from '../../../api/email/export-email-log';
import { useEmailLog } from '../../../api/email/get-email-log';
import { useEmailStatus } from '../../../api/email/get-email-status';
import { ExportButton } from '../../../components/export-button';
import { ListTable, pagerControlProps, pagerItemProps, paginationText } from '../../../components/list-table';
import { AppUrlWarning } from '../../../components/mail-status-alerts';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/dates';
import { DeliveryBadge, EmailDetailModal } from '../components/email-detail-modal';

const positiveInt = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
};

/**
 * The e-mail log ('Emails'), owners only: every send, newest first, 30 a page, filtered by
 * company; the page and the company are kept in the address (?pagina=2&empresa=5). A message only
 * kept in the outbox is marked; a warning says when e-mailed links cannot work (APP_URL unset).
 */
export function EmailPage() {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('pagina')) ?? 1;
  const businessId = positiveInt(params.get('empresa'));
  const log = useEmailLog({ page, businessId });
  const businesses = useBusinesses();
  const [selected, setSelected] = useState<EmailLogEntry | null>(null);
  const [detailOpened, detail] = useDisclosure(false);
  const exporter = useExportEmailLog();
  // Owners only (the page is theirs): the warning while APP_URL is unset.
  const emailStatus = useEmailStatus();

  const navigate = (next: { page: number; businessId: number | null }) =>
    setParams(
      () => {
        const updated = new URLSearchParams();
        if (next.page > 1) updated.set('pagina', String(next.page));
        if (next.businessId) updated.set('empresa', String(next.businessId));
        return updated;
      },
      { preventScrollReset: true },
    );

  const open = (email: EmailLogEntry) => {
    setSelected(email);
    detail.open();
  };

  return (
    <>
      <PageHeader
        title={boardMsg.emailLogTitle}
        crumbs={[{ label: 'Inicio', to: '/' }, { label: 'Email' }]}
        actions={
          // Every entry the company filter matches, not only this page.
          <ExportButton
            pending={exporter.isPending}
            disabled={!log.data || log.data.count === 0}
            onExport={() => exporter.mutateAsync({ businessId })}
          />
        }
      />
      {emailStatus && <AppUrlWarning appUrlConfigured={emailStatus.appUrlConfigured} mb="md" />}
      <Select
        mb="md"
        maw={420}
        label={boardMsg.companyLabel}
        placeholder={boardMsg.selectCompany}
        data={(businesses.data ?? []).map((business) => ({ value: String(business.id), label: business.name }))}
        value={businessId ? String(businessId) : null}
        onChange={(value) => navigate({ page: 1, businessId: positiveInt(value) })}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': boardMsg.clearCompany, 'aria-hidden': false, tabIndex: 0 }}
        nothingFoundMessage="No hay empresas"
      />
      <ListTable
        query={log}
        records={log.data?.rows ?? []}
        noRecordsText={boardMsg.noEmails}
        errorText={boardMsg.emailsFailed}
        highlightOnHover
        totalRecords={log.data?.count ?? 0}
        recordsPerPage={EMAIL_LOG_PAGE_SIZE}
        page={page}
        onPageChange={(next) => navigate({ page: next, businessId })}
        paginationText={paginationText}
        getPaginationControlProps={pagerControlProps}
        getPaginationItemProps={pagerItemProps}
        columns={[
          {
            accessor: 'business',
            title: 'Nombre',
            render: (email) =>
              email.business ? (
                email.business.name
              ) : (
                <Text span size="sm" c="dimmed" fs="italic">
                  {boardMsg.noCompany}
                </Text>
              ),
          },
          {
            accessor: 'subject',
            title: boardMsg.subjectLabel,
            render: (email) => (
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" lineClamp={1}>
                  {email.subject}
                </Text>
                {email.delivery !== 'sent' && <DeliveryBadge email={email} size="sm" />}
              </Group>
            ),
          },
          { accessor: 'createdAt', title: 'Fecha', noWrap: true, render: (email) => formatDateTime(email.createdAt) },
        ]}
        actions={(email) => (
          <Group justify="flex-end">
            <ActionIcon
              variant="subtle"
              aria-label={`${boardMsg.viewEmail}: ${email.subject}`}
              onClick={() => open(email)}
            >
              <IconEye size={16} />
            </ActionIcon>
          </Group>
        )}
      />
      <EmailDetailModal email={selected} opened={detailOpened} onClose={detail.close} />
    </>
  );
}
