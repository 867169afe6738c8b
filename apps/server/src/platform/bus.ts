import { EventEmitter } from 'node:events';

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
}

/**
 * In-process bus. The telemetry issue adds a Redis-backed implementation with the same
 * interface for several server processes.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(100);
  }
  emit<K extends keyof BusEvents>(event: K, payload: BusEvents[K]) {
    this.emitter.emit(event, payload);
  }
  on<K extends keyof BusEvents>(event: K, handler: (payload: BusEvents[K]) => void) {
    this.emitter.on(event, handler);
    return () => this.emitter.off(event, handler);
  }
}
