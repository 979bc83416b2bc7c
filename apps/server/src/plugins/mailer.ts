import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config.ts';

/** How the outbox answers for a message it kept (the e-mail log tells such messages apart by it). */
export const OUTBOX_RESPONSE_PREFIX = 'outbox: ';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
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

/** SMTP through nodemailer when SMTP_URL is set; otherwise one .eml file per message in the outbox. */
export function createMailer(config: AppConfig): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: config.MAIL_FROM, ...message, to: message.to.join(', ') });
        return { messageId: info.messageId, response: String(info.response), outbox: false };
      },
    };
  }

  const outbox = path.join(config.DATA_DIR, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...message, to: message.to.join(', ') });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId, response: `${OUTBOX_RESPONSE_PREFIX}${path.basename(file)}`, outbox: true };
    },
  };
}
