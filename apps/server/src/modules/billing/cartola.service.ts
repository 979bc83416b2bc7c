import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '@app/shared/billing';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import type {
  CartolaConfirmSchema,
  CartolaLine,
  CartolaPreview,
  PaymentView,
} from '@app/shared/schemas/billing-collections';
import type { z } from 'zod';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { readSheet } from '../../lib/sheet-upload.ts';
import { BILLING_SHEET_RULES } from './billing-sheets.ts';
import { type CartolaLineRow, cartolaRepository } from './cartola.repository.ts';
import { cartolaKey, readCartola } from './cartola-lines.ts';
import { type MatchIndex, matchIndex, proposeMatch } from './cartola-match.ts';
import { paymentsRepository } from './payments.repository.ts';
import type { PaymentsService } from './payments.service.ts';

type ConfirmInput = z.output<typeof CartolaConfirmSchema>;

export interface CartolaDeps {
  payments: Pick<PaymentsService, 'recordInTx' | 'present'>;
  /** The companies module: every company (id, name, RUT), and some by id. */
  listBusinesses(): Promise<{ id: number; name: string; rut: string }[]>;
  listBusinessesByIds(ids: number[]): Promise<{ id: number; name: string }[]>;
  /** The companies module: these companies' rows locked until the transaction ends. */
  lockBusinesses(tx: DbOrTx, ids: number[]): Promise<{ id: number }[]>;
}

const REFERENCE_MAX = 200;

/**
 * The bank statement ('cartola'): a preview that reads every line and proposes a company for
 * each deposit (a RUT, the amount of one open charge, a folio; each proposal says why), flags
 * lines imported before and sets debits aside; then the owner's confirm stores the new lines and
 * turns the chosen ones into payments (source 'cartola'), leaving the rest listed to match or
 * ignore later. A line is stored once (its key), and pays once.
 */
