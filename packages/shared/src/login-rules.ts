import { msg } from './messages.ts';

/**
 * The sign-in form's own rule (the request only goes out when both fields are
 * filled), without zod, so the first page loads as little script as possible. The server still
 * checks every request with LoginSchema, whose messages are the same.
 */
export const loginFieldError = (value: string): string | null => (value.trim() === '' ? msg.requiredField : null);
