import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the WhatsApp Business Cloud API (Meta's Graph API), for tests only. It takes
 * `POST /{version}/{phone-number-id}/messages` as documented: the bearer token, the phone number's
 * id, a template message's body (messaging_product, to, type, template.name, language.code, body
 * parameters); it knows the approved templates and how many parameters each has. A good request is
 * answered `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`; a bad one with
 * Meta's error shape `{ error: { message, type, code, error_subcode, fbtrace_id } }`. It can be told to
 * answer the next requests with an expired token (190), a rate limit (130429, HTTP 429), a template
 * that does not exist (132001) or a server error (500), and records every request it received.
 */
export const FAKE_WHATSAPP_TOKEN = 'EAAG-token-de-prueba-de-whatsapp-0123456789';
export const FAKE_WHATSAPP_PHONE_ID = '109876543210987';

/** The templates WhatsApp Manager approved, with the number of body parameters each expects. */
const APPROVED_TEMPLATES: Record<string, number> = {
  nuevo_mensaje: 3,
  solicitud_por_vencer: 4,
  aprobacion_pendiente: 3,
  cobro_vencido: 5,
};

export type FakeWhatsAppFailure = 'token' | 'rate' | 'template' | 'server';

export interface FakeWhatsAppRequest {
  path: string;
  authorization: string | undefined;
  body: unknown;
  /** The answer's status and the message id given (null when refused). */
  status: number;
  messageId: string | null;
}

const FAILURES: Record<FakeWhatsAppFailure, { status: number; error: Record<string, unknown> }> = {
  token: {
    status: 401,
    error: {
      message: 'Error validating access token: Session has expired on Friday, 20-Nov-26 10:00:00 PST.',
      type: 'OAuthException',
      code: 190,
      error_subcode: 463,
    },
  },
  rate: {
    status: 429,
    error: {
      message: '(#130429) Rate limit hit',
      type: 'OAuthException',
      code: 130429,
      error_data: { messaging_product: 'whatsapp', details: 'Cloud API message throughput has been reached.' },
    },
  },
  template: {
    status: 404,
    error: {
      message: '(#132001) Template name does not exist in the translation',
      type: 'OAuthException',
      code: 132001,
    },
  },
  server: { status: 500, error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1 } },
};

export async function startFakeWhatsApp() {
  const state = {
    received: [] as FakeWhatsAppRequest[],
    /** Answers forced on the next requests, in order. */
    failures: [] as FakeWhatsAppFailure[],
    /** Numbers (E.164 without '+') that have no WhatsApp: answered 131026. */
    undeliverable: new Set<string>(),
    /** How long each answer waits (a test of two senders at once overlaps them). */
    delayMs: 0,
    /** The tokens it takes (a test adds the 'new' token an owner configures after one expired). */
    tokens: new Set([FAKE_WHATSAPP_TOKEN]),
  };

  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const errorBody = (error: Record<string, unknown>) => ({
    error: { fbtrace_id: `A${randomBytes(8).toString('hex')}`, ...error },
  });
  const readBody = (request: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => resolve(body));
    });

  /** Why a body is not a template message the API accepts (Meta answers such a body code 100), or null. */
  function shapeProblem(body: unknown): string | null {
    const message = body as {
      messaging_product?: unknown;
      to?: unknown;
      type?: unknown;
      template?: { name?: unknown; language?: { code?: unknown }; components?: unknown };
    };
    if (message?.messaging_product !== 'whatsapp') return 'The parameter messaging_product is required.';
    if (typeof message.to !== 'string' || !/^\+?\d{8,15}$/.test(message.to)) return 'Invalid parameter: to';
    if (message.type !== 'template') return 'Param type must be template here';
    if (typeof message.template?.name !== 'string') return 'The parameter template[name] is required.';
    if (typeof message.template.language?.code !== 'string')
      return 'The parameter template[language][code] is required.';
    const components = message.template.components;
    if (!Array.isArray(components) || components.length !== 1 || components[0]?.type !== 'body')
      return 'Param template[components] must hold the body component';
    const parameters = components[0].parameters;
    if (
      !Array.isArray(parameters) ||
      !parameters.every(
        (parameter: { type?: unknown; text?: unknown }) =>
          parameter?.type === 'text' && typeof parameter.text === 'string' && parameter.text.trim() !== '',
      )
    )
      return 'Param template[components][0][parameters] must be texts';
    return null;
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const authorization = request.headers.authorization;
    const raw = await readBody(request);
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    const record = (status: number, messageId: string | null = null) =>
      state.received.push({ path: url.pathname, authorization, body, status, messageId });

    const match = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(url.pathname);
    if (request.method !== 'POST' || !match) {
      record(400);
      return json(response, 400, errorBody({ message: 'Unknown path components', type: 'OAuthException', code: 2500 }));
    }
    if (!authorization?.startsWith('Bearer ') || !state.tokens.has(authorization.slice('Bearer '.length))) {
      record(401);
      return json(response, 401, errorBody({ ...FAILURES.token.error, message: 'Invalid OAuth access token.' }));
    }
    if (match[2] !== FAKE_WHATSAPP_PHONE_ID) {
      record(400);
      return json(
        response,
        400,
        errorBody({
          message: `Unsupported post request. Object with ID '${match[2]}' does not exist`,
          type: 'GraphMethodException',
          code: 100,
          error_subcode: 33,
        }),
      );
    }
    const forced = state.failures.shift();
    if (forced) {
      const failure = FAILURES[forced];
      record(failure.status);
      return json(
        response,
        failure.status,
        errorBody(failure.error),
        forced === 'rate' ? { 'retry-after': '120' } : {},
      );
    }
    const problem = shapeProblem(body);
    if (problem) {
      record(400);
      return json(response, 400, errorBody({ message: `(#100) ${problem}`, type: 'OAuthException', code: 100 }));
    }
    const message = body as { to: string; template: { name: string; components: [{ parameters: unknown[] }] } };
    const expected = APPROVED_TEMPLATES[message.template.name];
    if (expected === undefined) {
      record(FAILURES.template.status);
      return json(response, FAILURES.template.status, errorBody(FAILURES.template.error));
    }
    if (message.template.components[0].parameters.length !== expected) {
      record(400);
      return json(
        response,
        400,
        errorBody({
          message: '(#132000) Number of parameters does not match the expected number of params',
          code: 132000,
        }),
      );
    }
    const waId = message.to.replace(/^\+/, '');
    if (state.undeliverable.has(waId)) {
      record(400);
      return json(response, 400, errorBody({ message: '(#131026) Message Undeliverable.', code: 131026 }));
    }
    const messageId = `wamid.${randomBytes(12).toString('hex')}`;
    record(200, messageId);
    return json(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: message.to, wa_id: waId }],
      messages: [{ id: messageId }],
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /** The next `times` requests with good credentials are answered with this failure. */
    fail(failure: FakeWhatsAppFailure, times = 1) {
      for (let i = 0; i < times; i += 1) state.failures.push(failure);
    },
    /** The messages it accepted. */
    accepted: () => state.received.filter((request) => request.messageId !== null),
    /** The env of an app that sends here. */
    env: (): Record<string, string> => ({
      WHATSAPP_API_URL: `http://127.0.0.1:${port}`,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP_PHONE_ID,
      WHATSAPP_TOKEN: FAKE_WHATSAPP_TOKEN,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeWhatsApp = Awaited<ReturnType<typeof startFakeWhatsApp>>;
