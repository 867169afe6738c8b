import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './platform/config';
import { openDb } from './platform/db/index';
import { migrateToLatest } from './platform/db/migrate';
import type { Kysely } from 'kysely';
import { installAuthGuard } from './platform/auth/guard';
import { installErrorHandler } from './platform/error-handler';
import { FileStore } from './platform/files';
import { OutboxSmsProvider, type SmsProvider } from './platform/sms';
import { EventBus } from './platform/bus';
import { startAlarms } from './alarm/index';
import { startNotify } from './notify/index';
import { startRealtime } from './realtime/index';
import type { AppContext } from './platform/context';
import { installDocs } from './platform/docs';
import { installStatic } from './platform/static';
import { ensureAdministrator } from './modules/auth/bootstrap';
import { registerModules } from './modules/index';
import { startTelemetry } from './telemetry/index';

export interface BuildOptions {
  /** PostgreSQL schema for test isolation. */
  pgSchema?: string;
  sms?: SmsProvider;
  logger?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Set when the administrator was created with a generated password (printed once). */
  generatedAdminPassword: string | null;
}

/** Builds the whole server: database (migrated), services, routes. Tests call this too. */
export async function buildApp(config: AppConfig, opts: BuildOptions = {}): Promise<BuiltApp> {
  const { db, dialect, close } = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: opts.pgSchema });
  await migrateToLatest(db as unknown as Kysely<unknown>, dialect);

  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 5 * 1024 * 1024,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => close());

  const ctx: AppContext = {
    db,
    dialect,
    config,
    files: new FileStore(db, config.dataDir),
    sms: opts.sms ?? new OutboxSmsProvider(db),
    bus: new EventBus(),
  };

  installErrorHandler(app);
  installAuthGuard(app, db, config.session);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } });
  await installDocs(app);
  await registerModules(app, ctx);
  ctx.telemetry = await startTelemetry(app, ctx);
  await startAlarms(app, ctx);
  await startNotify(app, ctx);
  await startRealtime(app, ctx);
  await installStatic(app, config.webDist);

  const generatedAdminPassword = await ensureAdministrator(ctx);
  await app.ready();
  return { app, ctx, generatedAdminPassword };
}
