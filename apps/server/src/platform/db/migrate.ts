import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DialectName } from './index';
import { migrations } from '../../../migrations/index';

/** A migration receives the dialect so it can pick the one column type that differs (ids). */
export interface AppMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(migrations)) {
      out[name] = { up: (db) => m.up(db, this.dialect) };
    }
    return out;
  }
}

/** Runs every pending migration; throws (and the server does not start) if one fails. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  // Kysely looks for its own tables in every schema unless told which one: with several test
  // schemas migrating side by side it would see another schema's lock table and fail.
  const schema = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`数据库迁移失败：${failed?.migrationName ?? ''} ${error instanceof Error ? error.message : String(error ?? '')}`);
  }
}
