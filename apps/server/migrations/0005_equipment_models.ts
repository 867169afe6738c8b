import type { Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import type { Database } from '../src/platform/db/schema';

type Kind = 'yc' | 'yx' | 'ym' | 'yk';
type Ratio = 'pt' | 'ct' | 'ctpt' | null;
/** key, name, kind, unit, precision, ratio, shown as a live tag */
type P = [string, string, Kind, string | null, number, Ratio, boolean];

interface ModelSeed {
  code: string;
  name: string;
  type: string;
  manufacturer: string;
  description: string;
  points: P[];
}

const phase = (k: string, n: string, unit: string, prec: number, ratio: Ratio, tag: boolean): P[] =>
  (['a', 'b', 'c'] as const).map((x) => [`${k}${x}`, `${x.toUpperCase()}相${n}`, 'yc', unit, prec, ratio, tag]);

/**
 * The built-in equipment models and their standard point sets (domain §1, §5, §6). Units and
 * the ratio each point is scaled by follow what the devices report: voltages by PT, currents by
 * CT, powers and energies by both; temperatures and states never.
 */
const MODELS: ModelSeed[] = [
  {
    code: 'MFM-3P',
    name: '三相多功能电力仪表',
    type: 'meter',
    manufacturer: '通用',
    description: '低压/中压回路三相多功能表：电压、电流、功率、功率因数、频率、四象限电能、谐波与不平衡度',
    points: [
      ['Ua', 'A相电压', 'yc', 'V', 1, 'pt', true],
      ['Ub', 'B相电压', 'yc', 'V', 1, 'pt', true],
      ['Uc', 'C相电压', 'yc', 'V', 1, 'pt', true],
      ['Uab', 'AB线电压', 'yc', 'V', 1, 'pt', false],
      ['Ubc', 'BC线电压', 'yc', 'V', 1, 'pt', false],
      ['Uca', 'CA线电压', 'yc', 'V', 1, 'pt', false],
      ['Ia', 'A相电流', 'yc', 'A', 2, 'ct', true],
      ['Ib', 'B相电流', 'yc', 'A', 2, 'ct', true],
      ['Ic', 'C相电流', 'yc', 'A', 2, 'ct', true],
      ['In', '中性线电流', 'yc', 'A', 2, 'ct', false],
      ...phase('P', '有功功率', 'kW', 3, 'ctpt', false),
      ['P', '总有功功率', 'yc', 'kW', 3, 'ctpt', true],
      ...phase('Q', '无功功率', 'kvar', 3, 'ctpt', false),
      ['Q', '总无功功率', 'yc', 'kvar', 3, 'ctpt', true],
      ['S', '总视在功率', 'yc', 'kVA', 3, 'ctpt', false],
      ...phase('PF', '功率因数', '', 3, null, false).map((p): P => [p[0], p[1], p[2], null, p[4], p[5], p[6]]),
      ['PF', '总功率因数', 'yc', null, 3, null, true],
      ['F', '频率', 'yc', 'Hz', 2, null, true],
      ['Ep+', '正向有功电能', 'ym', 'kWh', 2, 'ctpt', true],
      ['Ep-', '反向有功电能', 'ym', 'kWh', 2, 'ctpt', false],
      ['Eq+', '正向无功电能', 'ym', 'kvarh', 2, 'ctpt', false],
      ['Eq-', '反向无功电能', 'ym', 'kvarh', 2, 'ctpt', false],
      ['THDu', '电压总谐波畸变率', 'yc', '%', 2, null, false],
      ['THDi', '电流总谐波畸变率', 'yc', '%', 2, null, false],
      ['Uunb', '电压不平衡度', 'yc', '%', 2, null, false],
      ['Iunb', '电流不平衡度', 'yc', '%', 2, null, false],
      ['Pdmd', '有功最大需量', 'yc', 'kW', 3, 'ctpt', false],
    ],
  },
  {
    code: 'SCM-3P',
    name: '单回路三相电力仪表',
    type: 'circuit_meter',
    manufacturer: '通用',
    description: '出线回路用单回路表：三相电压电流、有功无功、功率因数与电能',
    points: [
      ['Ua', 'A相电压', 'yc', 'V', 1, 'pt', false],
      ['Ub', 'B相电压', 'yc', 'V', 1, 'pt', false],
      ['Uc', 'C相电压', 'yc', 'V', 1, 'pt', false],
      ['Ia', 'A相电流', 'yc', 'A', 2, 'ct', true],
      ['Ib', 'B相电流', 'yc', 'A', 2, 'ct', true],
      ['Ic', 'C相电流', 'yc', 'A', 2, 'ct', true],
      ['P', '有功功率', 'yc', 'kW', 3, 'ctpt', true],
      ['Q', '无功功率', 'yc', 'kvar', 3, 'ctpt', false],
      ['PF', '功率因数', 'yc', null, 3, null, true],
      ['Ep+', '正向有功电能', 'ym', 'kWh', 2, 'ctpt', true],
      ['Eq+', '正向无功电能', 'ym', 'kvarh', 2, 'ctpt', false],
    ],
  },
  {
    code: 'TTC-DRY',
    name: '干式变压器温控器',
    type: 'transformer',
    manufacturer: '通用',
    description: 'Pt100 测三相绕组温度，控制风机并输出超温报警/跳闸；负载率由低压侧功率与额定容量算出',
    points: [
      ['Ta', 'A相绕组温度', 'yc', '°C', 1, null, true],
      ['Tb', 'B相绕组温度', 'yc', '°C', 1, null, true],
      ['Tc', 'C相绕组温度', 'yc', '°C', 1, null, true],
      ['Fan', '风机状态', 'yx', null, 0, null, true],
      ['OverTemp', '超温报警', 'yx', null, 0, null, false],
      ['OverTempTrip', '超温跳闸', 'yx', null, 0, null, false],
      ['LoadRate', '负载率', 'yc', '%', 1, null, true],
    ],
  },
  {
    code: 'THS-485',
    name: '温湿度传感器',
    type: 'th_sensor',
    manufacturer: '通用',
    description: 'RS485 温湿度变送器，安装于配电房内',
    points: [
      ['T', '温度', 'yc', '°C', 1, null, true],
      ['RH', '湿度', 'yc', '%RH', 1, null, true],
    ],
  },
  {
    code: 'DOOR-MC',
    name: '门磁传感器',
    type: 'door',
    manufacturer: '通用',
    description: '配电房门开关状态：1 表示门打开',
    points: [['Door', '门状态', 'yx', null, 0, null, true]],
  },
  {
    code: 'WATER-SJ',
    name: '水浸传感器',
    type: 'water',
    manufacturer: '通用',
    description: '电缆沟/地面水浸检测：1 表示检测到水',
    points: [['Water', '水浸状态', 'yx', null, 0, null, true]],
  },
  {
    code: 'SMOKE-YG',
    name: '光电感烟探测器',
    type: 'smoke',
    manufacturer: '通用',
    description: '独立式光电烟感：1 表示烟雾报警',
    points: [['Smoke', '烟雾报警', 'yx', null, 0, null, true]],
  },
  {
    code: 'MCB-IOT',
    name: '智能微型断路器',
    type: 'breaker',
    manufacturer: '通用',
    description: '带计量、漏电与温度监测的物联网微断，支持远程分合闸',
    points: [
      ['Switch', '分合闸状态', 'yx', null, 0, null, true],
      ['U', '电压', 'yc', 'V', 1, null, false],
      ['I', '电流', 'yc', 'A', 2, null, true],
      ['IL', '漏电流', 'yc', 'mA', 1, null, true],
      ['T', '线缆温度', 'yc', '°C', 1, null, true],
      ['P', '有功功率', 'yc', 'kW', 3, null, false],
      ['Ep+', '有功电能', 'ym', 'kWh', 2, null, false],
      ['Ctrl', '远程分合闸', 'yk', null, 0, null, false],
    ],
  },
  {
    code: 'CAP-CTRL',
    name: '无功功率补偿控制器',
    type: 'capacitor',
    manufacturer: '通用',
    description: '按功率因数与无功自动投切电容器组（8 组）',
    points: [
      ['PF', '功率因数', 'yc', null, 3, null, true],
      ['Q', '无功功率', 'yc', 'kvar', 2, 'ctpt', true],
      ['U', '电压', 'yc', 'V', 1, 'pt', false],
      ['I', '电流', 'yc', 'A', 2, 'ct', false],
      ['THDu', '电压总谐波畸变率', 'yc', '%', 2, null, false],
      ['Auto', '自动运行', 'yx', null, 0, null, false],
      ...Array.from({ length: 8 }, (_, i): P => [`C${i + 1}`, `第${i + 1}组投切状态`, 'yx', null, 0, null, false]),
    ],
  },
];

const EQUIPMENT_TYPES: [string, string][] = [
  ['多功能电表', 'meter'],
  ['单回路电表', 'circuit_meter'],
  ['干式变压器', 'transformer'],
  ['温湿度传感器', 'th_sensor'],
  ['门磁', 'door'],
  ['水浸传感器', 'water'],
  ['烟感', 'smoke'],
  ['智能微断', 'breaker'],
  ['电容补偿', 'capacitor'],
];

/** Built-in equipment models with their point sets, and the equipment-type dictionary. */
export const m0005_equipment_models: AppMigration = {
  async up(raw) {
    const db = raw as Kysely<Database>;
    const t = Date.now();
    for (const m of MODELS) {
      const row = await db
        .insertInto('asset_equipment_model')
        .values({ code: m.code, name: m.name, equipment_type: m.type, manufacturer: m.manufacturer, description: m.description, built_in: 1, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('asset_model_point')
        .values(
          m.points.map(([point_key, name, kind, unit, precision, ratio, tag], i) => ({
            model_id: row.id,
            point_key,
            name,
            kind,
            unit,
            precision,
            ratio,
            is_tag: tag ? 1 : 0,
            order_num: i + 1,
          })),
        )
        .execute();
    }
    // Another migration of the asset issue may already have created the dictionary.
    const exists = await db.selectFrom('sys_dict_type').select('id').where('dict_type', '=', 'dict_equipment_type').executeTakeFirst();
    if (!exists) {
      await db
        .insertInto('sys_dict_type')
        .values({ dict_name: '设备类型', dict_type: 'dict_equipment_type', enabled: 1, built_in: 1, remark: '监测设备的类型（由设备型号决定）', created_at: t, updated_at: t })
        .execute();
      await db
        .insertInto('sys_dict_data')
        .values(
          EQUIPMENT_TYPES.map(([label, value], i) => ({
            dict_type: 'dict_equipment_type',
            dict_label: label,
            dict_value: value,
            dict_sort: i + 1,
            list_class: null,
            is_default: 0,
            enabled: 1,
            remark: null,
            created_at: t,
            updated_at: t,
          })),
        )
        .execute();
    }
  },
};
