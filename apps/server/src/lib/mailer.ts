/** How the outbox answers for a message it kept (the e-mail log tells such messages apart by it). */
export const OUTBOX_RESPONSE_PREFIX = 'outbox: ';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** Where replies go; without it the mailer's configured MAIL_REPLY_TO. */
  replyTo?: string;
  /** Files sent with the message (a monthly report's PDF): small, held whole while it is sent. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface SentMail {
  messageId: string;
  /** What the transport answered (SMTP response, or the outbox file), for the e-mail log. */
  response: string;
  /** True when the message was only written to DATA_DIR/outbox (no SMTP_URL): nobody received it. */
  outbox: boolean;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}
