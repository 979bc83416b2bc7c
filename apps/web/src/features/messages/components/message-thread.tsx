import { messagesMsg } from '@app/shared/messages-messages';
import { can } from '@app/shared/permissions';
import {
  MESSAGE_EDIT_MINUTES,
  MESSAGE_FILES_MAX,
  type Message,
  type MessageAttachment,
} from '@app/shared/schemas/messages';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  FileButton,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconArchive, IconDots, IconDownload, IconFile, IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  fetchAttachment,
  useAttachmentBlob,
  useDeleteMessage,
  useEditMessage,
  useMarkRead,
  useSendMessage,
  useThread,
} from '../../../api/messages/messages';
import { openDeleteConfirm } from '../../../components/confirm-delete';
import { formatDateTime } from '../../../lib/dates';
import { formatFileSize } from '../../../lib/file-size';
import { notifyError } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { useCurrentUser } from '../../../lib/session';
import { FileAttachmentModal } from './file-attachment-modal';
import classes from './message-thread.module.css';
import { useFillHeight } from './use-fill-height';

/** What the file picker offers: the documents' kinds (a phone offers its camera and photos for images). */
const ACCEPT =
  'image/jpeg,image/png,application/pdf,.pdf,.jpg,.jpeg,.png,.xml,.xlsx,.csv,text/csv,text/xml,application/xml';

function PhotoPreview({ attachment }: { attachment: MessageAttachment }) {
  const blob = useAttachmentBlob(attachment.id, true);
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return <Loader size="xs" role="status" aria-label="Cargando foto" />;
  return (
    <a href={url} target="_blank" rel="noreferrer" aria-label={`Ver ${attachment.name}`}>
      <img src={url} alt={attachment.name} className={classes.photo} />
    </a>
  );
}

function AttachmentView({
  attachment,
  canFile,
  onFile,
}: {
  attachment: MessageAttachment;
  canFile: boolean;
  onFile: () => void;
}) {
  const isImage = attachment.contentType.startsWith('image/');
  const download = () =>
    fetchAttachment(attachment.id, attachment.name)
      .then((file) => saveFile(file.blob, attachment.name))
      .catch((error: unknown) => notifyError(error));
  return (
    <Stack gap={2} mt={4}>
      {isImage && <PhotoPreview attachment={attachment} />}
      <Group gap={6} wrap="wrap">
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={isImage ? <IconDownload size={14} /> : <IconFile size={14} />}
          onClick={download}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {attachment.name} ({formatFileSize(attachment.size)})
        </Button>
        {attachment.filed ? (
          <Badge size="sm" variant="light" color="teal" style={{ textTransform: 'none' }}>
            {messagesMsg.filed(attachment.filed.folderName, attachment.filed.year, attachment.filed.month)}
          </Badge>
        ) : (
          canFile && (
            <Button size="compact-xs" variant="light" leftSection={<IconArchive size={14} />} onClick={onFile}>
              Archivar en documentos
            </Button>
          )
        )}
      </Group>
    </Stack>
  );
}

