import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { badRequest } from '../../platform/errors';
import { IMAGE_MIME, type StoredFile } from '../../platform/files';
import { writeAudit } from '../../platform/audit';
import fs from 'node:fs';

const resourceQuery = z.object({ resource: z.string({ error: '请指定资源' }).max(200) });
const fileQuery = z.object({ fileName: z.string({ error: '请指定文件名' }).max(200) });

function sendStored(reply: FastifyReply, file: StoredFile & { path: string }, inline: boolean) {
  const disposition = inline ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.mime)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`)
    .send(fs.createReadStream(file.path));
}

/**
 * Downloads of files the system stored itself, by stored name only (spec §7 Files), and the
 * generic upload the console uses for avatars and logos.
 */
export async function fileRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['文件'];

  // Images (avatars, logos) are shown in <img>, which cannot send the Authorization header;
  // their stored names are unguessable 128-bit random values.
  app.get('/common/download/resource', { schema: { tags, querystring: resourceQuery }, config: { public: true } }, async (req, reply) => {
    const file = await ctx.files.open(req.query.resource);
    if (!IMAGE_MIME.includes(file.mime)) throw badRequest('该资源不是图片');
    reply.header('cache-control', 'private, max-age=86400');
    return sendStored(reply, file, true);
  });

  app.get('/common/fileDownload', { schema: { tags, querystring: fileQuery }, config: { signedIn: true } }, async (req, reply) => {
    const file = await ctx.files.open(req.query.fileName);
    return sendStored(reply, file, false);
  });

  app.post('/api/common/upload', { schema: { tags }, config: { signedIn: true } }, async (req) => {
    const part = await req.file();
    if (!part) throw badRequest('请选择要上传的文件');
    const data = await part.toBuffer();
    if (!data.length) throw badRequest('上传的文件为空');
    const saved = await ctx.files.save(data, { originalName: part.filename, mime: part.mimetype, kind: 'upload', userId: req.auth!.userId });
    await writeAudit(ctx.db, req, { category: 'file', action: '上传文件', target: saved.storedName, detail: { name: part.filename, size: data.length } });
    return ok({ fileName: saved.storedName, originalName: saved.originalName, size: saved.size, url: `/common/fileDownload?fileName=${saved.storedName}` });
  });
}
