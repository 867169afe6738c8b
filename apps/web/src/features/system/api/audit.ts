import type { AuditRow, Page } from '@pdz/contracts';
import { get } from '@/api/request';
import type { ListParams } from '@/components/crud';

export const AUDIT_KEY = ['system', 'audit'] as const;
export const AUDIT_EXPORT_URL = '/api/system/audit/export';

export const fetchAudit = (params: ListParams) => get<Page<AuditRow>>('/api/system/audit/pageList', params);
