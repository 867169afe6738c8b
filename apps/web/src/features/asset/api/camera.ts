import { useQuery } from '@tanstack/react-query';
import type { CameraRow, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

export const CAMERA_KEY = ['asset', 'camera'] as const;
export const CAMERA_EXPORT_URL = '/api/camera/export';

export interface CameraFormValues {
  stationId: number;
  cabinetId: number | null;
  code: string;
  name: string;
  streamUrl: string | null;
  brand: string | null;
  ip: string | null;
  orderNum: number;
  remark: string | null;
}

export const fetchCameras = (params: ListParams) => get<Page<CameraRow>>('/api/camera/pageList', params);
export const fetchCamera = (id: number) => get<CameraRow>(`/api/camera/selectById/${id}`);
export const addCamera = (body: CameraFormValues) => post<{ id: number }>('/api/camera/add', body);
export const editCamera = (body: CameraFormValues & { id: number }) => post<null>('/api/camera/edit', body);
export const removeCameras = (ids: number[]) => get<null>('/api/camera/remove', { ids: ids.join(',') });

export function useCameraDetail(id: number | undefined) {
  return useQuery({ queryKey: [...CAMERA_KEY, 'detail', id], queryFn: () => fetchCamera(id!), enabled: id !== undefined, staleTime: 0 });
}
