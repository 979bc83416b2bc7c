import { NOTIFY_AFTER_MINUTES_MAX } from '@app/shared/schemas/messages';
import { Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { IconMailCog } from '@tabler/icons-react';
import { useState } from 'react';
import { useMessageSettings, useSaveMessageSettings } from '../../../api/messages/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Owners: after how many minutes an unread message is e-mailed to the other side. */
export function NoticeSettings() {
  const settings = useMessageSettings();
  const save = useSaveMessageSettings();
  const [minutes, setMinutes] = useState<number | string>('');
  const current = settings.data?.notifyAfterMinutes;
  return (
    <Popover position="bottom-end" withArrow trapFocus onOpen={() => setMinutes(current ?? 15)}>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconMailCog size={16} />}>
          Aviso por correo{current ? `: ${current} min` : ''}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={300}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { notifyAfterMinutes: Number(minutes) },
              { onSuccess: (result) => notifySuccess(result.message), onError: (error) => notifyError(error) },
            );
          }}
        >
          <Stack gap="xs">
            <Text size="sm">
              Un mensaje que la otra parte no ha leído se avisa una vez por correo (sin su texto) pasados estos minutos.
            </Text>
            <NumberInput
              label="Minutos sin leer"
              min={1}
              max={NOTIFY_AFTER_MINUTES_MAX}
              allowDecimal={false}
              value={minutes}
              onChange={setMinutes}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={save.isPending}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
