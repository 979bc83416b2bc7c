import { servicesMsg } from '@app/shared/messages-services';
import { describe, expect, it } from 'vitest';
import { appWithEveryRole } from '../../test/route-suite.ts';

// A service's due day and the one for companies filing online.
const { api, expectClientAndAnonymousRefused } = appWithEveryRole();

let counter = 0;
const payload = (overrides: Record<string, unknown> = {}) => ({
  name: `F29 ${++counter}`,
  startMonthDay: 1,
  lastMonthDay: 20,
  order: 1,
  ...overrides,
});

describe('dueDay / dueDayElectronic on services', () => {
  it('are stored on create and read back in the answer, the list and the detail', async () => {
    const created = await api.owner.post('/api/service', payload({ dueDay: 12, dueDayElectronic: 20 }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().service.id as number;
    expect(created.json().service).toMatchObject({ dueDay: 12, dueDayElectronic: 20 });
    expect((await api.collaborator.get(`/api/service/${id}`)).json().service).toMatchObject({
      dueDay: 12,
      dueDayElectronic: 20,
    });
    const list = (await api.collaborator.get('/api/service')).json() as { id: number }[];
    expect(list.find((row) => row.id === id)).toMatchObject({ dueDay: 12, dueDayElectronic: 20 });
  });

  it('are empty (null) when left out or sent empty', async () => {
    const none = await api.owner.post('/api/service', payload());
    expect(none.json().service).toMatchObject({ dueDay: null, dueDayElectronic: null });
    const blank = await api.owner.post('/api/service', payload({ dueDay: '', dueDayElectronic: null }));
    expect(blank.statusCode).toBe(201);
    expect(blank.json().service).toMatchObject({ dueDay: null, dueDayElectronic: null });
  });

  it('change on update, are kept when left out and emptied with null or empty', async () => {
    const id = (await api.owner.post('/api/service', payload({ dueDay: 10, dueDayElectronic: 13 }))).json().service
      .id as number;
    const changed = await api.owner.put(`/api/service/${id}`, payload({ dueDay: 11, dueDayElectronic: 14 }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().service).toMatchObject({ dueDay: 11, dueDayElectronic: 14 });
    const kept = await api.owner.put(`/api/service/${id}`, payload());
    expect(kept.json().service).toMatchObject({ dueDay: 11, dueDayElectronic: 14 });
    const emptied = await api.owner.put(`/api/service/${id}`, payload({ dueDay: null, dueDayElectronic: '' }));
    expect(emptied.json().service).toMatchObject({ dueDay: null, dueDayElectronic: null });
  });

  it.each([
    [0, servicesMsg.monthDayRange],
    [32, servicesMsg.monthDayRange],
    [-5, servicesMsg.monthDayRange],
    [12.5, servicesMsg.integer],
    ['doce', servicesMsg.integer],
  ])('refuse %s with "%s" on the field', async (value, message) => {
    for (const field of ['dueDay', 'dueDayElectronic']) {
      const response = await api.owner.post('/api/service', payload({ [field]: value }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field, message }]);
    }
  });

  it('are set by the owner only: a collaborator 403, a client 403, anonymous 401', async () => {
    const response = await api.collaborator.post('/api/service', payload({ dueDay: 12 }));
    expect(response.statusCode).toBe(403);
    await expectClientAndAnonymousRefused({ method: 'POST', url: '/api/service', payload: payload({ dueDay: 12 }) });
  });
});
