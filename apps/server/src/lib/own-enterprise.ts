// Identity comes from the token: an enterprise a request names (in its query or body) must be the caller's own.
import { BUSINESS_MESSAGES } from '@tfb/contract';
import { AppError } from './errors.js';

export const OWN_ENTERPRISE_ONLY = BUSINESS_MESSAGES.ownEnterpriseOnly;

/** Refuses (403, naming `field`) an enterprise other than the caller's; a request that names none passes. */
export function assertOwnEnterprise(caller: { enterpriseId: string }, named: string | undefined, field = 'enterpriseId'): void {
  if (named !== undefined && named !== caller.enterpriseId) {
    throw new AppError(40300, OWN_ENTERPRISE_ONLY, [{ field, message: OWN_ENTERPRISE_ONLY }]);
  }
}
