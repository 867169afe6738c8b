import { ASSET_LEVEL_TYPES, dwidOf, type AssetLevelType, type AssetPathItem, type AssetSearchResult, type AssetTreeNode } from '@pdz/contracts';
import type { DialectName } from '../../../platform/db/index';
import { fetchBays, fetchCabinets, fetchCustomers, fetchEquipment, fetchStations, RANK } from './tree.repo';
import { inVisible, type Db, type Visible } from './site-access';
import { completeCounts } from './tree.service';

/**
 * GET /api/assetMaintenance/search: nodes whose name or code contains the keyword, each with the
 * path of its ancestors so the console can open the tree there. One query per kind of node, then
 * one per kind of ancestor for all hits at once.
 */
export async function searchTree(
  db: Db,
  dialect: DialectName,
  visible: Visible,
  q: { keyword: string; limit: number; levelTypes?: AssetLevelType[] },
): Promise<AssetSearchResult> {
  const kinds = q.levelTypes?.length ? ASSET_LEVEL_TYPES.filter((k) => q.levelTypes!.includes(k)) : [...ASSET_LEVEL_TYPES];
  const w = { match: { dialect, keyword: q.keyword, limit: q.limit + 1 } };
  const fetched = await Promise.all(
    kinds.map((k) =>
      k === 'customer'
        ? fetchCustomers(db, visible, w)
        : k === 'station'
          ? fetchStations(db, visible, w)
          : k === 'bay'
            ? fetchBays(db, visible, w)
            : k === 'cabinet'
              ? fetchCabinets(db, visible, w, {})
              : fetchEquipment(db, visible, w, {}),
    ),
  );
  const all = fetched.flat();
  const hits = all.slice(0, q.limit);

  // Ancestors of every hit, fetched per kind: cabinets (of equipment), bays, stations, customers.
  const names = new Map<string, AssetPathItem & { parentId: string | null }>();
  const remember = (list: { id: number; name: string; parent: string | null }[], kind: AssetLevelType) => {
    for (const r of list) names.set(dwidOf(kind, r.id), { dwid: dwidOf(kind, r.id), name: r.name, levelType: kind, parentId: r.parent });
  };
  const idsOf = (kind: AssetLevelType) => [
    ...new Set(
      [...hits.map((h) => h.parentId), ...[...names.values()].map((n) => n.parentId)]
        .filter((p): p is string => !!p && p.startsWith(`${kind}_`) && !names.has(p))
        .map((p) => Number(p.slice(kind.length + 1))),
    ),
  ];
  for (const h of hits) names.set(h.dwid, { dwid: h.dwid, name: h.name, levelType: h.levelType, parentId: h.parentId });

  const cabinetIds = idsOf('cabinet');
  if (cabinetIds.length) {
    const rows = await db.selectFrom('asset_cabinet').select(['id', 'name', 'bay_id', 'station_id']).where('id', 'in', cabinetIds).execute();
    remember(rows.map((r) => ({ id: r.id, name: r.name, parent: r.bay_id ? dwidOf('bay', r.bay_id) : dwidOf('station', r.station_id) })), 'cabinet');
  }
  const bayIds = idsOf('bay');
  if (bayIds.length) {
    const rows = await db.selectFrom('asset_bay').select(['id', 'name', 'station_id']).where('id', 'in', bayIds).execute();
    remember(rows.map((r) => ({ id: r.id, name: r.name, parent: dwidOf('station', r.station_id) })), 'bay');
  }
  const stationIds = idsOf('station');
  if (stationIds.length) {
    const rows = await db.selectFrom('asset_station').select(['id', 'name', 'customer_id']).where('id', 'in', stationIds).where(inVisible('customer_id', visible)).execute();
    remember(rows.map((r) => ({ id: r.id, name: r.name, parent: dwidOf('customer', r.customer_id) })), 'station');
  }
  const customerIds = idsOf('customer');
  if (customerIds.length) {
    const rows = await db.selectFrom('asset_customer').select(['id', 'name']).where('id', 'in', customerIds).where(inVisible('id', visible)).execute();
    remember(rows.map((r) => ({ id: r.id, name: r.name, parent: null })), 'customer');
  }

  const list = hits.map((node: AssetTreeNode) => {
    const path: AssetPathItem[] = [];
    let p = node.parentId;
    while (p) {
      const item = names.get(p);
      if (!item) break;
      path.unshift({ dwid: item.dwid, name: item.name, levelType: item.levelType });
      p = item.parentId;
    }
    node.level = path.length + 1;
    return { node, path };
  });
  await completeCounts(db, hits, new Set(hits.map((h) => h.dwid)), RANK.equipment, {});
  return { list, truncated: all.length > q.limit };
}
