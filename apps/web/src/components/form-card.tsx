import { Button, Card, Group, Stack, Title, type TitleProps } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';

/** The record's own data on a detail screen: a titled card holding its form and 'Guardar'. */
export function FormCard({
  id,
  title,
  titleSize,
  onSubmit,
  saving,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  titleSize?: TitleProps['size'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={3} size={titleSize} id={id} mb="sm">
        {title}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
