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
  /** SQLite only (migration 0015). */
  tel_journal: { point_id: number; ts: number; value: number; quality: number };
  tel_journal_move: { id: number; upto: number; next_point: number };
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
    delay_ms: number | null;
    backlog_records: number;
    last_backlog_at: number | null;
    last_backlog_records: number | null;
    max_backlog_age_ms: number | null;
    offline_count: number;
    last_offline_at: number | null;
  };
  tel_gateway_link: {
    gateway_id: number;
    batch_interval_s: number;
    deadband_pct: number;
    full_report_s: number;
    replay_max_records: number;
    updated_at: number;
    updated_by: string | null;
  };
  tel_unknown_tag: { gateway_id: number; raw_tag: string; count: number; first_seen_at: number; last_seen_at: number };
  tel_reject: { gateway_id: number; reason: string; count: number; last_at: number; last_detail: string | null };
}
