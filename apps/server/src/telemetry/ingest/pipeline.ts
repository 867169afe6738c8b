import type { FastifyBaseLogger } from 'fastify';
import { INGEST_REJECT_REASONS, type IngestRejectReason, type IngestResult } from '@pdz/contracts';
import type { Sample } from '../types';
import type { RuleCache } from '../rules/rule-cache';
import type { WriteBuffer } from '../buffer/write-buffer';
import type { IngestStats, LinkSample } from './stats';
import type { CommState } from './comm-state';
import type { GatewayInfo } from './gateways';
import { parsePayload, readingOf } from './payload';

/**
 * value × scale + offset, rounded to 15 significant digits so binary noise (2001 × 0.1 =
 * 200.10000000000002) does not reach the history; identity rules pass the reading untouched.
 */
export function scaled(reading: number, scale: number, offset: number): number {
  if (scale === 1 && offset === 0) return reading;
  return Number((reading * scale + offset).toPrecision(15));
}

/**
 * A record older than this on arrival was stored by the gateway while its link was down (or
 * waited in its queue), not just batched: a minute, three report intervals, or a batch interval
 * plus two report intervals, whichever is longest.
 */
function backlogAfterMs(gw: Pick<GatewayInfo, 'reportIntervalS' | 'batchIntervalS'>): number {
  return Math.max(60_000, 3 * gw.reportIntervalS * 1000, (gw.batchIntervalS + 2 * gw.reportIntervalS) * 1000);
}

/** What a message says of the link: the delay of its newest record (live messages only), and its backlog. */
function linkSample(gw: GatewayInfo, records: { ts: number }[], now: number): LinkSample {
  const after = backlogAfterMs(gw);
  let newestLive = -Infinity;
  let backlogRecords = 0;
  let backlogAgeMs = 0;
  for (const r of records) {
    const age = now - r.ts;
    if (age > after) {
      backlogRecords++;
      backlogAgeMs = Math.max(backlogAgeMs, age);
    } else newestLive = Math.max(newestLive, r.ts);
  }
  // A replay says nothing of the live link: its newest records may be minutes old without being a backlog.
  const delayMs = backlogRecords || newestLive === -Infinity ? null : Math.max(0, now - newestLive);
  return { delayMs, backlogRecords, backlogAgeMs };
}

export interface PipelineOptions {
  maxRecords: number;
  maxFutureMs: number;
}

export interface Accepted {
  /** What the message gave (refusals included); `refused` when nothing in it was usable. */
  result: IngestResult;
  refused: { reason: IngestRejectReason; message: string } | null;
  /** Settles when every sample of the message is committed: then the gateway may be acknowledged. */
  durable: Promise<void>;
}

/**
 * Gateway message → samples → write buffer, the same for MQTT and HTTP. Parses, maps raw tags
 * through the gateway's rules (value × scale + offset, booleans as 1 / 0), counts unknown tags
 * and refusals per gateway (logged at most every 10 s per gateway and reason), marks the gateway
 * and its equipment as heard, and hands the samples to the buffer:
 * - `wait` (MQTT): waits for room in the buffer, so the acknowledgement comes later;
 * - `try` (HTTP): throws BufferFullError at once when the buffer is full (nothing is counted then,
 *   since the gateway will send the message again).
 */
export class IngestPipeline {
  private readonly lastLog = new Map<string, number>();

  constructor(
    private readonly rules: RuleCache,
    private readonly buffer: WriteBuffer,
    private readonly stats: IngestStats,
    private readonly comm: CommState,
    private readonly log: FastifyBaseLogger,
    private readonly opts: PipelineOptions,
  ) {}

  async accept(gw: GatewayInfo, body: string | Buffer, mode: 'wait' | 'try'): Promise<Accepted> {
    const now = Date.now();
    const parsed = parsePayload(body, { now, maxRecords: this.opts.maxRecords, maxFutureMs: this.opts.maxFutureMs });
    const result: IngestResult = { records: 0, samples: 0, unknown: 0, rejected: [] };
    if (!parsed.ok) {
      const r = parsed.rejection;
      this.refuse(gw, r.reason, r.detail, now);
      this.stats.message(gw.id, 0, 0, now);
      this.comm.seen(gw, [], now);
      result.rejected.push({ index: r.index, reason: INGEST_REJECT_REASONS[r.reason] });
      return { result, refused: { reason: r.reason, message: INGEST_REJECT_REASONS[r.reason] }, durable: Promise.resolve() };
    }

    const tags = await this.rules.rulesOf(gw.id);
    const samples: Sample[] = [];
    const unknown: string[] = [];
    const badValues: { index: number; tag: string; detail: string }[] = [];
    const equipment = new Set<number>();
    for (const rec of parsed.records) {
      for (const tag in rec.values) {
        const rule = tags.get(tag);
        if (!rule) {
          unknown.push(tag);
          continue;
        }
        const reading = readingOf(rec.values[tag]);
        const v = reading === null ? NaN : scaled(reading, rule.scale, rule.offset);
        if (!Number.isFinite(v)) {
          badValues.push({ index: rec.index, tag, detail: `${tag}=${String(JSON.stringify(rec.values[tag])).slice(0, 60)}` });
          continue;
        }
        samples.push({ p: rule.pointId, t: rec.ts, v, q: 0 });
        equipment.add(rule.equipmentId);
      }
    }

    // Room first (HTTP): a refused message is sent again, so it is not counted now.
    const durable = !samples.length ? Promise.resolve() : mode === 'try' ? this.buffer.tryOffer(samples) : this.buffer.offer(samples);

    this.stats.message(gw.id, parsed.records.length, samples.length, now, linkSample(gw, parsed.records, now));
    for (const tag of unknown) this.stats.unknownTag(gw.id, tag, now);
    if (unknown.length) this.note(gw, 'unknown', `未配置规则的标签：${[...new Set(unknown)].slice(0, 5).join(', ')}`);
    for (const r of parsed.rejected) {
      this.refuse(gw, r.reason, r.detail, now);
      result.rejected.push({ index: r.index, reason: INGEST_REJECT_REASONS[r.reason] });
    }
    for (const b of badValues) {
      this.refuse(gw, 'value', b.detail, now);
      result.rejected.push({ index: b.index, tag: b.tag, reason: INGEST_REJECT_REASONS.value });
    }
    this.comm.seen(gw, equipment, now);

    result.records = parsed.records.length;
    result.samples = samples.length;
    result.unknown = unknown.length;
    const refused = parsed.records.length === 0 && parsed.rejected.length ? { reason: parsed.rejected[0].reason, message: INGEST_REJECT_REASONS[parsed.rejected[0].reason] } : null;
    return { result, refused, durable };
  }

  /** A message on a topic or path that does not fit its sender (MQTT topic of another gateway). */
  refuse(gw: GatewayInfo, reason: IngestRejectReason, detail: string, now = Date.now()) {
    this.stats.reject(gw.id, reason, detail, now);
    this.note(gw, reason, detail);
  }

  private note(gw: GatewayInfo, reason: string, detail: string) {
    const key = `${gw.id}:${reason}`;
    const now = Date.now();
    if (now - (this.lastLog.get(key) ?? 0) < 10_000) return;
    this.lastLog.set(key, now);
    if (this.lastLog.size > 10_000) this.lastLog.clear();
    const text = reason in INGEST_REJECT_REASONS ? INGEST_REJECT_REASONS[reason as IngestRejectReason] : reason;
    this.log.warn({ gateway: gw.code, reason, detail }, `telemetry: ${text}`);
  }
}
