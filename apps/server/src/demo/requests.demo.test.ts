import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailLog } from '../modules/email/email.tables.ts';
import { documentRequests } from '../modules/requests/requests.tables.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoCompanies } from './companies.demo.ts';
import { demoServices } from './demo-services.ts';
import { describeDemoRequests, seedDemoRequests } from './requests.demo.ts';
import { seedDemoServices } from './services.demo.ts';
import { seedDemoUsers } from './users.demo.ts';

let t: TestApp;
beforeAll(async () => {
  // The outbox mailer, as `npm run demo` has without SMTP_URL.
  t = await createTestApp({}, { mailer: 'configured' });
});
afterAll(() => t.close());

describe('the demo’s line about document requests', () => {
  it('prints the requests, the companies they went to and the e-mails as the database has them', async () => {
    const features = demoServices(t.modules);
    await seedDemoUsers(features);
    await seedDemoServices(features);
    await seedDemoCompanies(features);
    const line = await seedDemoRequests(features, 20);

    const requests = await t.database.db.select({ businessId: documentRequests.businessId }).from(documentRequests);
    const companies = new Set(requests.map((request) => request.businessId)).size;
    const mails = (await t.database.db.select({ id: emailLog.id }).from(emailLog)).length;
    // Some companies have both services: more requests than companies.
    expect(requests.length).toBeGreaterThan(companies);
    expect(line).toMatch(
      new RegExp(
        `^Solicitudes: ${requests.length} solicitudes de documentos de \\S+ \\d{4} a ${companies} empresas ` +
          `\\(${mails} correos a sus contactos, guardados en la bandeja local \\(sin SMTP_URL no se envían\\); \\d+ respondidas? en parte por sus clientes\\)\\.$`,
      ),
    );
  });

  it('says one of each in the singular, and e-mails as sent only when mail is configured', () => {
    expect(describeDemoRequests({ created: 1, companies: 1, emailed: 1, answered: 1, label: 'marzo 2026' }, true)).toBe(
      'Solicitudes: 1 solicitud de documentos de marzo 2026 a 1 empresa (1 correo a sus contactos; 1 respondida en parte por sus clientes).',
    );
  });
});
