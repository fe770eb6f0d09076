// The success envelope, and the answers every route shapes the same way: a record or 404, one page of a list.
import { SUCCESS_CODE, SUCCESS_MESSAGE, type Envelope, type Page, type PageQuery } from '@tfb/contract';
import { notFound } from './errors.js';
import { pageOf, pageWindow, type PageWindow, type Paged } from './paging.js';

/** The success envelopes of frozen values, one each (see ok()). */
const keptEnvelopes = new WeakMap<object, Envelope<unknown>>();

/**
 * The success envelope of `data`. A frozen value (one the app keeps and answers again unchanged, e.g. the category
 * list) gets the same frozen envelope each time, so the reply serializer checks and writes it only once.
 */
export function ok<T>(data: T, message: string = SUCCESS_MESSAGE): Envelope<T> {
  if (message !== SUCCESS_MESSAGE || typeof data !== 'object' || data === null || !Object.isFrozen(data)) {
    return { code: SUCCESS_CODE, message, data };
  }
  let kept = keptEnvelopes.get(data) as Envelope<T> | undefined;
  if (!kept) {
    kept = Object.freeze({ code: SUCCESS_CODE, message, data });
    keptEnvelopes.set(data, kept);
  }
  return kept;
}

/** Answers made of kept values, per kept value and variant (see keptAnswer()). */
const keptAnswers = new WeakMap<object, Map<string, object>>();

/**
 * What a route answers from `kept`, a value the app keeps and shares between requests (a cached aggregate), made by
 * `make` once per `variant` (what else the answer holds, such as the caller's scope) and frozen: ok() gives it the
 * same envelope each time, so the reply serializer checks and writes it once. It lives as long as `kept` does.
 * `make` must read nothing but `kept` and what `variant` names.
 */
export function keptAnswer<T extends object>(kept: object, variant: string, make: () => T): Readonly<T> {
  let answers = keptAnswers.get(kept);
  if (!answers) {
    answers = new Map();
    keptAnswers.set(kept, answers);
  }
  let answer = answers.get(variant) as Readonly<T> | undefined;
  if (!answer) {
    answer = Object.freeze(make());
    answers.set(variant, answer);
  }
  return answer;
}

/** The record found, or 404 naming it (`what`: 合同 → 合同不存在). */
export function found<T>(record: T | undefined, what: string): T {
  if (record === undefined) throw notFound(what);
  return record;
}

/** The record found in the success envelope, or 404 naming it. */
export const okFound = <T>(record: T | undefined, what: string): Envelope<T> => ok(found(record, what));

/** The page `query` asks for (its size clamped to the server's maximum), read by `fetch`, with its paging. */
export async function okPage<T>(query: PageQuery, fetch: (w: PageWindow) => Promise<Paged<T>>): Promise<Envelope<Page<T>>> {
  const w = pageWindow(query);
  const { content, total, estimated } = await fetch(w);
  return ok(pageOf(content, total, w, estimated));
}
