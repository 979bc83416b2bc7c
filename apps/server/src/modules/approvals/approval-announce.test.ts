import { Readable } from 'node:stream';
import { approvalsMsg } from '@app/shared/messages-approvals';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../lib/activity-actor.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { insertBusiness } from '../../test/factories.ts';
import { tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createApprovalsService } from './approvals.service.ts';

// The `announce` hook (a company's message thread will be wired to it): told after a request and after
// an answer, with a Spanish text and the request's link; a failing hook never fails the request.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('announces a request and its answer to the company, and a failing hook changes nothing', async () => {
  const { documents, users, storage } = t.modules;
  const heard: [number, string, string][] = [];
  let failing = false;
  const service = createApprovalsService(t.database.db, {
    log: { warn: () => undefined },
    appUrl: 'https://estudio.example.cl',
    openStored: (key) => storage.open(key),
    firmName: async () => 'Estudio Contable',
    getBusiness: t.modules.businesses.getById,
    listClientUsers: async (businessId) => users.listForBusiness(businessId),
    findUser: async (id) => users.findById(id),
    fileOfBusiness: documents.fileOfBusiness,
    lockFileKey: documents.lockFileKey,
    listFilesOfBusiness: documents.listFilesOfBusiness,
    storeLooseFile: documents.storeLooseFile,
    removeStoredBytes: documents.removeStoredBytes,
    sendEmail: async () => ({ id: 0, delivery: 'outbox' }),
    deliveries: async () => new Map(),
    notifyWhatsApp: t.modules.whatsapp.notify,
    announce: (businessId, text, link) => {
      if (failing) throw new Error('hilo caído');
      heard.push([businessId, text, link]);
    },
  });
  const company = await insertBusiness(t, { name: 'Los Boldos' });
  const client = await t.userWithRole('client', { businessId: company.id, name: 'Ana', lastName: 'Soto' });
  const owner = (await users.listStaff()).find((user) => user.role === 'owner');
  const staff: AuthUser = { id: owner?.id ?? 0, role: 'owner', businessId: null, sessionId: 'prueba' };
  const asked = await service.requestUpload(
    staff,
    company.id,
    (async function* () {
      yield { fileName: 'carta.pdf', content: Readable.from([tinyPdf('carta')]) };
    })(),
    new Map([['title', 'Carta de compromiso']]),
    { maxMegabytes: 5 },
    SYSTEM_ACTOR,
  );
  const link = `/aprobaciones/${asked.approval.id}`;
  expect(heard).toEqual([[company.id, approvalsMsg.announceRequested('Carta de compromiso'), link]]);

  const answered = await service.answer(
    { id: client.id, role: 'client', businessId: company.id, sessionId: 'prueba' },
    asked.approval.id,
    { answer: 'reject', comment: 'Falta la firma' },
    { ip: '127.0.0.1', userAgent: 'prueba' },
    SYSTEM_ACTOR,
  );
  expect(answered.approval.status).toBe('rejected');
  expect(heard[1]).toEqual([company.id, 'Ana Soto rechazó «Carta de compromiso»', link]);

  // A hook that fails is logged; the request is made all the same.
  failing = true;
  const again = await service.requestUpload(
    staff,
    company.id,
    (async function* () {
      yield { fileName: 'carta-v2.pdf', content: Readable.from([tinyPdf('carta v2')]) };
    })(),
    new Map([['title', 'Carta de compromiso v2']]),
    { maxMegabytes: 5 },
    SYSTEM_ACTOR,
  );
  expect(again.approval.status).toBe('pending');
  expect(heard).toHaveLength(2);
});
