import { cabinetTypeLabel, equipmentTypeLabel, pointKindLabel } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { formatTime } from '../../../platform/xlsx';
import { type Visible } from '../tree/site-access';
import { getStation } from './station.service';
import { Ledger } from './pdf-layout';

/**
 * The station ledger (台账) as a PDF: basic data, bays, cabinets, gateways, cameras, equipment
 * with its model and point count, and every measuring point with its raw-tag binding. Each
 * section is one set query, whatever the size of the station.
 */
export async function stationLedgerPdf(ctx: AppContext, visible: Visible, stationId: number): Promise<{ name: string; data: Buffer }> {
  const { db } = ctx;
  const s = await getStation(ctx, visible, stationId);
  const [bays, cabinets, gateways, cameras, equipment, points] = await Promise.all([
    db.selectFrom('asset_bay as b')
      .select(['b.code', 'b.name', 'b.voltage_level', (eb) => eb.selectFrom('asset_cabinet as c').select(eb.fn.countAll<number>().as('n')).whereRef('c.bay_id', '=', 'b.id').as('cabinets')])
      .where('b.station_id', '=', stationId)
      .orderBy('b.order_num')
      .orderBy('b.id')
      .execute(),
    db.selectFrom('asset_cabinet as c')
      .leftJoin('asset_bay as b', 'b.id', 'c.bay_id')
      .select(['c.code', 'c.name', 'c.cabinet_type', 'c.voltage_level', 'c.model', 'c.manufacturer', 'b.name as bay_name'])
      .select((eb) => eb.selectFrom('asset_equipment as e').select(eb.fn.countAll<number>().as('n')).whereRef('e.cabinet_id', '=', 'c.id').as('equipment'))
      .where('c.station_id', '=', stationId)
      .orderBy('c.order_num')
      .orderBy('c.id')
      .execute(),
    db.selectFrom('asset_gateway as g')
      .select(['g.code', 'g.name', 'g.model', 'g.ip', 'g.protocol', 'g.report_interval_s'])
      .select((eb) => eb.selectFrom('asset_equipment as e').select(eb.fn.countAll<number>().as('n')).whereRef('e.gateway_id', '=', 'g.id').as('equipment'))
      .where('g.station_id', '=', stationId)
      .orderBy('g.id')
      .execute(),
    db.selectFrom('asset_camera as m')
      .leftJoin('asset_cabinet as c', 'c.id', 'm.cabinet_id')
      .select(['m.code', 'm.name', 'm.brand', 'm.ip', 'c.name as cabinet_name'])
      .where('m.station_id', '=', stationId)
      .orderBy('m.order_num')
      .orderBy('m.id')
      .execute(),
    db.selectFrom('asset_equipment as e')
      .innerJoin('asset_equipment_model as md', 'md.id', 'e.model_id')
      .leftJoin('asset_cabinet as c', 'c.id', 'e.cabinet_id')
      .leftJoin('asset_gateway as g', 'g.id', 'e.gateway_id')
      .select(['e.code', 'e.name', 'e.equipment_type', 'e.ct_ratio', 'e.pt_ratio', 'md.name as model_name', 'c.name as cabinet_name', 'g.code as gateway_code'])
      .select((eb) => eb.selectFrom('asset_point as p').select(eb.fn.countAll<number>().as('n')).whereRef('p.equipment_id', '=', 'e.id').as('points'))
      .where('e.station_id', '=', stationId)
      .orderBy('e.order_num')
      .orderBy('e.id')
      .execute(),
    db.selectFrom('asset_point as p')
      .innerJoin('asset_equipment as e', 'e.id', 'p.equipment_id')
      .leftJoin('iot_raw_rule as r', 'r.point_id', 'p.id')
      .select(['e.code as equipment_code', 'p.point_key', 'p.name', 'p.kind', 'p.unit', 'p.precision', 'p.ratio', 'r.raw_tag'])
      .where('e.station_id', '=', stationId)
      .orderBy('e.order_num')
      .orderBy('e.id')
      .orderBy('p.order_num')
      .orderBy('p.id')
      .execute(),
  ]);

  const zone = ctx.config.zoneOffsetMinutes;
  const printed = formatTime(Date.now(), zone);
  const pdf = new Ledger({ title: `${s.name} 站点台账`, subject: `${s.customerName} ${s.code}` });
  pdf.title(`${s.name} 站点台账`, `${s.customerName} · 站点编号 ${s.code} · 打印时间 ${printed}`);

  pdf.section('一、基本信息');
  pdf.fields([
    ['所属客户', s.customerName],
    ['站点编号', s.code],
    ['站点名称', s.name],
    ['站点类型', s.stationTypeName],
    ['电压等级', s.voltageLevel ? `${s.voltageLevel}kV` : null],
    ['装机容量', s.capacityKva === null ? null : `${s.capacityKva} kVA`],
    ['运行状态', s.statusName],
    ['投运日期', s.commissionDate],
    ['城市', s.city],
    ['地址', s.address],
    ['经度', s.longitude],
    ['纬度', s.latitude],
    ['联系人', s.contact],
    ['联系电话', s.phone],
    ['设备数', `${s.equipmentCount} 台，测点 ${points.length} 个`],
    ['备注', s.remark],
  ]);

  pdf.section(`二、间隔（${bays.length}）`);
  pdf.table(
    [
      { header: '编号', width: 0.2, value: (r) => r.code },
      { header: '名称', width: 0.45, value: (r) => r.name },
      { header: '电压等级', width: 0.15, value: (r) => (r.voltage_level ? `${r.voltage_level}kV` : '') },
      { header: '柜体数', width: 0.2, value: (r) => Number(r.cabinets ?? 0), align: 'right' },
    ],
    bays,
  );

  pdf.section(`三、柜体（${cabinets.length}）`);
  pdf.table(
    [
      { header: '编号', width: 0.1, value: (r) => r.code },
      { header: '名称', width: 0.22, value: (r) => r.name },
      { header: '类型', width: 0.12, value: (r) => cabinetTypeLabel(r.cabinet_type) },
      { header: '间隔', width: 0.14, value: (r) => r.bay_name },
      { header: '电压', width: 0.08, value: (r) => (r.voltage_level ? `${r.voltage_level}kV` : '') },
      { header: '型号', width: 0.12, value: (r) => r.model },
      { header: '厂家', width: 0.13, value: (r) => r.manufacturer },
      { header: '设备数', width: 0.09, value: (r) => Number(r.equipment ?? 0), align: 'right' },
    ],
    cabinets,
  );

  pdf.section(`四、采集网关（${gateways.length}）`);
  pdf.table(
    [
      { header: '编号', width: 0.18, value: (r) => r.code },
      { header: '名称', width: 0.24, value: (r) => r.name },
      { header: '型号', width: 0.14, value: (r) => r.model },
      { header: 'IP地址', width: 0.15, value: (r) => r.ip },
      { header: '协议', width: 0.08, value: (r) => r.protocol.toUpperCase() },
      { header: '上报周期', width: 0.11, value: (r) => `${r.report_interval_s} 秒`, align: 'right' },
      { header: '设备数', width: 0.1, value: (r) => Number(r.equipment ?? 0), align: 'right' },
    ],
    gateways,
  );

  if (cameras.length) {
    pdf.section(`五、摄像头（${cameras.length}）`);
    pdf.table(
      [
        { header: '编号', width: 0.18, value: (r) => r.code },
        { header: '名称', width: 0.3, value: (r) => r.name },
        { header: '品牌', width: 0.16, value: (r) => r.brand },
        { header: 'IP地址', width: 0.16, value: (r) => r.ip },
        { header: '所在柜体', width: 0.2, value: (r) => r.cabinet_name },
      ],
      cameras,
    );
  }

  pdf.section(`${cameras.length ? '六' : '五'}、监测设备（${equipment.length}）`);
  pdf.table(
    [
      { header: '编号', width: 0.13, value: (r) => r.code },
      { header: '名称', width: 0.2, value: (r) => r.name },
      { header: '类型', width: 0.12, value: (r) => equipmentTypeLabel(r.equipment_type) },
      { header: '型号', width: 0.17, value: (r) => r.model_name },
      { header: '柜体', width: 0.14, value: (r) => r.cabinet_name },
      { header: '网关', width: 0.1, value: (r) => r.gateway_code },
      { header: 'CT/PT', width: 0.07, value: (r) => `${r.ct_ratio}/${r.pt_ratio}` },
      { header: '测点数', width: 0.07, value: (r) => Number(r.points ?? 0), align: 'right' },
    ],
    equipment,
  );

  // Points grouped under their equipment: one caption and one table per equipment.
  pdf.section(`${cameras.length ? '七' : '六'}、测点（${points.length}）`);
  const byEquipment = new Map<string, typeof points>();
  for (const p of points) byEquipment.set(p.equipment_code, [...(byEquipment.get(p.equipment_code) ?? []), p]);
  if (!equipment.length) pdf.note('（无）');
  for (const e of equipment) {
    const list = byEquipment.get(e.code) ?? [];
    pdf.caption(`${e.code}  ${e.name}（${e.model_name}，${list.length} 个测点）`);
    pdf.table(
      [
        { header: '测点标识', width: 0.14, value: (r) => r.point_key },
        { header: '测点名称', width: 0.26, value: (r) => r.name },
        { header: '类型', width: 0.1, value: (r) => pointKindLabel(r.kind) },
        { header: '单位', width: 0.1, value: (r) => r.unit },
        { header: '精度', width: 0.08, value: (r) => r.precision, align: 'right' },
        { header: '变比', width: 0.1, value: (r) => r.ratio },
        { header: '原始标签', width: 0.22, value: (r) => r.raw_tag },
      ],
      list,
    );
  }

  const data = await pdf.finish(`${s.customerName} · ${s.name}（${s.code}）站点台账`, `配电站智能监控系统 · ${printed}`);
  return { name: `${s.name}_台账.pdf`, data };
}
