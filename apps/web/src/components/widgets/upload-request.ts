// Multipart upload (spec 7.5): field `file`, the session headers of section 7, one token refresh on a 401,
// progress for large documents. The reply envelope decides: code 0 is success; any other code carries the
// server's message; no envelope at all (network, proxy, timeout) is a transport failure.
import { SUCCESS_CODE } from '@tfb/contract';
import { renewForCall } from '../../lib/api-client';
import { sessionHeaders, tokenExpired } from '../../lib/session-store';

export type UploadOutcome =
  | { ok: true; data: unknown }
  /** The server answered with an error envelope: its message is shown as is. */
  | { ok: false; kind: 'reply'; code: number; message: string }
  /** No usable answer: the `{file name}:上传失败` case of spec 8. */
  | { ok: false; kind: 'transport' }
  | { ok: false; kind: 'aborted' };

export type UploadOptions = {
  query?: Record<string, string | undefined>;
  /** Form fields sent before the file (e.g. a picture's alt text). */
  fields?: Record<string, string>;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

type Raw = { status: number; body: unknown } | 'transport' | 'aborted';

function withQuery(path: string, query: UploadOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') params.append(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function sendOnce(url: string, file: File, options: UploadOptions): Promise<Raw> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve('aborted');
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(sessionHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.onload = () => {
      options.signal?.removeEventListener('abort', onAbort);
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve('transport');
    xhr.ontimeout = () => resolve('transport');
    xhr.onabort = () => resolve('aborted');
    const form = new FormData();
    for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, v);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

const envelopeOf = (body: unknown): { code: number; message: string; data?: unknown } | null =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number'
    ? (body as { code: number; message: string; data?: unknown })
    : null;

/** POSTs one file; never throws. */
export async function uploadMultipart(path: string, file: File, options: UploadOptions = {}): Promise<UploadOutcome> {
  const url = withQuery(path, options.query);
  const renew = async (): Promise<boolean> => {
    try {
      await renewForCall();
      return true;
    } catch {
      return false;
    }
  };
  // A token known to have expired would only earn a 401 after sending the whole file.
  if (tokenExpired() && !(await renew())) return { ok: false, kind: 'transport' };
  let raw = await sendOnce(url, file, options);
  if (raw !== 'transport' && raw !== 'aborted' && raw.status === 401) {
    if (!(await renew())) {
      return { ok: false, kind: 'transport' };
    }
    raw = await sendOnce(url, file, options);
  }
  if (raw === 'aborted') return { ok: false, kind: 'aborted' };
  if (raw === 'transport') return { ok: false, kind: 'transport' };
  const env = envelopeOf(raw.body);
  if (!env) return { ok: false, kind: 'transport' };
  if (env.code !== SUCCESS_CODE) return { ok: false, kind: 'reply', code: env.code, message: String(env.message ?? '') };
  return { ok: true, data: env.data };
}
