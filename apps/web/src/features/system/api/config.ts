import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@pdz/contracts';
import { get, post } from '@/api/request';

export const CONFIG_KEY = ['system', 'config'] as const;

export interface NoticeFormValues {
  title: string;
  content: string;
  level: number;
  /** Empty: everyone. */
  userIds: number[];
}

export const fetchSiteConfig = () => get<SiteConfig>('/api/system/config/site');
export const saveSiteConfig = (body: SiteConfig) => post<null>('/api/system/config/site', body);
/** Answers the message id and how many users received it. */
export const addNotice = (body: NoticeFormValues) => post<{ id: number; recipients: number }>('/api/system/notice/add', body);

export function useSiteConfig() {
  return useQuery({ queryKey: [...CONFIG_KEY, 'site'], queryFn: fetchSiteConfig, staleTime: 0 });
}
