import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { testWrapper } from '@/components/crud/test-utils';
import { alarmRow } from '../live/fixtures';

const get = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post, request: vi.fn(), RequestError: class extends Error {} }));

const { ConfirmAlarmModal } = await import('./ConfirmAlarmModal');
const { confirmedText } = await import('./useConfirmAlarms');
const { useSessionStore } = await import('@/stores/session');

beforeEach(() => {
  post.mockReset().mockResolvedValue({ confirmed: 1 });
  get.mockReset().mockImplementation((url: string) => (url === '/api/pdfznjkpt/mail/noConfirmCount' ? Promise.resolve(3) : Promise.reject(new Error(url))));
  useSessionStore.setState({ noConfirm: 4 });
});
afterEach(() => cleanup());

const ok = () => screen.getByRole('button', { name: /确\s*定/ });
const note = () => screen.getByLabelText('确认说明') as HTMLTextAreaElement;

describe('确认告警', { timeout: 30_000 }, () => {
  it('requires a note: empty or blank is refused with 请输入确认说明 and nothing is sent', async () => {
    render(<ConfirmAlarmModal alarms={[alarmRow()]} onClose={() => {}} />, { wrapper: testWrapper() });
    expect(await screen.findByText('1号变压器 A相绕组温度 越上限：132.5 °C（上限 130 °C）')).toBeTruthy();
    fireEvent.click(ok());
    expect(await screen.findByText('请输入确认说明')).toBeTruthy();
    fireEvent.change(note(), { target: { value: '   ' } });
    fireEvent.click(ok());
    await waitFor(() => expect(screen.getAllByText('请输入确认说明').length).toBeGreaterThan(0));
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the ids and the trimmed note, closes, and refreshes the bell', async () => {
    const onClose = vi.fn();
    const onConfirmed = vi.fn();
    render(<ConfirmAlarmModal alarms={[alarmRow({ id: 7 }), alarmRow({ id: 8, title: '2号柜 门磁 状态变位' })]} onClose={onClose} onConfirmed={onConfirmed} />, { wrapper: testWrapper() });
    expect(await screen.findByText('批量确认告警（2 条）')).toBeTruthy();
    fireEvent.change(note(), { target: { value: '  已到现场检查，风机已启动 ' } });
    post.mockResolvedValueOnce({ confirmed: 2 });
    fireEvent.click(ok());
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/alarm/event/confirm', { ids: [7, 8], note: '已到现场检查，风机已启动' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirmed).toHaveBeenCalledWith([7, 8]);
    await waitFor(() => expect(useSessionStore.getState().noConfirm).toBe(3));
  });

  it('a failed confirmation keeps the dialog and the note', async () => {
    const onClose = vi.fn();
    post.mockRejectedValueOnce(new Error('403'));
    render(<ConfirmAlarmModal alarms={[alarmRow()]} onClose={onClose} />, { wrapper: testWrapper() });
    fireEvent.change(await screen.findByLabelText('确认说明'), { target: { value: '已处理' } });
    fireEvent.click(ok());
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(onClose).not.toHaveBeenCalled();
    expect(note().value).toBe('已处理');
  });

  it('over 255 characters is refused', async () => {
    render(<ConfirmAlarmModal alarms={[alarmRow()]} onClose={() => {}} />, { wrapper: testWrapper() });
    // maxLength stops typing; a pasted value past it is still checked by the contract's rule.
    fireEvent.change(await screen.findByLabelText('确认说明'), { target: { value: 'x'.repeat(256) } });
    fireEvent.click(ok());
    expect(await screen.findByText('确认说明不能超过255个字符')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('says when others were quicker', () => {
    expect(confirmedText(1, 1)).toBe('告警已确认');
    expect(confirmedText(3, 3)).toBe('已确认 3 条告警');
    expect(confirmedText(3, 1)).toBe('已确认 1 条告警，其余 2 条已由他人确认');
    expect(confirmedText(1, 0)).toBe('该告警已由他人确认');
  });
});
