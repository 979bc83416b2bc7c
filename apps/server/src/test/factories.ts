import { currentPeriod } from '@app/shared/period';
import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import { expect } from 'vitest';
import { businesses } from '../modules/businesses/businesses.tables.ts';
import type { TestApp } from './test-app.ts';

let rutCounter = 10_000_000;

/** A valid RUT no other test uses (the bodies move on by 7 so check digits vary). */
export function nextRut(): { typed: string; formatted: string } {
  rutCounter += 7;
  const typed = `${rutCounter}${computeRutCheckDigit(rutCounter)}`;
  return { typed, formatted: formatRut(typed) };
}

/** Inserts a company straight into the database, for tests of other features. */
export async function insertBusiness(t: TestApp, values: Partial<typeof businesses.$inferInsert> = {}) {
  const { formatted: rut } = nextRut();
  const body = rut.slice(0, -2).replaceAll('.', '');
  const [row] = await t.database.db
    .insert(businesses)
    .values({
      name: `Empresa ${body}`,
      razonSocial: `Empresa ${body} SpA`,
      rut,
      startContract: '2022-01-01',
      endContract: null,
      legalRepresentative: 'Ana Pérez',
      contact: `contacto${body}@empresa.cl`,
      ...values,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

/** Signs in one user of each role (the client belongs to a new company), for permission tests. */
export async function tokensForEveryRole(t: TestApp) {
  const clientBusiness = await insertBusiness(t);
  return {
    owner: await t.ownerToken(),
    collaborator: (await t.userWithRole('collaborator')).token,
    client: (await t.userWithRole('client', { businessId: clientBusiness.id })).token,
    clientBusinessId: clientBusiness.id,
  };
}

interface StateSpec {
  name: string;
  pctProgress: number;
  hasValue?: boolean;
  /** One of SERVICE_COLOR_HEXES; green when left out. */
  color?: string;
  showResume?: boolean;
}

/** A service with its states (in the given order) through the API, as the owner. */
export async function createServiceWithStates(t: TestApp, name: string, states: StateSpec[], order = 1) {
  const token = await t.ownerToken();
  const created = await t.request({
    method: 'POST',
    url: '/api/service',
    token,
    payload: { name, startMonthDay: 1, lastMonthDay: 20, order },
  });
  if (created.statusCode !== 201) throw new Error(`service create failed: ${created.body}`);
  const serviceId = created.json().service.id as number;
  const stateIds: number[] = [];
  for (const [index, state] of states.entries()) {
    const response = await t.request({
      method: 'POST',
      url: `/api/service/${serviceId}/state`,
      token,
      payload: {
        color: '#2ECC71',
        order: index,
        hasValue: false,
        showResume: false,
        ...state,
      },
    });
    if (response.statusCode !== 201) throw new Error(`state create failed: ${response.body}`);
    stateIds.push(response.json().state.id);
  }
  return { serviceId, stateIds };
}

/** Links a company to a service from a start date (active). */
export async function linkService(t: TestApp, businessId: number, serviceId: number, startDate = '2021-01-01') {
  const response = await t.request({
    method: 'POST',
    url: `/api/business/${businessId}/service`,
    token: await t.ownerToken(),
    payload: { serviceId, startDate },
  });
  if (response.statusCode >= 300) throw new Error(`link failed: ${response.body}`);
}

/**
 * A company with a service of two states (0: Pendiente, 1: Listo) linked since 2020: the cell of the
 * current month on the monthly board, for the socket tests.
 */
export async function monthlyBoardCell(t: TestApp) {
  const period = currentPeriod();
  const service = await createServiceWithStates(t, `F29 ${Math.random()}`, [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Listo', pctProgress: 100 },
  ]);
  const business = await insertBusiness(t, { startContract: '2020-01-01' });
  await linkService(t, business.id, service.serviceId);
  let state = 0;
  const change = (token: string, stateIndex = 1) => {
    state = stateIndex;
    return t.request({
      method: 'PUT',
      url: `/api/monthly-states/year/${period.year}/month/${period.month}`,
      token,
      payload: { businessId: business.id, serviceId: service.serviceId, stateId: service.stateIds[stateIndex] },
    });
  };
  return {
    businessId: business.id,
    /** Puts the cell in the state, as the token's user. */
    change,
    /** The owner moves the cell to its other state; fails the test unless saved. */
    async flip() {
      const response = await change(await t.ownerToken(), 1 - state);
      expect(response.statusCode, response.body).toBe(200);
    },
  };
}

/** A company's folder of the current period (a service with a folder template, linked), for uploads; answers its id. */
export async function uploadFolder(t: TestApp): Promise<number> {
  const token = await t.ownerToken();
  const service = await createServiceWithStates(t, `Contabilidad ${Math.random()}`, [
    { name: 'Pendiente', pctProgress: 0 },
  ]);
  const template = await t.request({
    method: 'POST',
    url: `/api/service/${service.serviceId}/folder`,
    token,
    payload: { name: 'Balances' },
  });
  expect(template.statusCode, template.body).toBe(201);
  const company = await insertBusiness(t);
  await linkService(t, company.id, service.serviceId, '2020-01-01');
  const { year, month } = currentPeriod();
  const view = await t.request({
    method: 'GET',
    url: `/api/business/${company.id}/folder/${template.json().folder.id}/year/${year}/month/${month}`,
    token,
  });
  expect(view.statusCode, view.body).toBe(200);
  return view.json().folder.businessFolderId;
}
