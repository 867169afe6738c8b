import { EQUIPMENT_STATUSES, type EquipmentRow } from '@pdz/contracts';
import { formatTime, listWorkbook, type XlsxColumn } from '../../../platform/xlsx';

/** The filtered equipment list with the columns of the equipment table. */
export function equipmentWorkbook(rows: EquipmentRow[], zoneOffsetMinutes: number): Promise<Buffer> {
  const columns: XlsxColumn<EquipmentRow>[] = [
    { header: '设备编号', width: 18, value: (e) => e.code },
    { header: '设备名称', width: 24, value: (e) => e.name },
    { header: '设备类型', width: 14, value: (e) => e.equipmentTypeName },
    { header: '设备型号', width: 22, value: (e) => `${e.modelName}（${e.modelCode}）` },
    { header: '所属客户', width: 26, value: (e) => e.customerName },
    { header: '所属站点', width: 22, value: (e) => e.stationName },
    { header: '柜体', width: 18, value: (e) => e.cabinetName },
    { header: '网关', width: 16, value: (e) => e.gatewayCode },
    { header: '通讯地址', width: 10, value: (e) => e.commAddress },
    { header: 'CT变比', width: 9, value: (e) => e.ctRatio },
    { header: 'PT变比', width: 9, value: (e) => e.ptRatio },
    { header: '一次值', width: 8, value: (e) => (e.valuesArePrimary ? '是' : '否') },
    { header: '额定容量(kVA)', width: 14, value: (e) => e.ratedKva },
    { header: '测点数', width: 8, value: (e) => e.pointCount },
    { header: '运行状态', width: 10, value: (e) => EQUIPMENT_STATUSES.find((s) => s.value === e.status)?.label ?? e.status },
    { header: '通讯状态', width: 10, value: (e) => (e.online ? '在线' : '离线') },
    { header: '生产厂家', width: 18, value: (e) => e.manufacturer },
    { header: '安装日期', width: 12, value: (e) => e.installDate },
    { header: '备注', width: 24, value: (e) => e.remark },
    { header: '创建时间', width: 20, value: (e) => formatTime(e.createdAt, zoneOffsetMinutes, true) },
  ];
  return listWorkbook('设备', columns, rows);
}
