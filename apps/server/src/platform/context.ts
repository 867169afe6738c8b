import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import type { Database } from './db/schema';
import type { DialectName } from './db/index';
import type { FileStore } from './files';
import type { SmsProvider } from './sms';
import type { EventBus } from './bus';
import type { Telemetry } from '../telemetry/index';

/** What every module receives: database, configuration and the shared services. */
export interface AppContext {
  db: Kysely<Database>;
  dialect: DialectName;
  config: AppConfig;
  files: FileStore;
  sms: SmsProvider;
  bus: EventBus;
  /** Telemetry core (latest values, ingest); set by buildApp once the modules are registered. */
  telemetry?: Telemetry;
}
