/**
 * The HTTP client's error policy (spec §8) over real HTTP: a node:http server in the test process,
 * requests from jsdom's XMLHttpRequest (the browser adapter), so status codes, blobs, content types
 * and timeouts behave as in the browser.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Cookies from 'js-cookie';

const shown = vi.hoisted(() => ({
  message: [] as { content: unknown; duration?: number }[],
  notification: [] as { title: unknown; duration?: number }[],
}));
vi.mock('@/app/feedback', () => ({
  feedback: {
    message: { error: (c: { content: unknown; duration?: number }) => shown.message.push(c) },
    notification: { error: (c: { title: unknown; duration?: number }) => shown.notification.push(c) },
  },
}));
const navigateTo = vi.hoisted(() => vi.fn());
vi.mock('@/router/navigation', () => ({ navigateTo }));

const { http, get, request, isSuccess, RequestError, MSG_NO_RESPONSE, MSG_SYSTEM_ERROR, MSG_TIMEOUT, REQUEST_TIMEOUT } = await import('./request');
const { downloadFile } = await import('./download');
const { useSessionStore } = await import('@/stores/session');

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes = new Map<string, Handler>();
const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let baseURL = '';

function json(res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': type });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    // jsdom enforces CORS: the page origin differs from the test server's.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
    if (req.method === 'OPTIONS') return res.end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      const handler = routes.get(path);
      if (handler) handler(req, res, body);
      else json(res, 404, { code: 404, msg: '接口不存在', message: '接口不存在' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  http.defaults.baseURL = baseURL;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const logout = vi.fn(async () => {});
const reload = vi.fn();
beforeEach(() => {
  shown.message.length = 0;
  shown.notification.length = 0;
  seen.length = 0;
  routes.clear();
  navigateTo.mockReset();
  logout.mockClear();
  reload.mockClear();
  useSessionStore.setState({ logout });
  vi.stubGlobal('location', { ...window.location, reload, assign: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Cookies.remove('TOEKN');
  Cookies.remove('point');
});

/** Awaits a call that must fail and returns its RequestError. */
async function failure(p: Promise<unknown>) {
  const err = await p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RequestError);
  return err as InstanceType<typeof RequestError>;
}

