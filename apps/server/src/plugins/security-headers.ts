import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The web socket origin of the app's own address ('http://x:3000' → 'ws://x:3000'). */
function socketOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/**
 * Security headers: a CSP that only lets the page talk to its own origin (and its own web
 * socket), HSTS only when the request really came over HTTPS (directly, or through a proxy
 * trusted by TRUST_PROXY), and no caching of API answers, which carry tokens and portal passwords.
 */
export async function registerSecurityHeaders(app: FastifyInstance, appUrl: string) {
  await app.register(helmet, {
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", socketOrigin(appUrl)],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
