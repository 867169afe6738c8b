import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { WS_CLOSE_PROTOCOL, WS_CLOSE_UNAUTHORIZED, WS_PATH, type WsClientFrame } from '@pdz/contracts';
import type { AppContext } from '../platform/context';
import { REDIS_BUS_CHANNEL, RedisBusTransport } from '../platform/bus-redis';
import { AssetIndex } from './asset-index';
import { Conn } from './conn';
import { Hub } from './hub';
import { SessionWatch } from './session-watch';

/** Full re-read of the asset index (moves and deletions; new rows are read on demand). */
const INDEX_RELOAD_MS = 5 * 60_000;
const SESSION_CHECK_MS = 60_000;
/** A sub of 2,000 channels is ~40 KB; nothing a client sends needs more. */
const MAX_FRAME_BYTES = 256 * 1024;

export interface Realtime {
  hub: Hub;
  index: AssetIndex;
  sessions: SessionWatch;
}

/**
 * Realtime (issue 4): the websocket hub on `/ws?token=` (protocol in @pdz/contracts realtime.ts)
 * and, when REDIS_URL is set, the Redis transport of the event bus. Every process delivers the
 * events of all processes (local and remote) to its own sockets.
 */
export async function startRealtime(app: FastifyInstance, ctx: AppContext): Promise<Realtime> {
  const cfg = ctx.config.realtime;
  const log = app.log;
  if (ctx.config.redisUrl) {
    await ctx.bus.attach(new RedisBusTransport({ url: ctx.config.redisUrl, channel: await busChannel(ctx), log }));
    app.addHook('onClose', async () => ctx.bus.detach());
  }

  const index = new AssetIndex(ctx.db, (err) => log.warn({ err }, 'realtime: asset index not refreshed'));
  await index.loadAll();
  const hub = new Hub(ctx.db, index, () => ctx.telemetry?.latest, cfg.maxChannels, cfg.coalesceMs);
  const sessions = new SessionWatch(ctx.db, ctx.config.session, hub, (err) => log.warn({ err }, 'realtime: session check failed'));

  // Local and remote events alike: each process serves its own sockets.
  ctx.bus.on('telemetry.samples', (e) => hub.onSamples(e.samples));
  ctx.bus.on('equipment.status', (e) => hub.onEquipmentStatus(e));
  ctx.bus.on('gateway.status', (e) => void hub.onGatewayStatus(e).catch((err) => log.warn({ err }, 'realtime: gateway status not sent')));
  ctx.bus.on('alarm.event', (e) => hub.onAlarm(e.kind, e.alarm));
  const messages = (userIds: number[], messageId?: number) =>
    void hub.onMessages(userIds, messageId).catch((err) => log.warn({ err }, 'realtime: message count not sent'));
  ctx.bus.on('message.created', (e) => messages(e.userIds, e.messageId));
  ctx.bus.on('message.changed', (e) => messages([e.userId]));
  ctx.bus.on('session.ended', (e) => void sessions.check(e.userId));

  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const limits = { sendBufferBytes: cfg.sendBufferBytes };
  const onDrop = (conn: Conn, why: string) => {
    log.warn({ userId: conn.userId, why }, 'realtime: socket dropped');
    hub.remove(conn);
  };

  // The guard reads the token query of /ws with the same session lookup as every call (req.auth).
  app.get(WS_PATH, { websocket: true, config: { public: true } }, (socket, req) => {
    const p = req.auth;
    if (!p) {
      socket.close(WS_CLOSE_UNAUTHORIZED, 'unauthorized');
      return;
    }
    const conn = new Conn(socket, p.userId, p.tokenHash, limits, onDrop);
    hub.add(conn);
    // Handlers are attached now: frames sent before the scope is read wait in the queue.
    conn.queue = sessions.loadScope(conn, p).catch((err) => log.warn({ err }, 'realtime: scope not read'));
    socket.on('message', (data, isBinary) => onFrame(conn, data as Buffer, isBinary));
    socket.on('pong', () => (conn.alive = true));
    socket.on('close', () => hub.remove(conn));
    socket.on('error', () => hub.remove(conn));
    conn.sendJson({ type: 'hello', userId: p.userId, serverTime: Date.now() });
  });

  function onFrame(conn: Conn, data: Buffer, isBinary: boolean) {
    conn.alive = true;
    const frame = isBinary ? null : parseFrame(data.toString('utf8'), cfg.maxChannels);
    const bad = typeof frame === 'string' || frame === null;
    if (!conn.countFrame(bad)) {
      conn.close(WS_CLOSE_PROTOCOL, 'too many frames');
      hub.remove(conn);
      return;
    }
    if (bad) {
      conn.sendJson({ type: 'error', msg: frame ?? '只接受文本帧' });
      return;
    }
    if (frame.op === 'ping') {
      conn.sendJson({ type: 'pong', serverTime: Date.now() });
      return;
    }
    const run = frame.op === 'sub' ? () => hub.subscribe(conn, frame.channels, frame.id) : async () => hub.unsubscribe(conn, frame.channels, frame.id);
    conn.queue = conn.queue.then(run).catch((err) => {
      log.warn({ err }, 'realtime: subscription failed');
      conn.sendJson({ type: 'error', msg: '订阅失败，请稍后重试' });
    });
  }

  const timers = [
    setInterval(() => ping(hub), cfg.pingMs),
    setInterval(() => void sessions.check(), SESSION_CHECK_MS),
    setInterval(() => void index.loadAll().catch((err) => log.warn({ err }, 'realtime: asset index not reloaded')), INDEX_RELOAD_MS),
  ];
  for (const t of timers) t.unref();
  app.addHook('preClose', async () => {
    for (const t of timers) clearInterval(t);
    hub.stop();
    for (const conn of [...hub.conns]) {
      conn.close(1001, 'server shutting down');
      hub.remove(conn);
    }
  });
  return { hub, index, sessions };
}

