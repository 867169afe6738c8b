import { useQuery } from '@tanstack/react-query';
import type { Page, StationRow } from '@pdz/contracts';
import { get, post } from '@/api/request';
import { downloadFile, downloadName } from '@/api/download';
import type { ListParams } from '@/components/crud';

export const STATION_KEY = ['asset', 'station'] as const;
export const STATION_EXPORT_URL = '/api/station/export';

/** What the station form sends (stationAddBody / stationEditBody). */
export interface StationFormValues {
  customerId: number;
  code: string;
  name: string;
  stationType: string;
  voltageLevel: string | null;
  capacityKva: number | null;
  city: string | null;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  /** YYYY-MM-DD */
  commissionDate: string | null;
  contact: string | null;
  phone: string | null;
  status: string;
  orderNum: number;
  remark: string | null;
}

export const fetchStations = (params: ListParams) => get<Page<StationRow>>('/api/station/pageList', params);
export const fetchStation = (id: number) => get<StationRow>(`/api/station/getById/${id}`);
export const addStation = (body: StationFormValues) => post<{ id: number }>('/api/station/add', body);
export const editStation = (body: StationFormValues & { id: number }) => post<null>('/api/station/edit', body);
export const removeStations = (ids: number[]) => get<null>('/api/station/remove', { ids: ids.join(',') });

/** 台账PDF: the station's ledger (basic data, cabinets, equipment, points). */
export const downloadStationPdf = (station: { id: number; name: string }) =>
  downloadFile(`/api/station/pdf/${station.id}`, undefined, downloadName(`站点台账_${station.name}`, 'pdf'));

export function useStationDetail(id: number | undefined) {
  return useQuery({ queryKey: [...STATION_KEY, 'detail', id], queryFn: () => fetchStation(id!), enabled: id !== undefined, staleTime: 0 });
}

/** The map picker's neighbours: every station with coordinates the caller sees (one call, ≤ 500). */
export function useStationsForMap(enabled: boolean) {
  return useQuery({
    queryKey: [...STATION_KEY, 'map'],
    queryFn: () => fetchStations({ pageNum: 1, pageSize: 500 }).then((p) => p.list.filter((s) => s.longitude !== null && s.latitude !== null)),
    enabled,
    staleTime: 60_000,
  });
}
