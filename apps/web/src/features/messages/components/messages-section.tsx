import { can } from '@app/shared/permissions';
import { Anchor, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { MessageThread } from './message-thread';

/** 'Mensajes' on the company's page: the same thread as in '/mensajes'. */
export function BusinessMessagesSection({ businessId }: { businessId: number }) {
  const session = useSession();
  if (!session || !can(session.user, 'messages:inbox')) return null;
  return (
    <section aria-labelledby="mensajes-empresa">
      <Group justify="space-between" mb="sm">
        <Title order={3} id="mensajes-empresa">
          Mensajes
        </Title>
        <Anchor component={Link} to={`/mensajes/empresa/${businessId}`} size="sm">
          Abrir en Mensajes
        </Anchor>
      </Group>
      <MessageThread businessId={businessId} height={520} />
    </section>
  );
}
