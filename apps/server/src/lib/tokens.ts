// Signed, short-lived access tokens (HMAC-SHA256) carrying the session identity; refresh tokens are
// opaque random strings stored hashed in the database.
import crypto from 'node:crypto';

export type AccessClaims = {
  sub: string; // userId
  ent: string; // enterpriseId
  com: string; // companyId
  org: string; // personal organisation id
  una: string; // userName
  rol: string[];
  int: boolean;
  grp: boolean;
  sup: boolean;
  wh: number | null; // warehouse id
  sid: string; // the session (sign-in) the token belongs to
  iat: number;
  exp: number;
};

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/**
 * The bytes of a base64url segment, only when the segment is exactly their canonical encoding (no padding, no
 * stray characters, no non-zero spare bits): Node's decoder ignores such things, so one token would otherwise
 * have many spellings that all verify.
 */
const canonicalB64 = (segment: string): Buffer | undefined => {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return undefined;
  const bytes = Buffer.from(segment, 'base64url');
  return bytes.toString('base64url') === segment ? bytes : undefined;
};

/** How many verified tokens a signer remembers (the oldest are forgotten first). */
const VERIFIED_TOKENS_KEPT = 10_000;

export class TokenSigner {
  /**
   * Tokens this signer has verified, with their claims: a token comes with every request of its life, and checking
   * it again would give the same answer (only its expiry moves on, and that is checked on each use).
   */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(private readonly key: Buffer) {}

  sign(claims: AccessClaims): string {
    const payload = b64(JSON.stringify(claims));
    const sig = crypto.createHmac('sha256', this.key).update(`v1.${payload}`).digest('base64url');
    return `v1.${payload}.${sig}`;
  }

  /** The claims of a valid, unexpired token in exactly the form sign() gives; undefined otherwise. */
  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessClaims | undefined {
    const known = this.verified.get(token);
    if (known) return known.exp > nowSeconds ? known : undefined;
    const claims = this.check(token, nowSeconds);
    if (claims) {
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private check(token: string, nowSeconds: number): AccessClaims | undefined {
    if (token.length > 4096) return undefined;
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== 'v1') return undefined;
    const payload = canonicalB64(parts[1]!);
    const given = canonicalB64(parts[2]!);
    if (!payload || !given) return undefined;
    const expected = crypto.createHmac('sha256', this.key).update(`v1.${parts[1]}`).digest();
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
    try {
      const claims = JSON.parse(payload.toString('utf8')) as AccessClaims;
      if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return undefined;
      // Tokens from before sessions were recorded name none: they are refused, and the client refreshes.
      if (typeof claims.sid !== 'string' || claims.sid === '') return undefined;
      return claims;
    } catch {
      return undefined;
    }
  }
}

export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');
export const sha256Hex = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');

export type PortalTicketCheck =
  /** Signed for this user and still usable: `nonce` identifies it for the single use, until `exp`. */
  { ok: true; exp: number; nonce: string } | { ok: false; reason: 'malformed' | 'expired' | 'tooFarAhead' | 'badSignature' };

/**
 * Portal tickets: HMAC-SHA256 over `${userId}.${expiresAtSeconds}`, sent as `${expiresAtSeconds}.${hexSignature}`.
 * Accepted only in that exact form (no leading zeros, lowercase hex), before `exp`, and only when `exp` is at most
 * `maxLifetimeSeconds` ahead: a ticket valid for years would be a password anyone who saw the URL could keep.
 */
export function checkPortalTicket(
  secret: string,
  userId: string,
  ticket: string,
  nowSeconds: number,
  maxLifetimeSeconds: number,
): PortalTicketCheck {
  const m = /^([1-9]\d{0,11})\.([0-9a-f]{64})$/.exec(ticket);
  if (!m) return { ok: false, reason: 'malformed' };
  const exp = Number(m[1]);
  const expected = crypto.createHmac('sha256', secret).update(`${userId}.${exp}`).digest();
  const given = Buffer.from(m[2]!, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'badSignature' };
  if (exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (exp - nowSeconds > maxLifetimeSeconds) return { ok: false, reason: 'tooFarAhead' };
  // The signature names (userId, exp) alone; its hash is what is remembered, not the ticket itself.
  return { ok: true, exp, nonce: sha256Hex(m[2]!) };
}

export function signPortalTicket(secret: string, userId: string, expiresAtSeconds: number): string {
  const sig = crypto.createHmac('sha256', secret).update(`${userId}.${expiresAtSeconds}`).digest('hex');
  return `${expiresAtSeconds}.${sig}`;
}

/** How many password hashes run at once on libuv's thread pool (4 threads by default, shared with file and
 * DNS work): a flood of logins queues here instead of taking every thread or the event loop. */
export const PASSWORD_HASH_CONCURRENCY = 2;

/** A counting semaphore: at most `limit` holders; the others wait in arrival order. */
class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter (active stays the same), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const hashSlots = new Semaphore(PASSWORD_HASH_CONCURRENCY);

/** scrypt with Node's default cost (N=16384, r=8, p=1), the one every stored hash was made with. */
const scrypt = (password: string, salt: Buffer, length: number): Promise<Buffer> =>
  hashSlots.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        // Async scrypt runs on a libuv worker thread; the event loop only waits for its callback.
        crypto.scrypt(password, salt, length, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );

/** scrypt password hashes: `scrypt$<saltB64>$<hashB64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  if (expected.length === 0) return false;
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length);
  return crypto.timingSafeEqual(actual, expected);
}
