import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';

/**
 * An address that names no screen: said plainly, with a way home. (A screen the user's role may
 * not see still sends them Home, through its route guard.)
 */
export function NotFoundPage() {
  useDocumentTitle('Página no encontrada · Estudio Contable');
  return (
    <Stack gap="sm" py="xl" align="flex-start">
      <Title order={2}>Página no encontrada</Title>
      <Text c="dimmed">La dirección no corresponde a ninguna pantalla.</Text>
      <Anchor component={Link} to="/">
        Volver al inicio
      </Anchor>
    </Stack>
  );
}
