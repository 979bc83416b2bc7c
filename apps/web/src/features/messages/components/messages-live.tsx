import { messagesMsg } from '@app/shared/messages-messages';
import { Badge, VisuallyHidden } from '@mantine/core';
import { useLiveMessages, useUnreadMessages } from '../../../api/messages/messages';

/** Keeps threads, conversations and unread counts live while signed in (mounted once, in the layout). */
export function MessagesLive() {
  useLiveMessages();
  return null;
}

/** The id of the text that describes the 'Mensajes' menu entry while messages are unread. */
export const UNREAD_MESSAGES_DESCRIPTION_ID = 'mensajes-sin-leer';

/** The 'Mensajes' menu entry's badge: unread messages of the other side (nothing when none). */
export function UnreadMessagesBadge() {
  const total = useUnreadMessages().data?.total ?? 0;
  if (total <= 0) return null;
  const text = messagesMsg.unreadCount(total);
  return (
    <>
      <Badge size="sm" color="red.9" circle={total < 10} title={text} data-testid="mensajes-sin-leer">
        {total}
      </Badge>
      <VisuallyHidden id={UNREAD_MESSAGES_DESCRIPTION_ID} aria-hidden>
        {text}
      </VisuallyHidden>
    </>
  );
}
