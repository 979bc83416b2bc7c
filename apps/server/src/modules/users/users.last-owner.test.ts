import { msg } from '@app/shared/messages';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, OWNER, type TestApp } from '../../test/test-app.ts';

// Two owners removing each other at the same moment: the check "another owner remains" and the
// write must not interleave, or both succeed and the firm is left without an owner. Real parallel
// requests; on PostgreSQL they run on separate pool connections (on PGlite they queue anyway).
// Before the fix (check, then write, no lock) PostgreSQL left no owner in the first rounds.

const ROUNDS = 10;

interface Owner {
  id: number;
  email: string;
  token: string;
}

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demotion = (email: string) => ({ name: 'Dueña', lastName: 'Carrera', email, role: 'collaborator', password: '' });

async function createOwner(by: Owner): Promise<Owner> {
  counter += 1;
  const email = `duena.carrera${counter}@estudio.cl`;
  const response = await t.request({
    method: 'POST',
    url: '/api/user',
    token: by.token,
    payload: { name: 'Dueña', lastName: 'Carrera', email, role: 'owner', password: 'clave-segura' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().user.id, email, token: await t.login(email, 'clave-segura') };
}

async function ownerIds(): Promise<number[]> {
  const staff = await t.modules.users.listStaff();
  return staff.filter((user) => user.role === 'owner').map((user) => user.id);
}

/** The one owner left after the previous round (the app's first owner to begin with). */
let soleOwner: Owner;

beforeAll(async () => {
  const token = await t.ownerToken();
  const me = (await t.request({ method: 'GET', url: '/api/user/me', token })).json();
  soleOwner = { id: me.id, email: OWNER.email, token };
});

/** Each round starts with exactly two owners: the sole owner and a new one. */
async function twoOwners(): Promise<[Owner, Owner]> {
  expect(await ownerIds()).toEqual([soleOwner.id]);
  return [soleOwner, await createOwner(soleOwner)];
}

/** Exactly one owner must be left; it starts the next round. */
async function keepSurvivor([a, b]: [Owner, Owner], round: number) {
  const remaining = await ownerIds();
  expect(remaining.length, `round ${round}: owners left`).toBeGreaterThanOrEqual(1);
  expect(remaining.length, `round ${round}: owners left`).toBe(1);
  soleOwner = remaining[0] === a.id ? a : b;
}

/**
 * Sends the requests together and holds each one, once signed in, until all are: so both owners are
 * still signed-in owners when their writes meet. (Otherwise the slower request may start after the
 * faster one has already deleted or demoted its caller, and gets a plain 401 or 403.)
 */
async function atOnce(requests: (() => Promise<LightMyRequestResponse>)[]): Promise<LightMyRequestResponse[]> {
  const auth = t.modules.auth;
  const resolveSession = auth.resolveSession;
  let signedIn = 0;
  let allSignedIn!: () => void;
  const barrier = new Promise<void>((resolve) => {
    allSignedIn = resolve;
  });
  const spy = vi.spyOn(auth, 'resolveSession').mockImplementation(async (sessionId, userId) => {
    const user = await resolveSession(sessionId, userId);
    signedIn += 1;
    if (signedIn === requests.length) allSignedIn();
    await barrier;
    return user;
  });
  try {
    return await Promise.all(requests.map((send) => send()));
  } finally {
    spy.mockRestore();
  }
}

function expectOneWinner(responses: LightMyRequestResponse[], round: number) {
  const statuses = responses.map((response) => response.statusCode).sort();
  expect(statuses, `round ${round}: ${responses.map((response) => response.body).join(' | ')}`).toEqual([200, 409]);
  const refused = responses.find((response) => response.statusCode === 409);
  expect(refused?.json().message).toBe(msg.cannotRemoveLastOwner);
}

describe('the last owner under concurrent removals', () => {
  it('two owners deleting each other at once: exactly one succeeds (409 for the other), an owner remains', async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const [a, b] = await twoOwners();
      const responses = await atOnce([
        () => t.request({ method: 'DELETE', url: `/api/user/${b.id}`, token: a.token }),
        () => t.request({ method: 'DELETE', url: `/api/user/${a.id}`, token: b.token }),
      ]);
      await keepSurvivor([a, b], round);
      expectOneWinner(responses, round);
    }
  });

  it('two owners demoting each other at once: exactly one succeeds (409 for the other), an owner remains', async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const [a, b] = await twoOwners();
      const responses = await atOnce([
        () => t.request({ method: 'PUT', url: `/api/user/${b.id}`, token: a.token, payload: demotion(b.email) }),
        () => t.request({ method: 'PUT', url: `/api/user/${a.id}`, token: b.token, payload: demotion(a.email) }),
      ]);
      await keepSurvivor([a, b], round);
      expectOneWinner(responses, round);
    }
  });
});
