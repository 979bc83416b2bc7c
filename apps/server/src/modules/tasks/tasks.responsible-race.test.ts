import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A collaborator made a client at the very moment a task names them responsible: the role check of
// the task and the responsibility check of the demotion must not interleave, or a client ends up
// responsible of a task. Real parallel requests; on PostgreSQL they run on separate pool
// connections (on PGlite they queue anyway).

const ROUNDS = 12;

let t: TestApp;
let businessId: number;

beforeAll(async () => {
  t = await createTestApp();
  businessId = (await insertBusiness(t)).id;
});
afterAll(() => t.close());

describe('a task assigned while its responsible is made a client', () => {
  it('never leaves a client responsible of a task: one of the two writes is refused', async () => {
    const owner = await t.ownerToken();
    for (let round = 1; round <= ROUNDS; round++) {
      const collaborator = await t.userWithRole('collaborator');
      const [demotion, assignment] = await Promise.all([
        t.request({
          method: 'PUT',
          url: `/api/user/${collaborator.id}`,
          token: owner,
          payload: {
            name: 'Colaboradora',
            lastName: 'Carrera',
            email: collaborator.email,
            role: 'client',
            businessId,
            allowCalendarView: false,
          },
        }),
        t.request({
          method: 'POST',
          url: '/api/task',
          token: owner,
          payload: {
            name: `Carrera ${round}`,
            responsableCollaborator: collaborator.id,
            expirationDate: 10,
            showInSummary: false,
          },
        }),
      ]);
      const statuses = [demotion.statusCode, assignment.statusCode];
      expect(statuses, `round ${round}: ${demotion.body} / ${assignment.body}`).not.toEqual([200, 201]);
      expect([200, 409], demotion.body).toContain(demotion.statusCode);
      expect([201, 400], assignment.body).toContain(assignment.statusCode);
    }
  });
});
