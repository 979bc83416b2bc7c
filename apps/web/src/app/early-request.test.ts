import { currentPeriod } from '@app/shared/period';
import type { User } from '@app/shared/schemas/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentBillingMonth, latestBillingMonth } from '../lib/billing-params';
import { earlyRequest } from './early-request';
import { takeEarlyRequest } from './take-early-request';

/** localStorage as the browser keeps it: strings by key. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** The session as the app itself stores it (lib/session.ts, loaded against a stand-in window). */
async function storeSession(role: User['role']) {
  const storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { addEventListener() {} });
  vi.resetModules();
  const { sessionStore } = await import('../lib/session-store');
  sessionStore.set({ token: 'token-1', user: { id: 7, role } as User });
  return storage;
}

const { year, month } = currentPeriod();
const home = { pathname: '/', search: '' };

describe("index.html's early request", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the default month with the stored session of staff reloading home', async () => {
    for (const role of ['owner', 'collaborator'] as const) {
      expect(earlyRequest(home, await storeSession(role))).toEqual({
        path: `/monthly-states/year/${year}/month/${month}`,
        token: 'token-1',
      });
    }
  });

  it('asks for nothing for a client, without a session, elsewhere than home or for a chosen month', async () => {
    expect(earlyRequest(home, await storeSession('client'))).toBeUndefined();
    expect(earlyRequest(home, memoryStorage())).toBeUndefined();
    const broken = memoryStorage();
    broken.setItem('session', '{not json');
    expect(earlyRequest(home, broken)).toBeUndefined();
    const staff = await storeSession('owner');
    expect(earlyRequest({ pathname: '/empresas', search: '' }, staff)).toBeUndefined();
    expect(earlyRequest({ pathname: '/', search: '?anio=2025&mes=3' }, staff)).toBeUndefined();
  });

  it("asks for the month's charges of an owner reloading /cobranza on 'Cobros del mes', the address's month clamped", async () => {
    const owner = await storeSession('owner');
    const now = currentBillingMonth();
    const latest = latestBillingMonth();
    const cobranza = (search: string) => earlyRequest({ pathname: '/cobranza', search }, owner);
    expect(cobranza('')).toEqual({
      path: `/billing/charges?year=${now.year}&month=${now.month}`,
      token: 'token-1',
    });
    expect(cobranza('?vista=cobros&anio=2025&mes=3')?.path).toBe('/billing/charges?year=2025&month=3');
    expect(cobranza('?anio=2999&mes=1')?.path).toBe(`/billing/charges?year=${latest.year}&month=${latest.month}`);
    expect(cobranza('?anio=1990&mes=5')?.path).toBe('/billing/charges?year=2000&month=1');
  });

  it('asks for no charges on another tab of /cobranza, nor for a collaborator or a client', async () => {
    expect(
      earlyRequest({ pathname: '/cobranza', search: '?vista=saldos' }, await storeSession('owner')),
    ).toBeUndefined();
    for (const role of ['collaborator', 'client'] as const)
      expect(earlyRequest({ pathname: '/cobranza', search: '' }, await storeSession(role))).toBeUndefined();
  });

  it('hands its answer to the loader of the same URL once, and to no other', async () => {
    const response = Promise.resolve(new Response('{}'));
    vi.stubGlobal('window', { earlyRequest: { path: '/monthly-states/year/2026/month/3', response } });
    expect(takeEarlyRequest('/monthly-states/year/2026/month/4')).toBeUndefined();
    expect(takeEarlyRequest('/monthly-states/year/2026/month/3')).toBe(response);
    expect(takeEarlyRequest('/monthly-states/year/2026/month/3')).toBeUndefined();
  });
});