/**
 * The Redis channel of this database: processes sharing a database share events, and systems (or
 * test runs) on other databases or schemas sharing one Redis never hear each other's samples.
 * PostgreSQL is named by what the server reports (database, schema), not by the URL, so two
 * processes reaching it by different host names still meet.
 */
async function busChannel(ctx: AppContext): Promise<string> {
  let identity: string;
  if (ctx.dialect === 'postgres') {
    const { rows } = await sql<{ db: string; schema: string }>`select current_database() as db, current_schema() as schema`.execute(ctx.db);
    identity = `pg:${rows[0].db}:${rows[0].schema}`;
  } else {
    identity = `sqlite:${fs.realpathSync(path.join(ctx.config.dataDir, 'pdz.sqlite'))}`;
  }
  return `${REDIS_BUS_CHANNEL}:${crypto.createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

/** Protocol ping; a socket that did not answer the previous one is gone (half-open TCP). */
function ping(hub: Hub) {
  for (const conn of [...hub.conns]) {
    if (!conn.alive) {
      conn.terminate();
      hub.remove(conn);
      continue;
    }
    conn.alive = false;
    (conn.socket as WebSocket).ping();
  }
}

/** A client frame, or the Chinese reason it is not one. */
export function parseFrame(text: string, maxChannels: number): WsClientFrame | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return '消息不是有效的 JSON';
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return '消息必须是 JSON 对象';
  const f = raw as { op?: unknown; channels?: unknown; id?: unknown };
  if (f.op === 'ping') return { op: 'ping' };
  if (f.op !== 'sub' && f.op !== 'unsub') return '未知的操作（op 只能是 sub、unsub 或 ping）';
  if (!Array.isArray(f.channels) || !f.channels.every((c) => typeof c === 'string' && c.length <= 64)) return 'channels 必须是频道名称的数组';
  if (f.channels.length > maxChannels) return `一次最多订阅 ${maxChannels} 个频道`;
  if (f.id !== undefined && !Number.isSafeInteger(f.id)) return 'id 必须是整数';
  return { op: f.op, channels: f.channels as string[], ...(f.id !== undefined ? { id: f.id as number } : {}) };
}
