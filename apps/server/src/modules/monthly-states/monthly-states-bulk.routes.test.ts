import { msg } from '@app/shared/messages';
import { boardMsg } from '@app/shared/messages-board';
import { currentPeriod } from '@app/shared/period';
import { BULK_MAX, boardBulkEventName, type MonthlyStateBulkResponse } from '@app/shared/schemas/board-bulk';
import { type BoardRow, boardEventName, type MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failInsertsInto } from '../../db/failing-inserts.fixture.ts';
import { createServiceWithStates, insertBusiness, linkService, nextRut } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { closeSocketsAfterEach, eventsWithin, nextEvent, socketFor } from '../../test/sockets.ts';
import { businessServices } from '../business-services/business-services.tables.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { monthlyStateHistory, monthlyStates } from './monthly-states.tables.ts';

const { t, roles, api, expectClientAndAnonymousRefused } = appWithEveryRole();
closeSocketsAfterEach();
afterEach(() => vi.restoreAllMocks());

const period = currentPeriod();
const boardUrl = `/api/monthly-states/year/${period.year}/month/${period.month}`;
const url = `${boardUrl}/bulk`;

/** F29: Pendiente (0 %) → Declarado (50 %) → Pagado (100 %, with a value). */
let f29: { serviceId: number; stateIds: number[] };
/** Contabilidad: Sin iniciar (0 %) → Cerrada (40 %). */
let accounting: { serviceId: number; stateIds: number[] };

beforeAll(async () => {
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Declarado', pctProgress: 50 },
    { name: 'Pagado', pctProgress: 100, hasValue: true },
  ]);
  accounting = await createServiceWithStates(
    t,
    'Contabilidad',
    [
      { name: 'Sin iniciar', pctProgress: 0 },
      { name: 'Cerrada', pctProgress: 40 },
    ],
    2,
  );
});

/** Companies on this month's board with F29 (and Contabilidad) linked. */
async function linkedCompanies(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const business = await insertBusiness(t, { startContract: '2020-01-01' });
    await linkService(t, business.id, f29.serviceId);
    await linkService(t, business.id, accounting.serviceId);
    ids.push(business.id);
  }
  return ids;
}

/** The history rows of F29's cells of these companies this month, oldest first. */
function historyOf(businessIds: number[], serviceId = f29.serviceId) {
  return t.database.db
    .select()
    .from(monthlyStateHistory)
    .where(
      and(
        inArray(monthlyStateHistory.businessId, businessIds),
        eq(monthlyStateHistory.serviceId, serviceId),
        eq(monthlyStateHistory.year, period.year),
        eq(monthlyStateHistory.month, period.month),
      ),
    )
    .orderBy(asc(monthlyStateHistory.id));
}

async function board(): Promise<MonthlyBoard> {
  const response = await api.owner.get(boardUrl);
  expect(response.statusCode).toBe(200);
  return response.json();
}
const cellOf = (data: MonthlyBoard, businessId: number, serviceId = f29.serviceId) =>
  data.rows.find((row) => row.business.id === businessId)?.cells.find((cell) => cell.serviceId === serviceId);
const rowOf = (data: MonthlyBoard, businessId: number): BoardRow | undefined =>
  data.rows.find((row) => row.business.id === businessId);

