import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AlarmRuleRow } from '@pdz/contracts';
import { testWrapper } from '@/components/crud/test-utils';

const WAIT = { timeout: 20_000 };
import { AlarmRuleEditor } from './AlarmRuleEditor';

const ua = { pointId: 7, name: 'A相电压', kind: 'yc' as const, unit: 'V' };
const saved: AlarmRuleRow = { id: 1, equipmentId: 1, pointId: 7, ruleType: 'upper', threshold: 407, statusValue: null, deadband: 4, delayS: 60, level: 3, channels: ['site'], message: 'A相电压越上限', enabled: true };

// The machine running the suite may be busy: antd dialogs take seconds to mount in jsdom.
describe('告警规则 editor', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('saves the complete rule set of the target as the request the server takes', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<AlarmRuleEditor equipmentId={1} target={ua} saved={[saved]} editable onSave={onSave} onDirtyChange={() => {}} />, { wrapper: testWrapper() });
    const threshold = screen.getByDisplayValue('407');
    fireEvent.change(threshold, { target: { value: '410' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1), WAIT);
    expect(onSave).toHaveBeenCalledWith({
      equipmentId: 1,
      pointId: 7,
      rules: [{ ruleType: 'upper', threshold: 410, statusValue: null, deadband: 4, delayS: 60, level: 3, channels: ['site'], message: 'A相电压越上限', enabled: true }],
    });
  });

  it('stops a rule without its threshold and says so in Chinese', async () => {
    const onSave = vi.fn();
    render(<AlarmRuleEditor equipmentId={1} target={ua} saved={[saved]} editable onSave={onSave} onDirtyChange={() => {}} />, { wrapper: testWrapper() });
    fireEvent.change(screen.getByDisplayValue('407'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入阈值', {}, WAIT)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a lower limit above the upper one before sending', async () => {
    const onSave = vi.fn();
    const lower: AlarmRuleRow = { ...saved, id: 2, ruleType: 'lower', threshold: 420, message: 'A相电压越下限' };
    render(<AlarmRuleEditor equipmentId={1} target={ua} saved={[saved, lower]} editable onSave={onSave} onDirtyChange={() => {}} />, { wrapper: testWrapper() });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('下限阈值必须小于上限阈值', {}, WAIT)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('adds a communication rule with defaults on the equipment itself', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<AlarmRuleEditor equipmentId={1} target={{ pointId: null, name: '设备通讯', kind: null, unit: null }} saved={[]} editable onSave={onSave} onDirtyChange={() => {}} />, { wrapper: testWrapper() });
    expect(screen.getByText('暂无告警规则')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新增规则/ }));
    expect(await screen.findByText('规则 1 · 通讯中断', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalled(), WAIT);
    expect(onSave.mock.calls[0][0]).toEqual({
      equipmentId: 1,
      rules: [{ ruleType: 'comm', threshold: null, statusValue: null, deadband: 0, delayS: 900, level: 3, channels: ['site'], message: '设备通讯中断', enabled: true }],
    });
  });

  it('is read-only without the edit permission', () => {
    render(<AlarmRuleEditor equipmentId={1} target={ua} saved={[saved]} editable={false} onSave={vi.fn()} onDirtyChange={() => {}} />, { wrapper: testWrapper() });
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect((screen.getByDisplayValue('407') as HTMLInputElement).disabled).toBe(true);
  });
});
