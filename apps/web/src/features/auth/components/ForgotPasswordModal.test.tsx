import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';

vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api')>()),
  sendSms: vi.fn(async () => ({ resendAfter: 60 })),
  validPhoneCode: vi.fn(async () => ({ ticket: 'ticket-0123456789abcdef' })),
  resetPwd: vi.fn(async () => null),
}));

const { renderAt } = await import('../test-utils');
const api = await import('../api');
const { ForgotPasswordModal, RESET_DONE_MESSAGE } = await import('./ForgotPasswordModal');

const WAIT = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const press = (text: RegExp | string) => fireEvent.click(screen.getByText(text).closest('button')!);

describe('找回密码', () => {
  it('phone + code → ticket → new password twice → reset with the ticket', async () => {
    renderAt('/login', <ForgotPasswordModal open onClose={() => {}} />);
    type('请输入手机号码', '13800138000');
    press('获取验证码');
    await waitFor(() => expect(api.sendSms).toHaveBeenCalledWith('13800138000', 'resetPwd'), WAIT);
    expect(await screen.findByText('重新获取(60s)', {}, WAIT)).toBeTruthy();

    type('验证码', '123456');
    press(/下一步/);
    await waitFor(() => expect(api.validPhoneCode).toHaveBeenCalledWith('13800138000', '123456'), WAIT);

    type('请输入新密码', 'abc12345');
    type('请再次输入新密码', 'abc12346');
    press('确认重置');
    expect(await screen.findByText('两次输入的密码不一致', {}, WAIT)).toBeTruthy();
    expect(api.resetPwd).not.toHaveBeenCalled();

    type('请再次输入新密码', 'abc12345');
    press('确认重置');
    await waitFor(() => expect(api.resetPwd).toHaveBeenCalledWith('13800138000', 'ticket-0123456789abcdef', 'abc12345'), WAIT);
    expect(await screen.findByText(RESET_DONE_MESSAGE, {}, WAIT)).toBeTruthy();
  });

  it('refuses a weak password with the contract rule text', async () => {
    renderAt('/login', <ForgotPasswordModal open onClose={() => {}} />);
    type('请输入手机号码', '13800138000');
    type('验证码', '654321');
    press(/下一步/);
    await screen.findByPlaceholderText('请输入新密码', {}, WAIT);
    type('请输入新密码', 'abcdefgh');
    press('确认重置');
    expect(await screen.findByText('密码必须包含数字', {}, WAIT)).toBeTruthy();
  });
});
