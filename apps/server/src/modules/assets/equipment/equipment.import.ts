import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import {
  EQUIPMENT_CODE_PATTERN,
  EQUIPMENT_IMPORT_COLUMNS,
  EQUIPMENT_IMPORT_MAX_ROWS,
  MAX_TRANSFORMER_RATIO,
  isValidDay,
  type EquipmentImportField,
  type EquipmentImportResult,
  type ImportRowError,
} from '@pdz/contracts';
import type { Database } from '../../../platform/db/schema';
import { badRequest, conflict } from '../../../platform/errors';
import { chunks, inVisible, uniquely, type Visible } from './access';
import { createPointsFromModels, INSERT_BATCH } from './equipment.repo';
import { equipmentColumns, type EquipmentInput } from './equipment.service';
import { EXAMPLE_REMARK, IMPORT_SHEET } from './equipment.template';

type Cells = Record<EquipmentImportField, string>;
const LABEL = Object.fromEntries(EQUIPMENT_IMPORT_COLUMNS.map((c) => [c.key, c.header.replace('*', '')])) as Record<EquipmentImportField, string>;
const MAX_LEN: Partial<Record<EquipmentImportField, number>> = { code: 64, name: 100, commAddress: 32, manufacturer: 100, remark: 255 };

/** Thrown when the file has bad rows: the route answers 400 with every one of them. */
export class ImportRejected extends Error {
  constructor(readonly errors: ImportRowError[]) {
    super(`导入失败：${new Set(errors.map((e) => e.row)).size} 行数据有误，未导入任何数据`);
  }
}

/** A cell as the text a person typed, whatever type the spreadsheet stored it as. */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('').trim();
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text).trim();
    if ('error' in v) return '';
  }
  return String(v).trim();
}

/** Reads the import sheet into rows of trimmed text keyed by field, with their sheet row numbers. */
async function readRows(data: Buffer): Promise<{ row: number; cells: Cells }[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('无法读取文件，请使用下载的导入模板（.xlsx 格式）');
  }
  const ws = wb.getWorksheet(IMPORT_SHEET) ?? wb.worksheets[0];
  if (!ws) throw badRequest('文件中没有工作表');
  const columnOf = new Map<EquipmentImportField, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const title = cellText(cell.value).replace(/[*＊\s]/g, '');
    const c = EQUIPMENT_IMPORT_COLUMNS.find((x) => x.header.replace('*', '') === title);
    if (c) columnOf.set(c.key, col);
  });
  const missing = EQUIPMENT_IMPORT_COLUMNS.filter((c) => c.required && !columnOf.has(c.key)).map((c) => LABEL[c.key]);
  if (missing.length) throw badRequest(`文件缺少必填列：${missing.join('、')}，请使用下载的导入模板`);
  const rows: { row: number; cells: Cells }[] = [];
  ws.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = {} as Cells;
    for (const c of EQUIPMENT_IMPORT_COLUMNS) cells[c.key] = columnOf.has(c.key) ? cellText(r.getCell(columnOf.get(c.key)!).value) : '';
    if (Object.values(cells).every((v) => v === '')) return;
    if (cells.remark === EXAMPLE_REMARK) return;
    rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/** Excel stores a typed date either as text or as a day serial; both become YYYY-MM-DD. */
