import { companiesMsg } from '@app/shared/messages-companies';
import type {
  Credential,
  CredentialCreateSchema,
  CredentialSummary,
  CredentialUpdateSchema,
} from '@app/shared/schemas/credentials';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { Vault } from '../../lib/vault.ts';
import { presentCredential, presentCredentialSummary } from './credentials.presenter.ts';
import { type CredentialRow, credentialsRepository } from './credentials.repository.ts';

type CreateInput = z.output<typeof CredentialCreateSchema>;
type UpdateInput = z.output<typeof CredentialUpdateSchema>;

interface Deps {
  vault: Vault;
  /** The companies module's check (404 'La empresa no existe'). */
  assertBusinessExists(businessId: number): Promise<void>;
}

/**
 * Portal credentials of a company (spec 1 §3 "Password entry"). The password is encrypted with the
 * vault before it reaches the repository and decrypted only when an endpoint answers it.
 */
export function createCredentialsService(db: Db, deps: Deps) {
  const { vault } = deps;
  const reveal = (row: CredentialRow) => presentCredential(row, vault.decrypt(row.passwordEncrypted));

  async function getRow(id: number): Promise<CredentialRow> {
    const row = await credentialsRepository.findById(db, id);
    if (!row) throw notFound(companiesMsg.credentialNotFound);
    return row;
  }

  return {
    /** With passwords in clear: the credentials modal and the company detail's table. */
    async listForBusiness(businessId: number): Promise<Credential[]> {
      await deps.assertBusinessExists(businessId);
      return (await credentialsRepository.listByBusiness(db, businessId)).map(reveal);
    },

    /** Without passwords: what the company detail carries. */
    async listSummaries(businessId: number): Promise<CredentialSummary[]> {
      return (await credentialsRepository.listByBusiness(db, businessId)).map(presentCredentialSummary);
    },

    async get(id: number): Promise<Credential> {
      return reveal(await getRow(id));
    },

    async create(input: CreateInput): Promise<Credential> {
      try {
        const row = await credentialsRepository.insert(db, {
          businessId: input.businessId,
          user: input.user,
          portal: input.portal,
          description: input.description,
          passwordEncrypted: vault.encrypt(input.password),
        });
        return presentCredential(row, input.password);
      } catch (error) {
        if (isForeignKeyViolation(error)) throw badRequest(companiesMsg.businessNotFound, 'businessId');
        throw error;
      }
    },

    /** Same fields as create; the credential stays with its company. */
    async update(id: number, input: UpdateInput): Promise<Credential> {
      const row = await credentialsRepository.update(db, id, {
        user: input.user,
        portal: input.portal,
        description: input.description,
        passwordEncrypted: vault.encrypt(input.password),
      });
      if (!row) throw notFound(companiesMsg.credentialNotFound);
      return presentCredential(row, input.password);
    },

    async delete(id: number): Promise<void> {
      if (!(await credentialsRepository.delete(db, id))) throw notFound(companiesMsg.credentialNotFound);
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
