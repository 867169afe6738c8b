import { z } from 'zod';
import { text, optionalText, optionalId, id, int } from '../fields';
import { pageQuery } from '../envelope';
import { assetCode } from './customer';

/** Cameras (摄像头) of a station, optionally pointed at one cabinet. */
export const CAMERA_SORT_COLUMNS = ['id', 'code', 'name', 'stationName', 'orderNum', 'createdAt'] as const;

/** Stream addresses the console can open: HLS/HTTP in the page, RTSP/RTMP shown as links. */
export const STREAM_URL_PATTERN = /^(https?|rtsp|rtmp):\/\/[^\s]+$/i;
const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** An IPv4 address or empty (spec §5: "请输入正确的IP地址"). */
export function optionalIp(label = 'IP地址') {
  return z
    .string({ error: `${label}必须是文本` })
    .trim()
    .refine((v) => v === '' || IPV4.test(v), '请输入正确的IP地址')
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
}

/** GET /api/camera/pageList */
export const cameraQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
  cabinetId: optionalId('柜体').optional(),
});

const cameraFields = {
  stationId: id('所属站点'),
  cabinetId: optionalId('所属柜体'),
  code: assetCode('摄像头编号'),
  name: text('摄像头名称', { max: 100 }),
  streamUrl: optionalText('视频流地址', 500).refine((v) => v === null || STREAM_URL_PATTERN.test(v), '视频流地址应以 http://、https://、rtsp:// 或 rtmp:// 开头'),
  brand: optionalText('品牌', 64),
  ip: optionalIp(),
  orderNum: int('显示顺序', { min: 0, max: 99999 }).default(0),
  remark: optionalText('备注'),
};
export const cameraAddBody = z.object(cameraFields);
export const cameraEditBody = z.object({ id: id('摄像头'), ...cameraFields });

export interface CameraRow {
  id: number;
  customerId: number;
  customerName: string;
  stationId: number;
  stationName: string;
  cabinetId: number | null;
  cabinetName: string | null;
  code: string;
  name: string;
  streamUrl: string | null;
  /** True for an HLS (.m3u8) address the page can play itself. */
  isHls: boolean;
  brand: string | null;
  ip: string | null;
  orderNum: number;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}
