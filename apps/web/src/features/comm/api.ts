import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GatewayLinkRow, GatewayLinkSettings, GatewayStats, MonitorGatewayRow } from '@pdz/contracts';
import { get, put } from '@/api/request';

export const COMM_KEY = ['comm', 'gateways'] as const;
/** 网关状态 refreshes its counters this often (comm state itself is pushed over the websocket). */
export const COMM_REFRESH_MS = 10_000;

export interface GatewayListQuery {
  keyword?: string;
}

export const fetchCommGateways = (q: GatewayListQuery) => get<MonitorGatewayRow[]>('/api/monitor/gateways', q);
export const fetchCommGatewayStats = (id: number) => get<GatewayStats>(`/api/monitor/gateways/${id}/stats`);

export function useCommGateways(q: GatewayListQuery) {
  const params = q.keyword ? { keyword: q.keyword } : {};
  return useQuery({ queryKey: [...COMM_KEY, 'list', params], queryFn: () => fetchCommGateways(params), refetchInterval: COMM_REFRESH_MS, placeholderData: keepPreviousData });
}

export function useCommGatewayStats(id: number | undefined) {
  return useQuery({ queryKey: [...COMM_KEY, 'stats', id], queryFn: () => fetchCommGatewayStats(id!), enabled: id !== undefined, refetchInterval: COMM_REFRESH_MS });
}

export const LINKS_KEY = ['comm', 'links'] as const;
export const fetchCommLinks = (q: GatewayListQuery) => get<GatewayLinkRow[]>('/api/monitor/links', q);
export const saveCommLink = (id: number, settings: GatewayLinkSettings) => put<null>(`/api/monitor/links/${id}`, settings);

/** 弱网优化: link figures and settings of every gateway in scope, refreshed like 网关状态. */
export function useCommLinks(q: GatewayListQuery) {
  const params = q.keyword ? { keyword: q.keyword } : {};
  return useQuery({ queryKey: [...LINKS_KEY, params], queryFn: () => fetchCommLinks(params), refetchInterval: COMM_REFRESH_MS, placeholderData: keepPreviousData });
}
