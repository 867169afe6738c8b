import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { badRequest, notFound } from './errors';

/** Stored names are `<32 hex>.<ext>`: nothing else can name a stored file. */
const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

export interface StoredFile {
  storedName: string;
  originalName: string;
  mime: string;
  size: number;
}

/**
 * Files the system stored itself (avatars, logos, imports, reports). Reads go by stored name
 * through the database, so a path from a request never reaches the file system.
 */
export class FileStore {
  readonly dir: string;
  constructor(
    private readonly db: Kysely<Database>,
    dataDir: string,
  ) {
    this.dir = path.join(dataDir, 'files');
    fs.mkdirSync(this.dir, { recursive: true });
  }

  async save(data: Buffer, meta: { originalName: string; mime: string; kind: string; userId: number | null }): Promise<StoredFile> {
    const ext = extensionOf(meta.originalName);
    const storedName = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    await fs.promises.writeFile(path.join(this.dir, storedName), data, { flag: 'wx' });
    await this.db
      .insertInto('sys_file')
      .values({
        stored_name: storedName,
        original_name: meta.originalName.slice(0, 255),
        mime: meta.mime,
        size: data.length,
        kind: meta.kind,
        created_by: meta.userId,
        created_at: Date.now(),
      })
      .execute();
    return { storedName, originalName: meta.originalName, mime: meta.mime, size: data.length };
  }

  /** Refuses anything that is not a stored name (`..`, slashes, encoded forms) before any read. */
  async open(name: string | undefined): Promise<StoredFile & { path: string }> {
    if (!name || !STORED_NAME.test(name)) throw badRequest('文件名无效');
    const row = await this.db.selectFrom('sys_file').selectAll().where('stored_name', '=', name).executeTakeFirst();
    if (!row) throw notFound('文件');
    const full = path.join(this.dir, row.stored_name);
    if (!fs.existsSync(full)) throw notFound('文件');
    return { storedName: row.stored_name, originalName: row.original_name, mime: row.mime, size: row.size, path: full };
  }
}

function extensionOf(name: string): string {
  const ext = path.extname(name).slice(1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin';
}

export const IMAGE_MIME = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
