import { msg } from '@app/shared/messages';
import { whatsappMsg } from '@app/shared/messages-whatsapp';
import type { WhatsAppChannelStatus, WhatsAppContact } from '@app/shared/schemas/whatsapp';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { insertBusiness } from '../../test/factories.ts';
import { FAKE_WHATSAPP_TOKEN, startFakeWhatsApp } from '../../test/fake-whatsapp.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { whatsappOutbox } from './whatsapp.tables.ts';

// Every WhatsApp endpoint for each role: a company's number and consent (staff), the channel's
// state and 'Reintentar' (owners); Spanish 400s for a bad number; the consent's changes in the
// activity log; and what the screens are told when WhatsApp is not configured.

const fake = await startFakeWhatsApp();
afterAll(() => fake.close());
const { t, api, roles } = appWithEveryRole({ ...fake.env(), APP_URL: 'https://estudio.example.cl' });

const contactUrl = (businessId: number) => `/api/business/${businessId}/whatsapp`;

describe("a company's WhatsApp number and consent", () => {
  it('is refused to an anonymous caller (401) and to a client, even of that company (403)', async () => {
    for (const request of [
      { method: 'GET' as const, url: contactUrl(roles.clientBusinessId) },
      { method: 'PUT' as const, url: contactUrl(roles.clientBusinessId), payload: { phone: '', optedIn: false } },
    ]) {
      const asClient = await t.request({ ...request, token: roles.client });
      expect(asClient.statusCode).toBe(403);
      expect(asClient.json()).toEqual({ message: msg.forbidden });
      const anonymous = await t.request(request);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: msg.unauthorized });
    }
  });

  it('is read and changed by a collaborator and by an owner; the number is stored as +569XXXXXXXX', async () => {
    const company = await insertBusiness(t, { name: 'Botillería La Esquina' });
    const empty = await api.collaborator.get(contactUrl(company.id));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      businessId: company.id,
      phone: null,
      optedIn: false,
      optInChangedAt: null,
      optInChangedBy: null,
      configured: true,
    } satisfies WhatsAppContact);

    const byCollaborator = await api.collaborator.put(contactUrl(company.id), {
      phone: '(+56) 9-8765-4321',
      optedIn: true,
    });
    expect(byCollaborator.statusCode, byCollaborator.body).toBe(200);
    expect(byCollaborator.json().message).toBe(whatsappMsg.contactSaved);
    const saved = byCollaborator.json().contact as WhatsAppContact;
    expect(saved).toMatchObject({ phone: '+56987654321', optedIn: true, optInChangedBy: 'Usuario collaborator' });
    expect(Date.parse(saved.optInChangedAt ?? '')).not.toBeNaN();

    const byOwner = await api.owner.put(contactUrl(company.id), { phone: '9 1111 2222', optedIn: false });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().contact).toMatchObject({ phone: '+56911112222', optedIn: false });
    expect((await api.owner.get(contactUrl(company.id))).json()).toMatchObject({
      phone: '+56911112222',
      optedIn: false,
    });
  });

  it('refuses a number that is not a Chilean mobile, and the consent without a number, with Spanish 400s', async () => {
    const company = await insertBusiness(t);
    for (const phone of ['+54 9 11 1234 5678', '22 123 4567', '9 1234 567', 'nueve uno dos', '+56 2 2123 4567']) {
      const refused = await api.owner.put(contactUrl(company.id), { phone, optedIn: true });
      expect(refused.statusCode, phone).toBe(400);
      expect(refused.json().errors).toEqual([{ field: 'phone', message: whatsappMsg.invalidPhone }]);
    }
    const noPhone = await api.owner.put(contactUrl(company.id), { phone: '', optedIn: true });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().errors).toEqual([{ field: 'phone', message: whatsappMsg.phoneRequired }]);
    const noFlag = await api.owner.put(contactUrl(company.id), { phone: '+56912345678' });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().errors).toEqual([{ field: 'optedIn', message: whatsappMsg.invalidOptIn }]);
    const missing = await api.owner.get(contactUrl(999_999));
    expect(missing.statusCode).toBe(404);
  });

  it('writes each change of the consent and of the number to the activity log, with the company', async () => {
    const company = await insertBusiness(t, { name: 'Panadería Los Aromos' });
    await api.owner.put(contactUrl(company.id), { phone: '+56 9 1234 5678', optedIn: true });
    await api.owner.put(contactUrl(company.id), { phone: '+56 9 1234 5678', optedIn: true }); // nothing changed
    await api.owner.put(contactUrl(company.id), { phone: '+56 9 8765 4321', optedIn: true });
    await api.collaborator.put(contactUrl(company.id), { phone: '+56 9 8765 4321', optedIn: false });
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'whatsapp'), eq(activity.businessId, company.id)))
      .orderBy(activity.id);
    expect(entries.map((entry) => [entry.action, entry.businessName, entry.details])).toEqual([
      [
        'enabled',
        'Panadería Los Aromos',
        { before: { phone: null, optedIn: false }, after: { phone: '+56912345678', optedIn: true } },
      ],
      [
        'updated',
        'Panadería Los Aromos',
        { before: { phone: '+56912345678', optedIn: true }, after: { phone: '+56987654321', optedIn: true } },
      ],
      [
        'disabled',
        'Panadería Los Aromos',
        { before: { phone: '+56987654321', optedIn: true }, after: { phone: '+56987654321', optedIn: false } },
      ],
    ]);
  });
});

