import path from 'node:path';

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
  };
}
