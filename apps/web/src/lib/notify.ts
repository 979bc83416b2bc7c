import type { MessageResponse } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { notifications } from '@mantine/notifications';

const AUTO_CLOSE_MS = 3000;

export function notifySuccess(message: string, title: string = msg.toastSuccessTitle) {
  notifications.show({ title, message, color: 'green', autoClose: AUTO_CLOSE_MS });
}

/** Something the user should know did not happen as they expect (e.g. mail kept in the local outbox). */
export function notifyWarning(message: string, title: string) {
  notifications.show({ title, message, color: 'yellow', autoClose: AUTO_CLOSE_MS });
}

export function notifyError(error: unknown, title: string = msg.toastErrorTitle) {
  const message = error instanceof Error ? error.message : String(error);
  notifications.show({ title, message, color: 'red', autoClose: AUTO_CLOSE_MS });
}

/** Mutation callbacks that toast the server's message on success and the error on failure. */
export const notifyOutcome = {
  onSuccess: ({ message }: MessageResponse) => notifySuccess(message),
  onError: (error: Error) => notifyError(error),
};
