import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from './errors';

interface ValidationIssue {
  message?: string;
}

/**
 * One place turns every failure into the envelope the console expects: validation errors name
 * the field in Chinese (the contracts carry the texts), refusals keep their status, and anything
 * unexpected is logged and answered without internals.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, req, reply) => {
    // A failure after a handler chose another type (a file stream) must still answer JSON.
    reply.type('application/json; charset=utf-8');
    if (err instanceof AppError) {
      return reply.status(err.status).send({ code: err.code, msg: err.message, message: err.message });
    }
    const validation = (err as FastifyError).validation as ValidationIssue[] | undefined;
    if (validation?.length || err instanceof ZodError) {
      const issues: ValidationIssue[] = err instanceof ZodError ? err.issues : validation!;
      const msg = issues[0]?.message || '请求参数有误';
      return reply.status(400).send({ code: 400, msg, message: msg });
    }
    const status = (err as FastifyError).statusCode;
    if (status === 429) {
      const msg = '操作过于频繁，请稍后再试';
      return reply.status(429).send({ code: 429, msg, message: msg });
    }
    if (status === 413 || (err as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
      const msg = '上传的文件过大';
      return reply.status(413).send({ code: 413, msg, message: msg });
    }
    if (status && status >= 400 && status < 500) {
      const msg = status === 415 ? '不支持的请求格式' : '请求参数有误';
      return reply.status(status).send({ code: status, msg, message: msg });
    }
    req.log.error({ err }, 'unhandled error');
    const msg = '系统异常，请联系管理员';
    return reply.status(500).send({ code: 500, msg, message: msg });
  });
}
