import ExcelJS from 'exceljs';
import { EQUIPMENT_IMPORT_COLUMNS, equipmentTypeLabel } from '@pdz/contracts';
import { inVisible, type Db, type Visible } from './access';

export const IMPORT_SHEET = '设备导入';
export const OPTIONS_SHEET = '可选值';
/** The example row carries this remark; rows with it are skipped on import. */
export const EXAMPLE_REMARK = '示例行，导入时忽略';
/** Rows of the import sheet that get drop-down lists. */
const VALIDATED_ROWS = 2000;

/** Range-wide data validation: exceljs supports it at run time, its type declarations miss it. */
type RangeValidations = { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } };
const validations = (ws: ExcelJS.Worksheet) => (ws as unknown as RangeValidations).dataValidations;

/** What the user may pick from: models, and the stations, cabinets and gateways in their scope. */
export async function importOptions(db: Db, visible: Visible) {
  const models = await db.selectFrom('asset_equipment_model').select(['code', 'name', 'equipment_type']).orderBy('id').execute();
  const stations = await db
    .selectFrom('asset_station as s')
    .innerJoin('asset_customer as c', 'c.id', 's.customer_id')
    .select(['s.id', 's.code', 's.name', 'c.name as customer_name'])
    .where(inVisible('s.customer_id', visible))
    .orderBy('s.customer_id')
    .orderBy('s.code')
    .execute();
  const cabinets = await db
    .selectFrom('asset_cabinet as cb')
    .innerJoin('asset_station as s', 's.id', 'cb.station_id')
    .select(['cb.code', 'cb.name', 's.code as station_code'])
    .where(inVisible('s.customer_id', visible))
    .orderBy('s.code')
    .orderBy('cb.code')
    .execute();
  const gateways = await db
    .selectFrom('asset_gateway as g')
    .innerJoin('asset_station as s', 's.id', 'g.station_id')
    .select(['g.code', 'g.name', 's.code as station_code'])
    .where(inVisible('g.customer_id', visible))
    .orderBy('g.code')
    .execute();
  return { models, stations, cabinets, gateways };
}

/**
 * The import template: the columns (required ones marked * and in red), one example row, a
 * second sheet listing the valid codes, and drop-down lists pointing at that sheet.
 */
export async function equipmentTemplate(db: Db, visible: Visible): Promise<Buffer> {
  const { models, stations, cabinets, gateways } = await importOptions(db, visible);
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(IMPORT_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  const opt = wb.addWorksheet(OPTIONS_SHEET);

  ws.columns = EQUIPMENT_IMPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: Math.max(12, c.header.length * 2 + 4) }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  EQUIPMENT_IMPORT_COLUMNS.forEach((c, i) => {
    if (c.required) header.getCell(i + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });

  const station = stations[0];
  const example = {
    code: 'MTR-0001',
    name: '1#进线柜多功能表',
    stationCode: station?.code ?? 'ST-001',
    cabinetCode: cabinets.find((c) => c.station_code === station?.code)?.code ?? '',
    gatewayCode: gateways.find((g) => g.station_code === station?.code)?.code ?? '',
    modelCode: models[0]?.code ?? 'MFM-3P',
    commAddress: '1',
    ctRatio: 100,
    ptRatio: 1,
    ratedKva: '',
    manufacturer: '某电气有限公司',
    installDate: '2024-06-01',
    remark: EXAMPLE_REMARK,
  };
  const exampleRow = ws.addRow(example);
  exampleRow.font = { italic: true, color: { argb: 'FF808080' } };
  // Codes and dates as text, so a spreadsheet does not turn "0012" into 12 or a date into a serial.
  for (const key of ['code', 'stationCode', 'cabinetCode', 'gatewayCode', 'modelCode', 'commAddress', 'installDate']) ws.getColumn(key).numFmt = '@';

  opt.columns = [
    { header: '设备型号编码', key: 'modelCode', width: 16 },
    { header: '型号名称', key: 'modelName', width: 22 },
    { header: '设备类型', key: 'modelType', width: 14 },
    { header: '', key: 'gap1', width: 3 },
    { header: '站点编号', key: 'stationCode', width: 14 },
    { header: '站点名称', key: 'stationName', width: 24 },
    { header: '所属客户', key: 'customer', width: 28 },
    { header: '', key: 'gap2', width: 3 },
    { header: '柜体编号', key: 'cabinetCode', width: 14 },
    { header: '柜体名称', key: 'cabinetName', width: 20 },
    { header: '柜体所在站点', key: 'cabinetStation', width: 14 },
    { header: '', key: 'gap3', width: 3 },
    { header: '网关编号', key: 'gatewayCode', width: 16 },
    { header: '网关所在站点', key: 'gatewayStation', width: 14 },
  ];
  opt.getRow(1).font = { bold: true };
  const rows = Math.max(models.length, stations.length, cabinets.length, gateways.length);
  for (let i = 0; i < rows; i++) {
    const m = models[i];
    const s = stations[i];
    const c = cabinets[i];
    const g = gateways[i];
    opt.addRow({
      modelCode: m?.code,
      modelName: m?.name,
      modelType: m ? equipmentTypeLabel(m.equipment_type) : undefined,
      stationCode: s?.code,
      stationName: s?.name,
      customer: s?.customer_name,
      cabinetCode: c?.code,
      cabinetName: c?.name,
      cabinetStation: c?.station_code,
      gatewayCode: g?.code,
      gatewayStation: g?.station_code,
    });
  }

  const list = (column: string, optionColumn: string, count: number, title: string) => {
    if (!count) return;
    const range = `${column}2:${column}${VALIDATED_ROWS + 1}`;
    validations(ws).add(range, {
      type: 'list',
      allowBlank: true,
      formulae: [`'${OPTIONS_SHEET}'!$${optionColumn}$2:$${optionColumn}$${count + 1}`],
      showErrorMessage: true,
      errorTitle: `${title}无效`,
      error: `请从下拉列表中选择，可选值见“${OPTIONS_SHEET}”工作表`,
    });
  };
  const col = (key: string) => ws.getColumn(key).letter;
  list(col('modelCode'), 'A', models.length, '设备型号编码');
  list(col('stationCode'), 'E', stations.length, '站点编号');
  list(col('cabinetCode'), 'I', cabinets.length, '柜体编号');
  list(col('gatewayCode'), 'M', gateways.length, '网关编号');
  for (const key of ['ctRatio', 'ptRatio', 'ratedKva']) {
    const c = col(key);
    validations(ws).add(`${c}2:${c}${VALIDATED_ROWS + 1}`, {
      type: 'decimal',
      operator: 'greaterThan',
      allowBlank: true,
      formulae: [0],
      showErrorMessage: true,
      errorTitle: '数值无效',
      error: '请输入大于0的数字',
    });
  }
  const d = col('installDate');
  ws.getCell(`${d}1`).note = '格式：YYYY-MM-DD，例如 2024-06-01';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
