import ExcelJS from 'exceljs';
import { EQUIPMENT_STATUSES, type EquipmentRow } from '@pdz/contracts';

/** Upper bound of one export: keeps a single request's memory bounded. */
export const EXPORT_MAX_ROWS = 50_000;

/** "YYYY-MM-DD HH:mm:ss" in the configured zone. */
function formatTime(ms: number, zoneOffsetMinutes: number): string {
  const d = new Date(ms + zoneOffsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** base name, underscore, compact timestamp, extension (spec §9 download helper). */
export function exportFileName(base: string, zoneOffsetMinutes: number, ext = 'xlsx', at = Date.now()): string {
  return `${base}_${formatTime(at, zoneOffsetMinutes).replace(/\D/g, '')}.${ext}`;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The filtered equipment list with the columns of the equipment table. */
export async function equipmentWorkbook(rows: EquipmentRow[], zoneOffsetMinutes: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet('设备', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: '设备编号', key: 'code', width: 18 },
    { header: '设备名称', key: 'name', width: 24 },
    { header: '设备类型', key: 'type', width: 14 },
    { header: '设备型号', key: 'model', width: 22 },
    { header: '所属客户', key: 'customer', width: 26 },
    { header: '所属站点', key: 'station', width: 22 },
    { header: '柜体', key: 'cabinet', width: 18 },
    { header: '网关', key: 'gateway', width: 16 },
    { header: '通讯地址', key: 'commAddress', width: 10 },
    { header: 'CT变比', key: 'ct', width: 9 },
    { header: 'PT变比', key: 'pt', width: 9 },
    { header: '一次值', key: 'primary', width: 8 },
    { header: '额定容量(kVA)', key: 'kva', width: 14 },
    { header: '测点数', key: 'points', width: 8 },
    { header: '运行状态', key: 'status', width: 10 },
    { header: '通讯状态', key: 'online', width: 10 },
    { header: '生产厂家', key: 'manufacturer', width: 18 },
    { header: '安装日期', key: 'installDate', width: 12 },
    { header: '备注', key: 'remark', width: 24 },
    { header: '创建时间', key: 'createdAt', width: 20 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const e of rows) {
    ws.addRow({
      code: e.code,
      name: e.name,
      type: e.equipmentTypeName,
      model: `${e.modelName}（${e.modelCode}）`,
      customer: e.customerName,
      station: e.stationName,
      cabinet: e.cabinetName ?? '',
      gateway: e.gatewayCode ?? '',
      commAddress: e.commAddress ?? '',
      ct: e.ctRatio,
      pt: e.ptRatio,
      primary: e.valuesArePrimary ? '是' : '否',
      kva: e.ratedKva ?? '',
      points: e.pointCount,
      status: EQUIPMENT_STATUSES.find((s) => s.value === e.status)?.label ?? e.status,
      online: e.online ? '在线' : '离线',
      manufacturer: e.manufacturer ?? '',
      installDate: e.installDate ?? '',
      remark: e.remark ?? '',
      createdAt: formatTime(e.createdAt, zoneOffsetMinutes),
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
