import { whatsappMsg } from '@app/shared/messages-whatsapp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_WHATSAPP_PHONE_ID,
  FAKE_WHATSAPP_TOKEN,
  type FakeWhatsApp,
  startFakeWhatsApp,
} from '../../test/fake-whatsapp.ts';
import { createWhatsAppClient, type SendOutcome, type TemplateMessage } from './whatsapp-client.ts';

// The Cloud API client against the local fake of Meta's Graph API: what it sends, and what each
// kind of answer becomes (accepted, the token refused, rate limited, the template or the recipient
// refused, a server error, no answer at all).

let fake: FakeWhatsApp;
const message: TemplateMessage = {
  to: '+56912345678',
  template: 'aprobacion_pendiente',
  language: 'es',
  params: ['Ferretería El Roble', 'Balance 2025', 'https://estudio.example.cl/aprobaciones/7'],
};
const clientWith = (overrides: Partial<Parameters<typeof createWhatsAppClient>[0]> = {}) =>
  createWhatsAppClient({
    apiUrl: fake.url,
    apiVersion: 'v21.0',
    phoneNumberId: FAKE_WHATSAPP_PHONE_ID,
    token: FAKE_WHATSAPP_TOKEN,
    ...overrides,
  });
const refused = (outcome: SendOutcome) => {
  if (outcome.accepted) throw new Error('expected a refusal');
  return outcome;
};

beforeAll(async () => {
  fake = await startFakeWhatsApp();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.state.received.length = 0;
  fake.state.failures.length = 0;
  fake.state.undeliverable.clear();
});

describe('a template message', () => {
  it('is posted to /{version}/{phone-number-id}/messages with the bearer token and the documented body, and answers the message id', async () => {
    const outcome = await clientWith().sendTemplate(message);
    expect(outcome).toEqual({ accepted: true, messageId: expect.stringMatching(/^wamid\./), waId: '56912345678' });
    expect(fake.state.received).toHaveLength(1);
    const [received] = fake.state.received;
    expect(received?.path).toBe(`/v21.0/${FAKE_WHATSAPP_PHONE_ID}/messages`);
    expect(received?.authorization).toBe(`Bearer ${FAKE_WHATSAPP_TOKEN}`);
    expect(received?.body).toEqual({
      messaging_product: 'whatsapp',
      to: '+56912345678',
      type: 'template',
      template: {
        name: 'aprobacion_pendiente',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ferretería El Roble' },
              { type: 'text', text: 'Balance 2025' },
              { type: 'text', text: 'https://estudio.example.cl/aprobaciones/7' },
            ],
          },
        ],
      },
    });
    if (outcome.accepted) expect(received?.messageId).toBe(outcome.messageId);
  });
});

describe('what a refusal becomes', () => {
  it('an expired token (190) stops the channel, and the reason never carries the token', async () => {
    fake.fail('token');
    const outcome = refused(await clientWith().sendTemplate(message));
    expect(outcome).toMatchObject({ kind: 'token', code: 190, reason: whatsappMsg.reasonTokenInvalid(190) });
    // A token WhatsApp does not know is the same answer.
    const wrong = refused(await clientWith({ token: 'EAAG-otro-token-que-no-existe-123456' }).sendTemplate(message));
    expect(wrong).toMatchObject({ kind: 'token', code: 190 });
    expect(JSON.stringify([outcome, wrong])).not.toContain('EAAG');
  });

  it('a rate limit (130429, HTTP 429) is tried again, after the Retry-After asked for', async () => {
    fake.fail('rate');
    const outcome = refused(await clientWith().sendTemplate(message));
    expect(outcome).toEqual({
      accepted: false,
      kind: 'retry',
      code: 130429,
      reason: whatsappMsg.reasonRateLimited(130429),
      retryAfterMs: 120_000,
    });
  });

  it('a template that does not exist or is not approved (132001) fails with a clear reason, not tried again', async () => {
    fake.fail('template');
    const forced = refused(await clientWith().sendTemplate(message));
    expect(forced).toMatchObject({
      kind: 'fail',
      code: 132001,
      reason: whatsappMsg.reasonTemplate(message.template, 132001),
    });
    const unknown = refused(await clientWith().sendTemplate({ ...message, template: 'plantilla_que_no_existe' }));
    expect(unknown.kind).toBe('fail');
    expect(unknown.reason).toBe(whatsappMsg.reasonTemplate('plantilla_que_no_existe', 132001));
    // Parameters that do not fit the template (132000) are the template's problem too.
    const short = refused(await clientWith().sendTemplate({ ...message, params: ['Solo uno'] }));
    expect(short).toMatchObject({ kind: 'fail', code: 132000 });
  });

  it('a recipient WhatsApp cannot reach (131026) fails naming the number, not tried again', async () => {
    fake.state.undeliverable.add('56912345678');
    const outcome = refused(await clientWith().sendTemplate(message));
    expect(outcome).toMatchObject({
      kind: 'fail',
      code: 131026,
      reason: whatsappMsg.reasonRecipient('+56912345678', 131026),
    });
  });

  it('a server error (500) and no answer at all are tried again', async () => {
    fake.fail('server');
    const server = refused(await clientWith().sendTemplate(message));
    expect(server).toMatchObject({ kind: 'retry', code: 1 });
    expect(server.reason).toContain('se reintentará');
    const closed = await startFakeWhatsApp();
    const url = closed.url;
    await closed.close();
    const network = refused(await clientWith({ apiUrl: url }).sendTemplate(message));
    expect(network).toEqual({
      accepted: false,
      kind: 'retry',
      code: null,
      reason: whatsappMsg.reasonNetwork,
      retryAfterMs: null,
    });
  });

  it("another phone number's id (code 100) fails with WhatsApp's own words", async () => {
    const outcome = refused(await clientWith({ phoneNumberId: '555' }).sendTemplate(message));
    expect(outcome.kind).toBe('fail');
    expect(outcome.code).toBe(100);
    expect(outcome.reason).toContain("Object with ID '555' does not exist");
  });

  it('an answer of 200 without a message id is not taken as accepted', async () => {
    const client = createWhatsAppClient(
      { apiUrl: 'https://graph.example', apiVersion: 'v21.0', phoneNumberId: '1', token: FAKE_WHATSAPP_TOKEN },
      async () => new Response(JSON.stringify({ messaging_product: 'whatsapp', messages: [] }), { status: 200 }),
    );
    expect(refused(await client.sendTemplate(message))).toMatchObject({
      kind: 'fail',
      reason: whatsappMsg.reasonNoMessageId,
    });
  });

  it('the app-level rate limit (80007) is tried again too', async () => {
    const client = createWhatsAppClient(
      { apiUrl: 'https://graph.example', apiVersion: 'v21.0', phoneNumberId: '1', token: FAKE_WHATSAPP_TOKEN },
      async () =>
        new Response(JSON.stringify({ error: { message: 'Rate limit', type: 'OAuthException', code: 80007 } }), {
          status: 400,
        }),
    );
    expect(refused(await client.sendTemplate(message))).toMatchObject({
      kind: 'retry',
      code: 80007,
      retryAfterMs: null,
    });
  });
});
