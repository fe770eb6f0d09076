// Runtime configuration, read once from the environment.
import path from 'node:path';
import { SIGN_IN_LIMITS } from '@tfb/contract';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  uploadDir: string;
  databaseUrl: string | undefined;
  portalUrl: string;
  portalSecret: string | undefined;
  tokenSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  webDistDir: string;
  logLevel: string;
  /** Published over HTTPS by a proxy in front: send HSTS (it is sent anyway on requests that arrive over HTTPS). */
  hsts: boolean;
  /**
   * TRUST_PROXY: the addresses (IPs or CIDRs, comma-separated) of the reverse proxies in front. Only a request that
   * arrives from one of them has its X-Forwarded-For (the client's address: sign-in limits per address) and
   * X-Forwarded-Proto (HTTPS: Secure cookies, HSTS) believed. Unset: no proxy is trusted, those headers are ignored.
   */
  trustProxy: string | undefined;
  /** The template's username/password login stays on with PORTAL_SECRET only when TEMPLATE_LOGIN=1. */
  templateLogin: boolean;
  /** Consecutive wrong passwords that lock an account, and for how long (also the address lock's length). */
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Wrong passwords from one source address within the lock time that lock the address. */
  loginAddressMaxFailures: number;
  /** Requests per minute and source address on the template login and on the portal entry. */
  loginRatePerMinute: number;
  entryRatePerMinute: number;
  /** How long a refused (429) sign-in waits before its answer (0: at once). */
  signInRefusalDelayMs: number;
  /** The bearer token GET /api/metrics asks for; unset, the metrics endpoint is not served at all. */
  metricsToken: string | undefined;
  /**
   * PORTAL_SCHEDULER_INTERVAL_MS: how often each app process looks for portal content due to go live or to expire
   * (default 15 s; 0 turns the loop off in this process, e.g. for a process that only serves reads).
   */
  portalSchedulerIntervalMs: number;
  /**
   * DOCUMENT_LOG_SECRET: the secret the document log's Ed25519 signing key is derived from (unset: one random key
   * kept in the database, shared by every app process, like the access-token key).
   */
  documentLogSecret: string | undefined;
  /**
   * RISK_SERVICE_URL: where each app process posts signing results (spec 7.5). Unset: results wait in the outbox
   * and the signing's page says the risk service is not configured.
   */
  riskServiceUrl: string | undefined;
  /** RISK_OUTBOX_INTERVAL_MS, _TIMEOUT_MS, _LEASE_MS, _BASE_DELAY_MS, _MAX_DELAY_MS, _MAX_ATTEMPTS: the dispatcher's timings. */
  riskOutbox: {
    intervalMs: number;
    timeoutMs: number;
    leaseMs: number;
    baseDelayMs: number;
    maxDelayMs: number;
    maxAttempts: number;
  };
};

const riskServiceUrl = (value: string | undefined): string | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`RISK_SERVICE_URL must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`RISK_SERVICE_URL must be an http(s) URL, got "${value}"`);
  return url.toString();
};

/** The shortest METRICS_TOKEN accepted: a guessable token would open the figures to anyone. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

const metricsToken = (value: string | undefined): string | undefined => {
  if (value === undefined || value === '') return undefined;
  if (value.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(value)) {
    throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters without spaces`);
  }
  return value;
};

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
};

const nonNegativeInt = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of 0 or more, got "${value}"`);
  return n;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    uploadDir: path.resolve(env.UPLOAD_DIR || path.join(env.DATA_DIR || path.join(root, 'data'), 'uploads')),
    databaseUrl: env.DATABASE_URL || undefined,
    portalUrl: env.PORTAL_URL || '/logon',
    portalSecret: env.PORTAL_SECRET || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600, 'REFRESH_TOKEN_TTL'),
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    hsts: env.HSTS === '1' || env.HSTS === 'true',
    trustProxy: env.TRUST_PROXY?.trim() || undefined,
    templateLogin: env.TEMPLATE_LOGIN === '1' || env.TEMPLATE_LOGIN === 'true',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, SIGN_IN_LIMITS.maxFailures, 'LOGIN_MAX_FAILURES'),
    loginLockMinutes: int(env.LOGIN_LOCK_MINUTES, SIGN_IN_LIMITS.lockMinutes, 'LOGIN_LOCK_MINUTES'),
    loginAddressMaxFailures: int(env.LOGIN_ADDRESS_MAX_FAILURES, SIGN_IN_LIMITS.addressMaxFailures, 'LOGIN_ADDRESS_MAX_FAILURES'),
    loginRatePerMinute: int(env.LOGIN_RATE_LIMIT, SIGN_IN_LIMITS.loginPerMinute, 'LOGIN_RATE_LIMIT'),
    entryRatePerMinute: int(env.ENTRY_RATE_LIMIT, SIGN_IN_LIMITS.entryPerMinute, 'ENTRY_RATE_LIMIT'),
    signInRefusalDelayMs: nonNegativeInt(env.SIGN_IN_REFUSAL_DELAY_MS, SIGN_IN_LIMITS.refusalDelayMs, 'SIGN_IN_REFUSAL_DELAY_MS'),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    portalSchedulerIntervalMs: nonNegativeInt(env.PORTAL_SCHEDULER_INTERVAL_MS, 15_000, 'PORTAL_SCHEDULER_INTERVAL_MS'),
    documentLogSecret: env.DOCUMENT_LOG_SECRET || undefined,
    riskServiceUrl: riskServiceUrl(env.RISK_SERVICE_URL),
    riskOutbox: {
      intervalMs: nonNegativeInt(env.RISK_OUTBOX_INTERVAL_MS, 1000, 'RISK_OUTBOX_INTERVAL_MS'),
      timeoutMs: int(env.RISK_OUTBOX_TIMEOUT_MS, 5000, 'RISK_OUTBOX_TIMEOUT_MS'),
      leaseMs: int(env.RISK_OUTBOX_LEASE_MS, 30_000, 'RISK_OUTBOX_LEASE_MS'),
      baseDelayMs: int(env.RISK_OUTBOX_BASE_DELAY_MS, 1000, 'RISK_OUTBOX_BASE_DELAY_MS'),
      maxDelayMs: int(env.RISK_OUTBOX_MAX_DELAY_MS, 300_000, 'RISK_OUTBOX_MAX_DELAY_MS'),
      maxAttempts: int(env.RISK_OUTBOX_MAX_ATTEMPTS, 10, 'RISK_OUTBOX_MAX_ATTEMPTS'),
    },
  };
}
