import { whatsappMsg } from '@app/shared/messages-whatsapp';

/** Where and as whom the Cloud API is called. The token goes in the Authorization header only. */
export interface WhatsAppClientConfig {
  apiUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  token: string;
  /** A request unanswered after this long counts as a network failure. */
  timeoutMs?: number;
}

export interface TemplateMessage {
  /** The recipient as E.164 ('+56912345678'). */
  to: string;
  template: string;
  language: string;
  /** The body's parameters, {{1}}, {{2}}… in order. */
  params: readonly string[];
}

/**
 * What became of one send. `accepted`: the API answered a message id (WhatsApp took it; not that it
 * was delivered). Otherwise `kind` says what to do: 'token' (the token expired or is invalid: stop
 * until it is replaced), 'retry' (rate limited, a server error or no answer: try again later),
 * 'fail' (the template or the recipient was refused, or anything else: not tried again by itself).
 */
export type SendOutcome =
  | { accepted: true; messageId: string; waId: string | null }
  | {
      accepted: false;
      kind: 'token' | 'retry' | 'fail';
      /** Meta's error code, or null (a network failure, an HTTP status without a body). */
      code: number | null;
      /** Why, in Spanish, for the outbox's row. */
      reason: string;
      /** Retry-After of a 429, when given. */
      retryAfterMs: number | null;
    };

/** The Graph API's error body: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
}

/** Throughput and spam limits: the app's (4, 80007), the phone number's (130429), per recipient (131056), spam (131048). */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);
/** Temporary trouble on Meta's side. */
const TRANSIENT_CODES = new Set([1, 2, 131000, 131016]);
/** The template is missing, not approved, paused, disabled or its parameters do not fit it. */
const TEMPLATE_CODES = new Set([132000, 132001, 132005, 132007, 132012, 132015, 132016, 132018, 132068, 132069]);
/** The recipient cannot get it: undeliverable, outside the window, not allowed, not a WhatsApp number. */
const RECIPIENT_CODES = new Set([131026, 131047, 131030, 131021, 131009, 133010]);

const DEFAULT_TIMEOUT_MS = 15_000;

/** Meta's text, one line and short; never anything that looks like the token. */
function detailOf(error: GraphError | undefined, token: string): string {
  const text = (error?.message ?? '').replaceAll(token, '[oculto]').replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

function retryAfterOf(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** What an HTTP answer that is not a message id means for the outbox. */
export function classify(
  status: number,
  error: GraphError | undefined,
  context: { template: string; to: string; token: string; retryAfterMs: number | null },
): Extract<SendOutcome, { accepted: false }> {
  const code = typeof error?.code === 'number' ? error.code : null;
  const detail = detailOf(error, context.token) || `HTTP ${status}`;
  const outcome = (kind: 'token' | 'retry' | 'fail', reason: string) => ({
    accepted: false as const,
    kind,
    code,
    reason,
    retryAfterMs: context.retryAfterMs,
  });
  if (code === 190 || (code === null && status === 401))
    return outcome('token', whatsappMsg.reasonTokenInvalid(code ?? 190));
  if (status === 429 || (code !== null && RATE_LIMIT_CODES.has(code)))
    return outcome('retry', whatsappMsg.reasonRateLimited(code));
  if (code !== null && TEMPLATE_CODES.has(code))
    return outcome('fail', whatsappMsg.reasonTemplate(context.template, code));
  if (code !== null && RECIPIENT_CODES.has(code)) return outcome('fail', whatsappMsg.reasonRecipient(context.to, code));
  if (status >= 500 || (code !== null && TRANSIENT_CODES.has(code)))
    return outcome('retry', whatsappMsg.reasonServer(code === null ? `HTTP ${status}` : `código ${code}: ${detail}`));
  return outcome('fail', whatsappMsg.reasonRejected(code, detail));
}

/**
 * The WhatsApp Business Cloud API, as far as the app uses it: one template message per call,
 * `POST {apiUrl}/{version}/{phone-number-id}/messages` with the bearer token. Never throws: every
 * answer (and a network failure or a timeout) comes back as a `SendOutcome`.
 */
export function createWhatsAppClient(config: WhatsAppClientConfig, fetchImpl: typeof fetch = fetch) {
  const endpoint = `${config.apiUrl.replace(/\/$/, '')}/${config.apiVersion}/${config.phoneNumberId}/messages`;

  return {
    async sendTemplate(message: TemplateMessage): Promise<SendOutcome> {
      const body = {
        messaging_product: 'whatsapp',
        to: message.to,
        type: 'template',
        template: {
          name: message.template,
          language: { code: message.language },
          components: [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }],
        },
      };
      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(config.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch {
        return { accepted: false, kind: 'retry', code: null, reason: whatsappMsg.reasonNetwork, retryAfterMs: null };
      }
      const answer = (await response.json().catch(() => null)) as {
        messages?: { id?: unknown }[];
        contacts?: { wa_id?: unknown }[];
        error?: GraphError;
      } | null;
      if (response.ok) {
        const messageId = answer?.messages?.[0]?.id;
        if (typeof messageId === 'string' && messageId !== '') {
          const waId = answer?.contacts?.[0]?.wa_id;
          return { accepted: true, messageId, waId: typeof waId === 'string' ? waId : null };
        }
        return { accepted: false, kind: 'fail', code: null, reason: whatsappMsg.reasonNoMessageId, retryAfterMs: null };
      }
      return classify(response.status, answer?.error, {
        template: message.template,
        to: message.to,
        token: config.token,
        retryAfterMs: retryAfterOf(response.headers.get('retry-after')),
      });
    },
  };
}

export type WhatsAppClient = ReturnType<typeof createWhatsAppClient>;
