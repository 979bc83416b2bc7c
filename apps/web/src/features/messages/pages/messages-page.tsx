import { messagesMsg } from '@app/shared/messages-messages';
import { can } from '@app/shared/permissions';
import type { Conversation } from '@app/shared/schemas/messages';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useConversations, useThread } from '../../../api/messages/messages';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/dates';
import { useCurrentUser } from '../../../lib/session';
import { MessageThread } from '../components/message-thread';
import { NoticeSettings } from '../components/notice-settings';
import { useFillHeight } from '../components/use-fill-height';
import classes from './messages-page.module.css';

const PHONE_QUERY = '(max-width: 700px)';

function preview(conversation: Conversation): string {
  const last = conversation.last;
  if (!last) return 'Sin mensajes';
  if (last.deleted) return messagesMsg.deletedPlaceholder;
  const who = last.side === 'client' ? '' : last.side === 'system' ? 'Aviso: ' : 'Estudio: ';
  const text =
    last.preview ||
    (last.attachments ? `${last.attachments === 1 ? '1 adjunto' : `${last.attachments} adjuntos`}` : '');
  return `${who}${text}`;
}

function ConversationList({ selected }: { selected: number | null }) {
  const [params, setParams] = useSearchParams();
  const boxRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(boxRef, 360);
  const mine = params.get('vista') !== 'todas';
  const q = params.get('q') ?? '';
  const [debounced] = useDebouncedValue(q, 250);
  const conversations = useConversations({ q: debounced.trim(), mias: mine });
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const list = conversations.data?.conversations ?? [];
  return (
    <Paper ref={boxRef} withBorder radius="md" className={classes.list} style={{ height }}>
      <Stack gap="xs" p="sm">
        <SegmentedControl
          fullWidth
          size="xs"
          value={mine ? 'mias' : 'todas'}
          onChange={(value) => set('vista', value === 'todas' ? 'todas' : null)}
          data={[
            { value: 'mias', label: 'Mis empresas' },
            { value: 'todas', label: 'Todas' },
          ]}
          aria-label="Qué conversaciones mostrar"
        />
        <TextInput
          size="xs"
          aria-label="Buscar empresa"
          placeholder="Buscar empresa"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={q}
          onChange={(event) => set('q', event.currentTarget.value)}
        />
      </Stack>
      <ScrollArea className={classes.scroll} type="auto">
        {conversations.isPending && <Loader role="status" aria-label="Cargando" m="md" size="sm" />}
        {conversations.isError && (
          <Alert color="red" m="sm">
            {conversations.error.message}
          </Alert>
        )}
        {conversations.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed" p="sm">
            {q
              ? 'Ninguna empresa coincide con la búsqueda.'
              : mine
                ? 'Tus empresas no tienen mensajes. Mira «Todas» o busca una empresa.'
                : 'Aún no hay conversaciones. Busca una empresa para escribirle.'}
          </Text>
        )}
        <nav aria-label="Conversaciones">
          {list.map((conversation) => (
            <UnstyledButton
              key={conversation.businessId}
              component={Link}
              to={`/mensajes/empresa/${conversation.businessId}${params.size ? `?${params}` : ''}`}
              className={classes.item}
              data-active={conversation.businessId === selected || undefined}
              aria-current={conversation.businessId === selected ? 'page' : undefined}
            >
              <Group justify="space-between" wrap="nowrap" gap={6}>
                <Text size="sm" fw={conversation.unread ? 700 : 500} truncate>
                  {conversation.businessName}
                </Text>
                {conversation.unread > 0 && (
                  <Badge
                    size="sm"
                    color="red.9"
                    circle={conversation.unread < 10}
                    aria-label={messagesMsg.unreadCount(conversation.unread)}
                  >
                    {conversation.unread}
                  </Badge>
                )}
              </Group>
              <Group justify="space-between" wrap="nowrap" gap={6}>
                <Text size="xs" c="dimmed" truncate>
                  {preview(conversation)}
                </Text>
                {conversation.last && (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(conversation.last.at).slice(0, 16)}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
          ))}
        </nav>
        {conversations.data?.truncated && (
          <Text size="xs" c="dimmed" p="sm">
            Se muestran las primeras 300; busca una empresa por su nombre para ver otras.
          </Text>
        )}
      </ScrollArea>
    </Paper>
  );
}

/** Staff's '/mensajes': the conversations by company and the chosen one's thread (one at a time on a phone). */
function StaffMessages() {
  const user = useCurrentUser();
  const businessId = Number(useParams().businessId) || null;
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const [params] = useSearchParams();
  const showList = !isPhone || businessId === null;
  const showThread = businessId !== null;
  return (
    <>
      <PageHeader
        title={messagesMsg.title}
        crumbs={[]}
        actions={can(user, 'messages:settings') ? <NoticeSettings /> : undefined}
      />
      <div className={classes.layout}>
        {showList && (!isPhone || !showThread) && <ConversationList selected={businessId} />}
        {showThread ? (
          <Stack gap="xs" className={classes.thread}>
            {isPhone && (
              <Anchor component={Link} to={`/mensajes${params.size ? `?${params}` : ''}`} size="sm">
                <Group gap={4}>
                  <IconArrowLeft size={14} /> Conversaciones
                </Group>
              </Anchor>
            )}
            <ThreadHeader businessId={businessId} />
            <MessageThread key={businessId} businessId={businessId} height="fill" />
          </Stack>
        ) : (
          !isPhone && (
            <Paper withBorder radius="md" className={classes.thread} p="xl">
              <Text c="dimmed" ta="center">
                Elige una conversación o busca una empresa para escribirle.
              </Text>
            </Paper>
          )
        )}
      </div>
    </>
  );
}

/** The company's name over its thread, with its page and its documents a click away. */
function ThreadHeader({ businessId }: { businessId: number }) {
  const name = useThread(businessId).first?.business.name;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {name ?? ' '}
      </Title>
      <Group gap="sm" wrap="nowrap">
        <Anchor component={Link} to={`/empresas/${businessId}`} size="sm">
          Empresa
        </Anchor>
        <Anchor component={Link} to={`/documentos/empresa/${businessId}`} size="sm">
          Documentos
        </Anchor>
      </Group>
    </Group>
  );
}

/** A client's '/mensajes': their company's thread with the firm, filling the phone's screen. */
function ClientMessages({ businessId }: { businessId: number }) {
  return (
    <>
      <PageHeader title={messagesMsg.title} crumbs={[]} />
      <Text size="sm" c="dimmed" mb="xs">
        Conversación segura con el estudio. Puedes adjuntar fotos y documentos.
      </Text>
      <MessageThread businessId={businessId} height="fill" />
    </>
  );
}

export function MessagesPage() {
  const user = useCurrentUser();
  if (can(user, 'messages:inbox')) return <StaffMessages />;
  if (user.businessId) return <ClientMessages businessId={user.businessId} />;
  return <Alert color="yellow">Tu usuario no tiene una empresa asignada.</Alert>;
}
