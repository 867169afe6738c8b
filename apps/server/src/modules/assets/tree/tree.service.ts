import { parseDwid, type AssetLevelType, type AssetNodePath, type AssetTreeNode, type AssetTreeQuery } from '@pdz/contracts';
import { badRequest, notFound } from '../../../platform/errors';
import { childCounts, fetchBays, fetchCabinets, fetchCustomers, fetchEquipment, fetchStations, RANK, type TreeFilters, type Within } from './tree.repo';
import type { Db, Visible } from './site-access';

/**
 * The asset tree: whole subtrees (initDataAll), one level at a time (lazy), and a node with its
 * ancestors. Each builds from one set query per kind of node plus grouped counts, so the cost
 * grows with the number of kinds, not with the number of nodes.
 */

export interface Start {
  levelType: AssetLevelType;
  id: number;
}

/** A dwid, or a bare number meaning a customer; absent: no start (every visible customer). */
export function parseStart(id: string | undefined): Start | null {
  if (id === undefined || id === '') return null;
  if (/^[1-9]\d{0,9}$/.test(id)) return { levelType: 'customer', id: Number(id) };
  const parsed = parseDwid(id);
  if (!parsed) throw badRequest('节点编号无效');
  return parsed;
}

function within(s: Start): Within {
  return { customer: { customerId: s.id }, station: { stationId: s.id }, bay: { bayId: s.id }, cabinet: { cabinetId: s.id }, equipment: { equipmentId: s.id } }[s.levelType];
}

/** The start node itself, within scope (and the filters), or 404. */
export async function loadNode(db: Db, visible: Visible, s: Start, f: TreeFilters = {}): Promise<AssetTreeNode> {
  const w = within(s);
  const rows =
    s.levelType === 'customer'
      ? await fetchCustomers(db, visible, w)
      : s.levelType === 'station'
        ? await fetchStations(db, visible, w)
        : s.levelType === 'bay'
          ? await fetchBays(db, visible, w)
          : s.levelType === 'cabinet'
            ? await fetchCabinets(db, visible, w, f)
            : await fetchEquipment(db, visible, w, f);
  if (!rows.length) throw notFound('节点');
  return rows[0];
}

/** The node and its ancestors, the customer first; levels set from the top. */
export async function nodePath(db: Db, visible: Visible, s: Start): Promise<AssetTreeNode[]> {
  const path = [await loadNode(db, visible, s)];
  while (path[0].parentId) path.unshift(await loadNode(db, visible, parseDwid(path[0].parentId)!));
  path.forEach((n, i) => (n.level = i + 1));
  return path;
}

/** Smallest depth below the start at which a kind of node can appear. */
function minDepth(start: AssetLevelType | null, kind: AssetLevelType): number {
  if (start === null) return { customer: 1, station: 2, bay: 3, cabinet: 3, equipment: 3 }[kind];
  if (RANK[kind] < RANK[start]) return Infinity;
  if (kind === start) return 0;
  if (start === 'customer') return kind === 'station' ? 1 : 2;
  if (start === 'station') return 1;
  if (start === 'bay') return kind === 'cabinet' ? 1 : 2;
  return 1;
}

/**
 * Fills hasChildren of nodes whose children were not loaded (grouped counts of the kinds the view
 * includes), plus the customers' station counts and the stations' equipment counts.
 */
export async function completeCounts(db: Db, nodes: AssetTreeNode[], unloaded: Set<string>, maxRank: number, f: TreeFilters) {
  const ids = (kind: AssetLevelType, onlyUnloaded: boolean) => nodes.filter((n) => n.levelType === kind && (!onlyUnloaded || unloaded.has(n.dwid))).map((n) => n.entityId);
  const none = Promise.resolve(new Map<number, number>());
  const [stationsPer, equipmentPer, bays, directCabinets, directEquipment, bayCabinets, cabinetEquipment] = await Promise.all([
    childCounts.stationsOfCustomers(db, ids('customer', false)),
    childCounts.equipmentOf(db, 'station_id', ids('station', false), f),
    maxRank >= RANK.bay ? childCounts.baysOfStations(db, ids('station', true)) : none,
    maxRank >= RANK.cabinet ? childCounts.cabinetsOf(db, 'station_id', ids('station', true), f, true) : none,
    maxRank >= RANK.equipment ? childCounts.equipmentOf(db, 'station_id', ids('station', true), f, true) : none,
    maxRank >= RANK.cabinet ? childCounts.cabinetsOf(db, 'bay_id', ids('bay', true), f) : none,
    maxRank >= RANK.equipment ? childCounts.equipmentOf(db, 'cabinet_id', ids('cabinet', true), f) : none,
  ]);
  for (const n of nodes) {
    if (n.levelType === 'customer') n.stationCount = stationsPer.get(n.entityId) ?? 0;
    if (n.levelType === 'station') n.equipmentCount = equipmentPer.get(n.entityId) ?? 0;
    if (!unloaded.has(n.dwid)) continue;
    const c = (m: Map<number, number>) => m.get(n.entityId) ?? 0;
    n.hasChildren =
      n.levelType === 'customer'
        ? maxRank >= RANK.station && c(stationsPer) > 0
        : n.levelType === 'station'
          ? c(bays) + c(directCabinets) + c(directEquipment) > 0
          : n.levelType === 'bay'
            ? c(bayCabinets) > 0
            : n.levelType === 'cabinet'
              ? c(cabinetEquipment) > 0
              : false;
  }
}

