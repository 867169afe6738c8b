/** Kysely types of the telemetry tables (migration 0010). */
export interface RollupTable {
  point_id: number;
  bucket: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  first: number;
  first_ts: number;
  last: number;
  last_ts: number;
  cons: number | null;
  suspect: number;
}

export interface TelemetryTables {
  tel_raw: { point_id: number; ts: number; value: number; quality: number };
  tel_latest: { point_id: number; ts: number; value: number };
  tel_rollup_dirty: { bucket: number };
  tel_15m: RollupTable;
  tel_day: RollupTable;
  tel_month: RollupTable;
  tel_gateway_stat: {
    gateway_id: number;
    messages: number;
    records: number;
    samples: number;
    unknown_samples: number;
    rejected: number;
    last_message_at: number | null;
  };
  tel_unknown_tag: { gateway_id: number; raw_tag: string; count: number; first_seen_at: number; last_seen_at: number };
  tel_reject: { gateway_id: number; reason: string; count: number; last_at: number; last_detail: string | null };
}
