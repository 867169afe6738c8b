import path from 'node:path';
import { WS_COALESCE_MAX_MS, WS_COALESCE_MS, WS_MAX_CHANNELS, WS_PING_MS } from '@pdz/contracts';

/** Everything the server reads from the environment, in one typed object (tests build their own). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; unset means the embedded SQLite file under dataDir. */
  databaseUrl: string | null;
  redisUrl: string | null;
  mqttUrl: string | null;
  adminPassword: string | null;
  /** Built console to serve as static files; null serves the API only. */
  webDist: string | null;
  session: { idleMinutes: number; absoluteHours: number };
  lockout: { maxFailures: number; windowMinutes: number; lockMinutes: number };
  sms: { codeTtlSeconds: number; resendSeconds: number; perPhonePerDay: number; perIpPerDay: number };
  rateLimit: { loginPerMinute: number; smsPerMinute: number };
  passwordHash: { memoryCost: number; timeCost: number };
  logLevel: string;
  /** Time zone offset of day/month buckets, minutes east of UTC (China: +480). */
  zoneOffsetMinutes: number;
  demo: boolean;
  telemetry: TelemetryConfig;
  realtime: RealtimeConfig;
}

/** The console's websocket (issue 4; protocol constants in @pdz/contracts realtime.ts). */
export interface RealtimeConfig {
  /** Coalescing window of point deltas per connection (never above WS_COALESCE_MAX_MS). */
  coalesceMs: number;
  /** Protocol ping interval; a socket that has not answered the previous ping is dropped. */
  pingMs: number;
  /** Channels one connection may hold. */
  maxChannels: number;
  /** Bytes a socket may have waiting to be sent before deltas are held back (slow consumer). */
  sendBufferBytes: number;
}

/** Ingest and storage of measurements (issue 4). */
export interface TelemetryConfig {
  /** Embedded MQTT endpoint when MQTT_URL is unset (0: any free port). */
  mqttPort: number;
  /** MQTT_PORT was set: a taken port is an error; unset, a taken 1883 falls back to a free port. */
  mqttPortExplicit: boolean;
  /** Shared-subscription group on an external broker ($share/{group}/gw/+/up). */
  mqttShareGroup: string;
  /** Client id on the external broker; set it for a persistent session. */
  mqttClientId: string | null;
  /** Samples the write buffer holds at most before pushing back. */
  bufferMax: number;
  /** Samples that make a batch be written at once. */
  batchSamples: number;
  /** Otherwise a batch is written this long after its first sample. */
  flushMs: number;
  /**
   * Embedded database: batches of at least this many samples (the buffer is under load) are
   * appended to the ingest journal and moved into the history later; smaller ones go straight in.
   */
  journalFrom: number;
  /** Under load, journal samples move into the history tables about this often (their lag). */
  journalMoveMs: number;
  /** More samples than this waiting in the journal make commits wait for the move (pushback). */
  journalMax: number;
  /** Raw history kept this many days (rollups are kept); 0 keeps everything. */
  rawRetentionDays: number;
  /** Gateway/equipment offline after this many report intervals without data. */
  offlineFactor: number;
  /** How often communication state is checked. */
  commCheckMs: number;
  /** Records in one message. */
  maxRecordsPerMessage: number;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`环境变量 ${name} 必须是数字，当前为 "${raw}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'));
  return {
    port: intEnv(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    mqttUrl: env.MQTT_URL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST || path.join(root, 'apps/web/dist')),
    session: {
      idleMinutes: intEnv(env, 'SESSION_IDLE_MINUTES', 120),
      absoluteHours: intEnv(env, 'SESSION_ABSOLUTE_HOURS', 24),
    },
    lockout: {
      maxFailures: intEnv(env, 'LOGIN_MAX_FAILURES', 5),
      windowMinutes: intEnv(env, 'LOGIN_FAILURE_WINDOW_MINUTES', 10),
      lockMinutes: intEnv(env, 'LOGIN_LOCK_MINUTES', 10),
    },
    sms: {
      codeTtlSeconds: intEnv(env, 'SMS_CODE_TTL_SECONDS', 300),
      resendSeconds: intEnv(env, 'SMS_RESEND_SECONDS', 60),
      perPhonePerDay: intEnv(env, 'SMS_PER_PHONE_PER_DAY', 10),
      perIpPerDay: intEnv(env, 'SMS_PER_IP_PER_DAY', 50),
    },
    rateLimit: {
      loginPerMinute: intEnv(env, 'LOGIN_RATE_PER_MINUTE', 30),
      smsPerMinute: intEnv(env, 'SMS_RATE_PER_MINUTE', 10),
    },
    passwordHash: {
      memoryCost: intEnv(env, 'ARGON2_MEMORY_KIB', 19456),
      timeCost: intEnv(env, 'ARGON2_TIME_COST', 2),
    },
    logLevel: env.LOG_LEVEL || 'info',
    zoneOffsetMinutes: intEnv(env, 'ZONE_OFFSET_MINUTES', 480),
    demo: env.DEMO !== '0',
    telemetry: {
      mqttPort: intEnv(env, 'MQTT_PORT', 1883),
      mqttPortExplicit: !!env.MQTT_PORT,
      mqttShareGroup: env.MQTT_SHARE_GROUP || 'pdz',
      mqttClientId: env.MQTT_CLIENT_ID || null,
      bufferMax: intEnv(env, 'TELEMETRY_BUFFER_MAX', 200_000),
      batchSamples: intEnv(env, 'TELEMETRY_BATCH', 20_000),
      flushMs: intEnv(env, 'TELEMETRY_FLUSH_MS', 30),
      journalFrom: intEnv(env, 'TELEMETRY_JOURNAL_FROM', 500),
      journalMoveMs: intEnv(env, 'TELEMETRY_JOURNAL_MOVE_MS', 2000),
      journalMax: intEnv(env, 'TELEMETRY_JOURNAL_MAX', 2_000_000),
      rawRetentionDays: intEnv(env, 'RAW_RETENTION_DAYS', 365),
      offlineFactor: intEnv(env, 'GATEWAY_OFFLINE_FACTOR', 3),
      commCheckMs: intEnv(env, 'COMM_CHECK_MS', 5000),
      maxRecordsPerMessage: intEnv(env, 'INGEST_MAX_RECORDS', 10_000),
    },
    realtime: {
      coalesceMs: Math.min(Math.max(intEnv(env, 'WS_COALESCE_MS', WS_COALESCE_MS), 10), WS_COALESCE_MAX_MS),
      pingMs: Math.max(intEnv(env, 'WS_PING_MS', WS_PING_MS), 1000),
      maxChannels: Math.max(intEnv(env, 'WS_MAX_CHANNELS', WS_MAX_CHANNELS), 1),
      sendBufferBytes: Math.max(intEnv(env, 'WS_SEND_BUFFER_BYTES', 4 * 1024 * 1024), 64 * 1024),
    },
  };
}
