import dayjs from 'dayjs';
import { http, type RequestOptions } from './request';

/** Spec §9: base name, underscore, compact timestamp, dot, extension. */
export function downloadName(base: string, ext: string, at: Date = new Date()): string {
  return `${base}_${dayjs(at).format('YYYYMMDDHHmmss')}.${ext.replace(/^\./, '')}`;
}

export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET a file and save it; errors (JSON blobs) are shown by the client's error policy. */
export async function downloadFile(url: string, params: object | undefined, fileName: string, opts: RequestOptions = {}) {
  const res = await http.request<Blob>({ ...opts, method: 'GET', url, params, responseType: 'blob' });
  saveBlob(res.data, fileName);
}

/** POST variant for exports whose filters travel in the body. */
export async function downloadPost(url: string, data: unknown, fileName: string) {
  const res = await http.request<Blob>({ method: 'POST', url, data, responseType: 'blob' });
  saveBlob(res.data, fileName);
}