/** GET initDataAll: the tree below a start (or of every visible customer), within depth, kinds and filters. */
export async function fullTree(db: Db, visible: Visible, q: AssetTreeQuery): Promise<AssetTreeNode[]> {
  const start = parseStart(q.id);
  const f: TreeFilters = { equipmentTypes: q.equipmentTypes, cabinetTypes: q.cabinetTypes };
  const maxRank = q.levelType ? RANK[q.levelType] : RANK.equipment;
  const maxDepth = q.level ?? Infinity;
  let startPath: AssetTreeNode[] = [];
  if (start) {
    startPath = await nodePath(db, visible, start);
    if (RANK[start.levelType] > maxRank) return [];
  }
  const w = start ? within(start) : {};
  const want = (kind: AssetLevelType) => RANK[kind] <= maxRank && minDepth(start?.levelType ?? null, kind) <= maxDepth;
  const empty = Promise.resolve([] as AssetTreeNode[]);
  const kinds = await Promise.all([
    want('customer') ? fetchCustomers(db, visible, w) : empty,
    want('station') ? fetchStations(db, visible, w) : empty,
    want('bay') ? fetchBays(db, visible, w) : empty,
    want('cabinet') ? fetchCabinets(db, visible, w, f) : empty,
    want('equipment') ? fetchEquipment(db, visible, w, f) : empty,
  ]);
  const byId = new Map<string, AssetTreeNode>();
  for (const list of kinds) for (const n of list) byId.set(n.dwid, { ...n, children: [] });

  const roots: AssetTreeNode[] = start ? [byId.get(startPath[startPath.length - 1].dwid)!].filter(Boolean) : kinds[0].map((n) => byId.get(n.dwid)!);
  const rootLevel = start ? startPath.length : 1;
  const rootSet = new Set(roots);
  for (const n of byId.values()) {
    if (rootSet.has(n)) continue;
    byId.get(n.parentId ?? '')?.children!.push(n);
  }
  // Walk from the roots: set levels, cut at the depth limit, note whose children stay unloaded.
  const kept: AssetTreeNode[] = [];
  const unloaded = new Set<string>();
  const walk = (n: AssetTreeNode, depth: number) => {
    n.level = rootLevel + depth;
    kept.push(n);
    const childDepth = depth + 1 + (start ? 0 : 1);
    if (childDepth > maxDepth) {
      n.children = [];
      unloaded.add(n.dwid);
      return;
    }
    // Cabinets before their own station's loose equipment: bays, cabinets, then equipment.
    n.children!.sort((a, b) => RANK[a.levelType] - RANK[b.levelType]);
    for (const c of n.children!) walk(c, depth + 1);
    n.hasChildren = n.children!.length > 0;
  };
  for (const r of roots) walk(r, 0);
  await completeCounts(db, kept, unloaded, maxRank, f);
  return roots;
}

/** GET initDataAllByParentNode: the direct children of a node (or the customers), with hasChildren. */
export async function childrenOf(db: Db, visible: Visible, id: string | undefined, f: TreeFilters): Promise<AssetTreeNode[]> {
  const start = parseStart(id);
  let level = 1;
  let nodes: AssetTreeNode[];
  if (!start) nodes = await fetchCustomers(db, visible, {});
  else {
    const path = await nodePath(db, visible, start);
    level = path.length + 1;
    const s = start.id;
    switch (start.levelType) {
      case 'customer':
        nodes = await fetchStations(db, visible, { customerId: s });
        break;
      case 'station': {
        const [bays, cabinets, equipment] = await Promise.all([
          fetchBays(db, visible, { stationId: s }),
          fetchCabinets(db, visible, { stationId: s, direct: true }, f),
          fetchEquipment(db, visible, { stationId: s, direct: true }, f),
        ]);
        nodes = [...bays, ...cabinets, ...equipment];
        break;
      }
      case 'bay':
        nodes = await fetchCabinets(db, visible, { bayId: s }, f);
        break;
      case 'cabinet':
        nodes = await fetchEquipment(db, visible, { cabinetId: s }, f);
        break;
      default:
        nodes = [];
    }
  }
  for (const n of nodes) n.level = level;
  await completeCounts(db, nodes, new Set(nodes.map((n) => n.dwid)), RANK.equipment, f);
  return nodes;
}

/** GET initDataAllByDwid: the node and the path to it, for opening a lazy tree at that node. */
export async function pathTo(db: Db, visible: Visible, dwid: string): Promise<AssetNodePath> {
  const path = await nodePath(db, visible, parseStart(dwid)!);
  await completeCounts(db, path, new Set(path.map((n) => n.dwid)), RANK.equipment, {});
  return { node: path[path.length - 1], path };
}
