import type { MessageRow, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';
import { noConfirmCount } from '@/features/auth/api';
import { useSessionStore } from '@/stores/session';

/** Root key: the list lives under [...messagesKey, 'list', params] (useCrudList), details under 'detail'. */
export const messagesKey = ['messages'] as const;
export const messageListKey = [...messagesKey, 'list'] as const;
export const messageDetailKey = (id: number) => [...messagesKey, 'detail', id] as const;

export interface MessageListParams {
  pageNum: number;
  pageSize: number;
  type?: string;
  confirmed?: 'true' | 'false';
  keyword?: string;
  orderBy?: string;
  order?: 'asc' | 'desc';
}

export const pageList = (params: MessageListParams) => get<Page<MessageRow>>('/api/pdfznjkpt/mail/pageList', params);
/** Opening a message marks it read on the server. */
export const getById = (id: number) => get<MessageRow>(`/api/pdfznjkpt/mail/getById/${id}`);
export const confirmMessage = (id: number, note: string) => get<null>('/api/pdfznjkpt/mail/confirm', { id, note });
/** Answers how many messages it marked read. */
export const readAll = () => post<number>('/api/pdfznjkpt/mail/readAll');

/** The bell in the top bar shows the unconfirmed count; refresh it after any change here. */
export async function refreshBell() {
  try {
    useSessionStore.getState().setNoConfirm(Number(await noConfirmCount()) || 0);
  } catch {
    // The bell keeps its last count; its own polling corrects it.
  }
}
