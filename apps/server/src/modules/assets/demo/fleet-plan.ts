/**
 * The demo fleet as plain data: three customers in Suzhou, twelve stations with real-looking
 * addresses and coordinates, their bays, cabinets, gateways, equipment and capacitor banks. Pure
 * and deterministic (a fixed-seed generator), so every demo database looks the same and tests can
 * count on its figures.
 */

export interface PlanCustomer {
  code: string;
  name: string;
  dept: string;
  contact: string;
  phone: string;
  address: string;
  userName: string;
}

export interface PlanCabinet {
  code: string;
  name: string;
  type: 'incoming' | 'transformer' | 'capacitor' | 'bus_tie' | 'outgoing' | 'distribution';
  voltage: '10' | '0.4';
  bay: number;
  model: string;
  gateway: number;
}

export interface PlanEquipment {
  code: string;
  name: string;
  model: string;
  /** Index into the station's cabinets, or null for room sensors. */
  cabinet: number | null;
  gateway: number;
  commAddress: string;
  ctRatio: number;
  ptRatio: number;
  ratedKva: number | null;
  ratedCurrent: number | null;
  manufacturer: string;
  installDate: string;
}

export interface PlanStation {
  customer: number;
  code: string;
  name: string;
  type: 'room' | 'box';
  district: string;
  address: string;
  longitude: number;
  latitude: number;
  commissionDate: string;
  transformerKva: number;
  capacityKva: number;
  bays: { code: string; name: string; voltage: string }[];
  cabinets: PlanCabinet[];
  gateways: { code: string; name: string; ip: string }[];
  equipment: PlanEquipment[];
  capacitors: { code: string; name: string; cabinet: number; controller: string; capacityKvar: number; steps: number }[];
}

export const DEMO_CUSTOMERS: PlanCustomer[] = [
  { code: 'HDZH', name: '华东智慧园区管理有限公司', dept: '华东智慧园区', contact: '王建国', phone: '13912345601', address: '江苏省苏州市工业园区星湖街328号', userName: 'demo_hdzh' },
  { code: 'SZJM', name: '苏州工业园区某精密制造有限公司', dept: '苏州精密制造', contact: '李明', phone: '13812345602', address: '江苏省苏州市工业园区苏虹中路200号', userName: 'demo_szjm' },
  { code: 'GSWY', name: '苏州姑苏商业物业服务有限公司', dept: '姑苏商业物业', contact: '陈静', phone: '13712345603', address: '江苏省苏州市姑苏区观前街245号', userName: 'demo_gswy' },
];

/** customer, name, type, district, address, longitude, latitude, transformer kVA */
const STATIONS: [number, string, 'room' | 'box', string, string, number, number, number][] = [
  [0, '星湖街科技园1号配电房', 'room', '工业园区', '江苏省苏州市工业园区星湖街328号', 120.7319, 31.3052, 1600],
  [0, '独墅湖创新中心配电房', 'room', '工业园区', '江苏省苏州市工业园区仁爱路150号', 120.7402, 31.2683, 1250],
  [0, '金鸡湖商务区A座配电房', 'room', '工业园区', '江苏省苏州市工业园区旺墩路269号', 120.6795, 31.3178, 2000],
  [0, '斜塘研发楼配电房', 'room', '工业园区', '江苏省苏州市工业园区东方大道188号', 120.6989, 31.291, 1000],
  [0, '阳澄湖数字产业园箱变', 'box', '相城区', '江苏省苏州市相城区阳澄湖大道888号', 120.652, 31.4055, 800],
  [1, '苏虹路一厂1#配电房', 'room', '工业园区', '江苏省苏州市工业园区苏虹中路200号', 120.715, 31.3321, 2000],
  [1, '苏虹路一厂2#配电房', 'room', '工业园区', '江苏省苏州市工业园区苏虹中路200号2号厂房', 120.7172, 31.3335, 1600],
  [1, '浒关三厂配电站', 'room', '高新区', '江苏省苏州市高新区浒关工业园青花路98号', 120.535, 31.3583, 1250],
  [1, '木渎物流仓储中心配电房', 'room', '吴中区', '江苏省苏州市吴中区木渎镇金枫南路1258号', 120.553, 31.263, 1000],
  [2, '观前街商业广场配电房', 'room', '姑苏区', '江苏省苏州市姑苏区观前街245号', 120.6215, 31.3105, 1600],
  [2, '石路商圈综合体配电房', 'room', '姑苏区', '江苏省苏州市姑苏区广济南路19号', 120.593, 31.3128, 1250],
  [2, '平江路文旅街区箱变', 'box', '姑苏区', '江苏省苏州市姑苏区平江路120号', 120.633, 31.319, 630],
];

