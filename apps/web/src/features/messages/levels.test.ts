import { describe, expect, it } from 'vitest';
import { levelMeta, messageState, TYPE_OPTIONS, typeLabel } from './levels';

describe('message levels', () => {
  it('1 红 紧急, 2 橙 重要, 3 蓝 一般, 4 灰 提示', () => {
    expect(levelMeta(1)).toEqual({ label: '紧急', color: 'red' });
    expect(levelMeta(2)).toEqual({ label: '重要', color: 'orange' });
    expect(levelMeta(3)).toEqual({ label: '一般', color: 'blue' });
    expect(levelMeta(4)).toEqual({ label: '提示', color: 'default' });
  });
  it('an alarm message shows its alarm level as 实时告警 does', () => {
    expect(levelMeta(2, 'alarm')).toEqual({ label: '严重', color: 'orange' });
    expect(levelMeta(3, 'alarm')).toEqual({ label: '一般', color: 'gold' });
    expect(levelMeta(4, 'alarm')).toEqual({ label: '提示', color: 'blue' });
    expect(levelMeta(3, 'notice')).toEqual({ label: '一般', color: 'blue' });
  });
  it('names an unknown level without crashing', () => {
    expect(levelMeta(9)).toEqual({ label: '9级', color: 'default' });
  });
});

describe('types and states', () => {
  it('labels types from MESSAGE_TYPE_LABELS', () => {
    expect(typeLabel('notice')).toBe('系统通知');
    expect(typeLabel('alarm')).toBe('告警');
    expect(typeLabel('other')).toBe('other');
    expect(TYPE_OPTIONS).toEqual([
      { value: 'notice', label: '系统通知' },
      { value: 'security', label: '安全提醒' },
      { value: 'alarm', label: '告警' },
    ]);
  });
  it('confirmed beats read beats unread', () => {
    expect(messageState({ readAt: null, confirmedAt: null })).toBe('unread');
    expect(messageState({ readAt: 1, confirmedAt: null })).toBe('read');
    expect(messageState({ readAt: 1, confirmedAt: 2 })).toBe('confirmed');
    expect(messageState({ readAt: null, confirmedAt: 2 })).toBe('confirmed');
  });
});