describe("the channel's state and its outbox", () => {
  it('is refused to anonymous (401), clients and collaborators (403)', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/whatsapp/status' },
      { method: 'POST' as const, url: '/api/whatsapp/outbox/1/retry', payload: {} },
    ]) {
      expect((await t.request({ ...request, token: roles.client })).statusCode).toBe(403);
      const collaborator = await t.request({ ...request, token: roles.collaborator });
      expect(collaborator.statusCode).toBe(403);
      expect(collaborator.json()).toEqual({ message: msg.forbidden });
      expect((await t.request(request)).statusCode).toBe(401);
    }
  });

  it('tells an owner it is configured, with the templates, never the token', async () => {
    const response = await api.owner.get('/api/whatsapp/status');
    expect(response.statusCode).toBe(200);
    const status = response.json() as WhatsAppChannelStatus;
    expect(status).toMatchObject({
      configured: true,
      apiVersion: 'v21.0',
      language: 'es',
      templates: {
        message: 'nuevo_mensaje',
        request: 'solicitud_por_vencer',
        approval: 'aprobacion_pendiente',
        charge: 'cobro_vencido',
      },
      attention: null,
    });
    expect(response.body).not.toContain(FAKE_WHATSAPP_TOKEN);
  });

  it("lets an owner retry a failed send only, to the company's current number", async () => {
    const company = await insertBusiness(t, { name: 'Ferretería El Roble' });
    await api.owner.put(contactUrl(company.id), { phone: '+56 9 1234 5678', optedIn: true });
    const queued = await t.modules.whatsapp.notify({
      kind: 'approval',
      businessId: company.id,
      approvalId: 41,
      reminder: 0,
      title: 'Balance 2025',
    });
    expect(queued).toBe('queued');
    const [row] = await t.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.businessId, company.id));
    if (!row) throw new Error('no row');

    const notFailed = await api.owner.post(`/api/whatsapp/outbox/${row.id}/retry`, {});
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toEqual({ message: whatsappMsg.onlyFailedRetry });
    expect((await api.owner.post('/api/whatsapp/outbox/999999/retry', {})).statusCode).toBe(404);

    await t.database.db
      .update(whatsappOutbox)
      .set({ status: 'failed', attempts: 1, reason: whatsappMsg.reasonRecipient('+56912345678', 131026) })
      .where(eq(whatsappOutbox.id, row.id));
    await api.owner.put(contactUrl(company.id), { phone: '+56 9 5555 6666', optedIn: true });
    const listed = (await api.owner.get('/api/whatsapp/status')).json() as WhatsAppChannelStatus;
    expect(listed.outbox.find((shown) => shown.id === row.id)).toMatchObject({
      kind: 'approval',
      business: { id: company.id, name: 'Ferretería El Roble' },
      status: 'failed',
      phone: '+56912345678',
      reason: whatsappMsg.reasonRecipient('+56912345678', 131026),
    });

    const retried = await api.owner.post(`/api/whatsapp/outbox/${row.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      message: whatsappMsg.retried,
      row: { id: row.id, status: 'pending', phone: '+56955556666', attempts: 0, reason: null },
    });

    // Once the company withdrew its consent, a failed row stays failed.
    await api.owner.put(contactUrl(company.id), { phone: '+56 9 5555 6666', optedIn: false });
    const [withdrawn] = await t.database.db.select().from(whatsappOutbox).where(eq(whatsappOutbox.id, row.id));
    expect(withdrawn).toMatchObject({ status: 'failed', reason: whatsappMsg.reasonOptedOut });
    const refused = await api.owner.post(`/api/whatsapp/outbox/${row.id}/retry`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: whatsappMsg.retryNotOptedIn });
  });
});

describe('without WhatsApp configured', () => {
  const off = appWithEveryRole({ APP_URL: 'https://estudio.example.cl' });

  it('says so on the company and to the owner, queues nothing even for a company that accepted, and retries nothing', async () => {
    const company = await insertBusiness(off.t);
    const saved = await off.api.owner.put(contactUrl(company.id), { phone: '+56 9 1234 5678', optedIn: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().contact).toMatchObject({ optedIn: true, configured: false });
    const status = (await off.api.owner.get('/api/whatsapp/status')).json() as WhatsAppChannelStatus;
    expect(status).toMatchObject({ configured: false, phoneNumberId: null, attention: null, outbox: [] });
    expect(
      await off.t.modules.whatsapp.notify({
        kind: 'charge',
        businessId: company.id,
        chargeId: 1,
        step: 7,
        description: 'Honorarios octubre 2026',
        open: 119_000,
        dueDate: '2026-10-20',
      }),
    ).toBe('not_configured');
    expect(await off.t.database.db.select().from(whatsappOutbox)).toEqual([]);
    const retry = await off.api.owner.post('/api/whatsapp/outbox/1/retry', {});
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({ message: whatsappMsg.notConfigured });
  });
});
