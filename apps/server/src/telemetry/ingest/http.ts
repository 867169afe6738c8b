import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GATEWAY_SECRET_HEADER, INGEST_REJECT_REASONS } from '@pdz/contracts';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http';
import { BufferClosedError, BufferFullError } from '../buffer/write-buffer';
import type { GatewayDirectory } from './gateways';
import type { IngestPipeline } from './pipeline';
import type { TelDb } from '../store/store';
import { linkConfigs } from './link-config';

/** Seconds a pushed-back gateway should wait before sending again. */
const RETRY_AFTER_S = 1;

function busy(reply: { header(k: string, v: string): unknown }, msg: string) {
  reply.header('Retry-After', String(RETRY_AFTER_S));
  return new AppError(503, msg);
}

/**
 * GET /api/ingest/{gatewayCode}/config: the gateway's upload settings (弱网优化), same sign-in.
 * POST /api/ingest/{gatewayCode}: the gateway's own secret in `X-Gateway-Secret`, the body as on
 * MQTT. 200 only once every sample of the body is committed; 503 with Retry-After when the write
 * buffer is full (nothing of the body was taken); 400 when nothing in the body was usable; 401 for
 * a wrong code or secret (one answer for both). The body is read as text here, so a malformed
 * one is counted against its gateway instead of failing in the framework's JSON parser.
 */
export async function ingestHttpRoutes(root: FastifyInstance, deps: { db: TelDb; directory: GatewayDirectory; pipeline: IngestPipeline; closing: () => boolean }) {
  await root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const params = z.object({ gatewayCode: z.string().max(64) });
    const headers = z.object({ [GATEWAY_SECRET_HEADER]: z.string().max(256).optional() }).passthrough();
    /** The gateway the request's code and secret sign in as; 401 (one answer for both) otherwise. */
    const gatewayOf = async (req: { params: { gatewayCode: string }; headers: Record<string, unknown>; ip: string }) => {
      const code = req.params.gatewayCode;
      const secret = req.headers[GATEWAY_SECRET_HEADER];
      const gw = await deps.directory.authenticate(code, typeof secret === 'string' ? secret : null);
      if (gw) return gw;
      const known = await deps.directory.find(code);
      if (known) deps.pipeline.refuse(known, 'auth', `HTTP ${req.ip}`);
      throw new AppError(401, INGEST_REJECT_REASONS.auth);
    };
    app.get(
      '/api/ingest/:gatewayCode/config',
      { schema: { tags: ['遥测接入'], summary: '网关读取上报设置（弱网优化）', params, headers }, config: { public: true } },
      async (req) => {
        const gw = await gatewayOf(req);
        const [row] = await linkConfigs(deps.db, { gatewayId: gw.id });
        return ok(row.config);
      },
    );
    app.post(
      '/api/ingest/:gatewayCode',
      {
        schema: {
          tags: ['遥测接入'],
          summary: '网关上报（HTTP）',
          params,
          headers,
        },
        config: { public: true },
      },
      async (req, reply) => {
        const gw = await gatewayOf(req);
        if (deps.closing()) throw busy(reply, '服务正在停止，请稍后重试');
        let accepted;
        try {
          accepted = await deps.pipeline.accept(gw, typeof req.body === 'string' ? req.body : '', 'try');
        } catch (err) {
          if (err instanceof BufferFullError || err instanceof BufferClosedError) throw busy(reply, err.message);
          throw err;
        }
        if (accepted.refused) {
          return reply.status(400).send({ code: 400, msg: accepted.refused.message, message: accepted.refused.message, data: accepted.result });
        }
        try {
          await accepted.durable;
        } catch (err) {
          req.log.error({ err }, 'telemetry: batch not committed');
          throw busy(reply, '数据未能写入，请稍后重试');
        }
        return ok(accepted.result);
      },
    );
  });
}
