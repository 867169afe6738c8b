import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS, type AssetNodePath, type AssetSearchResult, type AssetTreeNode } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { apiBay, apiCabinet, apiCustomer, apiEquipment, apiStation, makeDept, twoCustomers, userWith } from './site-testkit';
import { seedBenchFleet } from './tree.bench-data';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const T = PERMS.assetTree;
const get = async <D>(url: string, token = t.adminToken) => t.call<D>({ method: 'GET', url, token });
const flatten = (nodes: AssetTreeNode[]): AssetTreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** customer → station → (bay → cabinet → 2 equipment) + (cabinet outside bays → 1 equipment) + 1 room sensor. */
async function site() {
  const c = await apiCustomer(t, await makeDept(t, '树'));
  const s = await apiStation(t, c.id, { name: `树站${Date.now()}` });
  const bay = await apiBay(t, s.id);
  const inBay = await apiCabinet(t, s.id, { bayId: bay.id, cabinetType: 'incoming' });
  const loose = await apiCabinet(t, s.id, { cabinetType: 'capacitor' });
  const e1 = await apiEquipment(t, s.id, { cabinetId: inBay.id, name: '进线电表甲' });
  const e2 = await apiEquipment(t, s.id, { cabinetId: inBay.id });
  const e3 = await apiEquipment(t, s.id, { cabinetId: loose.id });
  const th = await t.ctx.db.selectFrom('asset_equipment_model').select('id').where('equipment_type', '=', 'th_sensor').executeTakeFirstOrThrow();
  const room = await apiEquipment(t, s.id, { modelId: th.id });
  return { c, s, bay, inBay, loose, e1, e2, e3, room };
}

