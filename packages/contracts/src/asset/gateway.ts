import { z } from 'zod';
import { text, optionalText, optionalId, id, int, flag, oneOf } from '../fields';
import { pageQuery } from '../envelope';
import { optionalIp } from './camera';

/**
 * Gateways (采集网关): the boxes in a station that read its equipment and report upstream. The code
 * names the ingest topic gw/{code}/up, so it is unique across all customers.
 */
export const GATEWAY_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const GATEWAY_PROTOCOLS = [
  { value: 'mqtt', label: 'MQTT' },
  { value: 'http', label: 'HTTP' },
] as const;
export const GATEWAY_PROTOCOL_VALUES = ['mqtt', 'http'] as const;

export const GATEWAY_SORT_COLUMNS = ['id', 'code', 'name', 'stationName', 'lastSeenAt', 'createdAt'] as const;

/** POST /api/pdfznjkpt/gateway/select (paged; GET /api/pdfznjkpt/gateway/export takes the same as query). */
export const gatewayQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
  online: flag('在线状态').optional(),
  protocol: z.string().trim().max(16).optional(),
});

const gatewayFields = {
  stationId: id('所属站点'),
  code: text('网关编号', { max: 64 }).regex(GATEWAY_CODE_PATTERN, '网关编号只能包含字母、数字、_ 和 -'),
  name: text('网关名称', { max: 100 }),
  model: optionalText('网关型号', 64),
  manufacturer: optionalText('生产厂家', 100),
  ip: optionalIp(),
  protocol: oneOf('接入协议', GATEWAY_PROTOCOL_VALUES).default('mqtt'),
  reportIntervalS: int('上报周期', { min: 5, max: 86_400 }).default(60),
  remark: optionalText('备注'),
};
/** POST save: creates a gateway and answers its secret once. */
export const gatewaySaveBody = z.object(gatewayFields);
/** POST update: the secret is not changed here (see rotateSecret). */
export const gatewayUpdateBody = z.object({ id: id('网关'), ...gatewayFields });
/** POST rotateSecret */
export const gatewayRotateBody = z.object({ id: id('网关') });

export interface GatewayRow {
  id: number;
  customerId: number;
  customerName: string;
  stationId: number;
  stationName: string;
  code: string;
  name: string;
  model: string | null;
  manufacturer: string | null;
  ip: string | null;
  protocol: string;
  reportIntervalS: number;
  /** Filled by the telemetry side: reported within its interval. */
  online: boolean;
  lastSeenAt: number | null;
  offlineSince: number | null;
  secretRotatedAt: number;
  equipmentCount: number;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * Answer of save and rotateSecret. The secret is shown this one time: only its SHA-256 is stored,
 * so nobody can read it back later; a lost secret is replaced by rotating.
 */
export interface GatewaySecretResult {
  id: number;
  code: string;
  secret: string;
  secretRotatedAt: number;
}
