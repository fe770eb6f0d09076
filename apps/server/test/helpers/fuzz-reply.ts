// What every reply of the product must look like, whatever it was sent: never a 5xx, always the envelope
// {code, message, data} (data null on errors), and no internals (stack, file path, SQL, driver text) in its messages.
import type { LightMyRequestResponse as Response } from 'fastify';

/** Text that only internals produce: stack frames, source paths, SQL, database-driver and runtime error wording. */
const INTERNALS =
  /\bat \S+ \(|\bat (?:async )?[\w.<>]+ \(?\/|\.(?:ts|js|mjs|cjs):\d+|\/work\/|\/home\/|node_modules|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bUPDATE\b.+\bSET\b|\bDELETE FROM\b|syntax error at|invalid input syntax|invalid byte sequence|violates (?:not-null|foreign key|unique|check)|duplicate key value|relation "|column "|\bpg_|SQLSTATE|PGlite|kysely|ECONNREFUSED|TypeError|ReferenceError|RangeError|SyntaxError|Cannot read propert|is not a function|undefined is not|FST_ERR/i;

/** Why a reply breaks the rules, or undefined when it keeps them. */
export function replyProblem(res: Response, method: string, url = ''): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 500)}`;
  if (method === 'HEAD') return undefined;
  // The public sites (/site/…) are HTML pages (and their stylesheet): their refusals are the site's own 404 page, or a
  // redirect to a page; no page carries a script.
  if (url.startsWith('/site/')) {
    const html = String(res.headers['content-type'] ?? '').startsWith('text/html');
    if (res.statusCode >= 300 && res.statusCode < 400)
      return res.headers.location || res.statusCode === 304 ? undefined : `redirect ${res.statusCode} with no location`;
    if (res.statusCode !== 200 && (!html || !res.body.startsWith('<!doctype html>')))
      return `status ${res.statusCode}: not the site's page: ${res.body.slice(0, 200)}`;
    return html && /<script/i.test(res.body) ? `a script in a site page: ${res.body.slice(0, 200)}` : undefined;
  }
  const type = String(res.headers['content-type'] ?? '');
  // A file download answers with the file itself; anything else (and every error) is the JSON envelope.
  if (res.statusCode === 200 && !type.includes('application/json')) return undefined;
  if (!type.includes('application/json'))
    return `status ${res.statusCode} answered ${type || 'no content type'}: ${res.body.slice(0, 200)}`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `status ${res.statusCode}: not JSON: ${res.body.slice(0, 200)}`;
  }
  if (typeof body !== 'object' || body === null) return `not an envelope: ${res.body.slice(0, 200)}`;
  const env = body as { code?: unknown; message?: unknown; data?: unknown; errors?: unknown };
  if (typeof env.code !== 'number' || typeof env.message !== 'string' || !('data' in env))
    return `not an envelope: ${res.body.slice(0, 300)}`;
  if (res.statusCode !== 200 && env.data !== null) return `error ${res.statusCode} carries data: ${res.body.slice(0, 300)}`;
  const messages = [
    env.message,
    ...(Array.isArray(env.errors)
      ? env.errors.map((e: { message?: unknown; field?: unknown }) => `${String(e.field)} ${String(e.message)}`)
      : []),
  ];
  const leak = messages.find((m) => INTERNALS.test(m));
  if (leak !== undefined) return `internals in a message: ${leak.slice(0, 300)}`;
  return undefined;
}
