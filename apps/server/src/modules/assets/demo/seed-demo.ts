import crypto from 'node:crypto';
import type { AppContext } from '../../../platform/context';
import { hashPassword } from '../../../platform/auth/passwords';
import { hashToken } from '../../../platform/auth/tokens';
import { invalidateGrants } from '../../../platform/auth/principal';
import { writeAudit } from '../../../platform/audit';
import { chunks } from '../equipment/access';
import { INSERT_BATCH } from '../equipment/equipment.repo';
import { alarmColumns } from '../alarm-config/alarm-config.service';
import { templateRules } from '../alarm-config/templates';
import { DEMO_CUSTOMERS, planFleet, type PlanStation } from './fleet-plan';
import { createDemoUsers } from './demo-users';
import { DEMO_REPORT_INTERVAL_S, writeGatewaysFile } from './gateways-file';


export interface DemoSummary {
  customers: number;
  stations: number;
  bays: number;
  cabinets: number;
  gateways: number;
  equipment: number;
  points: number;
  rawRules: number;
  alarmConfigs: number;
  capacitors: number;
  /** Demo operators, one per customer, scoped to its department; passwords shown once. */
  users: { userName: string; password: string; customer: string }[];
  gatewaysFile: string;
  ms: number;
}

/** One line for the log, then the demo operators' passwords (shown only when they were created). */
export function describeDemo(d: DemoSummary): string {
  const line =
    `演示数据已生成：${d.customers} 个客户，${d.stations} 个站点，${d.cabinets} 个柜体，${d.gateways} 个网关，` +
    `${d.equipment} 台设备，${d.points} 个测点，${d.alarmConfigs} 条告警配置，用时 ${d.ms} ms；网关密钥见 ${d.gatewaysFile}`;
  if (!d.users.length) return line;
  const users = d.users.map((u) => `      ${u.userName.padEnd(12)} ${u.password}   （${u.customer}）`).join('\n');
  return `${line}\n  演示运维账号（仅显示这一次，只能看到本客户的资产）：\n${users}`;
}

/**
 * Gateway secrets are 192 random bits, stored only as their SHA-256 like session tokens: a slow
 * password hash adds nothing for a secret nobody chose, and ingest can check it cheaply. Only the
 * demo file holds them in clear.
 */
export function hashGatewaySecret(secret: string): string {
  return hashToken(secret);
}

function randomPassword(): string {
  return `Pdz-${crypto.randomBytes(9).toString('base64url')}-${crypto.randomInt(10, 100)}`;
}

/**
 * Creates the demo fleet (fleet-plan.ts) in one transaction on a database without customers:
 * customers with departments and demo operators, stations, bays, cabinets, gateways with fresh
 * secrets, equipment with their points, raw rules `<equipmentCode>.<pointKey>` on each
 * equipment's gateway, default alarm configs and capacitor banks. Writes the gateway secrets and
 * tags to DATA_DIR/demo-gateways.json (mode 0600) for the simulator. Returns null, doing
 * nothing, when any customer exists.
 */
