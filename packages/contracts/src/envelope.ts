import { z } from 'zod';
import { int } from './fields';

/** Success envelope of every JSON call: `{ code: 0, msg: "success", data }` (design §4). */
export interface ApiOk<T> {
  code: 0;
  msg: 'success';
  data: T;
}

/** A failure: `code ≠ 0`, Chinese `msg`; HTTP errors also carry `message` (spec §8). */
export interface ApiFail {
  code: number;
  msg: string;
  message?: string;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const MAX_PAGE_SIZE = 500;

export const pageQuery = z.object({
  pageNum: int('页码', { min: 1 }).default(1),
  pageSize: int('每页条数', { min: 1, max: MAX_PAGE_SIZE }).default(10),
  orderBy: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc'], { error: '排序方向取值无效' }).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const idParam = z.object({ id: z.coerce.number({ error: '编号必须是数字' }).int().positive('编号无效') });

export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.literal('success'), data });
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), pageNum: z.number(), pageSize: z.number() });
}
