import { describe, expect, it } from 'vitest';
import { LinkPolicy } from './link-policy';

const rec = (ts: number, values: Record<string, number>) => ({ seq: ts, ts, values });

describe('LinkPolicy (what a gateway does with 弱网优化 settings)', () => {
  it('sends every reading until the server sets a deadband', () => {
    const p = new LinkPolicy();
    expect(p.filter(rec(1000, { Ua: 230, door: 0 })).values).toEqual({ Ua: 230, door: 0 });
    expect(p.filter(rec(2000, { Ua: 230, door: 0 })).values).toEqual({ Ua: 230, door: 0 });
  });

  it('reports by exception: a move beyond the deadband, any switch change, and a full report when one is due', () => {
    const p = new LinkPolicy();
    p.apply({ reportIntervalS: 60, batchIntervalS: 0, deadbandPct: 1, fullReportS: 600, replayMaxRecords: 100 });
    expect(p.filter(rec(0, { Ua: 230, door: 0 })).values).toEqual({ Ua: 230, door: 0 });
    expect(p.filter(rec(60_000, { Ua: 231, door: 0 })).values).toEqual({}); // 0.4 %: a heartbeat record
    expect(p.filter(rec(120_000, { Ua: 233, door: 1 })).values).toEqual({ Ua: 233, door: 1 }); // 1.3 %, and the door
    expect(p.filter(rec(660_000, { Ua: 233, door: 1 })).values).toEqual({}); // both last sent at 120 s: not yet due
    expect(p.filter(rec(720_000, { Ua: 233, door: 1 })).values).toEqual({ Ua: 233, door: 1 }); // 600 s on: a full report
  });

  it('holds live records for the batch interval, and sends backlog messages of the set size', () => {
    const p = new LinkPolicy();
    expect(p.due(10_000, 10_000)).toBe(true);
    p.apply({ reportIntervalS: 60, batchIntervalS: 30, deadbandPct: 0, fullReportS: 0, replayMaxRecords: 20 });
    expect(p.due(10_000, 20_000)).toBe(false);
    expect(p.due(10_000, 40_000)).toBe(true);
    expect(p.maxRecords).toBe(20);
  });
});
