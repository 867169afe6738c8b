import { useQuery } from '@tanstack/react-query';
import type { CustomerRow, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

/** Every customer query lives under this key; every customer change invalidates it. */
export const CUSTOMER_KEY = ['asset', 'customer'] as const;
export const CUSTOMER_EXPORT_URL = '/api/customer/export';

/** What the customer form sends (customerAddBody / customerEditBody). */
export interface CustomerFormValues {
  code: string;
  name: string;
  deptId: number | null;
  contact: string | null;
  phone: string | null;
  address: string | null;
  remark: string | null;
  enabled: boolean;
}

export type CustomerImageField = 'logo' | 'minLogo';

export const fetchCustomers = (params: ListParams) => get<Page<CustomerRow>>('/api/customer/pageList', params);
export const fetchCustomer = (id: number) => get<CustomerRow>(`/api/customer/selectById/${id}`);
export const addCustomer = (body: CustomerFormValues) => post<{ id: number }>('/api/customer/add', body);
export const editCustomer = (body: CustomerFormValues & { id: number }) => post<null>('/api/customer/edit', body);
export const removeCustomers = (ids: number[]) => get<null>('/api/customer/remove', { ids: ids.join(',') });

/** Upload the large or small logo of a customer (multipart, one PNG/JPEG/GIF/WEBP ≤ 2 MB); answers the stored name. */
export async function uploadCustomerImage(id: number, field: CustomerImageField, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await post<Partial<Record<CustomerImageField, string>>>(`/api/customer/${field}/${id}`, form, { type: 'file' });
  return res[field] ?? '';
}

export function useCustomerDetail(id: number | undefined) {
  return useQuery({ queryKey: [...CUSTOMER_KEY, 'detail', id], queryFn: () => fetchCustomer(id!), enabled: id !== undefined, staleTime: 0 });
}
