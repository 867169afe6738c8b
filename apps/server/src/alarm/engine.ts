import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AlarmEventKind, AlarmRow } from '@pdz/contracts';
import type { Database } from '../platform/db/schema';
import { alarmTitle, loadRules, sameLimit, type Rule } from './rules';
import type { AlarmWriter, OpenAlarm } from './writer';

interface RuleState {
  rule: Rule;
  open: OpenAlarm | null;
  /** Time (and value) of the first breaching sample of a delay that has started. */
  pendingSince: number | null;
  pendingValue: number | null;
}

interface PointEntry {
  /** Time of the last sample evaluated: older ones (late arrivals) are not evaluated again. */
  lastT: number;
  rules: RuleState[];
}

interface Sample {
  p: number;
  t: number;
  v: number;
}

/**
 * The alarm engine of one process: rules in memory by point (and comm rules by equipment),
 * evaluated on every committed sample in time order per point. The hot path is Map lookups and
 * comparisons; everything that touches the database is queued on the writer.
 */
export class AlarmEngine {
  private readonly byPoint = new Map<number, PointEntry>();
  private readonly commByEquipment = new Map<number, RuleState[]>();
  private readonly byEquipment = new Map<number, RuleState[]>();
  private readonly byRule = new Map<number, RuleState>();
  private readonly commPending = new Set<RuleState>();
  private reloads: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    readonly writer: AlarmWriter,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Rules, open alarms and started delays, as the database has them. */
  async start(now = Date.now()) {
    this.replace([], await loadRules(this.db), now);
    const open = await this.db.selectFrom('alarm_event').select(['id', 'rule_id']).where('recovered_at', 'is', null).orderBy('id').execute();
    for (const a of open) {
      const st = a.rule_id === null ? undefined : this.byRule.get(a.rule_id);
      if (st && !st.open) st.open = { id: a.id, ruleId: st.rule.id };
      // Its rule was removed or switched off while the server was down: it cannot recover any more.
      else this.writer.recover({ id: a.id, ruleId: a.rule_id ?? 0 }, now, null);
    }
    for (const p of await this.db.selectFrom('alarm_pending').selectAll().execute()) {
      const st = this.byRule.get(p.rule_id);
      if (st && !st.open) {
        st.pendingSince = Number(p.since);
        st.pendingValue = p.value === null ? null : Number(p.value);
        if (st.rule.type === 'comm') this.commPending.add(st);
      } else this.writer.pending(p.rule_id, null);
    }
    this.watchOffline([...this.byRule.values()], now);
  }

  /**
   * Comm rules of equipment already offline (no status change will come for them): the delay
   * starts now, when this rule began to watch.
   */
  private watchOffline(states: RuleState[], now: number) {
    for (const st of states) {
      if (st.rule.type !== 'comm' || !st.rule.equipmentOffline || st.open || st.pendingSince !== null) continue;
      st.pendingSince = now;
      this.commPending.add(st);
      this.writer.pending(st.rule.id, { since: now, value: null });
    }
  }

  get ruleCount() {
    return this.byRule.size;
  }

  /** Resolves once rule reloads asked for so far are done and their writes are through. */
  async settled() {
    await this.reloads;
    await this.writer.idle();
  }

