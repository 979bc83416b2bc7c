import { requestsMsg } from '@app/shared/messages-requests';
import { type Period, santiagoDate } from '@app/shared/period';
import type { RequestTemplate } from '@app/shared/schemas/requests';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconCalendarMonth, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSendRequestTemplate } from '../../../api/requests/templates';
import { MONTH_FORMAT } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { FIRST_PERIOD } from '../../../lib/period';

const pad = (value: number) => String(value).padStart(2, '0');
const toPickerValue = ({ year, month }: Period) => `${year}-${pad(month)}-01`;

/** The calendar month in Santiago today, and the one before it (the usual month to ask for). */
function thisAndPreviousMonth(): { current: Period; previous: Period } {
  const [year = 0, month = 0] = santiagoDate().split('-').map(Number);
  return {
    current: { year, month },
    previous: month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 },
  };
}

/**
 * 'Solicitar a todas': the month to ask for (the previous one unless changed), then one
 * request per company the service applies to in it; the answer's message says how many were made.
 */
export function SendTemplateModal({ template, onClose }: { template: RequestTemplate | null; onClose: () => void }) {
  const send = useSendRequestTemplate();
  const [period, setPeriod] = useState<Period>(() => thisAndPreviousMonth().previous);

  useEffect(() => {
    if (template) setPeriod(thisAndPreviousMonth().previous);
  }, [template]);

  const submit = () => {
    if (!template) return;
    send.mutate(
      { id: template.id, period },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          onClose();
        },
        onError: (error) => notifyError(error),
      },
    );
  };

  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      title={template ? requestsMsg.sendToAllTitle(template.title) : requestsMsg.sendToAll}
    >
      <Stack>
        <Text size="sm">{requestsMsg.sendToAllHint}</Text>
        <MonthPickerInput
          label={requestsMsg.sendPeriodLabel}
          leftSection={<IconCalendarMonth size={16} aria-hidden />}
          value={toPickerValue(period)}
          onChange={(value) => {
            if (!value) return;
            const [year, month] = String(value).split('-').map(Number);
            if (year && month) setPeriod({ year, month });
          }}
          minDate={toPickerValue(FIRST_PERIOD)}
          maxDate={toPickerValue(thisAndPreviousMonth().current)}
          valueFormat={MONTH_FORMAT}
          popoverProps={{ withinPortal: true }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending} onClick={submit}>
            {requestsMsg.sendButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
