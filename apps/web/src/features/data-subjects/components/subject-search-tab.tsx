import { Text } from '@mantine/core';

/** 'Buscar titular' of 'Protección de datos': a placeholder until the data subjects' search is built. */
export function SubjectSearchTab() {
  return <Text>Buscar titular</Text>;
}