describe('asset tree', () => {
  it('builds the whole tree under a customer with bays, loose cabinets and room sensors in place', async () => {
    const x = await site();
    const res = await get<AssetTreeNode[]>(`/api/assetMaintenance/initDataAll?id=customer_${x.c.id}`);
    expect(res.body.code).toBe(0);
    const [customer] = res.body.data;
    expect(customer).toMatchObject({ dwid: `customer_${x.c.id}`, levelType: 'customer', level: 1, stationCount: 1, hasChildren: true });
    const station = customer.children![0];
    expect(station).toMatchObject({ dwid: `station_${x.s.id}`, level: 2, equipmentCount: 4, typeName: '配电站' });
    expect(station.children!.map((n) => n.dwid)).toEqual([`bay_${x.bay.id}`, `cabinet_${x.loose.id}`, `equipment_${x.room.id}`]);
    const bay = station.children![0];
    expect(bay.children![0]).toMatchObject({ dwid: `cabinet_${x.inBay.id}`, level: 4, typeName: '进线柜', parentId: `bay_${x.bay.id}` });
    expect(bay.children![0].children!.map((n) => n.dwid)).toEqual([`equipment_${x.e1.id}`, `equipment_${x.e2.id}`]);
    expect(bay.children![0].children![0]).toMatchObject({ level: 5, hasChildren: false, typeName: '多功能电表' });
  });

  it('filters by equipment and cabinet types and limits depth and kinds', async () => {
    const x = await site();
    const byEquip = flatten((await get<AssetTreeNode[]>(`/api/assetMaintenance/initDataAll?id=station_${x.s.id}&equipmentTypes=th_sensor`)).body.data);
    expect(byEquip.filter((n) => n.levelType === 'equipment').map((n) => n.dwid)).toEqual([`equipment_${x.room.id}`]);
    const byCab = flatten((await get<AssetTreeNode[]>(`/api/assetMaintenance/initDataAll?id=station_${x.s.id}&cabinetTypes=capacitor`)).body.data);
    expect(byCab.filter((n) => n.levelType === 'cabinet').map((n) => n.dwid)).toEqual([`cabinet_${x.loose.id}`]);
    // Equipment inside cabinets of other types goes with them; room sensors stay.
    expect(byCab.filter((n) => n.levelType === 'equipment').map((n) => n.dwid).sort()).toEqual([`equipment_${x.e3.id}`, `equipment_${x.room.id}`].sort());

    const stationsOnly = flatten((await get<AssetTreeNode[]>(`/api/assetMaintenance/initDataAll?id=customer_${x.c.id}&levelType=station`)).body.data);
    expect(stationsOnly.map((n) => n.levelType)).toEqual(['customer', 'station']);
    expect(stationsOnly[1].hasChildren).toBe(false);
    const oneLevel = (await get<AssetTreeNode[]>(`/api/assetMaintenance/initDataAll?id=station_${x.s.id}&level=1`)).body.data;
    expect(oneLevel[0].children!.length).toBe(3);
    expect(oneLevel[0].children![0]).toMatchObject({ levelType: 'bay', hasChildren: true, children: [] });
    const bad = await get(`/api/assetMaintenance/initDataAll?id=shelf_1`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('节点编号无效');
  });

  it('loads lazily one level at a time and locates a node with its ancestors', async () => {
    const x = await site();
    const top = await get<AssetTreeNode[]>('/api/assetMaintenance/initData');
    expect(top.body.data.find((n) => n.entityId === x.c.id)).toMatchObject({ stationCount: 1, hasChildren: true, level: 1 });
    const kids = await get<AssetTreeNode[]>(`/api/assetMaintenance/initDataAllByParentNode?id=station_${x.s.id}`);
    expect(kids.body.data.map((n) => [n.dwid, n.hasChildren, n.level])).toEqual([
      [`bay_${x.bay.id}`, true, 3],
      [`cabinet_${x.loose.id}`, true, 3],
      [`equipment_${x.room.id}`, false, 3],
    ]);
    const none = await get<AssetTreeNode[]>(`/api/assetMaintenance/initDataAllByParentNode?id=equipment_${x.e1.id}`);
    expect(none.body.data).toEqual([]);
    const path = await get<AssetNodePath>(`/api/assetMaintenance/initDataAllByDwid?dwid=equipment_${x.e1.id}`);
    expect(path.body.data.path.map((n) => n.dwid)).toEqual([`customer_${x.c.id}`, `station_${x.s.id}`, `bay_${x.bay.id}`, `cabinet_${x.inBay.id}`, `equipment_${x.e1.id}`]);
    expect(path.body.data.node).toMatchObject({ dwid: `equipment_${x.e1.id}`, level: 5 });
  });

  it('searches names and codes server-side and answers each hit with its path', async () => {
    const x = await site();
    const res = await get<AssetSearchResult>(`/api/assetMaintenance/search?keyword=${encodeURIComponent('进线电表甲')}`);
    expect(res.body.data.truncated).toBe(false);
    const hit = res.body.data.list.find((h) => h.node.dwid === `equipment_${x.e1.id}`)!;
    expect(hit.path.map((p) => p.dwid)).toEqual([`customer_${x.c.id}`, `station_${x.s.id}`, `bay_${x.bay.id}`, `cabinet_${x.inBay.id}`]);
    const byCode = await get<AssetSearchResult>(`/api/assetMaintenance/search?keyword=${x.inBay.code.toLowerCase()}`);
    expect(byCode.body.data.list.map((h) => h.node.dwid)).toContain(`cabinet_${x.inBay.id}`);
    const limited = await get<AssetSearchResult>('/api/assetMaintenance/search?keyword=电表&limit=2');
    expect(limited.body.data.list.length).toBe(2);
    expect(limited.body.data.truncated).toBe(true);
    const empty = await get('/api/assetMaintenance/search?keyword=');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入搜索关键字');
  });

  it('answers 401 and 403, and shows a scoped user only their customer, counts included', async () => {
    expect((await get('/api/assetMaintenance/initData', '')).status).toBe(401);
    const none = await userWith(t, [PERMS.station.list]);
    for (const url of ['/api/assetMaintenance/initData', '/api/assetMaintenance/initDataAll', '/api/assetMaintenance/initDataAllByParentNode', '/api/assetMaintenance/initDataAllByDwid?dwid=customer_1', '/api/assetMaintenance/search?keyword=a']) {
      expect((await get(url, none.token)).status, url).toBe(403);
    }
    const { a, b, scoped } = await twoCustomers(t, [T.list]);
    const sa = await apiStation(t, a.id, { name: '范围甲站' });
    const sb = await apiStation(t, b.id, { name: '范围乙站' });
    await apiCabinet(t, sb.id);
    const top = await get<AssetTreeNode[]>('/api/assetMaintenance/initData', scoped.token);
    expect(top.body.data.map((n) => n.entityId)).toEqual([a.id]);
    expect(top.body.data[0].stationCount).toBe(1);
    const all = flatten((await get<AssetTreeNode[]>('/api/assetMaintenance/initDataAll', scoped.token)).body.data);
    expect(all.some((n) => n.customerId === b.id)).toBe(false);
    expect(all.map((n) => n.dwid)).toContain(`station_${sa.id}`);
    for (const url of [
      `/api/assetMaintenance/initDataAll?id=customer_${b.id}`,
      `/api/assetMaintenance/initDataAll?id=${b.id}`,
      `/api/assetMaintenance/initDataAllByParentNode?id=station_${sb.id}`,
      `/api/assetMaintenance/initDataAllByDwid?dwid=station_${sb.id}`,
    ]) {
      const res = await get(url, scoped.token);
      expect(res.status, url).toBe(404);
      expect(res.body.msg).toBe('节点不存在或无权访问');
    }
    const found = await get<AssetSearchResult>(`/api/assetMaintenance/search?keyword=${encodeURIComponent('范围')}`, scoped.token);
    expect(found.body.data.list.map((h) => h.node.dwid)).toEqual([`station_${sa.id}`]);
  });

  it('builds a 10,000-equipment tree from a handful of set queries', async () => {
    const fleet = await seedBenchFleet(t.ctx.db, { prefix: 'TT', customers: 2, stationsPerCustomer: 25, cabinetsPerStation: 20, equipmentPerCabinet: 10 });
    expect(fleet.equipment).toBe(10_000);
    const started = Date.now();
    const res = await get<AssetTreeNode[]>('/api/assetMaintenance/initDataAll');
    const ms = Date.now() - started;
    const nodes = flatten(res.body.data);
    expect(nodes.filter((n) => n.levelType === 'equipment' && fleet.customerIds.includes(n.customerId)).length).toBe(10_000);
    expect(ms).toBeLessThan(8_000);
    const searchStarted = Date.now();
    const s = await get<AssetSearchResult>(`/api/assetMaintenance/search?keyword=${encodeURIComponent('回路7')}`);
    expect(s.body.data.list.length).toBe(200);
    expect(s.body.data.truncated).toBe(true);
    expect(Date.now() - searchStarted).toBeLessThan(3_000);
  }, 120_000);
});
