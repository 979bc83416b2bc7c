import { formatElapsed } from '@app/shared/duration';
import { timeMsg } from '@app/shared/messages-time';
import { ActionIcon, Button, Group, Popover, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLiveTimer, useStartTimer, useStopTimer, useTimer } from '../../../api/time/timer';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useWorkOptions } from './use-work-options';

/** Seconds since an instant, counted again every second while mounted. */
function useElapsed(startedAt: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!startedAt) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [startedAt]);
  return startedAt ? Math.max(0, (now - Date.parse(startedAt)) / 1000) : 0;
}

/**
 * The header's timer: 'Iniciar cronómetro' (a company, optionally a service) while none runs; the
 * elapsed h:mm:ss, the company and 'Detener' while one does. The timer lives on the server, so it
 * survives a reload, and a start or stop in another browser of the same user shows here at once.
 */
export function HeaderTimer() {
  useLiveTimer();
  const timer = useTimer();
  const start = useStartTimer();
  const stop = useStopTimer();
  const [opened, setOpened] = useState(false);
  const running = timer.data?.timer ?? null;
  const elapsed = useElapsed(running?.startedAt);
  const { companyOptions, serviceOptions } = useWorkOptions(opened);
  const [businessId, setBusinessId] = useState<string | null>(null);
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  if (running) {
    const shown = formatElapsed(elapsed);
    return (
      <Group gap={6} wrap="nowrap" role="group" aria-label="Cronómetro">
        <Text
          size="sm"
          fw={600}
          ff="monospace"
          aria-label={`Cronómetro en curso: ${shown}`}
          data-testid="timer-elapsed"
        >
          {shown}
        </Text>
        <Text size="sm" c="dimmed" truncate maw={160} visibleFrom="sm">
          {running.businessName}
        </Text>
        <Tooltip label="Detener cronómetro">
          <ActionIcon
            color="red"
            variant="light"
            aria-label="Detener cronómetro"
            loading={stop.isPending}
            onClick={() =>
              stop.mutate({}, { onSuccess: (result) => notifySuccess(result.message), onError: (e) => notifyError(e) })
            }
          >
            <IconPlayerStop size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }

  const submit = () => {
    if (!businessId) {
      setError(timeMsg.invalidBusiness);
      return;
    }
    start.mutate(
      { businessId: Number(businessId), serviceId: serviceId ? Number(serviceId) : null },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          setOpened(false);
          setBusinessId(null);
          setServiceId(null);
        },
        onError: (e) => notifyError(e),
      },
    );
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus shadow="md">
      <Popover.Target>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          onClick={() => setOpened((value) => !value)}
          aria-label="Iniciar cronómetro"
        >
          <Text span size="sm" visibleFrom="sm">
            Iniciar cronómetro
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="xs" w={260}>
            <Select
              label="Empresa"
              data={companyOptions}
              value={businessId}
              onChange={(value) => {
                setBusinessId(value);
                setError(undefined);
              }}
              searchable
              withAsterisk
              error={error}
              comboboxProps={{ withinPortal: false }}
              data-autofocus
            />
            <Select
              label="Servicio (opcional)"
              data={serviceOptions}
              value={serviceId}
              onChange={setServiceId}
              searchable
              clearable
              comboboxProps={{ withinPortal: false }}
            />
            <Button type="submit" loading={start.isPending} leftSection={<IconPlayerPlay size={14} aria-hidden />}>
              Iniciar
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
