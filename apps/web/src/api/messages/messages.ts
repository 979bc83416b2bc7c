import {
  type AttachmentFile,
  type AttachmentFiled,
  type ConversationList,
  MESSAGE_CHANGED_EVENT,
  MESSAGE_NEW_EVENT,
  MESSAGES_READ_EVENT,
  type Message,
  type MessageEvent,
  type MessageSaved,
  type NotifySettings,
  type ThreadPage,
  type UnreadCount,
} from '@app/shared/schemas/messages';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiFile } from '../../lib/api-client';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { folderViewsQueryKey } from '../documents/get-folder-view';

/** Every query of 'Mensajes' starts with this key. */
export const messagesQueryKey = ['messages'] as const;
export const threadQueryKey = (businessId: number) => [...messagesQueryKey, 'thread', businessId] as const;
const conversationsKey = [...messagesQueryKey, 'conversations'] as const;
const unreadKey = [...messagesQueryKey, 'unread'] as const;

type Thread = InfiniteData<ThreadPage, number | undefined>;

/**
 * A company's thread: the newest page first, then older ones ('Cargar anteriores') keyed by the
 * oldest message shown. `messages` is every message loaded, oldest first.
 */
export function useThread(businessId: number) {
  const query = useInfiniteQuery({
    queryKey: threadQueryKey(businessId),
    queryFn: ({ pageParam }) => api<ThreadPage>(`/messages/business/${businessId}`, { params: { antes: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasOlder ? last.messages[0]?.id : undefined),
  });
  const pages = query.data?.pages ?? [];
  const messages = pages
    .slice()
    .reverse()
    .flatMap((page) => page.messages);
  return { ...query, messages, first: pages[0] };
}

/** Puts a message into a loaded thread: replaces the one with its id, or adds it as the newest. */
function putMessage(queryClient: QueryClient, item: Message) {
  queryClient.setQueryData<Thread>(threadQueryKey(item.businessId), (thread) => {
    if (!thread) return thread;
    let found = false;
    const pages = thread.pages.map((page) => {
      if (!page.messages.some((message) => message.id === item.id)) return page;
      found = true;
      return { ...page, messages: page.messages.map((message) => (message.id === item.id ? item : message)) };
    });
    if (found) return { ...thread, pages };
    const [newest, ...older] = pages;
    if (!newest) return thread;
    const messages = [...newest.messages, item].sort((a, b) => a.id - b.id);
    return { ...thread, pages: [{ ...newest, messages }, ...older] };
  });
}

export const useConversations = (params: { q: string; mias: boolean }, enabled = true) =>
  useQuery({
    queryKey: [...conversationsKey, params.q, params.mias],
    queryFn: () =>
      api<ConversationList>('/messages/conversations', { params: { q: params.q || undefined, mias: params.mias } }),
    enabled,
    placeholderData: (previous) => previous,
  });

export const useUnreadMessages = (enabled = true) =>
  useQuery({ queryKey: unreadKey, queryFn: () => api<UnreadCount>('/messages/unread'), enabled });

/** Sends a message: JSON for text alone, multipart with the files. */
export function useSendMessage(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, files }: { text: string; files: File[] }) => {
      if (files.length === 0)
        return api<MessageSaved>(`/messages/business/${businessId}`, { method: 'POST', body: { text } });
      const form = new FormData();
      form.append('text', text);
      for (const file of files) form.append('file', file);
      return api<MessageSaved>(`/messages/business/${businessId}`, { method: 'POST', body: form });
    },
    onSuccess: ({ item }) => {
      putMessage(queryClient, item);
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}

export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      api<MessageSaved>(`/messages/${id}`, { method: 'PUT', body: { text } }),
    onSuccess: ({ item }) => putMessage(queryClient, item),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<MessageSaved>(`/messages/${id}`, { method: 'DELETE' }),
    onSuccess: ({ item }) => {
      putMessage(queryClient, item);
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}

/** Marks the thread read up to a message; the unread counts follow. */
export function useMarkRead(businessId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lastReadId: number) =>
      api<{ lastReadId: number; unread: number }>(`/messages/business/${businessId}/read`, {
        method: 'POST',
        body: { lastReadId },
      }),
    onSuccess: ({ lastReadId }) => {
      queryClient.setQueryData<Thread>(threadQueryKey(businessId), (thread) =>
        thread?.pages[0]
          ? { ...thread, pages: [{ ...thread.pages[0], lastReadId }, ...thread.pages.slice(1)] }
          : thread,
      );
      void queryClient.invalidateQueries({ queryKey: unreadKey });
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}

/** 'Archivar en documentos': the company's folders of that period show the copy. */
export function useFileAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attachmentId, ...body }: AttachmentFile & { attachmentId: number }) =>
      api<AttachmentFiled>(`/messages/attachments/${attachmentId}/file`, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: folderViewsQueryKey }),
  });
}

/** An attachment's bytes (the thread shows photos from them, and saves any file). */
export const fetchAttachment = (id: number, name: string) =>
  apiFile(`/messages/attachments/${id}`, { fallbackName: name });

export const useAttachmentBlob = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['message-attachment', id],
    queryFn: async () => (await fetchAttachment(id, 'adjunto')).blob,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });

/**
 * Keeps 'Mensajes' live while signed in (mounted once, in the layout): a new or changed message
 * goes into its loaded thread at once; the conversations and unread counts are read again.
 */
export function useLiveMessages() {
  const queryClient = useQueryClient();
  const refreshCounts = () => {
    void queryClient.invalidateQueries({ queryKey: unreadKey });
    void queryClient.invalidateQueries({ queryKey: conversationsKey });
  };
  useSocketEvent<MessageEvent>(MESSAGE_NEW_EVENT, ({ item }) => {
    putMessage(queryClient, item);
    refreshCounts();
  });
  useSocketEvent<MessageEvent>(MESSAGE_CHANGED_EVENT, ({ item }) => {
    putMessage(queryClient, item);
    refreshCounts();
  });
  useSocketEvent(MESSAGES_READ_EVENT, refreshCounts);
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: messagesQueryKey }));
}

const settingsKey = [...messagesQueryKey, 'settings'] as const;

/** The minutes an unread message waits before the other side is e-mailed. */
export const useMessageSettings = (enabled = true) =>
  useQuery({ queryKey: settingsKey, queryFn: () => api<NotifySettings>('/messages/settings'), enabled });

export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotifySettings) =>
      api<{ message: string; settings: NotifySettings }>('/messages/settings', { method: 'PUT', body }),
    onSuccess: ({ settings }) => queryClient.setQueryData(settingsKey, settings),
  });
}
