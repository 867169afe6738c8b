import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { NotifyConfig } from '@pdz/contracts';
import { testWrapper } from '@/components/crud/test-utils';
import { NotifySettingsForm } from './NotifySettingsForm';
import { DeliveryStatusTag } from './labels';
import { saveNotifyConfig } from './api';

vi.mock('./api', async (orig) => ({ ...(await orig<typeof import('./api')>()), saveNotifyConfig: vi.fn(), testNotify: vi.fn() }));

const WAIT = { timeout: 20_000 };
const config: NotifyConfig = {
  email: { enabled: true, host: 'smtp.example.com', port: 465, secure: true, user: 'alarm', passwordSet: true, from: 'alarm@example.com' },
  sms: { enabled: false },
  webhook: { enabled: false, url: '', secretSet: false },
  minLevel: 2,
};

describe('通知设置 form', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows the settings read-only without the edit permission: no 保存, no 测试发送', () => {
    render(<NotifySettingsForm config={config} canEdit={false} />, { wrapper: testWrapper() });
    expect(screen.getByDisplayValue('smtp.example.com')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /测试发送/ })).toBeNull();
  });

  it('says a password is stored, keeps it when left empty, and sends the settings as the server takes them', async () => {
    vi.mocked(saveNotifyConfig).mockResolvedValue(config);
    render(<NotifySettingsForm config={config} canEdit />, { wrapper: testWrapper() });
    expect(screen.getByPlaceholderText('••••••（已设置）')).toBeTruthy();
    fireEvent.change(screen.getByDisplayValue('smtp.example.com'), { target: { value: 'smtp.pdz.cn' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saveNotifyConfig).toHaveBeenCalledTimes(1), WAIT);
    expect(vi.mocked(saveNotifyConfig).mock.calls[0][0]).toEqual({
      email: { enabled: true, host: 'smtp.pdz.cn', port: 465, secure: true, user: 'alarm', password: '', from: 'alarm@example.com' },
      sms: { enabled: false },
      webhook: { enabled: false, url: '', secret: '' },
      minLevel: 2,
    });
  });

  it('refuses a webhook address that is not http(s) before sending', async () => {
    render(<NotifySettingsForm config={config} canEdit />, { wrapper: testWrapper() });
    fireEvent.change(screen.getByPlaceholderText('https://example.com/pdz/alarm'), { target: { value: 'ftp://x' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入以 http:// 或 https:// 开头的地址', {}, WAIT)).toBeTruthy();
    expect(saveNotifyConfig).not.toHaveBeenCalled();
  });
});

describe('delivery status', () => {
  it('names a pending row that already failed 等待重试', () => {
    const { container } = render(
      <>
        <DeliveryStatusTag row={{ status: 'pending', attempts: 0, error: null }} />
        <DeliveryStatusTag row={{ status: 'pending', attempts: 1, error: '连接超时' }} />
        <DeliveryStatusTag row={{ status: 'sent', attempts: 1, error: null }} />
        <DeliveryStatusTag row={{ status: 'failed', attempts: 3, error: '连接超时' }} />
      </>,
    );
    expect([...container.querySelectorAll('.ant-tag')].map((e) => e.textContent)).toEqual(['待发送', '等待重试', '已发送', '发送失败']);
  });
});