export function createCartolaService(db: Db, deps: CartolaDeps) {
  async function index(): Promise<MatchIndex> {
    const [companies, charges] = await Promise.all([deps.listBusinesses(), cartolaRepository.openCharges(db)]);
    return matchIndex(companies, charges);
  }

  async function presentLines(
    rows: { line: CartolaLineRow; paymentId: number | null; businessId: number | null }[],
  ): Promise<CartolaLine[]> {
    const needsProposal = rows.some((row) => row.line.status === 'unmatched');
    const [matcher, companies] = await Promise.all([
      needsProposal ? index() : undefined,
      deps.listBusinessesByIds([...new Set(rows.flatMap((row) => (row.businessId === null ? [] : [row.businessId])))]),
    ]);
    const nameOf = new Map(companies.map((company) => [company.id, company.name]));
    return rows.map(({ line, paymentId, businessId }) => ({
      id: line.id,
      batchId: line.batchId,
      date: line.date,
      description: line.description,
      amount: line.amount,
      rut: line.rut,
      status: line.status,
      ignoreReason: line.ignoreReason,
      importedAt: line.importedAt.toISOString(),
      paymentId,
      businessName: businessId === null ? null : (nameOf.get(businessId) ?? null),
      proposal: line.status === 'unmatched' && matcher ? proposeMatch(line, matcher) : null,
    }));
  }

  async function presentLine(id: number): Promise<CartolaLine> {
    const [line] = await presentLines(await cartolaRepository.list(db, { id }));
    if (!line) throw notFound(collectionsMsg.cartolaLineNotFound);
    return line;
  }

  return {
    /** Reads the statement and proposes a match per deposit; nothing is written. */
    async preview(bytes: Buffer): Promise<CartolaPreview> {
      const read = readCartola(await readSheet(bytes, BILLING_SHEET_RULES));
      const [existing, matcher] = await Promise.all([
        cartolaRepository.existingKeys(
          db,
          read.flatMap((line) => (line.key ? [line.key] : [])),
        ),
        index(),
      ]);
      const counts = { new: 0, proposed: 0, duplicate: 0, debit: 0, invalid: 0 };
      const lines = read.map((line) => {
        const status = line.key && existing.has(line.key) ? ('duplicate' as const) : line.status;
        const proposal =
          status === 'new' && line.amount !== null
            ? proposeMatch({ description: line.description, amount: line.amount, rut: line.rut }, matcher)
            : null;
        counts[status] += 1;
        if (proposal) counts.proposed += 1;
        return {
          ...line,
          status,
          error: status === 'duplicate' ? collectionsMsg.cartolaDuplicate : line.error,
          proposal,
        };
      });
      return { lines, counts };
    },

    /**
     * Stores the preview's new lines as the owner chose, in one transaction with their payments
     * and the activity entries: 'match' lines become payments of their company (paying the charges
     * named first, when still open), 'keep' lines stay to match later, 'ignore' lines are set
     * aside with their reason. A line another import stored already is left as it was.
     */
    async confirm(input: ConfirmInput, actor: ActivityActor) {
      const keys = new Set<string>();
      input.lines.forEach((line, at) => {
        if (cartolaKey(line.date, line.amount, line.description, line.occurrence) !== line.key || keys.has(line.key)) {
          throw badRequest(collectionsMsg.cartolaKeyMismatch, `lines.${at}`);
        }
        keys.add(line.key);
      });
      const batchId = randomUUID();
      return db.transaction(async (tx) => {
        const inserted = await cartolaRepository.insertIfAbsent(
          tx,
          input.lines.map((line) => ({
            batchId,
            date: line.date,
            description: line.description,
            amount: line.amount,
            rut: line.rut,
            status:
              line.action === 'match'
                ? ('matched' as const)
                : line.action === 'ignore'
                  ? ('ignored' as const)
                  : ('unmatched' as const),
            ignoreReason: line.action === 'ignore' ? (line.ignoreReason ?? null) : null,
            dedupeKey: line.key,
            importedBy: actor.userId,
          })),
        );
        const lineOf = new Map(inserted.map((row) => [row.dedupeKey, row]));
        const toPay = input.lines.filter((line) => line.action === 'match' && lineOf.has(line.key));
        const companies = [...new Set(toPay.map((line) => line.businessId as number))];
        // Charges the preview proposed may have been paid since: only those still open are named.
        const open = new Set((await paymentsRepository.openCharges(tx, companies)).map((charge) => charge.id));
        const { rows } = await deps.payments.recordInTx(
          tx,
          toPay.map((line) => ({
            businessId: line.businessId as number,
            date: line.date,
            amount: line.amount,
            method: line.method,
            reference: line.description.slice(0, REFERENCE_MAX),
            chargeIds: line.chargeIds.filter((id) => open.has(id)),
            source: 'cartola' as const,
            cartolaLineId: lineOf.get(line.key)?.id ?? null,
          })),
          actor,
        );
        const counted = (status: CartolaLineRow['status']) => inserted.filter((row) => row.status === status).length;
        const result = {
          batchId,
          matched: rows.length,
          pending: counted('unmatched'),
          ignored: counted('ignored'),
          duplicates: input.lines.length - inserted.length,
        };
        await recordActivity(tx, actor, {
          kind: 'cartola',
          action: 'imported',
          recordId: batchId,
          recordLabel: collectionsMsg.cartolaBatchLabel(input.lines.length),
          details: {
            after: {
              lineas: input.lines.length,
              pagos: result.matched,
              porAsociar: result.pending,
              ignoradas: result.ignored,
              yaImportadas: result.duplicates,
            },
          },
        });
        return {
          message: collectionsMsg.cartolaImported(result.matched, result.pending, result.ignored, result.duplicates),
          ...result,
        };
      });
    },

    async list(status: CartolaLineRow['status']): Promise<CartolaLine[]> {
      return presentLines(await cartolaRepository.list(db, { status }));
    },

    /** A stored line (unmatched or ignored) made a payment of the company, paying `chargeIds` first. */
    async match(
      id: number,
      input: { businessId: number; chargeIds: number[]; method: PaymentMethod },
      actor: ActivityActor,
    ): Promise<{ line: CartolaLine; payment: PaymentView }> {
      const paymentRow = await db.transaction(async (tx) => {
        // The company first, then the line: the order every billing write takes.
        await deps.lockBusinesses(tx, [input.businessId]);
        const line = await cartolaRepository.lock(tx, id);
        if (!line) throw notFound(collectionsMsg.cartolaLineNotFound);
        if (line.status === 'matched') throw conflict(collectionsMsg.cartolaLineMatched);
        const { rows } = await deps.payments.recordInTx(
          tx,
          [
            {
              businessId: input.businessId,
              date: line.date,
              amount: line.amount,
              method: input.method,
              reference: line.description.slice(0, REFERENCE_MAX),
              chargeIds: input.chargeIds,
              source: 'cartola',
              cartolaLineId: line.id,
            },
          ],
          actor,
        );
        await cartolaRepository.update(tx, id, { status: 'matched', ignoreReason: null });
        await recordActivity(tx, actor, {
          kind: 'cartola',
          action: 'matched',
          recordId: id,
          recordLabel: line.description.slice(0, REFERENCE_MAX),
          businessId: input.businessId,
          details: { before: { status: line.status }, after: { status: 'matched', amount: line.amount } },
        });
        return rows[0];
      });
      if (!paymentRow) throw notFound(collectionsMsg.paymentNotFound);
      const [payment] = await deps.payments.present([paymentRow]);
      return { line: await presentLine(id), payment: payment as PaymentView };
    },

    /** A stored unmatched line set aside with its reason (it stays listed under 'ignored'). */
    async ignore(id: number, reason: string, actor: ActivityActor): Promise<CartolaLine> {
      await db.transaction(async (tx) => {
        const line = await cartolaRepository.lock(tx, id);
        if (!line) throw notFound(collectionsMsg.cartolaLineNotFound);
        if (line.status === 'matched') throw conflict(collectionsMsg.cartolaLineMatched);
        await cartolaRepository.update(tx, id, { status: 'ignored', ignoreReason: reason });
        await recordActivity(tx, actor, {
          kind: 'cartola',
          action: 'ignored',
          recordId: id,
          recordLabel: line.description.slice(0, REFERENCE_MAX),
          details: { before: { status: line.status }, after: { status: 'ignored', reason } },
        });
      });
      return presentLine(id);
    },
  };
}

export type CartolaService = ReturnType<typeof createCartolaService>;