  /** Samples of one committed batch, sorted by point then time. */
  onSamples(samples: readonly Sample[]) {
    let lastP = -1;
    let entry: PointEntry | undefined;
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i];
      if (s.p !== lastP) {
        lastP = s.p;
        entry = this.byPoint.get(s.p);
      }
      if (!entry || s.t <= entry.lastT) continue;
      entry.lastT = s.t;
      const rules = entry.rules;
      for (let j = 0; j < rules.length; j++) this.step(rules[j], s.t, s.v);
    }
  }

  private step(st: RuleState, t: number, v: number) {
    const r = st.rule;
    let breach: boolean;
    let recover: boolean;
    if (r.type === 'upper') {
      breach = v > r.threshold!;
      recover = v <= r.threshold! - r.deadband;
    } else if (r.type === 'lower') {
      breach = v < r.threshold!;
      recover = v >= r.threshold! + r.deadband;
    } else {
      breach = v === r.statusValue;
      recover = !breach;
    }
    if (st.open) {
      if (recover) this.recover(st, t, v);
      return;
    }
    if (breach) {
      if (st.pendingSince === null) {
        st.pendingSince = t;
        st.pendingValue = v;
        if (r.delayMs > 0) this.writer.pending(r.id, { since: t, value: v });
      }
      if (t - st.pendingSince >= r.delayMs) this.raise(st, st.pendingSince, st.pendingValue);
    } else if (recover && st.pendingSince !== null) {
      st.pendingSince = null;
      st.pendingValue = null;
      this.writer.pending(r.id, null);
    }
  }

  private raise(st: RuleState, at: number, value: number | null) {
    const open: OpenAlarm = { id: null, ruleId: st.rule.id };
    st.open = open;
    if (st.pendingSince !== null && st.rule.delayMs > 0) this.writer.pending(st.rule.id, null);
    st.pendingSince = null;
    st.pendingValue = null;
    this.commPending.delete(st);
    this.writer.raise(open, st.rule, at, value, alarmTitle(st.rule, value));
  }

  private recover(st: RuleState, at: number, value: number | null) {
    const open = st.open!;
    st.open = null;
    this.writer.recover(open, at, value);
  }

  /** Communication state of one equipment (this process's comm-state noticed it). */
  onStatus(e: { id: number; online: boolean; at: number }) {
    const states = this.commByEquipment.get(e.id);
    if (!states) return;
    for (const st of states) {
      if (e.online) {
        if (st.pendingSince !== null) {
          st.pendingSince = null;
          this.commPending.delete(st);
          this.writer.pending(st.rule.id, null);
        }
        if (st.open) this.recover(st, e.at, null);
      } else if (!st.open && st.pendingSince === null) {
        st.pendingSince = e.at;
        this.commPending.add(st);
        this.writer.pending(st.rule.id, { since: e.at, value: null });
      }
    }
  }

  /** Raises the comm alarms whose silence has lasted their delay (a timer calls this). */
  checkComm(now = Date.now()) {
    for (const st of this.commPending) {
      if (st.pendingSince === null) this.commPending.delete(st);
      else if (now - st.pendingSince >= st.rule.delayMs) this.raise(st, st.pendingSince, null);
    }
  }

  /** Another process raised or recovered an alarm: keep "one open alarm per rule" here too. */
  onRemoteAlarm(kind: AlarmEventKind, alarm: AlarmRow) {
    const st = alarm.ruleId === null ? undefined : this.byRule.get(alarm.ruleId);
    if (!st) return;
    if (kind === 'raised' && !st.open && alarm.recoveredAt === null) {
      st.open = { id: alarm.id, ruleId: st.rule.id };
      st.pendingSince = null;
      st.pendingValue = null;
      this.commPending.delete(st);
    } else if (kind === 'recovered' && st.open?.id === alarm.id) st.open = null;
  }

  /** Rules of one equipment (or all, null) were saved: reload them, one reload at a time. */
  reload(equipmentId: number | null): Promise<void> {
    this.reloads = this.reloads
      .then(async () => {
        const rules = await loadRules(this.db, equipmentId ?? undefined);
        const old = equipmentId === null ? [...this.byRule.values()] : [...(this.byEquipment.get(equipmentId) ?? [])];
        const now = Date.now();
        this.watchOffline(this.replace(old, rules, now), now);
      })
      .catch((err) => this.log.error({ err, equipmentId }, 'alarm: rules not reloaded'));
    return this.reloads;
  }

  /**
   * Swaps rule states. Rules get new ids on every save, so an open alarm or a started delay
   * follows the new rule of the same limit (same type and threshold / status value); an open
   * alarm also follows a rule of the same type and level. What no new rule takes over recovers
   * (its rule is gone, nothing could ever recover it).
   */
  private replace(old: RuleState[], rules: Rule[], now: number): RuleState[] {
    const byId = new Map(old.map((o) => [o.rule.id, o]));
    const byTarget = new Map<string, RuleState[]>();
    for (const o of old) {
      const key = `${o.rule.equipmentId}:${o.rule.pointId}`;
      const list = byTarget.get(key);
      if (list) list.push(o);
      else byTarget.set(key, [o]);
    }
    const used = new Set<RuleState>();
    const fresh: RuleState[] = [];
    for (const rule of rules) {
      const st: RuleState = { rule, open: null, pendingSince: null, pendingValue: null };
      fresh.push(st);
      const candidates = byTarget.get(`${rule.equipmentId}:${rule.pointId}`) ?? [];
      let prev = byId.get(rule.id);
      if (prev && used.has(prev)) prev = undefined;
      prev ??= candidates.find((o) => !used.has(o) && sameLimit(o.rule, rule));
      const keepDelay = !!prev;
      prev ??= candidates.find((o) => !used.has(o) && o.open && o.rule.type === rule.type && o.rule.level === rule.level);
      if (!prev) continue;
      used.add(prev);
      st.open = prev.open;
      if (keepDelay && prev.pendingSince !== null && (rule.delayMs > 0 || rule.type === 'comm')) {
        st.pendingSince = prev.pendingSince;
        st.pendingValue = prev.pendingValue;
      }
      if (prev.rule.id !== rule.id) {
        if (st.open) this.writer.remap(st.open, rule.id);
        if (prev.pendingSince !== null) this.writer.pending(prev.rule.id, null);
        if (st.pendingSince !== null) this.writer.pending(rule.id, { since: st.pendingSince, value: st.pendingValue });
      } else if (prev.pendingSince !== null && st.pendingSince === null) this.writer.pending(rule.id, null);
    }
    for (const o of old) {
      if (used.has(o)) continue;
      if (o.open) this.recover(o, now, null);
      if (o.pendingSince !== null) this.writer.pending(o.rule.id, null);
    }
    this.unindex(old);
    this.index(fresh);
    return fresh;
  }

  /** Removes states from every index; each touched list is filtered once (a full reload is O(rules)). */
  private unindex(states: RuleState[]) {
    if (!states.length) return;
    const gone = new Set(states);
    const points = new Set<number>();
    const equipment = new Set<number>();
    for (const st of states) {
      const r = st.rule;
      if (this.byRule.get(r.id) === st) this.byRule.delete(r.id);
      this.commPending.delete(st);
      if (r.pointId !== null) points.add(r.pointId);
      equipment.add(r.equipmentId);
    }
    for (const p of points) {
      const e = this.byPoint.get(p);
      if (e) e.rules = e.rules.filter((x) => !gone.has(x));
    }
    for (const [map, id] of [...equipment].flatMap((id) => [
      [this.byEquipment, id],
      [this.commByEquipment, id],
    ] as const)) {
      const list = map.get(id)?.filter((x) => !gone.has(x));
      if (list?.length) map.set(id, list);
      else map.delete(id);
    }
  }

  private index(states: RuleState[]) {
    for (const st of states) {
      const r = st.rule;
      this.byRule.set(r.id, st);
      if (r.pointId !== null) {
        let e = this.byPoint.get(r.pointId);
        if (!e) this.byPoint.set(r.pointId, (e = { lastT: -Infinity, rules: [] }));
        e.rules.push(st);
      } else {
        const list = this.commByEquipment.get(r.equipmentId);
        if (list) list.push(st);
        else this.commByEquipment.set(r.equipmentId, [st]);
        if (st.pendingSince !== null) this.commPending.add(st);
      }
      const eq = this.byEquipment.get(r.equipmentId);
      if (eq) eq.push(st);
      else this.byEquipment.set(r.equipmentId, [st]);
    }
  }
}
