import type { IngestRejectReason } from '@pdz/contracts';

export interface ParsedRecord {
  index: number;
  seq: number | null;
  ts: number;
  values: Record<string, unknown>;
}

export interface Rejection {
  index: number;
  reason: IngestRejectReason;
  tag?: string;
  detail: string;
}

export type ParseResult = { ok: true; records: ParsedRecord[]; rejected: Rejection[] } | { ok: false; rejection: Rejection };

export interface ParseLimits {
  now: number;
  /** Records in one message (a backlog is sent in slices). */
  maxRecords: number;
  /** How far a device clock may run ahead of the server. */
  maxFutureMs: number;
}

/** Earliest accepted device time (2000-01-01): a clock that was never set reads 1970. */
const MIN_TS = Date.UTC(2000, 0, 1);

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}…` : text);

/**
 * A gateway message: one record `{ seq, ts, values }` or an ordered array of them. The whole
 * message is refused when it is not JSON, not a record or array, empty or too long. Otherwise
 * each bad record (ts, seq, values) is refused alone, and the readings of good records are checked
 * one by one later; good data is never held back by a bad neighbour.
 */
export function parsePayload(body: string | Buffer, limits: ParseLimits): ParseResult {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, rejection: { index: -1, reason: 'json', detail: excerpt(text) } };
  }
  const list = Array.isArray(doc) ? doc : [doc];
  if (!list.length) return { ok: false, rejection: { index: -1, reason: 'empty', detail: '[]' } };
  if (list.length > limits.maxRecords) {
    return { ok: false, rejection: { index: -1, reason: 'tooMany', detail: `${list.length} > ${limits.maxRecords}` } };
  }
  const records: ParsedRecord[] = [];
  const rejected: Rejection[] = [];
  list.forEach((item, index) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      rejected.push({ index, reason: 'shape', detail: excerpt(JSON.stringify(item) ?? String(item)) });
      return;
    }
    const r = item as { seq?: unknown; ts?: unknown; values?: unknown };
    if (typeof r.ts !== 'number' || !Number.isInteger(r.ts) || r.ts < MIN_TS) {
      rejected.push({ index, reason: 'ts', detail: `ts=${excerpt(JSON.stringify(r.ts) ?? 'undefined')}` });
      return;
    }
    if (r.ts > limits.now + limits.maxFutureMs) {
      rejected.push({ index, reason: 'future', detail: `ts=${r.ts}` });
      return;
    }
    if (r.seq !== undefined && r.seq !== null && (typeof r.seq !== 'number' || !Number.isInteger(r.seq))) {
      rejected.push({ index, reason: 'seq', detail: `seq=${excerpt(JSON.stringify(r.seq))}` });
      return;
    }
    if (!r.values || typeof r.values !== 'object' || Array.isArray(r.values)) {
      rejected.push({ index, reason: 'values', detail: excerpt(JSON.stringify(r.values) ?? 'undefined') });
      return;
    }
    records.push({ index, seq: (r.seq as number | undefined) ?? null, ts: r.ts, values: r.values as Record<string, unknown> });
  });
  return { ok: true, records, rejected };
}

/** A reading as a number (booleans 1 / 0), or null when it is neither a finite number nor a boolean. */
export function readingOf(raw: unknown): number | null {
  if (typeof raw === 'boolean') return raw ? 1 : 0;
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  return null;
}
