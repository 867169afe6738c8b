import type { TelDb } from '../store/store';
import type { PointKind } from '../types';

/** A raw tag's rule: the point it feeds and value × scale + offset. */
export interface TagRule {
  pointId: number;
  equipmentId: number;
  kind: PointKind;
  scale: number;
  offset: number;
}

interface Entry {
  loadedAt: number;
  tags: Map<string, TagRule>;
}

/**
 * Raw-tag rules per gateway, loaded on first use and kept until the rawrule module announces a
 * change (bus event `rawrule.changed`) or `ttlMs` passes (which also picks up point edits and
 * changes made by another server process). Only enabled rules of enabled points map; any other
 * tag is counted as unknown.
 */
export class RuleCache {
  private readonly byGateway = new Map<number, Entry>();
  private readonly loading = new Map<number, Promise<Map<string, TagRule>>>();
  private readonly kinds = new Map<number, PointKind>();
  private generation = 0;

  constructor(
    private readonly db: TelDb,
    private readonly ttlMs = 30_000,
  ) {}

  async rulesOf(gatewayId: number): Promise<Map<string, TagRule>> {
    const hit = this.byGateway.get(gatewayId);
    if (hit && Date.now() - hit.loadedAt < this.ttlMs) return hit.tags;
    let pending = this.loading.get(gatewayId);
    if (!pending) {
      pending = this.load(gatewayId).finally(() => this.loading.delete(gatewayId));
      this.loading.set(gatewayId, pending);
    }
    return pending;
  }

  private async load(gatewayId: number): Promise<Map<string, TagRule>> {
    const generation = this.generation;
    const rows = await this.db
      .selectFrom('iot_raw_rule as r')
      .innerJoin('asset_point as p', 'p.id', 'r.point_id')
      .select(['r.raw_tag', 'r.point_id', 'r.scale', 'r.offset', 'p.equipment_id', 'p.kind'])
      .where('r.gateway_id', '=', gatewayId)
      .where('r.enabled', '=', 1)
      .where('p.enabled', '=', 1)
      .execute();
    const tags = new Map<string, TagRule>();
    for (const r of rows) {
      const rule: TagRule = { pointId: r.point_id, equipmentId: r.equipment_id, kind: r.kind as PointKind, scale: Number(r.scale), offset: Number(r.offset) };
      tags.set(r.raw_tag, rule);
      this.kinds.set(rule.pointId, rule.kind);
    }
    // A change announced while loading makes this result stale: keep it for this call only.
    if (generation === this.generation) this.byGateway.set(gatewayId, { loadedAt: Date.now(), tags });
    return tags;
  }

  /** Forgets one gateway's rules (or all): the next message reloads them. */
  invalidate(gatewayId?: number | null) {
    this.generation++;
    if (gatewayId === undefined || gatewayId === null) this.byGateway.clear();
    else this.byGateway.delete(gatewayId);
  }

  /** Kind of a point seen through a rule (accumulators get consumption rollups). */
  kindOf(pointId: number): PointKind | undefined {
    return this.kinds.get(pointId);
  }
}
