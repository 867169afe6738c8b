import { EventEmitter } from 'node:events';
import type { AlarmEventKind, AlarmRow } from '@pdz/contracts';

/** Events other parts of the process react to (websocket hub, notifications). */
export interface BusEvents {
  'message.created': { messageId: number; userIds: number[] };
  'message.changed': { userId: number };
  'session.ended': { userId: number };
  /** A raw-tag rule was saved or removed (telemetry reloads that gateway's rules). */
  'rawrule.changed': { gatewayId: number | null };
  /** Samples of one committed batch that were new, sorted by (point p, time t); v is the value. */
  'telemetry.samples': { samples: { p: number; t: number; v: number; q: number }[] };
  /** Communication state changed (telemetry comm-state). */
  'gateway.status': { id: number; online: boolean; at: number };
  'equipment.status': { id: number; online: boolean; at: number };
  /** An alarm was raised, confirmed or recovered (alarm engine / confirm calls). */
  'alarm.event': { kind: AlarmEventKind; alarm: AlarmRow };
  /** Alarm rules of an equipment were saved (the engine reloads them). */
  'alarmrule.changed': { equipmentId: number | null };
}

export type BusEventName = keyof BusEvents;

/** `remote`: the event was emitted by another server process and came over the transport. */
export interface BusMeta {
  remote: boolean;
}

/**
 * Carries events between server processes (Redis pub/sub when REDIS_URL is set). `publish` sends
 * an event this process emitted; the transport calls `deliver` for events of other processes only.
 */
export interface BusTransport {
  publish(event: BusEventName, payload: unknown): void;
  start(deliver: (event: BusEventName, payload: unknown) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * The event bus. In-process by default; with a transport attached every event also reaches the
 * handlers of the other processes, flagged `remote` so work that must happen once (alarm
 * evaluation, notifications) runs only in the process that emitted it.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  private transport: BusTransport | null = null;
  constructor() {
    this.emitter.setMaxListeners(100);
  }
  emit<K extends BusEventName>(event: K, payload: BusEvents[K]) {
    this.emitter.emit(event, payload, LOCAL);
    this.transport?.publish(event, payload);
  }
  on<K extends BusEventName>(event: K, handler: (payload: BusEvents[K], meta: BusMeta) => void) {
    this.emitter.on(event, handler);
    return () => this.emitter.off(event, handler);
  }
  async attach(transport: BusTransport) {
    await transport.start((event, payload) => this.emitter.emit(event, payload, REMOTE));
    this.transport = transport;
  }
  async detach() {
    const t = this.transport;
    this.transport = null;
    await t?.close();
  }
}

const LOCAL: BusMeta = Object.freeze({ remote: false });
const REMOTE: BusMeta = Object.freeze({ remote: true });
