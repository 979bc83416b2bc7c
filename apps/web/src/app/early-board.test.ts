import { currentPeriod } from '@app/shared/period';
import type { User } from '@app/shared/schemas/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyBoardRequest } from './early-board';
import { takeEarlyBoard } from './take-early-board';

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

describe("index.html's early board request", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the default month with the stored session of staff reloading home', async () => {
    for (const role of ['owner', 'collaborator'] as const) {
      expect(earlyBoardRequest(home, await storeSession(role))).toEqual({
        path: `/monthly-states/year/${year}/month/${month}`,
        token: 'token-1',
      });
    }
  });

  it('asks for nothing for a client, without a session, elsewhere than home or for a chosen month', async () => {
    expect(earlyBoardRequest(home, await storeSession('client'))).toBeUndefined();
    expect(earlyBoardRequest(home, memoryStorage())).toBeUndefined();
    const broken = memoryStorage();
    broken.setItem('session', '{not json');
    expect(earlyBoardRequest(home, broken)).toBeUndefined();
    const staff = await storeSession('owner');
    expect(earlyBoardRequest({ pathname: '/empresas', search: '' }, staff)).toBeUndefined();
    expect(earlyBoardRequest({ pathname: '/', search: '?anio=2025&mes=3' }, staff)).toBeUndefined();
  });

  it('hands its answer to the loader of the same URL once, and to no other', async () => {
    const response = Promise.resolve(new Response('{}'));
    vi.stubGlobal('window', { earlyBoard: { path: '/monthly-states/year/2026/month/3', response } });
    expect(takeEarlyBoard('/monthly-states/year/2026/month/4')).toBeUndefined();
    expect(takeEarlyBoard('/monthly-states/year/2026/month/3')).toBe(response);
    expect(takeEarlyBoard('/monthly-states/year/2026/month/3')).toBeUndefined();
  });
});