export async function seedDemoFleet(ctx: AppContext, opts: { users?: boolean } = {}): Promise<DemoSummary | null> {
  const started = Date.now();
  const { db } = ctx;
  if (await db.selectFrom('asset_customer').select('id').limit(1).executeTakeFirst()) return null;
  const plan = planFleet();
  const withUsers = opts.users !== false;

  // Password hashing is slow on purpose: do it before the transaction, in parallel.
  const secrets = new Map(plan.flatMap((s) => s.gateways.map((g) => [g.code, crypto.randomBytes(24).toString('base64url')] as const)));
  const secretHashes = new Map([...secrets].map(([code, secret]) => [code, hashGatewaySecret(secret)] as const));
  const passwords = withUsers ? DEMO_CUSTOMERS.map(() => randomPassword()) : [];
  const passwordHashes = await Promise.all(passwords.map((p) => hashPassword(p, ctx.config.passwordHash)));

  const models = await db.selectFrom('asset_equipment_model').select(['id', 'code', 'equipment_type']).execute();
  const modelByCode = new Map(models.map((m) => [m.code, m]));
  const templates = await db.selectFrom('asset_model_point').selectAll().orderBy('order_num').orderBy('id').execute();
  const pointsOfModel = new Map<number, typeof templates>();
  for (const p of templates) {
    const list = pointsOfModel.get(p.model_id);
    if (list) list.push(p);
    else pointsOfModel.set(p.model_id, [p]);
  }

  const t = Date.now();
  const summary = await db.transaction().execute(async (trx) => {
    const root = await trx.selectFrom('sys_dept').select('id').where('parent_id', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const deptIds: number[] = [];
    for (const [i, c] of DEMO_CUSTOMERS.entries()) {
      const d = await trx
        .insertInto('sys_dept')
        .values({ parent_id: root.id, ancestors: `0,${root.id}`, dept_name: c.dept, order_num: 10 + i, leader: c.contact, phone: c.phone, email: null, enabled: 1, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      deptIds.push(d.id);
    }
    const customers = await trx
      .insertInto('asset_customer')
      .values(
        DEMO_CUSTOMERS.map((c, i) => ({
          code: c.code,
          name: c.name,
          dept_id: deptIds[i],
          contact: c.contact,
          phone: c.phone,
          address: c.address,
          logo: null,
          min_logo: null,
          remark: '演示数据',
          enabled: 1,
          created_by: null,
          created_at: t,
          updated_at: t,
        })),
      )
      .returning(['id', 'code'])
      .execute();
    const customerId = new Map(customers.map((c) => [c.code, c.id]));
    const custOf = (s: PlanStation) => customerId.get(DEMO_CUSTOMERS[s.customer].code)!;

    const stations = await trx
      .insertInto('asset_station')
      .values(
        plan.map((s, i) => ({
          customer_id: custOf(s),
          code: s.code,
          name: s.name,
          station_type: s.type,
          voltage_level: '10',
          capacity_kva: s.capacityKva,
          city: '苏州',
          address: s.address,
          longitude: s.longitude,
          latitude: s.latitude,
          commission_date: s.commissionDate,
          contact: DEMO_CUSTOMERS[s.customer].contact,
          phone: DEMO_CUSTOMERS[s.customer].phone,
          status: 'running',
          order_num: i + 1,
          remark: `${s.district}，${s.type === 'box' ? '箱式变电站' : '配电房'}`,
          created_at: t,
          updated_at: t,
        })),
      )
      .returning(['id', 'code'])
      .execute();
    const stationId = new Map(stations.map((s) => [s.code, s.id]));

    const bays = await trx
      .insertInto('asset_bay')
      .values(plan.flatMap((s) => s.bays.map((b, i) => ({ station_id: stationId.get(s.code)!, code: b.code, name: b.name, voltage_level: b.voltage, order_num: i + 1, remark: null, created_at: t, updated_at: t }))))
      .returning(['id', 'station_id', 'code'])
      .execute();
    const bayId = new Map(bays.map((b) => [`${b.station_id}|${b.code}`, b.id]));

    const cabinetRows = plan.flatMap((s) =>
      s.cabinets.map((c, i) => ({
        station_id: stationId.get(s.code)!,
        bay_id: bayId.get(`${stationId.get(s.code)}|${s.bays[c.bay].code}`)!,
        code: c.code,
        name: c.name,
        cabinet_type: c.type,
        voltage_level: c.voltage,
        model: c.model,
        manufacturer: '苏州某电气成套设备有限公司',
        commission_date: s.commissionDate,
        order_num: i + 1,
        remark: null,
        created_at: t,
        updated_at: t,
      })),
    );
    const cabinetId = new Map<string, number>();
    for (const batch of chunks(cabinetRows, INSERT_BATCH)) {
      for (const c of await trx.insertInto('asset_cabinet').values(batch).returning(['id', 'station_id', 'code']).execute()) cabinetId.set(`${c.station_id}|${c.code}`, c.id);
    }

    const gateways = await trx
      .insertInto('asset_gateway')
      .values(
        plan.flatMap((s) =>
          s.gateways.map((g) => ({
            customer_id: custOf(s),
            station_id: stationId.get(s.code)!,
            code: g.code,
            name: g.name,
            model: 'PDZ-GW200',
            manufacturer: '苏州某物联网科技有限公司',
            ip: g.ip,
            protocol: 'mqtt',
            secret_hash: secretHashes.get(g.code)!,
            secret_rotated_at: t,
            report_interval_s: DEMO_REPORT_INTERVAL_S,
            online: 0,
            last_seen_at: null,
            offline_since: null,
            remark: null,
            created_at: t,
            updated_at: t,
          })),
        ),
      )
      .returning(['id', 'code'])
      .execute();
    const gatewayId = new Map(gateways.map((g) => [g.code, g.id]));

    const equipmentRows = plan.flatMap((s) =>
      s.equipment.map((e, i) => {
        const model = modelByCode.get(e.model)!;
        return {
          customer_id: custOf(s),
          station_id: stationId.get(s.code)!,
          cabinet_id: e.cabinet === null ? null : cabinetId.get(`${stationId.get(s.code)}|${s.cabinets[e.cabinet].code}`)!,
          gateway_id: gatewayId.get(s.gateways[e.gateway].code)!,
          model_id: model.id,
          code: e.code,
          name: e.name,
          equipment_type: model.equipment_type,
          comm_address: e.commAddress,
          ct_ratio: e.ctRatio,
          pt_ratio: e.ptRatio,
          values_are_primary: 1,
          rated_kva: e.ratedKva,
          rated_current: e.ratedCurrent,
          manufacturer: e.manufacturer,
          install_date: e.installDate,
          status: 'running',
          online: 0,
          last_seen_at: null,
          order_num: i + 1,
          remark: null,
          created_at: t,
          updated_at: t,
        };
      }),
    );
    const equipmentId = new Map<string, number>();
    for (const batch of chunks(equipmentRows, INSERT_BATCH)) {
      for (const e of await trx.insertInto('asset_equipment').values(batch).returning(['id', 'code']).execute()) equipmentId.set(e.code, e.id);
    }

    const pointRows = equipmentRows.flatMap((e) =>
      (pointsOfModel.get(e.model_id) ?? []).map((p) => ({
        equipment_id: equipmentId.get(e.code)!,
        model_point_id: p.id,
        point_key: p.point_key,
        name: p.name,
        kind: p.kind,
        unit: p.unit,
        precision: p.precision,
        ratio: p.ratio,
        is_tag: p.is_tag,
        order_num: p.order_num,
        enabled: 1,
        created_at: t,
        updated_at: t,
      })),
    );
    const pointId = new Map<string, number>();
    for (const batch of chunks(pointRows, INSERT_BATCH)) {
      for (const p of await trx.insertInto('asset_point').values(batch).returning(['id', 'equipment_id', 'point_key']).execute()) pointId.set(`${p.equipment_id}|${p.point_key}`, p.id);
    }

    const ruleRows = equipmentRows.flatMap((e) =>
      (pointsOfModel.get(e.model_id) ?? []).map((p) => ({
        point_id: pointId.get(`${equipmentId.get(e.code)}|${p.point_key}`)!,
        gateway_id: e.gateway_id,
        raw_tag: `${e.code}.${p.point_key}`,
        scale: 1,
        offset: 0,
        enabled: 1,
        updated_at: t,
      })),
    );
    for (const batch of chunks(ruleRows, INSERT_BATCH)) await trx.insertInto('iot_raw_rule').values(batch).execute();

    const alarmRows = equipmentRows.flatMap((e) => {
      const id = equipmentId.get(e.code)!;
      return templateRules(e, pointsOfModel.get(e.model_id) ?? []).map((r) => alarmColumns(id, r.pointKey === null ? null : pointId.get(`${id}|${r.pointKey}`)!, r, t));
    });
    for (const batch of chunks(alarmRows, INSERT_BATCH)) await trx.insertInto('alarm_config').values(batch).execute();

    const capacitorRows = plan.flatMap((s) =>
      s.capacitors.map((c) => ({
        station_id: stationId.get(s.code)!,
        cabinet_id: cabinetId.get(`${stationId.get(s.code)}|${s.cabinets[c.cabinet].code}`)!,
        equipment_id: equipmentId.get(c.controller)!,
        code: c.code,
        name: c.name,
        capacity_kvar: c.capacityKvar,
        steps: c.steps,
        rated_voltage_kv: 0.45,
        connection: 'delta',
        manufacturer: '苏州某电力电容器有限公司',
        install_date: s.commissionDate,
        remark: null,
        created_at: t,
        updated_at: t,
      })),
    );
    if (capacitorRows.length) await trx.insertInto('asset_capacitor').values(capacitorRows).execute();

    const users = withUsers ? await createDemoUsers(trx, deptIds, passwordHashes, t) : [];
    const counts = {
      customers: customers.length,
      stations: stations.length,
      bays: bays.length,
      cabinets: cabinetRows.length,
      gateways: gateways.length,
      equipment: equipmentRows.length,
      points: pointRows.length,
      rawRules: ruleRows.length,
      alarmConfigs: alarmRows.length,
      capacitors: capacitorRows.length,
    };
    await writeAudit(trx, null, { category: 'asset', action: '生成演示数据', target: '演示车队', detail: { ...counts, users } });
    return { ...counts, users: users.map((userName, i) => ({ userName, password: passwords[i], customer: DEMO_CUSTOMERS[i].name })) };
  });
  if (withUsers) invalidateGrants();

  const gatewaysFile = writeGatewaysFile(ctx.config.dataDir, plan, secrets, modelByCode, pointsOfModel);
  // The alarm engine loaded its (empty) rules at start: it takes the fleet's default rules now.
  ctx.bus.emit('alarmrule.changed', { equipmentId: null });
  return { ...summary, gatewaysFile, ms: Date.now() - started };
}
