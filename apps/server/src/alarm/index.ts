import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { AlarmEngine } from './engine';
import { AlarmWriter } from './writer';
import { alarmRoutes } from './routes';

const COMM_CHECK_MS = 1000;
const engines = new WeakMap<AppContext, AlarmEngine>();

/** The engine of an app (tests wait on `engine.writer.idle()`). */
export function alarmEngineOf(ctx: AppContext): AlarmEngine | undefined {
  return engines.get(ctx);
}

/**
 * Alarms (issue 4): the engine over committed samples and communication state, the lifecycle
 * and its calls. Samples and comm changes are evaluated only where they happened (meta.remote
 * false); rule changes reload everywhere; alarms raised or recovered by another process keep
 * this process's "one open alarm per rule" in step.
 */
export async function startAlarms(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const writer = new AlarmWriter(ctx, app.log);
  const engine = new AlarmEngine(ctx.db, writer, app.log);
  engines.set(ctx, engine);
  await engine.start();
  ctx.bus.on('telemetry.samples', (e, meta) => {
    if (!meta.remote) engine.onSamples(e.samples);
  });
  ctx.bus.on('equipment.status', (e, meta) => {
    if (!meta.remote) engine.onStatus(e);
  });
  ctx.bus.on('alarmrule.changed', (e) => void engine.reload(e.equipmentId));
  ctx.bus.on('alarm.event', (e, meta) => {
    if (meta.remote) engine.onRemoteAlarm(e.kind, e.alarm);
  });
  const timer = setInterval(() => engine.checkComm(), COMM_CHECK_MS);
  timer.unref();
  // After telemetry's preClose (registered before this) has flushed the last batch.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await writer.idle();
  });
  await alarmRoutes(app, ctx);
}
