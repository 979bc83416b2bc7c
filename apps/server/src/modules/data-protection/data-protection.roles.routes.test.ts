import { msg } from '@app/shared/messages';
import type { RightsRequestList } from '@app/shared/schemas/data-protection';
import { describe, expect, it } from 'vitest';
import { appWithEveryRole } from '../../test/route-suite.ts';

// 'Protección de datos', role by role: every owner endpoint answers 401 without a session and 403 to
// clients and collaborators; the privacy notice is read and acknowledged by every signed-in user.

const { t, api, roles } = appWithEveryRole();

const accessRequest = {
  kind: 'access',
  requesterName: 'Ana Pérez',
  requesterEmail: 'ana@correo.cl',
  receivedOn: '2026-11-02',
  channel: 'email',
};

describe('who may reach each endpoint', () => {
  const ownerOnly: [string, string, unknown?][] = [
    ['GET', '/api/data-protection/requests'],
    ['POST', '/api/data-protection/requests', accessRequest],
    ['PUT', '/api/data-protection/requests/1', { ...accessRequest, status: 'in_progress' }],
    ['POST', '/api/data-protection/requests/1/extend', { reason: 'x' }],
    ['GET', '/api/data-protection/incidents'],
    ['POST', '/api/data-protection/incidents', {}],
    ['PUT', '/api/data-protection/incidents/1', {}],
    ['GET', '/api/data-protection/notice'],
    ['POST', '/api/data-protection/notice', { text: 'Aviso' }],
    ['GET', '/api/data-protection/notice/1/acknowledgements'],
    ['GET', '/api/data-protection/retention'],
    ['PUT', '/api/data-protection/retention/folders/1', { years: 6 }],
    ['PUT', '/api/data-protection/holds/1', { reason: 'Juicio' }],
    ['DELETE', '/api/data-protection/holds/1'],
    ['POST', '/api/data-protection/retention/proposals', {}],
    ['GET', '/api/data-protection/retention/proposals/1'],
    ['POST', '/api/data-protection/retention/proposals/1/confirm', {}],
    ['POST', '/api/data-protection/retention/proposals/1/discard', {}],
    ['PUT', '/api/data-protection/activity-log/settings', { years: 6 }],
    ['GET', '/api/data-protection/activity-log/archive?format=csv'],
    ['POST', '/api/data-protection/activity-log/purge', { archiveId: 1 }],
  ];

  it('answers 401 without a session, and 403 to clients and collaborators, on every owner endpoint', async () => {
    for (const [method, url, payload] of ownerOnly) {
      const request = { method: method as 'GET', url, payload: payload as object };
      const anonymous = await t.request(request);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toEqual({ message: msg.unauthorized });
      for (const who of ['client', 'collaborator'] as const) {
        const refused = await t.request({ ...request, token: roles[who] });
        expect(refused.statusCode, `${method} ${url} as ${who}`).toBe(403);
        expect(refused.json()).toEqual({ message: msg.forbidden });
      }
    }
    // Nothing was written by those calls.
    expect(((await api.owner.get('/api/data-protection/requests')).json() as RightsRequestList).requests).toEqual([]);
  });

  it('lets the owner reach them (answers of the endpoint itself, never 401 or 403)', async () => {
    for (const [method, url, payload] of ownerOnly) {
      const response = await t.request({
        method: method as 'GET',
        url,
        payload: payload as object,
        token: roles.owner,
      });
      expect([401, 403], `${method} ${url}`).not.toContain(response.statusCode);
    }
  });

  it('lets every signed-in user read the privacy notice, and nobody anonymous', async () => {
    for (const who of ['owner', 'collaborator', 'client'] as const) {
      const response = await api[who].get('/api/privacy-notice');
      expect(response.statusCode, who).toBe(200);
    }
    expect((await api.anonymous.get('/api/privacy-notice')).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/privacy-notice/acknowledge', { versionId: 1 })).statusCode).toBe(401);
  });
});