describe('PUT /api/monthly-states/year/{year}/month/{month}/bulk', () => {
  it('sets one state for every company named, answers every changed cell and counts them', async () => {
    const ids = await linkedCompanies(3);
    const response = await api.owner.put(url, { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: ids });
    expect(response.statusCode).toBe(200);
    const body: MonthlyStateBulkResponse = response.json();
    expect(body).toMatchObject({ message: '3 actualizadas', updated: 3, skipped: 0 });
    expect(body.changes.map((change) => change.businessId)).toEqual(ids);
    for (const change of body.changes) {
      expect(change).toMatchObject({
        ...period,
        progress: 25, // (50 + 0) / 2
        cell: { serviceId: f29.serviceId, applies: true, stateId: f29.stateIds[1], value: null },
      });
      expect(change.cell.lastChange?.by).toBe('Administrador');
    }
  });

  it('is for staff: a collaborator and the owner change cells, a client gets 403 and an anonymous caller 401', async () => {
    const [first, second] = await linkedCompanies(2);
    const payload = { serviceId: accounting.serviceId, stateId: accounting.stateIds[1], businessIds: [first, second] };
    await expectClientAndAnonymousRefused({ method: 'PUT', url, payload });
    expect(await historyOf([first ?? 0, second ?? 0], accounting.serviceId)).toEqual([]);
    const collaborator = await api.collaborator.put(url, { ...payload, businessIds: [first] });
    expect(collaborator.statusCode).toBe(200);
    expect(collaborator.json().changes[0].cell.lastChange.by).toBe('Usuario C.');
    expect((await api.owner.put(url, { ...payload, businessIds: [second] })).statusCode).toBe(200);
  });

  it('refuses bad input with its Spanish message and writes nothing', async () => {
    const ids = await linkedCompanies(2);
    const valid = { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: ids };
    const refused = async (payload: Record<string, unknown>, message: string) => {
      const response = await api.owner.put(url, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().message).toEqual(message);
    };
    await refused({ ...valid, businessIds: [] }, boardMsg.bulkNoCompanies);
    await refused({ ...valid, businessIds: undefined }, msg.required);
    await refused({ ...valid, businessIds: 'todas' }, boardMsg.bulkNoCompanies);
    await refused(
      { ...valid, businessIds: Array.from({ length: BULK_MAX + 1 }, (_, index) => index + 1) },
      boardMsg.bulkTooMany,
    );
    await refused({ ...valid, businessIds: [ids[0], ids[1], ids[0]] }, boardMsg.bulkRepeated);
    await refused({ ...valid, businessIds: [ids[0], 2 ** 31] }, msg.invalidId);
    await refused({ ...valid, businessIds: [ids[0], 0] }, msg.invalidId);
    await refused({ ...valid, businessIds: [ids[0], 1.5] }, msg.invalidId);
    await refused({ ...valid, businessIds: [ids[0], '\u0000'] }, msg.invalidId);
    await refused({ ...valid, stateId: accounting.stateIds[1] }, boardMsg.stateNotOfService);
    await refused({ ...valid, stateId: 2 ** 31 }, boardMsg.stateNotFound);
    await refused({ ...valid, serviceId: 999_999 }, boardMsg.serviceDoesNotApply);
    await refused({ ...valid, stateId: f29.stateIds[2] }, boardMsg.valueRequired);
    await refused({ ...valid, stateId: f29.stateIds[2], optionalValue: -5 }, expect.any(String) as never);
    await refused({ ...valid, businessIds: [ids[0], 999_999] }, msg.businessNotFound);
    expect(await historyOf(ids)).toEqual([]);
    const data = await board();
    for (const id of ids) expect(cellOf(data, id)?.lastChange).toBeNull();
  });

  it('asks a state with a value for it once and gives it to every cell, kept whole', async () => {
    const ids = await linkedCompanies(2);
    const response = await api.owner.put(url, {
      serviceId: f29.serviceId,
      stateId: f29.stateIds[2],
      optionalValue: 150000.7,
      businessIds: ids,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().changes.map((change: { cell: { value: number } }) => change.cell.value)).toEqual([
      150000, 150000,
    ]);
    expect((await historyOf(ids)).map((row) => row.value)).toEqual([150000, 150000]);
  });

  it('skips and counts the companies where the service does not apply that month, unknown ones refuse all', async () => {
    const [applying] = await linkedCompanies(1);
    const notLinked = await insertBusiness(t, { startContract: '2020-01-01' });
    const ended = await insertBusiness(t, { startContract: '2015-01-01', endContract: '2016-12-31' });
    await linkService(t, ended.id, f29.serviceId, '2015-01-01');
    const ids = [applying ?? 0, notLinked.id, ended.id];
    const response = await api.owner.put(url, { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: ids });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: '1 actualizada, 2 no aplican', updated: 1, skipped: 2 });
    expect(response.json().changes.map((change: { businessId: number }) => change.businessId)).toEqual([applying]);
    expect((await historyOf(ids)).map((row) => row.businessId)).toEqual([applying]);
    expect(cellOf(await board(), notLinked.id)).toMatchObject({ applies: false, stateId: null });

    const none = await api.owner.put(url, {
      serviceId: f29.serviceId,
      stateId: f29.stateIds[1],
      businessIds: [notLinked.id],
    });
    expect(none.json()).toEqual({
      message: '0 actualizadas, 1 no aplica',
      updated: 0,
      skipped: 1,
      unchanged: 0,
      changes: [],
    });
  });

  it('writes one history entry per cell, from where each cell was; cells already there are neither written nor counted', async () => {
    const [fresh, declared, paid] = await linkedCompanies(3);
    const ids = [fresh ?? 0, declared ?? 0, paid ?? 0];
    await api.owner.put(boardUrl, { businessId: declared, serviceId: f29.serviceId, stateId: f29.stateIds[1] });
    await api.owner.put(boardUrl, {
      businessId: paid,
      serviceId: f29.serviceId,
      stateId: f29.stateIds[2],
      optionalValue: 1000,
    });
    const before = (await historyOf(ids)).length;

    const response = await api.collaborator.put(url, {
      serviceId: f29.serviceId,
      stateId: f29.stateIds[1],
      businessIds: ids,
    });
    // The company already declared is said, not silently left out of the count.
    expect(response.json()).toMatchObject({
      message: '2 actualizadas, 1 ya tenía ese estado',
      updated: 2,
      skipped: 0,
      unchanged: 1,
    });
    expect(response.json().changes.map((change: { businessId: number }) => change.businessId)).toEqual([fresh, paid]);
    const written = (await historyOf(ids)).slice(before);
    expect(written.map((row) => [row.businessId, row.fromStateId, row.toStateId, row.value, row.userName])).toEqual([
      [fresh, f29.stateIds[0], f29.stateIds[1], null, 'Usuario C.'],
      [paid, f29.stateIds[2], f29.stateIds[1], null, 'Usuario C.'],
    ]);

    // The first state, never chosen, is where a cell already shows it: nothing to write.
    const [untouched] = await linkedCompanies(1);
    const again = await api.owner.put(url, {
      serviceId: f29.serviceId,
      stateId: f29.stateIds[0],
      businessIds: [untouched],
    });
    expect(again.json()).toMatchObject({
      message: '0 actualizadas, 1 ya tenía ese estado',
      updated: 0,
      skipped: 0,
      unchanged: 1,
      changes: [],
    });
    expect(await historyOf([untouched ?? 0])).toEqual([]);
  });

  it('sends one socket message with every changed cell to staff; a client hears nothing; nothing when nothing changed', async () => {
    const ids = await linkedCompanies(4);
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const staff = await socketFor(baseUrl, roles.collaborator);
    const client = await socketFor(baseUrl, roles.client);
    const event = boardBulkEventName(period);
    const staffMessages: { changes: unknown[] }[] = [];
    staff.on(event, (message) => staffMessages.push(message));
    const clientMessages = eventsWithin(client, event, 500);
    const payload = { serviceId: accounting.serviceId, stateId: accounting.stateIds[1], businessIds: ids };
    const response = await api.owner.put(url, payload);
    expect(response.statusCode).toBe(200);
    await vi.waitFor(() => expect(staffMessages).toHaveLength(1));
    expect(staffMessages[0]).toEqual({ changes: response.json().changes });
    expect(staffMessages[0]?.changes).toHaveLength(4);
    // The same change again writes nothing and sends nothing: a later single change's event, sent
    // after it on the same socket, arrives with no bulk message before it.
    expect((await api.owner.put(url, payload)).json().updated).toBe(0);
    const marker = nextEvent(staff, boardEventName(period));
    await api.owner.put(boardUrl, { businessId: ids[0], serviceId: f29.serviceId, stateId: f29.stateIds[1] });
    await marker;
    expect(staffMessages).toHaveLength(1);
    expect(await clientMessages).toEqual([]);
  });

  it('emits on the bus only after commit, once: nothing when the transaction fails', async () => {
    const ids = await linkedCompanies(2);
    const seen: unknown[] = [];
    const stop = t.modules.events.on('monthly-states.bulk-changed', (payload) => {
      seen.push(payload);
    });
    const restore = await failInsertsInto(t.database.db, monthlyStateHistory);
    const failed = await api.owner.put(url, { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: ids });
    await restore();
    expect(failed.statusCode).toBe(500);
    expect(await t.database.db.select().from(monthlyStates).where(inArray(monthlyStates.businessId, ids))).toEqual([]);
    const saved = await api.owner.put(url, { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: ids });
    expect(saved.statusCode).toBe(200);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    stop();
    expect(seen[0]).toEqual({ ...period, changes: saved.json().changes });
  });

  it('shows the change on the next read of the board (its kept copy dropped), with each row’s progress', async () => {
    const ids = await linkedCompanies(3);
    await board(); // built and kept
    const response = await api.owner.put(url, {
      serviceId: accounting.serviceId,
      stateId: accounting.stateIds[1],
      businessIds: ids,
    });
    const data = await board();
    for (const change of response.json().changes as MonthlyStateBulkResponse['changes']) {
      expect(cellOf(data, change.businessId, accounting.serviceId)).toEqual(change.cell);
      expect(rowOf(data, change.businessId)?.progress).toBe(change.progress);
      expect(change.progress).toBe(20); // (0 + 40) / 2
    }
  });

  it('ends consistent beside parallel single changes of the same cells: every cell’s last history entry is its state', async () => {
    const ids = await linkedCompanies(12);
    const states = [f29.stateIds[0], f29.stateIds[1]];
    const answers = await Promise.all([
      api.owner.put(url, { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: ids }),
      api.collaborator.put(url, {
        serviceId: f29.serviceId,
        stateId: f29.stateIds[0],
        businessIds: [...ids].reverse(),
      }),
      ...ids.flatMap((businessId, index) => [
        api.owner.put(boardUrl, { businessId, serviceId: f29.serviceId, stateId: states[index % 2] }),
        api.collaborator.put(boardUrl, { businessId, serviceId: f29.serviceId, stateId: states[(index + 1) % 2] }),
      ]),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const cells = await t.database.db
      .select()
      .from(monthlyStates)
      .where(and(inArray(monthlyStates.businessId, ids), eq(monthlyStates.serviceId, f29.serviceId)));
    const history = await historyOf(ids);
    for (const businessId of ids) {
      const chain = history.filter((row) => row.businessId === businessId);
      const cell = cells.find((row) => row.businessId === businessId);
      expect(chain.at(-1)?.toStateId, `company ${businessId}`).toBe(cell?.stateId);
      // Each entry starts where the previous one left the cell.
      expect(chain[0]?.fromStateId).toBe(f29.stateIds[0]);
      for (let index = 1; index < chain.length; index++) {
        expect(chain[index]?.fromStateId).toBe(chain[index - 1]?.toStateId);
      }
    }
  });

  it('changes the most companies one request may name, 2,000, in one go', async () => {
    const [first] = await linkedCompanies(1);
    const template = await t.database.db
      .select()
      .from(businesses)
      .where(eq(businesses.id, first ?? 0));
    const { id: _id, rut: _rut, ...values } = template[0] ?? ({} as typeof businesses.$inferSelect);
    const created = await t.database.db
      .insert(businesses)
      .values(
        Array.from({ length: BULK_MAX }, (_, index) => ({
          ...values,
          name: `Lote ${index}`,
          rut: nextRut().formatted,
        })),
      )
      .returning({ id: businesses.id });
    const ids = created.map((row) => row.id);
    await t.database.db
      .insert(businessServices)
      .values(
        ids.map((businessId) => ({ businessId, serviceId: f29.serviceId, active: true, startDate: '2020-01-01' })),
      );
    const response = await api.owner.put(url, { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: ids });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: '2000 actualizadas', updated: BULK_MAX, skipped: 0 });
    expect(await historyOf(ids)).toHaveLength(BULK_MAX);
  });
});
