// Paths of the session and organisation calls. Kept apart from the session's schemas: the web's session bootstrap,
// part of the first load, needs only these.

export const SESSION_PATHS = {
  entry: '/api/auth/entry',
  session: '/api/auth/session',
  logout: '/api/auth/logout',
  refresh: '/api/organizationService/userAccount/refresh',
  userById: '/api/organizationService/user/findByUserAll/:userId',
  dictByGroup: '/api/organizationService/dict/listByGroup',
  generateNumber: '/api/businessperationService/common/generateNumber',
  login: '/login/login',
  userInfo: '/user/info',
  health: '/api/health',
  healthLive: '/api/health/live',
  healthReady: '/api/health/ready',
  /** Prometheus metrics (text, not JSON): served only when METRICS_TOKEN is set, to that bearer token. */
  metrics: '/api/metrics',
  publicConfig: '/api/auth/config',
} as const;
