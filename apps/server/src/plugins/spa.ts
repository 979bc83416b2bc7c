import fs from 'node:fs';
import path from 'node:path';
import { msg } from '@app/shared/messages';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app with a history-mode fallback: any GET outside /api that is not a file
 * answers index.html, so deep links such as /empresas or /recuperar-contraseña/abc load the app.
 * Files go compressed when the build wrote a .br/.gz beside them; files under assets/ carry their
 * content's hash in their name, so browsers keep them for a year without asking again.
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // A route per built file is made at start-up; the .br and .gz beside them are only ever sent in
      // their original's place, so they get none (half the routes; making them was ~9% of a restart).
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: msg.notFound });
  });
}
