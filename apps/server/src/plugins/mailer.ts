import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type * as NodeMailer from 'nodemailer';
import type { AppConfig } from '../config.ts';
import { loadWhenUsed } from '../lib/load-when-used.ts';
import { type Mailer, type MailMessage, OUTBOX_RESPONSE_PREFIX } from '../lib/mailer.ts';

/** nodemailer loads with the first message, not at start-up. */
const nodemailer = loadWhenUsed<typeof NodeMailer>('nodemailer');

/** SMTP through nodemailer when SMTP_URL is set; otherwise one .eml file per message in the outbox. */
export function createMailer(config: AppConfig): Mailer {
  const envelope = (message: MailMessage) => ({
    from: config.MAIL_FROM,
    ...message,
    to: message.to.join(', '),
    replyTo: message.replyTo ?? config.MAIL_REPLY_TO,
  });
  const smtpUrl = config.SMTP_URL;
  if (smtpUrl) {
    let transport: NodeMailer.Transporter | undefined;
    return {
      async send(message) {
        transport ??= nodemailer().createTransport(smtpUrl);
        const info = await transport.sendMail(envelope(message));
        return { messageId: info.messageId, response: String(info.response), outbox: false };
      },
    };
  }

  const outbox = path.join(config.DATA_DIR, 'outbox');
  let transport: NodeMailer.Transporter | undefined;
  return {
    async send(message) {
      transport ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail(envelope(message));
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId, response: `${OUTBOX_RESPONSE_PREFIX}${path.basename(file)}`, outbox: true };
    },
  };
}