function normalizeDay(v: string): string | null {
  if (/^\d+(\.\d+)?$/.test(v) && Number(v) > 20000 && Number(v) < 80000) {
    return new Date(Math.round((Number(v) - 25569) * 86_400_000)).toISOString().slice(0, 10);
  }
  const s = v.replace(/\//g, '-').replace(/^(\d{4})-(\d)-/, '$1-0$2-').replace(/-(\d)$/, '-0$1');
  return isValidDay(s) ? s : null;
}

/**
 * Validates every row of an equipment import file and, only if all are good, creates all the
 * equipment with their points in one transaction. Lookups by code go through the caller's scope.
 */
export async function importEquipment(db: Kysely<Database>, visible: Visible, data: Buffer): Promise<EquipmentImportResult & { codes: string[] }> {
  const rows = await readRows(data);
  if (!rows.length) throw badRequest('文件中没有可导入的数据');
  if (rows.length > EQUIPMENT_IMPORT_MAX_ROWS) throw badRequest(`一次最多导入${EQUIPMENT_IMPORT_MAX_ROWS}行，当前${rows.length}行`);

  const stations = await db.selectFrom('asset_station').select(['id', 'code', 'name', 'customer_id']).where(inVisible('customer_id', visible)).execute();
  const stationsByCode = new Map<string, typeof stations>();
  for (const s of stations) stationsByCode.set(s.code, [...(stationsByCode.get(s.code) ?? []), s]);
  const cabinets = await db
    .selectFrom('asset_cabinet as cb')
    .innerJoin('asset_station as s', 's.id', 'cb.station_id')
    .select(['cb.id', 'cb.code', 'cb.station_id'])
    .where(inVisible('s.customer_id', visible))
    .execute();
  const cabinetKey = (stationId: number, code: string) => `${stationId}|${code}`;
  const cabinetByKey = new Map(cabinets.map((c) => [cabinetKey(c.station_id, c.code), c.id]));
  const gateways = await db.selectFrom('asset_gateway').select(['id', 'code', 'station_id']).where(inVisible('customer_id', visible)).execute();
  const gatewayByCode = new Map(gateways.map((g) => [g.code, g]));
  const models = await db.selectFrom('asset_equipment_model').select(['id', 'code', 'equipment_type']).execute();
  const modelByCode = new Map(models.map((m) => [m.code, m]));

  const errors: ImportRowError[] = [];
  const good: { row: number; input: EquipmentInput; customerId: number; equipmentType: string }[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of rows) {
    const fail = (field: EquipmentImportField, reason: string) => errors.push({ row, field: LABEL[field], reason });
    const before = errors.length;
    for (const c of EQUIPMENT_IMPORT_COLUMNS) if (c.required && !cells[c.key]) fail(c.key, `${LABEL[c.key]}不能为空`);
    for (const [key, max] of Object.entries(MAX_LEN) as [EquipmentImportField, number][]) {
      if (cells[key].length > max) fail(key, `${LABEL[key]}不能超过${max}个字符`);
    }
    if (cells.code && !EQUIPMENT_CODE_PATTERN.test(cells.code)) fail('code', '设备编号只能包含字母、数字、_ 和 -');

    let station: (typeof stations)[number] | undefined;
    if (cells.stationCode) {
      const found = stationsByCode.get(cells.stationCode) ?? [];
      if (!found.length) fail('stationCode', `站点编号“${cells.stationCode}”不存在或无权访问`);
      else if (found.length > 1) fail('stationCode', `站点编号“${cells.stationCode}”对应多个客户的站点，请分客户导入`);
      else station = found[0];
    }
    let cabinetId: number | null = null;
    if (cells.cabinetCode && station) {
      cabinetId = cabinetByKey.get(cabinetKey(station.id, cells.cabinetCode)) ?? null;
      if (cabinetId === null) fail('cabinetCode', `柜体编号“${cells.cabinetCode}”不在站点“${station.name}”中`);
    }
    let gatewayId: number | null = null;
    if (cells.gatewayCode) {
      const g = gatewayByCode.get(cells.gatewayCode);
      if (!g) fail('gatewayCode', `网关编号“${cells.gatewayCode}”不存在或无权访问`);
      else if (station && g.station_id !== station.id) fail('gatewayCode', `网关“${cells.gatewayCode}”不属于站点“${station.name}”`);
      else gatewayId = g.id;
    }
    const model = cells.modelCode ? modelByCode.get(cells.modelCode) : undefined;
    if (cells.modelCode && !model) fail('modelCode', `设备型号编码“${cells.modelCode}”不存在`);

    const ratio = (key: 'ctRatio' | 'ptRatio'): number => {
      if (!cells[key]) return 1;
      const n = Number(cells[key]);
      if (!Number.isFinite(n)) fail(key, `${LABEL[key]}必须是数字`);
      else if (n <= 0) fail(key, `${LABEL[key]}必须大于0`);
      else if (n > MAX_TRANSFORMER_RATIO) fail(key, `${LABEL[key]}不能大于${MAX_TRANSFORMER_RATIO}`);
      return n;
    };
    const ctRatio = ratio('ctRatio');
    const ptRatio = ratio('ptRatio');
    let ratedKva: number | null = null;
    if (cells.ratedKva) {
      ratedKva = Number(cells.ratedKva);
      if (!Number.isFinite(ratedKva)) fail('ratedKva', '额定容量必须是数字');
      else if (ratedKva <= 0 || ratedKva > 1_000_000) fail('ratedKva', '额定容量必须大于0且不超过1000000');
    }
    let installDate: string | null = null;
    if (cells.installDate) {
      installDate = normalizeDay(cells.installDate);
      if (!installDate) fail('installDate', `安装日期“${cells.installDate}”格式应为YYYY-MM-DD`);
    }
    if (station && cells.code) {
      const key = `${station.customer_id}|${cells.code}`;
      const first = seen.get(key);
      if (first !== undefined) fail('code', `设备编号“${cells.code}”与第${first}行重复`);
      else seen.set(key, row);
    }
    if (errors.length > before || !station || !model) continue;
    good.push({
      row,
      customerId: station.customer_id,
      equipmentType: model.equipment_type,
      input: {
        stationId: station.id,
        cabinetId,
        gatewayId,
        modelId: model.id,
        code: cells.code,
        name: cells.name,
        commAddress: cells.commAddress || null,
        ctRatio,
        ptRatio,
        valuesArePrimary: true,
        ratedKva,
        ratedCurrent: null,
        manufacturer: cells.manufacturer || null,
        installDate,
        status: 'running',
        orderNum: 0,
        remark: cells.remark || null,
      },
    });
  }

  // Codes already in the database, per customer, in batches.
  for (const batch of chunks(good, 500)) {
    const customerIds = [...new Set(batch.map((g) => g.customerId))];
    const taken = await db
      .selectFrom('asset_equipment')
      .select(['customer_id', 'code'])
      .where('customer_id', 'in', customerIds)
      .where('code', 'in', batch.map((g) => g.input.code))
      .execute();
    const takenKeys = new Set(taken.map((t) => `${t.customer_id}|${t.code}`));
    for (const g of batch) if (takenKeys.has(`${g.customerId}|${g.input.code}`)) errors.push({ row: g.row, field: LABEL.code, reason: `设备编号“${g.input.code}”已存在` });
  }
  if (errors.length) throw new ImportRejected(errors.sort((a, b) => a.row - b.row));

  const t = Date.now();
  return uniquely(
    () =>
      db.transaction().execute(async (trx) => {
        let points = 0;
        for (const batch of chunks(good, INSERT_BATCH)) {
          const inserted = await trx
            .insertInto('asset_equipment')
            .values(batch.map((g) => ({ ...equipmentColumns(g.input, g.customerId, g.equipmentType), online: 0, last_seen_at: null, created_at: t, updated_at: t })))
            .returning(['id', 'customer_id', 'code'])
            .execute();
          const modelOf = new Map(batch.map((g) => [`${g.customerId}|${g.input.code}`, g.input.modelId]));
          points += await createPointsFromModels(
            trx,
            inserted.map((r) => ({ equipmentId: r.id, modelId: modelOf.get(`${r.customer_id}|${r.code}`)! })),
            t,
          );
        }
        return { imported: good.length, points, codes: good.map((g) => g.input.code) };
      }),
    () => conflict('导入期间有相同编号的设备被他人添加，请重新导入'),
  );
}
