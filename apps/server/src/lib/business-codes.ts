// New business records get a number from the numbering service; a collision with an existing code (e.g. a
// code written by the seed) is retried with the next number, never answered as a 500.
import { conflict } from './errors.js';

/** PostgreSQL's SQLSTATE of a driver error, if any. */
export const pgErrorCode = (e: unknown): string | undefined =>
  typeof e === 'object' && e !== null && 'code' in e && typeof (e as { code: unknown }).code === 'string'
    ? (e as { code: string }).code
    : undefined;

/** Runs `create` with a fresh business number, again if the number collides with an existing one. */
export async function withFreshCode<T>(next: () => Promise<string>, create: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const code = await next();
    try {
      return await create(code);
    } catch (e) {
      if (pgErrorCode(e) === '23505') {
        if (attempt < 5) continue;
        throw conflict('编号冲突，请重试');
      }
      throw e;
    }
  }
}
