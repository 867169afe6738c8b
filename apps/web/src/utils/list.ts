/**
 * Splits a list into rows of `size` items (spec §9: rows of 3 for card grids). The last row may
 * be shorter; an empty list gives no rows.
 */
export function toRows<T>(list: readonly T[] | null | undefined, size = 3): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`每行数量必须是正整数：${size}`);
  const rows: T[][] = [];
  if (!list) return rows;
  for (let i = 0; i < list.length; i += size) rows.push(list.slice(i, i + size));
  return rows;
}
