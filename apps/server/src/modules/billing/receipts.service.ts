import type { Readable } from 'node:stream';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@app/shared/billing';
import { santiagoDate } from '@app/shared/current-period';
import { msg } from '@app/shared/messages';
import { billingMsg } from '@app/shared/messages-billing';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import { type PaymentView, ReceiptFieldsSchema } from '@app/shared/schemas/billing-collections';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import type { IncomingFile } from '../../lib/multipart-uploads.ts';
import { paymentsRepository } from './payments.repository.ts';

/** What a receipt may be: what clients photograph or print from their bank. */
const RECEIPT_KINDS = ['pdf', 'jpg', 'png'] as const;
type ReceiptKind = (typeof RECEIPT_KINDS)[number];
const KIND_OF_HEAD: { kind: ReceiptKind; contentType: string; head: Buffer }[] = [
  { kind: 'pdf', contentType: 'application/pdf', head: Buffer.from('%PDF-') },
  { kind: 'jpg', contentType: 'image/jpeg', head: Buffer.from([0xff, 0xd8, 0xff]) },
  { kind: 'png', contentType: 'image/png', head: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
];

export interface ReceiptsDeps {
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** FILE_MAX_MB: the largest file an upload may carry. */
  maxMegabytes: number;
  /** The documents module: one file streamed to storage, recognised by its content (any other kind refused with `refusal`). */
  storeLooseFile(
    file: IncomingFile,
    options: { maxMegabytes: number; kinds: readonly ReceiptKind[]; refusal: () => Error },
  ): Promise<{ key: string }>;
  removeStoredBytes(keys: string[]): Promise<void>;
  /** File storage: a stored receipt's bytes as a stream, its first bytes when `range` says so; null when missing. */
  openStored(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  /** The companies module: these companies' rows locked until the transaction ends. */
  lockBusinesses(tx: DbOrTx, ids: number[]): Promise<{ id: number; name: string }[]>;
  /** Where the firm wants to hear of receipts (the billing settings' e-mail; '' for none). */
  receiptEmail(): Promise<string>;
  /** The e-mail module's send without a staff sender, written to the e-mail log. */
  sendEmail(input: { emails: string[]; subject: string; content: string; businessId: number }): Promise<unknown>;
  present(rows: Awaited<ReturnType<typeof paymentsRepository.insert>>[]): Promise<PaymentView[]>;
}

/** The receipt's text fields, read: 400 with each field's Spanish message when one is missing or wrong. */
function readFields(fields: ReadonlyMap<string, string>): {
  amount: number;
  date: string;
  method: PaymentMethod;
  note: string;
} {
  const parsed = ReceiptFieldsSchema.safeParse(Object.fromEntries(fields));
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  throw new AppError(400, errors[0]?.message ?? msg.badRequest, errors);
}

async function readHead(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The receipts clients send ('Enviar comprobante'): one PDF, JPG or PNG, recognised by its content
 * and stored as the documents' uploads are, with the amount and date the client typed. It waits
 * as a payment 'to_confirm' until the owner confirms it (then it applies like any payment) or
 * rejects it with a reason. The owner downloads the file.
 */
export function createReceiptsService(db: Db, deps: ReceiptsDeps) {
  /** After commit: the firm's receipts e-mail hears of it (a failed send is only logged: the receipt is kept). */
  async function tellTheFirm(businessId: number, companyName: string, amount: number, date: string): Promise<void> {
    const to = await deps.receiptEmail();
    if (!to) return;
    await deps
      .sendEmail({
        emails: [to],
        subject: collectionsMsg.receiptMailSubject(companyName),
        content: collectionsMsg.receiptMailBody(companyName, amount, date),
        businessId,
      })
      .catch((error: unknown) =>
        deps.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'receipt notice not sent'),
      );
  }

  return {
    /**
     * `fields` are the form's text fields (amount, date, method, note), read when the file arrives:
     * they come before it, so a wrong amount or date is refused before any byte is stored.
     */
    async upload(
      actor: AuthUser,
      fields: ReadonlyMap<string, string>,
      files: AsyncIterable<IncomingFile>,
      by: ActivityActor,
    ): Promise<{ message: string; payment: PaymentView }> {
      const businessId = actor.businessId;
      if (actor.role !== 'client' || businessId === null) throw forbidden(billingMsg.businessNotFound);
      const checked = () => {
        const input = readFields(fields);
        if (input.date > santiagoDate(deps.now())) throw badRequest(collectionsMsg.paymentDateFuture, 'date');
        return input;
      };
      let key: string | undefined;
      let committed = false;
      try {
        for await (const file of files) {
          if (key !== undefined) throw badRequest(collectionsMsg.receiptOneFile, 'file');
          checked();
          key = (
            await deps.storeLooseFile(file, {
              maxMegabytes: deps.maxMegabytes,
              kinds: RECEIPT_KINDS,
              refusal: () => new AppError(415, collectionsMsg.receiptKind),
            })
          ).key;
        }
        const input = checked();
        if (key === undefined) throw badRequest(collectionsMsg.receiptRequired, 'file');
        const stored = key;
        const { row, companyName } = await db.transaction(async (tx) => {
          const [company] = await deps.lockBusinesses(tx, [businessId]);
          if (!company) throw notFound(billingMsg.businessNotFound);
          const row = await paymentsRepository.insert(tx, {
            businessId,
            date: input.date,
            amount: input.amount,
            method: input.method,
            note: input.note,
            source: 'client_receipt',
            status: 'to_confirm',
            receiptFileKey: stored,
            createdBy: actor.id,
          });
          await recordActivity(tx, by, {
            kind: 'payment',
            action: 'created',
            recordId: row.id,
            recordLabel: collectionsMsg.paymentLabel(row.amount, PAYMENT_METHOD_LABELS[row.method]),
            businessId,
            details: { after: { amount: row.amount, date: row.date, status: 'Por confirmar', source: 'Comprobante' } },
          });
          return { row, companyName: company.name };
        });
        committed = true;
        await tellTheFirm(row.businessId, companyName, row.amount, row.date);
        const [payment] = await deps.present([row]);
        return { message: collectionsMsg.receiptSent, payment: payment as PaymentView };
      } catch (error) {
        if (key !== undefined && !committed) await deps.removeStoredBytes([key]);
        throw error;
      }
    },

    /** The receipt of a payment, streamed from storage, its type read from its first bytes. */
    async download(paymentId: number, reply: FastifyReply) {
      const row = await paymentsRepository.findById(db, paymentId);
      if (!row) throw notFound(collectionsMsg.paymentNotFound);
      if (!row.receiptFileKey) throw notFound(collectionsMsg.receiptNoFile);
      const head = await deps.openStored(row.receiptFileKey, { start: 0, end: 7 });
      if (!head) throw notFound(collectionsMsg.receiptFileMissing);
      const first = await readHead(head);
      const kind = KIND_OF_HEAD.find((candidate) => first.subarray(0, candidate.head.length).equals(candidate.head));
      const body = await deps.openStored(row.receiptFileKey);
      if (!body) throw notFound(collectionsMsg.receiptFileMissing);
      return reply
        .header('content-type', kind?.contentType ?? 'application/octet-stream')
        .header('content-disposition', attachmentHeader(`comprobante-${row.id}.${kind?.kind ?? 'bin'}`))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(body as never); // a byte stream, outside the JSON response schemas
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
