// Calls answered with a file rather than the JSON envelope (an Excel export), and saving such a file. Apart from the
// API client so that only the pages that download carry it.
import { REQUEST_TIMEOUT_MS } from '@tfb/contract';
import { ApiError, CLIENT_ERROR_CODES, buildUrl, errorFromReply, expireSession, renewForCall, type RequestOptions } from './api-client';
import { i18n } from './i18n';
import { getToken, sessionHeaders, tokenExpired } from './session-store';

/** A file a call answered with (an export): its content and the name the server gave it (Content-Disposition). */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/** The file name of a Content-Disposition header (RFC 5987 `filename*=UTF-8''…` first, then `filename="…"`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      return null;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}

/**
 * A call answered with a file rather than the JSON envelope (an Excel export): sent with the session like any call,
 * renewing the token once on a 401; a refusal (the envelope, with a status ≥ 400) is thrown as an ApiError.
 */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions<never>, 'method' | 'body' | 'query' | 'timeoutMs'> = {},
): Promise<DownloadedFile> {
  if (tokenExpired()) await renewForCall();
  const call = async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS * 6);
    const hasBody = options.body !== undefined;
    try {
      return await fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers: { ...sessionHeaders(), ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError({
        code: controller.signal.aborted ? CLIENT_ERROR_CODES.timeout : CLIENT_ERROR_CODES.network,
        status: 0,
        message: i18n.t(controller.signal.aborted ? 'errors.timeout' : 'errors.network'),
      });
    } finally {
      clearTimeout(timer);
    }
  };
  const tokenSent = getToken();
  let res = await call();
  if (res.status === 401) {
    const current = getToken();
    if (!current || current === tokenSent) await renewForCall();
    res = await call();
    if (res.status === 401) {
      expireSession();
      throw new ApiError({ code: 40101, status: 401, message: i18n.t('errors.unknown'), handled: true });
    }
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    throw errorFromReply({ status: res.status, body });
  }
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('Content-Disposition')) };
}

/** Hands a downloaded file to the browser to save under `fileName`. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the object URL long enough to start the download.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