describe('request set-up (spec §7)', () => {
  it('timeout is 1,200,000 ms; sends the token as a bearer header and JSON by default', async () => {
    expect(REQUEST_TIMEOUT).toBe(1_200_000);
    expect(http.defaults.timeout).toBe(1_200_000);
    Cookies.set('TOEKN', 'tok-1');
    routes.set('/x', (_q, res) => json(res, 200, { code: 0, msg: 'success', data: 1 }));
    await request({ method: 'POST', url: '/x', data: { a: 1 } });
    expect(seen[0].headers.authorization).toBe('Bearer tok-1');
    expect(seen[0].headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0].body)).toEqual({ a: 1 });
  });
  it('sends no Authorization header without a token', async () => {
    routes.set('/x', (_q, res) => json(res, 200, { code: 0, msg: 'success', data: 1 }));
    await get('/x');
    expect(seen[0].headers.authorization).toBeUndefined();
  });
  it("type 'file' sends multipart/form-data (with the boundary the browser adds)", async () => {
    routes.set('/up', (_q, res) => json(res, 200, { code: 0, msg: 'success', data: null }));
    const form = new FormData();
    form.append('name', '台账');
    await request({ method: 'POST', url: '/up', data: form, type: 'file' });
    expect(seen[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('台账');
  });
  it('a FormData body without the file type still goes as multipart, not flattened to JSON', async () => {
    routes.set('/up', (_q, res) => json(res, 200, { code: 0, msg: 'success', data: null }));
    const form = new FormData();
    form.append('file', new Blob(['abc'], { type: 'text/plain' }), 'a.txt');
    await request({ method: 'POST', url: '/up', data: form });
    expect(seen[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('filename="a.txt"');
  });
  it('noIndices serialises arrays as repeated keys', async () => {
    routes.set('/q', (_q, res) => json(res, 200, { code: 0, msg: 'success', data: null }));
    await request({ method: 'GET', url: '/q', params: { ids: [1, 2] }, noIndices: true });
    expect(seen[0].url).toBe('/q?ids=1&ids=2');
  });
});

describe('success (spec §8)', () => {
  it('code 0 returns the envelope data, nothing shown', async () => {
    routes.set('/ok', (_q, res) => json(res, 200, { code: 0, msg: 'success', data: { n: 5 } }));
    await expect(get('/ok')).resolves.toEqual({ n: 5 });
    expect(shown.message).toEqual([]);
    expect(shown.notification).toEqual([]);
  });
  it('status "success" counts as success even without a code', async () => {
    routes.set('/ok', (_q, res) => json(res, 200, { status: 'success', data: 'yes' }));
    await expect(get('/ok')).resolves.toBe('yes');
  });
  it('a file blob counts as success and is saved', async () => {
    routes.set('/file', (_q, res) => {
      res.writeHead(200, { 'Content-Type': 'application/vnd.ms-excel' });
      res.end('xlsx-bytes');
    });
    const res = await http.get('/file', { responseType: 'blob' });
    expect(res.data).toBeInstanceOf(Blob);
    expect(await (res.data as Blob).text()).toBe('xlsx-bytes');
    expect(shown.message).toEqual([]);
  });
  it('downloadFile saves a file blob under the given name', async () => {
    routes.set('/export', (_q, res) => {
      res.writeHead(200, { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      res.end('PK-bytes');
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await downloadFile('/export', { type: 'notice' }, '消息_20261105080309.xlsx');
    expect(seen[0].url).toBe('/export?type=notice');
    expect(await (created.mock.calls[0][0] as Blob).text()).toBe('PK-bytes');
    expect(clicked).toEqual(['消息_20261105080309.xlsx']);
    expect(shown.message).toEqual([]);
  });
  it('isSuccess rules', () => {
    const r = (data: unknown) => ({ data }) as never;
    expect(isSuccess(r({ code: 0 }))).toBe(true);
    expect(isSuccess(r({ status: 'success' }))).toBe(true);
    expect(isSuccess(r(new Blob(['x'], { type: 'application/pdf' })))).toBe(true);
    expect(isSuccess(r({ code: 500 }))).toBe(false);
    expect(isSuccess(r({ status: 'fail' }))).toBe(false);
    expect(isSuccess(r(''))).toBe(false);
  });
});

describe('business failure', () => {
  it('shows msg as a notification for 2 s and rejects', async () => {
    routes.set('/biz', (_q, res) => json(res, 200, { code: 500, msg: '用户名已存在' }));
    const err = await failure(get('/biz'));
    expect(err.message).toBe('用户名已存在');
    expect(err.code).toBe(500);
    expect(shown.notification).toEqual([{ title: '用户名已存在', duration: 2 }]);
    expect(shown.message).toEqual([]);
  });
  it('without msg shows 系统异常，请联系管理员 for 2 s', async () => {
    routes.set('/biz', (_q, res) => json(res, 200, { code: 1 }));
    await failure(get('/biz'));
    expect(MSG_SYSTEM_ERROR).toBe('系统异常，请联系管理员');
    expect(shown.notification).toEqual([{ title: '系统异常，请联系管理员', duration: 2 }]);
  });
});

describe('HTTP errors', () => {
  it('a JSON blob error (download) shows its message for 5 s and saves nothing', async () => {
    routes.set('/dl', (_q, res) => json(res, 200, { code: 500, msg: '文件不存在', message: '文件不存在' }));
    const saved = vi.spyOn(URL, 'createObjectURL');
    await failure(downloadFile('/dl', undefined, 'a.xlsx'));
    expect(shown.message).toEqual([{ content: '文件不存在', duration: 5 }]);
    expect(saved).not.toHaveBeenCalled();
  });
  it('a JSON blob error with an HTTP error status shows its message for 5 s', async () => {
    routes.set('/dl', (_q, res) => json(res, 404, { code: 404, msg: '文件不存在', message: '文件已删除' }));
    await failure(http.get('/dl', { responseType: 'blob' }));
    expect(shown.message).toEqual([{ content: '文件已删除', duration: 5 }]);
  });
  it('a timeout shows 网络请求超时 for 5 s', async () => {
    routes.set('/slow', (_q, res) => setTimeout(() => json(res, 200, { code: 0, data: 1 }), 500));
    const err = await failure(request({ method: 'GET', url: '/slow', timeout: 50 }));
    expect(err.message).toBe(MSG_TIMEOUT);
    expect(shown.message).toEqual([{ content: '网络请求超时', duration: 5 }]);
  });
  it('401: logs out, sets cookie point=401, reloads', async () => {
    routes.set('/me', (_q, res) => json(res, 401, { code: 401, msg: '登录状态已过期', message: '登录状态已过期' }));
    const err = await failure(get('/me'));
    expect(err.status).toBe(401);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(logout).toHaveBeenCalledTimes(1);
    // Stored session only: the sign-in page must not render (and spend the point cookie) before the reload.
    expect(logout).toHaveBeenCalledWith({ keepState: true });
    expect(Cookies.get('point')).toBe('401');
    expect(navigateTo).not.toHaveBeenCalled();
  });
  it('403: goes to /401', async () => {
    routes.set('/x', (_q, res) => json(res, 403, { code: 403, msg: '没有权限', message: '没有权限' }));
    const err = await failure(get('/x'));
    expect(err.status).toBe(403);
    expect(navigateTo).toHaveBeenCalledWith('/401');
    expect(logout).not.toHaveBeenCalled();
  });
  it('other statuses show the body message for 5 s', async () => {
    routes.set('/bad', (_q, res) => json(res, 400, { code: 400, msg: '用户名不能为空', message: '用户名不能为空' }));
    routes.set('/boom', (_q, res) => json(res, 500, { code: 500, message: '服务器内部错误' }));
    expect((await failure(get('/bad'))).status).toBe(400);
    await failure(get('/boom'));
    expect(shown.message).toEqual([
      { content: '用户名不能为空', duration: 5 },
      { content: '服务器内部错误', duration: 5 },
    ]);
    expect(shown.notification).toEqual([]);
  });
  it('another status without a message shows nothing and still rejects', async () => {
    routes.set('/gw', (_q, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>Bad Gateway</html>');
    });
    expect((await failure(get('/gw'))).status).toBe(502);
    expect(shown.message).toEqual([]);
  });
  it('no status at all (connection refused) shows 接口请求失败 for 5 s', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    const err = await failure(request({ method: 'GET', url: `http://127.0.0.1:${port}/x` }));
    expect(err.message).toBe(MSG_NO_RESPONSE);
    expect(shown.message).toEqual([{ content: '接口请求失败', duration: 5 }]);
  });
  it('a cancelled request is silent', async () => {
    routes.set('/slow', (_q, res) => setTimeout(() => json(res, 200, { code: 0, data: 1 }), 300));
    const ctl = new AbortController();
    const p = request({ method: 'GET', url: '/slow', signal: ctl.signal });
    setTimeout(() => ctl.abort(), 20);
    await p.catch(() => undefined);
    expect(shown.message).toEqual([]);
    expect(shown.notification).toEqual([]);
  });
});
