import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import Cookies from 'js-cookie';
import { feedback } from '@/app/feedback';
import { getToken, POINT_COOKIE } from '@/utils/auth';
import { navigateTo } from '@/router/navigation';
import { useSessionStore } from '@/stores/session';

/** Spec §7/§9: one client, base URL from the environment, 1,200,000 ms timeout. */
export const REQUEST_TIMEOUT = 1_200_000;
export const BUSINESS_FAIL_SECONDS = 2;
export const HTTP_ERROR_SECONDS = 5;
export const MSG_SYSTEM_ERROR = '系统异常，请联系管理员';
export const MSG_TIMEOUT = '网络请求超时';
export const MSG_NO_RESPONSE = '接口请求失败';

export interface RequestOptions extends AxiosRequestConfig {
  /** 'file' sends multipart/form-data (spec §7). */
  type?: 'file';
  /** Serialise array query parameters without indices: `ids=1&ids=2`. */
  noIndices?: boolean;
}

export class RequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

export const http = axios.create({ baseURL: import.meta.env.VITE_APP_BASE_API ?? '', timeout: REQUEST_TIMEOUT });

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.Authorization = `Bearer ${token}`;
  const opts = config as RequestOptions;
  if (opts.type === 'file') config.headers['Content-Type'] = 'multipart/form-data';
  // A FormData body under a JSON content type would be flattened to JSON by axios: leave it multipart.
  else if (!config.headers['Content-Type'] && !(config.data instanceof FormData)) config.headers['Content-Type'] = 'application/json;charset=utf-8';
  if (opts.noIndices) config.paramsSerializer = { indexes: null };
  return config;
});

/** A blob carrying a JSON error; the type usually has a charset ("application/json; charset=utf-8"). */
const isJsonBlob = (data: unknown): data is Blob => data instanceof Blob && /^application\/json\b/i.test(data.type);

/** Success: status "success", code 0, or a file blob (spec §8). */
export function isSuccess(res: AxiosResponse): boolean {
  const body = res.data as { status?: string; code?: number } | Blob;
  if (body instanceof Blob) return !isJsonBlob(body);
  return body?.status === 'success' || body?.code === 0;
}

let handling401 = false;
/** Spec §4/§8: log out, set the point cookie to 401, reload. */
export async function onUnauthorized() {
  if (handling401) return;
  handling401 = true;
  Cookies.set(POINT_COOKIE, '401');
  // Only the stored session goes: rendering sign-in before the reload would spend the point
  // cookie there, and the reloaded sign-in page would not say why the user is back.
  await useSessionStore.getState().logout({ keepState: true });
  window.location.reload();
}

async function blobMessage(data: Blob): Promise<string | undefined> {
  try {
    const json = JSON.parse(await data.text()) as { message?: string; msg?: string };
    return json.message ?? json.msg;
  } catch {
    return undefined;
  }
}

function showHttpError(text: string) {
  feedback.message.error({ content: text, duration: HTTP_ERROR_SECONDS });
}

http.interceptors.response.use(
  async (res) => {
    if (isJsonBlob(res.data)) {
      const text = (await blobMessage(res.data)) ?? MSG_SYSTEM_ERROR;
      showHttpError(text);
      throw new RequestError(text, res.status);
    }
    if (isSuccess(res)) return res;
    const body = res.data as { msg?: string; code?: number };
    const text = body?.msg || MSG_SYSTEM_ERROR;
    feedback.notification.error({ title: text, duration: BUSINESS_FAIL_SECONDS });
    throw new RequestError(text, res.status, body?.code);
  },
  async (err: AxiosError<{ message?: string; msg?: string } | Blob>) => {
    // A caller (or react-query) cancelled on purpose: nothing failed, nothing to show.
    if (axios.isCancel(err)) throw err;
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') {
      showHttpError(MSG_TIMEOUT);
      throw new RequestError(MSG_TIMEOUT);
    }
    const status = err.response?.status;
    if (!status) {
      showHttpError(MSG_NO_RESPONSE);
      throw new RequestError(MSG_NO_RESPONSE);
    }
    const data = err.response!.data;
    const text = data instanceof Blob ? await blobMessage(data) : (data?.message ?? data?.msg);
    if (status === 401) {
      void onUnauthorized();
      throw new RequestError(text ?? '登录状态已过期', 401);
    }
    if (status === 403) {
      navigateTo('/401');
      throw new RequestError(text ?? '没有权限', 403);
    }
    if (text) showHttpError(text);
    throw new RequestError(text ?? MSG_NO_RESPONSE, status);
  },
);

/** The envelope's data of a JSON call. */
export async function request<T>(opts: RequestOptions): Promise<T> {
  const res = await http.request<{ data: T }>(opts);
  return res.data.data;
}

export const get = <T>(url: string, params?: object, opts: RequestOptions = {}) => request<T>({ ...opts, method: 'GET', url, params });
export const post = <T>(url: string, data?: unknown, opts: RequestOptions = {}) => request<T>({ ...opts, method: 'POST', url, data });
export const put = <T>(url: string, data?: unknown) => request<T>({ method: 'PUT', url, data });
export const del = <T>(url: string) => request<T>({ method: 'DELETE', url });
