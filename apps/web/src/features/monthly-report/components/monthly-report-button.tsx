import { reportMsg } from '@app/shared/messages-report';
import { currentPeriod, type Period } from '@app/shared/period';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileDownload, IconReportAnalytics } from '@tabler/icons-react';
import { useState } from 'react';
import { useDownloadMonthlyReport } from '../../../api/monthly-report/monthly-report';
import { PeriodPicker } from '../../../components/period-picker';
import { notifyError } from '../../../lib/notify';

/**
 * 'Informe mensual': a button that opens the choice of the month and downloads the company's report
 * as a PDF (staff on the company's page, a client on their Home, for their own company).
 */
export function MonthlyReportButton({ businessId, businessName }: { businessId: number; businessName?: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [period, setPeriod] = useState<Period>(() => currentPeriod());
  const download = useDownloadMonthlyReport();
  return (
    <>
      <Button variant="default" leftSection={<IconReportAnalytics size={16} aria-hidden />} onClick={open}>
        {reportMsg.title}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={businessName ? `${reportMsg.title} de ${businessName}` : reportMsg.title}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            El estado de los servicios del mes, sus vencimientos, los documentos recibidos y las solicitudes pendientes,
            en PDF.
          </Text>
          <PeriodPicker label="Mes del informe" period={period} onChange={setPeriod} />
          <Group justify="flex-end">
            <Button
              leftSection={<IconFileDownload size={16} aria-hidden />}
              loading={download.isPending}
              onClick={() =>
                download.mutate({ businessId, period }, { onSuccess: close, onError: (error) => notifyError(error) })
              }
            >
              Descargar PDF
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