const LOADS = ['照明', '空调机组', '电梯', '消防水泵', '生活水泵', '充电桩', '数据机房', '生产线', '空压机', '办公插座', '厨房', '排风机', '冷却塔', '冷水机组', '应急照明'];
const FEEDER_CURRENTS = [100, 160, 250, 400, 630];
const MAKER = '苏州某电气成套设备有限公司';

/** mulberry32: small, fast, good enough for believable demo data, and reproducible. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(list: T[]) => list[Math.floor(next() * list.length)] };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function planFleet(seed = 20240601): PlanStation[] {
  const r = prng(seed);
  let gatewaySeq = 0;
  return STATIONS.map(([customer, name, type, district, address, longitude, latitude, kva], s) => {
    const code = `SZ${pad(s + 1)}`;
    const n = type === 'box' ? r.int(6, 8) : r.int(9, 20);
    const transformers = n >= 12 ? 2 : 1;
    const gatewayCount = n >= 12 ? 2 : 1;
    const year = r.int(2016, 2023);
    const commissionDate = `${year}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
    const st: PlanStation = {
      customer,
      code,
      name,
      type,
      district,
      address,
      longitude,
      latitude,
      commissionDate,
      transformerKva: kva,
      capacityKva: kva * transformers,
      bays: [{ code: 'JG01', name: '10kV高压间隔', voltage: '10' }],
      cabinets: [],
      gateways: [],
      equipment: [],
      capacitors: [],
    };
    for (let g = 0; g < gatewayCount; g++) {
      gatewaySeq++;
      st.gateways.push({ code: `GW-SZ-${pad(gatewaySeq, 3)}`, name: `${name}${gatewayCount > 1 ? `${g + 1}#` : ''}采集网关`, ip: `10.${20 + s}.1.${10 + g}` });
    }
    for (let i = 1; i <= transformers; i++) st.bays.push({ code: `JG${pad(i + 1)}`, name: `${i}#主变低压间隔`, voltage: '0.4' });

    const commAddr = new Array(gatewayCount).fill(0);
    const sideGateway = (i: number) => (gatewayCount === 2 ? (i - 1) % 2 : 0);
    const hv = (c: Omit<PlanCabinet, 'voltage' | 'bay' | 'model'>) => st.cabinets.push({ ...c, voltage: '10', bay: 0, model: 'KYN28A-12' }) - 1;
    const lv = (c: Omit<PlanCabinet, 'voltage' | 'model'>) => st.cabinets.push({ ...c, voltage: '0.4', model: 'GCS' }) - 1;
    const counters: Record<string, number> = {};
    const add = (abbr: string, e: Omit<PlanEquipment, 'code' | 'commAddress' | 'manufacturer' | 'installDate'>) => {
      counters[abbr] = (counters[abbr] ?? 0) + 1;
      commAddr[e.gateway]++;
      st.equipment.push({ ...e, code: `${code}-${abbr}${pad(counters[abbr])}`, commAddress: String(commAddr[e.gateway]), manufacturer: MAKER, installDate: commissionDate });
    };
    const meterCurrent = (rated: number) => ({ ctRatio: rated / 5, ptRatio: 1, ratedKva: null, ratedCurrent: rated });

    const ah1 = hv({ code: 'AH1', name: '10kV进线柜', type: 'incoming', gateway: 0 });
    // 10 kV side: PT 10000/100, and the smallest standard CT above 1.2 × the rated current.
    const hvRated = Math.round((st.capacityKva / (Math.sqrt(3) * 10)) * 10) / 10;
    const hvCt = [50, 75, 100, 150, 200, 300, 400, 600].find((a) => a >= hvRated * 1.2) ?? 600;
    add('M', { name: '10kV进线多功能表', model: 'MFM-3P', cabinet: ah1, gateway: 0, ctRatio: hvCt / 5, ptRatio: 100, ratedKva: null, ratedCurrent: hvRated });
    for (let i = 1; i <= transformers; i++) {
      const c = hv({ code: `AH${i + 1}`, name: `${i}#变压器出线柜`, type: 'transformer', gateway: sideGateway(i) });
      add('T', { name: `${i}#干式变压器 SCB13-${kva}/10`, model: 'TTC-DRY', cabinet: c, gateway: sideGateway(i), ctRatio: 1, ptRatio: 1, ratedKva: kva, ratedCurrent: null });
    }
    let aa = 0;
    for (let i = 1; i <= transformers; i++) {
      const g = sideGateway(i);
      const rated = Math.round(kva * 1.443);
      const main = lv({ code: `AA${++aa}`, name: `${i}#低压进线柜`, type: 'incoming', bay: i, gateway: g });
      add('M', { name: `${i}#低压总进线表`, model: 'MFM-3P', cabinet: main, gateway: g, ...meterCurrent(rated) });
      const cap = lv({ code: `AA${++aa}`, name: `${i}#电容补偿柜`, type: 'capacitor', bay: i, gateway: g });
      add('Q', { name: `${i}#无功补偿控制器`, model: 'CAP-CTRL', cabinet: cap, gateway: g, ctRatio: rated / 5, ptRatio: 1, ratedKva: null, ratedCurrent: null });
      const kvar = Math.round((kva * 0.3) / 40) * 40;
      st.capacitors.push({ code: `C${i}`, name: `${i}#电容器组 ${kvar}kvar`, cabinet: cap, controller: st.equipment[st.equipment.length - 1].code, capacityKvar: kvar, steps: 8 });
    }
    if (transformers === 2) {
      const tie = lv({ code: `AA${++aa}`, name: '低压母联柜', type: 'bus_tie', bay: 1, gateway: 0 });
      add('C', { name: '母联回路表', model: 'SCM-3P', cabinet: tie, gateway: 0, ...meterCurrent(Math.round(kva * 1.443)) });
    }
    const feeders = n - st.cabinets.length;
    for (let j = 0; j < feeders; j++) {
      const side = (j % transformers) + 1;
      const g = sideGateway(side);
      const distribution = j % 4 === 3;
      const c = lv({ code: `AA${++aa}`, name: distribution ? `照明动力配电箱${j + 1}` : `低压出线柜${j + 1}`, type: distribution ? 'distribution' : 'outgoing', bay: side, gateway: g });
      const cab = st.cabinets[c];
      if (distribution) {
        for (let k = 1, m = r.int(6, 10); k <= m; k++) add('B', { name: `${cab.code}-${k} ${r.pick(LOADS)}微断`, model: 'MCB-IOT', cabinet: c, gateway: g, ctRatio: 1, ptRatio: 1, ratedKva: null, ratedCurrent: r.pick([16, 20, 32, 40, 63]) });
      } else {
        for (let k = 1, m = r.int(4, 6); k <= m; k++) {
          const model = r.next() < 0.75 ? 'MFM-3P' : 'SCM-3P';
          add(model === 'MFM-3P' ? 'M' : 'C', { name: `${cab.code}-${k} ${r.pick(LOADS)}回路`, model, cabinet: c, gateway: g, ...meterCurrent(r.pick(FEEDER_CURRENTS)) });
        }
      }
    }
    // Room sensors sit in the room, not in a cabinet, and report through the first gateway.
    const room = (abbr: string, name: string, model: string) => add(abbr, { name, model, cabinet: null, gateway: 0, ctRatio: 1, ptRatio: 1, ratedKva: null, ratedCurrent: null });
    room('TH', '高压室温湿度', 'THS-485');
    room('TH', '低压室温湿度', 'THS-485');
    if (transformers === 2) room('TH', '变压器室温湿度', 'THS-485');
    room('D', '配电房大门门磁', 'DOOR-MC');
    if (n >= 12) room('D', '配电房后门门磁', 'DOOR-MC');
    room('W', '电缆沟水浸', 'WATER-SJ');
    room('S', '高压室烟感', 'SMOKE-YG');
    if (n >= 12) room('S', '低压室烟感', 'SMOKE-YG');
    return st;
  });
}
