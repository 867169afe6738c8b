import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/admin/', '/ignore/', '/common/', '/ws', '/swagger-ui'];

/**
 * Serves the built console; any other GET that is not an API call gets index.html so the
 * console's history-mode routes survive a reload.
 */
export async function installStatic(app: FastifyInstance, webDist: string | null) {
  const index = webDist ? path.join(webDist, 'index.html') : null;
  const hasConsole = !!index && fs.existsSync(index);
  if (hasConsole) {
    await app.register(fastifyStatic, { root: webDist!, index: false, wildcard: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = API_PREFIXES.some((p) => req.url.startsWith(p));
    if (hasConsole && req.method === 'GET' && !isApi) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(index!));
    }
    return reply.status(404).send({ code: 404, msg: '接口不存在', message: '接口不存在' });
  });
}
