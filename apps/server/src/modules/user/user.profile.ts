import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordBody, profileBody, PROFILE_IMAGE_MAX_BYTES, type ProfileImageResult } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { AppError, badRequest } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { endUserSessions } from '../../platform/auth/sessions';
import { audited } from './audited';
import { assertPhoneFree } from './user.service';
import { userRowById } from './user.repo';

/** Image kinds recognised by their first bytes; the name and the declared type are not trusted. */
const SIGNATURES: { mime: string; ext: string; test: (b: Buffer) => boolean }[] = [
  { mime: 'image/png', ext: 'png', test: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', ext: 'gif', test: (b) => b.length > 6 && ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { mime: 'image/webp', ext: 'webp', test: (b) => b.length > 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function sniffImage(data: Buffer): { mime: string; ext: string } | null {
  const hit = SIGNATURES.find((s) => s.test(data));
  return hit ? { mime: hit.mime, ext: hit.ext } : null;
}

const IMAGE_FIELDS = {
  avatar: { column: 'avatar', label: '头像' },
  logo: { column: 'logo', label: '系统标志' },
  minLogo: { column: 'min_logo', label: '系统小标志' },
} as const;
type ImageField = keyof typeof IMAGE_FIELDS;

const tooLarge = () => new AppError(413, `图片大小不能超过${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024}MB`);

async function readImage(req: FastifyRequest): Promise<{ data: Buffer; mime: string; ext: string }> {
  if (!req.isMultipart()) throw badRequest('请选择要上传的图片');
  const part = await req.file({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
  if (!part) throw badRequest('请选择要上传的图片');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (!data.length) throw badRequest('上传的图片为空');
  const kind = sniffImage(data);
  if (!kind) throw badRequest('只能上传 PNG、JPEG、GIF 或 WEBP 格式的图片');
  return { data, ...kind };
}

/** The signed-in user's own profile, password, avatar and logos (personal centre). */
export async function profileRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['个人中心'];
  const base = '/api/system/user/profile';

  // The personal centre shows role names and the creation time, which user info does not carry.
  app.get(base, { schema: { tags }, config: { signedIn: true } }, async (req) => ok(await userRowById(db, req.auth!.userId)));

  app.post(`${base}/edit`, { schema: { tags, body: profileBody }, config: { signedIn: true } }, async (req) => {
    const p = req.auth!;
    await audited(db, req, { category: 'user', action: '修改个人资料', target: p.userName }, async (note) => {
      note.detail = { ...req.body };
      await assertPhoneFree(ctx, req.body.phone, p.userId);
      await db
        .updateTable('sys_user')
        .set({ nick_name: req.body.nickName, phone: req.body.phone, email: req.body.email, remark: req.body.remark, updated_at: Date.now() })
        .where('id', '=', p.userId)
        .execute();
    });
    return ok(req.body);
  });

  const limit = { rateLimit: { max: ctx.config.rateLimit.loginPerMinute, timeWindow: '1 minute' } };
  app.post(`${base}/changePassword`, { schema: { tags, body: changePasswordBody }, config: { signedIn: true, ...limit } }, async (req) => {
    const p = req.auth!;
    await audited(db, req, { category: 'user', action: '修改密码', target: p.userName }, async () => {
      const user = await db.selectFrom('sys_user').select('password_hash').where('id', '=', p.userId).executeTakeFirstOrThrow();
      if (!(await verifyPassword(user.password_hash, req.body.oldPassword))) throw badRequest('旧密码不正确');
      if (req.body.oldPassword === req.body.newPassword) throw badRequest('新密码不能与旧密码相同');
      const hash = await hashPassword(req.body.newPassword, ctx.config.passwordHash);
      await db.updateTable('sys_user').set({ password_hash: hash, updated_at: Date.now() }).where('id', '=', p.userId).execute();
      // Other devices signed in with the old password are signed out; this one stays.
      await endUserSessions(db, p.userId, p.tokenHash);
    });
    ctx.bus.emit('session.ended', { userId: p.userId });
    return ok(null);
  });

  const upload = (field: ImageField) => async (req: FastifyRequest) => {
    const p = req.auth!;
    const { column, label } = IMAGE_FIELDS[field];
    const stored = await audited(db, req, { category: 'user', action: `上传${label}`, target: p.userName }, async (note) => {
      const img = await readImage(req);
      const saved = await ctx.files.save(img.data, { originalName: `${field}.${img.ext}`, mime: img.mime, kind: field === 'avatar' ? 'avatar' : 'logo', userId: p.userId });
      await db.updateTable('sys_user').set({ [column]: saved.storedName, updated_at: Date.now() }).where('id', '=', p.userId).execute();
      note.detail = { file: saved.storedName, size: saved.size, mime: img.mime };
      return saved.storedName;
    });
    const result: ProfileImageResult = { [field]: stored };
    return ok(result);
  };
  for (const field of Object.keys(IMAGE_FIELDS) as ImageField[]) {
    app.post(`${base}/${field}`, { schema: { tags }, config: { signedIn: true } }, upload(field));
  }
}
