import { companiesMsg } from '@app/shared/messages-companies';
import {
  type Group,
  type GroupCreateSchema,
  GroupDetailResponseSchema,
  GroupListSchema,
  type GroupUpdateSchema,
} from '@app/shared/schemas/groups';
import type { z } from 'zod';
import { changedFields, pickFields, recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { createBuiltJsonCache, readingTables, type TableChanges } from '../../lib/table-cache.ts';
import { presentGroup } from './groups.presenter.ts';
import { groupsRepository } from './groups.repository.ts';
import { businessGroupMembers, businessGroups } from './groups.tables.ts';

type CreateInput = z.output<typeof GroupCreateSchema>;
type UpdateInput = z.output<typeof GroupUpdateSchema>;

/** A group as the activity log names it: name, description and its companies' ids (sorted). */
async function groupSummary(tx: DbOrTx, id: number) {
  const row = await groupsRepository.findById(tx, id);
  if (!row) return undefined;
  const members = await groupsRepository.memberIds(tx, [id]);
  const empresas = [...(members.get(id) ?? [])].sort((a, b) => a - b);
  return { name: row.name, description: row.description, empresas };
}

const GROUP_FIELDS = ['name', 'description', 'empresas'] as const;

interface Deps {
  /** The companies module's check: 400 on the field when an id names no company. */
  assertBusinessesExist(ids: number[], field: string): Promise<void>;
  changes: TableChanges;
}

/** Company groups ('Grupos de Empresas'): a name, a description and a set of companies. */
export function createGroupsService(db: Db, deps: Deps) {
  // The list and each group's detail as stored JSON (a group of 2,000 companies is 2,000 ids).
  const groupTables = [businessGroups, businessGroupMembers];
  const lists = createBuiltJsonCache(deps.changes, {
    name: 'group-list',
    tables: groupTables,
    schema: GroupListSchema,
    maxEntries: 1,
  });
  const details = createBuiltJsonCache(deps.changes, {
    name: 'group-details',
    tables: groupTables,
    schema: GroupDetailResponseSchema,
    maxEntries: 20,
  });

  async function load(id: number): Promise<Group> {
    const row = await groupsRepository.findById(db, id);
    if (!row) throw notFound(companiesMsg.groupNotFound);
    const members = await groupsRepository.memberIds(db, [id]);
    return presentGroup(row, members.get(id) ?? []);
  }

  async function list(): Promise<Group[]> {
    const rows = await groupsRepository.list(db);
    const members = await groupsRepository.memberIds(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => presentGroup(row, members.get(row.id) ?? []));
  }

  /** A company deleted between the check and the write still ends as a 400, not a 500. */
  async function withMembersCheck<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw badRequest(companiesMsg.businessNotFound, 'businessesIds');
      throw error;
    }
  }

  return {
    list,

    // The company import reads and writes groups with these (the writes inside its one transaction).
    /** Every group's id and name, oldest first; in the caller's transaction when `tx` is given. */
    listNames: (tx: DbOrTx = db) => groupsRepository.listNames(tx),
    /** The names of the groups each of these companies belongs to, by company id. */
    namesOfBusinesses: (businessIds: number[]) => groupsRepository.namesOfBusinesses(db, businessIds),
    /** The companies of a group (none for an unknown group): the collections list's filter. */
    memberIdsOf: readingTables(
      [businessGroupMembers],
      async (groupId: number): Promise<number[]> =>
        (await groupsRepository.memberIds(db, [groupId])).get(groupId) ?? [],
    ),
    /** A new group without companies: its id. */
    insertNamed: async (tx: DbOrTx, name: string): Promise<number> => (await groupsRepository.insert(tx, { name })).id,
    /** Adds companies to groups; a company already in the group stays as it is. */
    addMembers: (tx: DbOrTx, members: { groupId: number; businessId: number }[]) =>
      groupsRepository.addMembers(tx, members),

    /** GET /api/business-group. */
    listBuilt(): Promise<BuiltJson> {
      return lists.get('list', list);
    },

    /** GET /api/business-group/{id}; 404 for an unknown group (not kept). */
    getBuilt(id: number): Promise<BuiltJson> {
      return details.get(`group-${id}`, async () => ({ group: await load(id) }));
    },

    async create(input: CreateInput, actor: ActivityActor): Promise<Group> {
      await deps.assertBusinessesExist(input.businessesIds, 'businessesIds');
      const id = await withMembersCheck(() =>
        db.transaction(async (tx) => {
          const row = await groupsRepository.insert(tx, { name: input.name, description: input.description });
          await groupsRepository.replaceMembers(tx, row.id, input.businessesIds);
          const after = await groupSummary(tx, row.id);
          await recordActivity(tx, actor, {
            kind: 'group',
            action: 'created',
            recordId: row.id,
            recordLabel: row.name,
            details: after ? { after: pickFields(after, GROUP_FIELDS) } : null,
          });
          return row.id;
        }),
      );
      return load(id);
    },

    async update(id: number, input: UpdateInput, actor: ActivityActor): Promise<Group> {
      if (input.businessesIds) await deps.assertBusinessesExist(input.businessesIds, 'businessesIds');
      await withMembersCheck(() =>
        db.transaction(async (tx) => {
          const before = await groupSummary(tx, id);
          const row = await groupsRepository.update(tx, id, { name: input.name, description: input.description });
          if (!row || !before) throw notFound(companiesMsg.groupNotFound);
          if (input.businessesIds) await groupsRepository.replaceMembers(tx, id, input.businessesIds);
          const after = await groupSummary(tx, id);
          const details = after ? changedFields(before, after, GROUP_FIELDS) : null;
          if (details) {
            await recordActivity(tx, actor, {
              kind: 'group',
              action: 'updated',
              recordId: id,
              recordLabel: row.name,
              details,
            });
          }
        }),
      );
      return load(id);
    },

    async delete(id: number, actor: ActivityActor): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await groupSummary(tx, id);
        if (!before || !(await groupsRepository.delete(tx, id))) throw notFound(companiesMsg.groupNotFound);
        await recordActivity(tx, actor, {
          kind: 'group',
          action: 'deleted',
          recordId: id,
          recordLabel: before.name,
          details: { before: pickFields(before, GROUP_FIELDS) },
        });
      });
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
