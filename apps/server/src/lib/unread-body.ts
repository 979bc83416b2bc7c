import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A request answered before its body was read whole (an upload refused at its first bytes, storage
 * failing midway) leaves the rest of the body in its connection: left unread, it stands in front of
 * the next request on that keep-alive connection, which then never gets an answer. The rest is read
 * and dropped, up to `limit` bytes (the most the route accepts in one request, so no more than an
 * accepted one costs); a body declared or found larger has its connection closed instead.
 * Call it before the answer is sent, so that the answer can say `Connection: close`.
 */
export function dropRestOfBody(request: IncomingMessage, response: ServerResponse, limit: number): void {
  if (request.complete || request.destroyed) return;
  // Whatever was reading it (the multipart parser) is done with it.
  request.unpipe();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    if (!response.headersSent) response.setHeader('connection', 'close');
    // Read on until the answer has gone, so the client is not cut off (reset) while it still sends.
    response.once('finish', () => request.socket.destroySoon());
  }
  let dropped = 0;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limit) request.socket.destroy();
  });
  request.resume();
}
