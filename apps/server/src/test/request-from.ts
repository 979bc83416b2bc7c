import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** What a JSON request over real HTTP answered. */
export interface AnswerFrom {
  status: number;
  body: { message?: string; token?: string; count?: number };
}

export interface RequestFromOptions {
  /** The loopback source address (Linux routes all of 127.0.0.0/8 to lo). */
  from?: string;
  method?: string;
  url: string;
  /** Sent as JSON; no body without it. */
  payload?: unknown;
  headers?: Record<string, string>;
}

/**
 * A JSON request to the listening app from a chosen loopback address: per-address rules are
 * proven this way, never by trusting a forwarded header.
 */
export function requestFrom(app: FastifyInstance, options: RequestFromOptions): Promise<AnswerFrom> {
  const { port } = app.server.address() as AddressInfo;
  const body = options.payload === undefined ? undefined : JSON.stringify(options.payload);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: options.from ?? '127.0.0.1',
        method: options.method ?? 'GET',
        path: options.url,
        agent: false,
        headers: {
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...options.headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
