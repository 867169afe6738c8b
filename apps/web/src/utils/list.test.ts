import { describe, expect, it } from 'vitest';
import { toRows } from './list';

describe('toRows', () => {
  it('splits into rows of 3 by default', () => {
    expect(toRows([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(toRows([1, 2, 3, 4, 5, 6], 3)).toEqual([[1, 2, 3], [4, 5, 6]]);
  });
  it('handles short, empty and missing lists', () => {
    expect(toRows(['a'], 3)).toEqual([['a']]);
    expect(toRows([], 3)).toEqual([]);
    expect(toRows(null)).toEqual([]);
    expect(toRows(undefined)).toEqual([]);
  });
  it('supports other row sizes and leaves the input untouched', () => {
    const input = [1, 2, 3, 4, 5];
    expect(toRows(input, 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(toRows(input, 1)).toEqual([[1], [2], [3], [4], [5]]);
    expect(toRows(input, 10)).toEqual([[1, 2, 3, 4, 5]]);
    expect(input).toEqual([1, 2, 3, 4, 5]);
  });
  it('rejects a size that is not a positive integer', () => {
    expect(() => toRows([1], 0)).toThrow(RangeError);
    expect(() => toRows([1], -1)).toThrow(RangeError);
    expect(() => toRows([1], 1.5)).toThrow(RangeError);
  });
});
