import { companiesMsg } from '@app/shared/messages-companies';
import {
  type Credential,
  type CredentialCreateSchema,
  type CredentialSummary,
  type CredentialUpdateSchema,
  PORTAL_LABELS,
  type RevealPurpose,
} from '@app/shared/schemas/credentials';
import type { z } from 'zod';
import { changedFields, pickFields, recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { Vault } from '../../lib/vault.ts';
import { presentCredential, presentCredentialSummary, presentLastReveal } from './credentials.presenter.ts';
import { type CredentialRow, credentialsRepository } from './credentials.repository.ts';

type CreateInput = z.output<typeof CredentialCreateSchema>;
type UpdateInput = z.output<typeof CredentialUpdateSchema>;

interface Deps {
  vault: Vault;
  /** The companies module's check (404 'La empresa no existe'). */
  assertBusinessExists(businessId: number): Promise<void>;
}

/** The fields an activity entry names (never the password: a change of it is logged as 'cambiada'). */
const LOGGED_FIELDS = ['user', 'portal', 'description'] as const;

/** How the activity log names a credential: its portal and the user in it ('SII · 76.123.456-7'). */
const labelOf = (row: Pick<CredentialRow, 'portal' | 'user'>) => `${PORTAL_LABELS[row.portal]} · ${row.user}`;

/**
 * Portal credentials of a company. The password is encrypted with the
 * vault before it reaches the repository, and decrypted only by `reveal`, which logs who asked
 * in the activity log. Every change writes its activity entry in the same transaction.
 */
export function createCredentialsService(db: Db, deps: Deps) {
  const { vault } = deps;

  async function getRow(id: number): Promise<CredentialRow> {
    const row = await credentialsRepository.findById(db, id);
    if (!row) throw notFound(companiesMsg.credentialNotFound);
    return row;
  }

  return {
    /**
     * The credentials modal and the company page's section, without passwords. With `withLastReveal`
     * (owners: they can read the activity log), each carries who last showed or copied it.
     */
    async listForBusiness(businessId: number, { withLastReveal }: { withLastReveal: boolean }): Promise<Credential[]> {
      await deps.assertBusinessExists(businessId);
      const rows = await credentialsRepository.listByBusiness(db, businessId);
      if (!withLastReveal) return rows.map((row) => presentCredential(row));
      const reveals = new Map(
        (
          await credentialsRepository.lastReveals(
            db,
            rows.map((row) => row.id),
          )
        ).map((reveal) => [reveal.recordId, reveal]),
      );
      return rows.map((row) => presentCredential(row, presentLastReveal(reveals.get(String(row.id)))));
    },

    /** What the company detail carries. */
    async listSummaries(businessId: number): Promise<CredentialSummary[]> {
      return (await credentialsRepository.listByBusiness(db, businessId)).map(presentCredentialSummary);
    },

    async get(id: number): Promise<CredentialSummary> {
      return presentCredentialSummary(await getRow(id));
    },

    /** The password in clear, once: decrypted and logged ('revealed' or 'copied') in one transaction. */
    async reveal(id: number, purpose: RevealPurpose, actor: ActivityActor): Promise<string> {
      return db.transaction(async (tx) => {
        const row = await credentialsRepository.findById(tx, id);
        if (!row) throw notFound(companiesMsg.credentialNotFound);
        const password = vault.decrypt(row.passwordEncrypted);
        await recordActivity(tx, actor, {
          kind: 'credential',
          action: purpose === 'copy' ? 'copied' : 'revealed',
          recordId: row.id,
          recordLabel: labelOf(row),
          businessId: row.businessId,
        });
        return password;
      });
    },

    async create(input: CreateInput, actor: ActivityActor): Promise<CredentialSummary> {
      try {
        return await db.transaction(async (tx) => {
          const row = await credentialsRepository.insert(tx, {
            businessId: input.businessId,
            user: input.user,
            portal: input.portal,
            description: input.description,
            passwordEncrypted: vault.encrypt(input.password),
          });
          await recordActivity(tx, actor, {
            kind: 'credential',
            action: 'created',
            recordId: row.id,
            recordLabel: labelOf(row),
            businessId: row.businessId,
            details: { after: pickFields(row, LOGGED_FIELDS) },
          });
          return presentCredentialSummary(row);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw badRequest(companiesMsg.businessNotFound, 'businessId');
        throw error;
      }
    },

    /** Same fields as create; an omitted or empty password keeps the stored one. */
    async update(id: number, input: UpdateInput, actor: ActivityActor): Promise<CredentialSummary> {
      return db.transaction(async (tx) => {
        const before = await credentialsRepository.findById(tx, id);
        if (!before) throw notFound(companiesMsg.credentialNotFound);
        const passwordChanged = Boolean(input.password) && input.password !== vault.decrypt(before.passwordEncrypted);
        const row = await credentialsRepository.update(tx, id, {
          user: input.user,
          portal: input.portal,
          description: input.description,
          ...(passwordChanged && input.password ? { passwordEncrypted: vault.encrypt(input.password) } : {}),
        });
        if (!row) throw notFound(companiesMsg.credentialNotFound);
        const changed = changedFields(before, row, LOGGED_FIELDS);
        if (changed || passwordChanged) {
          await recordActivity(tx, actor, {
            kind: 'credential',
            action: 'updated',
            recordId: row.id,
            recordLabel: labelOf(row),
            businessId: row.businessId,
            details: {
              before: changed?.before,
              after: { ...changed?.after, ...(passwordChanged ? { contraseña: 'cambiada' } : {}) },
            },
          });
        }
        return presentCredentialSummary(row);
      });
    },

    async delete(id: number, actor: ActivityActor): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await credentialsRepository.findById(tx, id);
        if (!row || !(await credentialsRepository.delete(tx, id))) throw notFound(companiesMsg.credentialNotFound);
        await recordActivity(tx, actor, {
          kind: 'credential',
          action: 'deleted',
          recordId: row.id,
          recordLabel: labelOf(row),
          businessId: row.businessId,
          details: { before: pickFields(row, LOGGED_FIELDS) },
        });
      });
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