function MessageItem({
  message,
  own,
  viewerIsStaff,
  canFile,
  onFile,
}: {
  message: Message;
  own: boolean;
  /** A client reads staff's messages marked as the firm's. */
  viewerIsStaff: boolean;
  canFile: boolean;
  onFile: (message: Message, attachment: MessageAttachment) => void;
}) {
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const [editing, setEditing] = useState<string | null>(null);
  if (message.side === 'system') {
    return (
      <div className={classes.system} data-testid="mensaje-sistema">
        <Text size="sm">
          {message.text}{' '}
          {message.link && (
            <Anchor component={Link} to={message.link} size="sm">
              Ver
            </Anchor>
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(message.createdAt)}
        </Text>
      </div>
    );
  }
  const editable =
    own && !message.deleted && Date.now() - new Date(message.createdAt).getTime() < MESSAGE_EDIT_MINUTES * 60_000;
  const save = () => {
    if (editing === null) return;
    edit.mutate(
      { id: message.id, text: editing },
      { onSuccess: () => setEditing(null), onError: (error) => notifyError(error) },
    );
  };
  return (
    <div className={`${classes.row} ${own ? classes.own : ''}`} data-testid="mensaje">
      <div className={classes.bubble}>
        <Group gap={6} justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="xs" fw={600} c={own ? 'blue.9' : 'dark.6'}>
            {own
              ? 'Tú'
              : `${message.author?.name || 'Usuario eliminado'}${message.side === 'staff' && !viewerIsStaff ? ' (Estudio)' : ''}`}
            <Text span size="xs" c="dimmed" fw={400}>
              {' · '}
              {formatDateTime(message.createdAt)}
              {message.editedAt && !message.deleted && ` · ${messagesMsg.editedMark}`}
            </Text>
          </Text>
          {own && !message.deleted && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" size="sm" color="gray" aria-label="Acciones del mensaje">
                  <IconDots size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {editable && message.text && <Menu.Item onClick={() => setEditing(message.text)}>Editar</Menu.Item>}
                <Menu.Item
                  color="red"
                  onClick={() =>
                    openDeleteConfirm({
                      title: 'Eliminar mensaje',
                      children: (
                        <Text size="sm">
                          El mensaje y sus adjuntos se eliminan para todos; quedará la línea «mensaje eliminado».
                        </Text>
                      ),
                      onConfirm: () => remove.mutate(message.id, { onError: (error) => notifyError(error) }),
                    })
                  }
                >
                  Eliminar
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {message.deleted ? (
          <Text size="sm" fs="italic" c="dimmed">
            {messagesMsg.deletedPlaceholder}
          </Text>
        ) : editing !== null ? (
          <Stack gap={4} mt={4}>
            <Textarea
              aria-label="Texto del mensaje"
              autosize
              minRows={1}
              maxRows={6}
              value={editing}
              onChange={(event) => setEditing(event.currentTarget.value)}
            />
            <Group gap={4} justify="flex-end">
              <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>
                Cancelar
              </Button>
              <Button size="compact-xs" onClick={save} loading={edit.isPending}>
                Guardar
              </Button>
            </Group>
          </Stack>
        ) : (
          message.text && (
            <Text size="sm" className={classes.text}>
              {message.text}
            </Text>
          )
        )}
        {!message.deleted &&
          message.attachments.map((attachment) => (
            <AttachmentView
              key={attachment.id}
              attachment={attachment}
              canFile={canFile}
              onFile={() => onFile(message, attachment)}
            />
          ))}
      </div>
    </div>
  );
}

function Composer({ businessId }: { businessId: number }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<{ key: number; file: File }[]>([]);
  const nextKey = useRef(0);
  const send = useSendMessage(businessId);
  const submit = () => {
    if (!text.trim() && files.length === 0) return;
    send.mutate(
      { text, files: files.map((entry) => entry.file) },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
        },
        onError: (error) => notifyError(error),
      },
    );
  };
  return (
    <form
      className={classes.composer}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {files.length > 0 && (
        <Group gap={4} mb={4} wrap="wrap">
          {files.map(({ key, file }) => (
            <Badge
              key={key}
              variant="light"
              style={{ textTransform: 'none' }}
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  aria-label={`Quitar ${file.name}`}
                  onClick={() => setFiles(files.filter((entry) => entry.key !== key))}
                >
                  <IconX size={12} />
                </ActionIcon>
              }
            >
              {file.name}
            </Badge>
          ))}
        </Group>
      )}
      <Group gap={6} wrap="nowrap" align="flex-end">
        <FileButton
          multiple
          accept={ACCEPT}
          onChange={(picked) =>
            setFiles(
              [...files, ...picked.map((file) => ({ key: nextKey.current++, file }))].slice(0, MESSAGE_FILES_MAX),
            )
          }
        >
          {(props) => (
            <ActionIcon {...props} size="lg" variant="default" aria-label="Adjuntar archivo o foto">
              <IconPaperclip size={18} />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          aria-label="Escribe un mensaje"
          placeholder="Escribe un mensaje"
          autosize
          minRows={1}
          maxRows={5}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <ActionIcon type="submit" size="lg" aria-label="Enviar" loading={send.isPending}>
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </form>
  );
}

/**
 * A company's thread: 'Cargar anteriores' on top, the messages (one's own on the right, the app's
 * lines centred), the composer below. What is shown of the other side counts as read while the page
 * is in view. Staff file attachments into the company's documents.
 */
export function MessageThread({ businessId, height }: { businessId: number; height: number | 'fill' }) {
  const user = useCurrentUser();
  const boxRef = useRef<HTMLDivElement>(null);
  const filled = useFillHeight(boxRef, 360);
  const thread = useThread(businessId);
  const markRead = useMarkRead(businessId);
  const logRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const [filing, setFiling] = useState<{ message: Message; attachment: MessageAttachment } | null>(null);
  const canFile = can(user, 'messages:inbox');
  const messages = thread.messages;
  const newest = messages.at(-1);
  const lastReadId = thread.first?.lastReadId ?? 0;
  // Where 'Sin leer' starts: the marker as the thread opened (it moves at once while the page is in view).
  const unreadFrom = useRef<number | null>(null);
  if (unreadFrom.current === null && thread.first) unreadFrom.current = thread.first.lastReadId;
  const firstUnread = messages.find(
    (message) => message.id > (unreadFrom.current ?? 0) && message.author?.id !== user.id,
  );

  // Keeps the newest message in view as messages arrive, unless the user scrolled up to read older ones.
  const newestId = newest?.id;
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current && newestId !== undefined) log.scrollTop = log.scrollHeight;
  }, [newestId]);

  // The thread is on screen (the company page's section may be scrolled out of view).
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.observe(log);
    return () => observer.disconnect();
  }, []);

  // What is on screen is read: the marker moves to the newest message while the thread is in view.
  const markedUpTo = useRef(0);
  useEffect(() => {
    const mark = () => {
      if (!newest || !inView || document.visibilityState !== 'visible') return;
      if (newest.id <= lastReadId || newest.id <= markedUpTo.current) return;
      markedUpTo.current = newest.id;
      markRead.mutate(newest.id);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newest, lastReadId, markRead, inView]);

  const loadOlder = async () => {
    const log = logRef.current;
    const before = log ? log.scrollHeight - log.scrollTop : 0;
    stickToBottom.current = false;
    await thread.fetchNextPage();
    requestAnimationFrame(() => {
      if (log) log.scrollTop = log.scrollHeight - before;
    });
  };

  return (
    <Paper
      ref={boxRef}
      withBorder
      radius="md"
      style={{ display: 'flex', flexDirection: 'column', height: height === 'fill' ? filled : height }}
    >
      <div
        ref={logRef}
        className={classes.log}
        role="log"
        aria-label={`Mensajes con ${thread.first?.business.name ?? 'la empresa'}`}
        onScroll={(event) => {
          const log = event.currentTarget;
          stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 60;
        }}
      >
        {thread.isPending && <Loader role="status" aria-label="Cargando" m="auto" />}
        {thread.isError && (
          <Alert color="red" title="No se pudieron cargar los mensajes">
            {thread.error.message}
          </Alert>
        )}
        {thread.hasNextPage && (
          <Button variant="subtle" size="xs" onClick={loadOlder} loading={thread.isFetchingNextPage} mx="auto">
            Cargar anteriores
          </Button>
        )}
        {thread.isSuccess && messages.length === 0 && (
          <Text c="dimmed" size="sm" ta="center" my="auto">
            Aún no hay mensajes. Escribe el primero.
          </Text>
        )}
        {messages.map((message) => (
          <div key={message.id} style={{ display: 'contents' }}>
            {message === firstUnread && message !== messages[0] && (
              <Divider className={classes.unreadDivider} label="Sin leer" labelPosition="center" color="red.3" />
            )}
            <MessageItem
              message={message}
              own={message.author?.id === user.id}
              viewerIsStaff={canFile}
              canFile={canFile}
              onFile={(picked, attachment) => setFiling({ message: picked, attachment })}
            />
          </div>
        ))}
      </div>
      {canFile && thread.first?.clientUsers === 0 && (
        <Alert color="yellow" radius={0} py={6} data-testid="sin-usuarios-cliente">
          <Text size="sm">
            La empresa aún no tiene usuarios cliente: nadie de la empresa leerá estos mensajes hasta que se le cree uno
            en su ficha.
          </Text>
        </Alert>
      )}
      <Composer businessId={businessId} />
      {filing && (
        <FileAttachmentModal
          businessId={businessId}
          message={filing.message}
          attachment={filing.attachment}
          onClose={() => setFiling(null)}
        />
      )}
    </Paper>
  );
}
