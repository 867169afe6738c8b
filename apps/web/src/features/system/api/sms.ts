import type { Page, SmsOutboxRow } from '@pdz/contracts';
import { get } from '@/api/request';
import type { ListParams } from '@/components/crud';

export const SMS_KEY = ['system', 'sms'] as const;

export const fetchSmsOutbox = (params: ListParams) => get<Page<SmsOutboxRow>>('/api/system/sms/pageList', params);
