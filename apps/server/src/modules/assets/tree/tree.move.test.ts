import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { apiBay, apiCabinet, apiCamera, apiCustomer, apiEquipment, apiGateway, apiStation, auditRows, makeDept, twoCustomers, userWith } from './site-testkit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const move = (dwid: string, targetDwid: string, token = t.adminToken) => t.call<{ moved: Record<string, number> }>({ method: 'POST', url: '/api/assetManage/move', token, payload: { dwid, targetDwid } });
const cabinetRow = (id: number) => t.ctx.db.selectFrom('asset_cabinet').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const equipmentRow = (id: number) => t.ctx.db.selectFrom('asset_equipment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function twoStations() {
  const c = await apiCustomer(t, await makeDept(t, '移动'));
  const s1 = await apiStation(t, c.id);
  const s2 = await apiStation(t, c.id);
  return { c, s1, s2 };
}

describe('moving assets in the tree', () => {
  it('moves a cabinet between bays of its station, then to another station with its equipment, capacitors and cameras', async () => {
    const { s1, s2 } = await twoStations();
    const b1 = await apiBay(t, s1.id);
    const b2 = await apiBay(t, s1.id);
    const cab = await apiCabinet(t, s1.id, { bayId: b1.id });
    const e = await apiEquipment(t, s1.id, { cabinetId: cab.id });
    const cam = await apiCamera(t, s1.id, { cabinetId: cab.id });
    const cap = await t.call<{ id: number }>({ method: 'POST', url: '/api/pdfznjkpt/tfcapacitor/add', token: t.adminToken, payload: { stationId: s1.id, cabinetId: cab.id, code: 'C1', name: '1#电容', capacityKvar: 300, ratedVoltageKv: 0.4 } });
    expect(cap.body.code).toBe(0);

    expect((await move(`cabinet_${cab.id}`, `bay_${b2.id}`)).body.code).toBe(0);
    expect(await cabinetRow(cab.id)).toMatchObject({ station_id: s1.id, bay_id: b2.id });

    const res = await move(`cabinet_${cab.id}`, `station_${s2.id}`);
    expect(res.body.code).toBe(0);
    expect(res.body.data.moved).toMatchObject({ cabinets: 1, equipment: 1, capacitors: 1, cameras: 1 });
    expect(await cabinetRow(cab.id)).toMatchObject({ station_id: s2.id, bay_id: null });
    expect((await equipmentRow(e.id)).station_id).toBe(s2.id);
    expect((await t.ctx.db.selectFrom('asset_camera').select('station_id').where('id', '=', cam.id).executeTakeFirstOrThrow()).station_id).toBe(s2.id);
    expect((await t.ctx.db.selectFrom('asset_capacitor').select('station_id').where('id', '=', cap.body.data.id).executeTakeFirstOrThrow()).station_id).toBe(s2.id);
    const audit = await auditRows(t, '移动资产');
    expect(audit[0]).toMatchObject({ ok: 1 });
    expect(audit[0].detail).toContain(`station_${s2.id}`);

    const again = await move(`cabinet_${cab.id}`, `station_${s2.id}`);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('该柜体已在目标位置下');
  });

  it('refuses moves that break the hierarchy, changing nothing', async () => {
    const { c, s1, s2 } = await twoStations();
    const cab = await apiCabinet(t, s1.id);
    const bay = await apiBay(t, s1.id);
    const cases: [string, string, string][] = [
      [`cabinet_${cab.id}`, `customer_${c.id}`, '不能把柜体移动到客户下'],
      [`station_${s1.id}`, `station_${s2.id}`, '不能把站点移动到站点下'],
      [`bay_${bay.id}`, `bay_${bay.id}`, '不能把间隔移动到间隔下'],
      [`customer_${c.id}`, `station_${s2.id}`, '不能把客户移动到站点下'],
    ];
    for (const [dwid, target, msg] of cases) {
      const res = await move(dwid, target);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const bad = await move('cabinet_x', `station_${s2.id}`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('要移动的节点无效');
    expect(await cabinetRow(cab.id)).toMatchObject({ station_id: s1.id });
  });

  it('refuses to take equipment away from the gateway of its station', async () => {
    const { s1, s2 } = await twoStations();
    const gw = await apiGateway(t, s1.id);
    const cab = await apiCabinet(t, s1.id);
    const e = await apiEquipment(t, s1.id, { cabinetId: cab.id, gatewayId: gw.id, name: '绑定网关的表' });
    const res = await move(`cabinet_${cab.id}`, `station_${s2.id}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`有 1 台设备（绑定网关的表）仍绑定原站点的网关“${gw.code}”，请先解除网关绑定再移动`);
    expect((await cabinetRow(cab.id)).station_id).toBe(s1.id);
    expect((await equipmentRow(e.id)).station_id).toBe(s1.id);
    const alone = await move(`equipment_${e.id}`, `station_${s2.id}`);
    expect(alone.status).toBe(400);
    expect((await auditRows(t, '移动资产'))[0].ok).toBe(0);
    // Within the station it may move freely.
    expect((await move(`equipment_${e.id}`, `station_${s1.id}`)).body.code).toBe(0);
    expect((await equipmentRow(e.id)).cabinet_id).toBeNull();
  });

  it('moves a bay with its cabinets, and equipment between stations', async () => {
    const { s1, s2 } = await twoStations();
    const bay = await apiBay(t, s1.id);
    const cab = await apiCabinet(t, s1.id, { bayId: bay.id });
    const e = await apiEquipment(t, s1.id, { cabinetId: cab.id });
    const res = await move(`bay_${bay.id}`, `station_${s2.id}`);
    expect(res.body.data.moved).toMatchObject({ cabinets: 1, equipment: 1 });
    expect(await cabinetRow(cab.id)).toMatchObject({ station_id: s2.id, bay_id: bay.id });
    const target = await apiCabinet(t, s1.id);
    expect((await move(`equipment_${e.id}`, `cabinet_${target.id}`)).body.code).toBe(0);
    expect(await equipmentRow(e.id)).toMatchObject({ station_id: s1.id, cabinet_id: target.id });
  });

  it('moves a station to another customer with its equipment and gateways, refusing code clashes by name', async () => {
    const { c, s1 } = await twoStations();
    const other = await apiCustomer(t, await makeDept(t, '新客户'));
    const gw = await apiGateway(t, s1.id);
    const e = await apiEquipment(t, s1.id, { code: 'DUP-E1' });
    await apiStation(t, other.id, { code: s1.code });
    const clash = await move(`station_${s1.id}`, `customer_${other.id}`);
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe(`目标客户已有编号为“${s1.code}”的站点`);

    const s3 = await apiStation(t, c.id);
    await apiEquipment(t, s3.id, { code: 'DUP-E2' });
    const otherSt = await apiStation(t, other.id);
    await apiEquipment(t, otherSt.id, { code: 'DUP-E2' });
    const eqClash = await move(`station_${s3.id}`, `customer_${other.id}`);
    expect(eqClash.status).toBe(409);
    expect(eqClash.body.msg).toBe('目标客户已有编号为“DUP-E2”的设备');

    await t.ctx.db.updateTable('asset_station').set({ code: `${s1.code}-M` }).where('id', '=', s1.id).execute();
    const ok = await move(`station_${s1.id}`, `customer_${other.id}`);
    expect(ok.body.data.moved).toMatchObject({ equipment: 1, gateways: 1 });
    expect((await equipmentRow(e.id)).customer_id).toBe(other.id);
    expect((await t.ctx.db.selectFrom('asset_gateway').select('customer_id').where('id', '=', gw.id).executeTakeFirstOrThrow()).customer_id).toBe(other.id);
  });

  it('needs the move permission and stays within the caller’s customers', async () => {
    const noPerm = await userWith(t, [PERMS.assetTree.list]);
    expect((await move('cabinet_1', 'station_1', noPerm.token)).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/assetManage/move', payload: { dwid: 'cabinet_1', targetDwid: 'station_1' } })).status).toBe(401);
    const { a, b, scoped } = await twoCustomers(t, [PERMS.assetTree.move]);
    const sa = await apiStation(t, a.id);
    const sb = await apiStation(t, b.id);
    const ca = await apiCabinet(t, sa.id);
    const cb = await apiCabinet(t, sb.id);
    const out = await move(`cabinet_${ca.id}`, `station_${sb.id}`, scoped.token);
    expect(out.status).toBe(404);
    expect(out.body.msg).toBe('站点不存在或无权访问');
    const theirs = await move(`cabinet_${cb.id}`, `station_${sa.id}`, scoped.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe('柜体不存在或无权访问');
    const station = await move(`station_${sa.id}`, `customer_${b.id}`, scoped.token);
    expect(station.status).toBe(404);
    expect((await cabinetRow(ca.id)).station_id).toBe(sa.id);
    expect((await cabinetRow(cb.id)).station_id).toBe(sb.id);
  });
});
