import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { testWrapper } from '@/components/crud/test-utils';
import type { MessageRow } from '@pdz/contracts';

const get = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post, request: vi.fn(), RequestError: class extends Error {} }));

const { default: MessagesPage } = await import('./list');
const { useSessionStore } = await import('@/stores/session');

const rows: MessageRow[] = [
  { id: 1, type: 'alarm', level: 1, title: '1号站 进线柜温度越限', content: '温度 85℃，超过上限 80℃', createdAt: new Date(2026, 10, 5, 9, 30).getTime(), readAt: null, confirmedAt: null, confirmedBy: null, confirmNote: null },
  { id: 2, type: 'security', level: 2, title: '账号多次登录失败', content: 'zhangsan 连续 5 次密码错误', createdAt: new Date(2026, 10, 5, 8, 0).getTime(), readAt: 1, confirmedAt: null, confirmedBy: null, confirmNote: null },
  { id: 3, type: 'notice', level: 4, title: '系统升级通知', content: '今晚 22:00 升级', createdAt: new Date(2026, 10, 4, 8, 0).getTime(), readAt: 1, confirmedAt: 2, confirmedBy: 'admin', confirmNote: '已知悉' },
];

let noConfirm = 7;
function route(url: string, params?: Record<string, unknown>) {
  if (url === '/api/pdfznjkpt/mail/pageList') {
    let list = rows;
    if (params?.confirmed === 'false') list = list.filter((r) => !r.confirmedAt);
    if (params?.type) list = list.filter((r) => r.type === params.type);
    return Promise.resolve({ list, total: list.length, pageNum: params?.pageNum ?? 1, pageSize: params?.pageSize ?? 10 });
  }
  const m = /^\/api\/pdfznjkpt\/mail\/getById\/(\d+)$/.exec(url);
  if (m) return Promise.resolve({ ...rows.find((r) => r.id === Number(m[1]))!, readAt: 99 });
  if (url === '/api/pdfznjkpt/mail/confirm') return Promise.resolve(null);
  if (url === '/api/pdfznjkpt/mail/noConfirmCount') return Promise.resolve(noConfirm);
  return Promise.reject(new Error(`unexpected ${url}`));
}

function renderPage() {
  return render(
    <MemoryRouter>
      <MessagesPage />
    </MemoryRouter>,
    { wrapper: testWrapper() },
  );
}

const listCalls = () => get.mock.calls.filter((c) => c[0] === '/api/pdfznjkpt/mail/pageList').map((c) => c[1] as Record<string, unknown>);
const table = () => document.querySelector('.ant-table') as HTMLElement;

beforeEach(() => {
  noConfirm = 7;
  get.mockReset().mockImplementation(route);
  post.mockReset().mockResolvedValue(2);
  useSessionStore.setState({ noConfirm: 0 });
});
afterEach(() => cleanup());

// The first antd render in jsdom compiles its styles and can take several seconds on a busy machine.
describe('系统消息', { timeout: 30_000 }, () => {
  it('opens on 未确认: asks the server for unconfirmed messages, newest first, page 1', async () => {
    renderPage();
    expect(await within(table()).findByText('1号站 进线柜温度越限')).toBeTruthy();
    expect(listCalls()[0]).toEqual({ confirmed: 'false', pageNum: 1, pageSize: 10, orderBy: 'createdAt', order: 'desc' });
    expect(within(table()).queryByText('系统升级通知')).toBeNull();
  });

  it('shows level tags with their colours and names', async () => {
    renderPage();
    await within(table()).findByText('1号站 进线柜温度越限');
    const urgent = within(table()).getByText('紧急');
    expect(urgent.className).toContain('ant-tag-red');
    expect(within(table()).getByText('重要').className).toContain('ant-tag-orange');
  });

  it('全部 lists everything; the type filter and keyword go to the server', async () => {
    renderPage();
    await within(table()).findByText('1号站 进线柜温度越限');
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    expect(await within(table()).findByText('系统升级通知')).toBeTruthy();
    expect(listCalls().at(-1)).not.toHaveProperty('confirmed');

    fireEvent.change(screen.getByPlaceholderText('搜索标题或内容'), { target: { value: ' 升级 ' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索标题或内容'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ keyword: '升级', pageNum: 1 }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '消息类型' }));
    fireEvent.click(await screen.findByTitle('安全提醒'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ type: 'security', keyword: '升级', pageNum: 1 }));
  });

  it('opening a message loads it (marking it read), refreshes the list and the bell', async () => {
    renderPage();
    fireEvent.click(await within(table()).findByText('1号站 进线柜温度越限'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('温度 85℃，超过上限 80℃')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/pdfznjkpt/mail/getById/1');
    await waitFor(() => expect(useSessionStore.getState().noConfirm).toBe(7));
    await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(2));
  });

  it('确认 requires a note, then sends it and refreshes the bell', async () => {
    renderPage();
    fireEvent.click(await within(table()).findByText('1号站 进线柜温度越限'));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('温度 85℃，超过上限 80℃');
    const submit = within(drawer).getByRole('button', { name: /确\s*认/ });
    fireEvent.click(submit);
    expect(await within(drawer).findByText('请输入确认说明')).toBeTruthy();
    expect(get.mock.calls.some((c) => c[0] === '/api/pdfznjkpt/mail/confirm')).toBe(false);

    noConfirm = 6;
    fireEvent.change(within(drawer).getByLabelText('确认说明'), { target: { value: '已派人现场处理' } });
    fireEvent.click(submit);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/pdfznjkpt/mail/confirm', { id: 1, note: '已派人现场处理' }));
    await waitFor(() => expect(useSessionStore.getState().noConfirm).toBe(6));
  });

  it('a confirmed message shows who confirmed it and the note, with no form', async () => {
    renderPage();
    await within(table()).findByText('1号站 进线柜温度越限');
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    fireEvent.click(await within(table()).findByText('系统升级通知'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText(/admin 于 .* 确认/)).toBeTruthy();
    expect(within(drawer).getByText('确认说明：已知悉')).toBeTruthy();
    expect(within(drawer).queryByLabelText('确认说明')).toBeNull();
  });

  it('全部已读 posts readAll and refreshes the bell', async () => {
    renderPage();
    await within(table()).findByText('1号站 进线柜温度越限');
    fireEvent.click(screen.getByRole('button', { name: /全部已读/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/pdfznjkpt/mail/readAll'));
    await waitFor(() => expect(useSessionStore.getState().noConfirm).toBe(7));
  });
});
