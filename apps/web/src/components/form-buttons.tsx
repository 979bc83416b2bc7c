import { Button, Group } from '@mantine/core';

/** A form's footer: 'Cancelar' (when the form can be cancelled) and the submit 'Guardar' with its spinner. */
export function FormButtons({ onCancel, loading }: { onCancel?: () => void; loading: boolean }) {
  return (
    <Group justify="flex-end">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
      )}
      <Button type="submit" loading={loading}>
        Guardar
      </Button>
    </Group>
  );
}
