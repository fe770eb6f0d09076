// GET contracts/:id for the contract a loan application or a settlement is made on: its `limits` say how much may
// still be applied for or settled (the record being edited left out: excludeLoanId / excludeSettlementId), and a
// loan application shows its documents. Saving a loan application or a settlement reloads it (CONTRACT_LIMITS_KEY).
// useContractAmountLimit holds a loan application's or settlement's amount to what the picked contract still allows.
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  BUSINESS_PATHS,
  ContractDetailSchema,
  formatAmount,
  loanAmountProblem,
  settlementAmountProblem,
  type AmountLimit,
  type ContractDetail,
  type ContractDetailQuerySchema,
  type ContractLimits,
} from '@tfb/contract';
import { api } from '../../lib/api-client';
import { limitRule, useRecheckWhenLimitChanges } from '../../lib/form-rules';
import type { PickedContract } from './contract-pick-field';

export type ContractLimitsQuery = z.input<typeof ContractDetailQuerySchema>;

export const CONTRACT_LIMITS_KEY = ['contracts', 'limits'] as const;

export function getContractLimits(id: number, query: ContractLimitsQuery, signal?: AbortSignal): Promise<ContractDetail> {
  return api.get(BUSINESS_PATHS.contract.replace(':id', String(id)), { query, schema: ContractDetailSchema, signal });
}

export function useContractLimits(id: number | null | undefined, query: ContractLimitsQuery) {
  return useQuery({
    queryKey: [...CONTRACT_LIMITS_KEY, id ?? 0, query],
    queryFn: ({ signal }) => getContractLimits(id ?? 0, query, signal),
    enabled: id !== null && id !== undefined,
    retry: false,
  });
}

type AmountLimitOf = {
  /** The amount field of the form (its picked contract is the `contract` field). */
  field: string;
  /** The query param leaving the record being edited out of what the contract's other records take. */
  exclude: keyof ContractLimitsQuery;
  /** What of the contract's amount remains for such records. */
  remaining: keyof Pick<ContractLimits, 'loanRemaining' | 'settlementRemaining'>;
  /** The contract's check, with the server's message. */
  problem: (amount: number, limit: AmountLimit) => string | null;
  /** The hint under the field: what remains of the contract's amount ({{remaining}}, {{limit}}). */
  hint: string;
};

/** What a loan application's and a settlement's amount are held to. */
const AMOUNT_LIMITS = {
  loan: {
    field: 'loanAmount',
    exclude: 'excludeLoanId',
    remaining: 'loanRemaining',
    problem: loanAmountProblem,
    hint: 'biz.loans.remaining',
  },
  settlement: {
    field: 'money',
    exclude: 'excludeSettlementId',
    remaining: 'settlementRemaining',
    problem: settlementAmountProblem,
    hint: 'biz.settlements.remaining',
  },
} as const satisfies Record<string, AmountLimitOf>;

/**
 * The picked contract, the hint of what it still allows and the rule refusing more (the server refuses more with
 * the same message), for the loan application or settlement `editing` (null when creating).
 */
export function useContractAmountLimit(form: FormInstance, of: keyof typeof AMOUNT_LIMITS, editing: number | null) {
  const { t } = useTranslation();
  const { field, exclude, remaining, problem, hint } = AMOUNT_LIMITS[of];
  const contract: PickedContract | null | undefined = Form.useWatch('contract', form);
  const query = useContractLimits(contract?.id, { [exclude]: editing });
  const limits = contract && query.data?.id === contract.id ? query.data.limits : undefined;
  const limit = limits ? { limit: limits.contractAmount, remaining: limits[remaining] } : undefined;
  useRecheckWhenLimitChanges(form, field, limit?.remaining);
  return {
    contract,
    hint: limit ? t(hint, { remaining: formatAmount(limit.remaining), limit: formatAmount(limit.limit) }) : undefined,
    rule: limitRule((amount) => (limit ? problem(amount, limit) : null)),
  };
}
