import { useQuery } from '@tanstack/react-query';
import type { GatewayRow, GatewaySecretResult, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

export const GATEWAY_KEY = ['asset', 'gateway'] as const;
export const GATEWAY_EXPORT_URL = '/api/pdfznjkpt/gateway/export';
const base = '/api/pdfznjkpt/gateway';

export interface GatewayFormValues {
  stationId: number;
  code: string;
  name: string;
  model: string | null;
  manufacturer: string | null;
  ip: string | null;
  protocol: string;
  reportIntervalS: number;
  remark: string | null;
}

/** The gateway list is a POST (spec §7: select), its filters in the body. */
export const fetchGateways = (params: ListParams) => post<Page<GatewayRow>>(`${base}/select`, params);
export const fetchGateway = (id: number) => get<GatewayRow>(`${base}/selectById/${id}`);
/** Creates the gateway and answers its secret, this one time only. */
export const saveGateway = (body: GatewayFormValues) => post<GatewaySecretResult>(`${base}/save`, body);
export const updateGateway = (body: GatewayFormValues & { id: number }) => post<null>(`${base}/update`, body);
export const removeGateways = (ids: number[]) => get<null>(`${base}/delete`, { ids: ids.join(',') });
/** A new secret replaces the old one at once (the gateway must be given the new one). */
export const rotateGatewaySecret = (id: number) => post<GatewaySecretResult>(`${base}/rotateSecret`, { id });

export function useGatewayDetail(id: number | undefined) {
  return useQuery({ queryKey: [...GATEWAY_KEY, 'detail', id], queryFn: () => fetchGateway(id!), enabled: id !== undefined, staleTime: 0 });
}

/** The gateways of one station, for the equipment form's 采集网关 and the point rules. */
export function useStationGateways(stationId: number | null | undefined) {
  return useQuery({
    queryKey: [...GATEWAY_KEY, 'ofStation', stationId],
    queryFn: () => fetchGateways({ pageNum: 1, pageSize: 500, stationId, orderBy: 'code', order: 'asc' }).then((p) => p.list),
    enabled: !!stationId,
  });
}
