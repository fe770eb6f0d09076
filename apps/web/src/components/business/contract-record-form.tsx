// The record form of a loan application or a settlement: a record made on a contract picked in the `contract`
// field (where the server's contractId errors show too), saved only once a contract is picked, with its amount
// held to what the contract still allows.
import type { BusinessStatus } from '@tfb/contract';
import type { z } from 'zod';
import { useContractAmountLimit } from './contract-limits';
import { ContractPickField, type ContractPickFieldProps, type PickedContract } from './contract-pick-field';
import { FieldItem, type FieldSpan } from './field-item';
import { pickedId } from './pick-field';
import { useRecordForm, type RecordFormProps } from './record-form';
import type { RecordKind } from './record-screens';

type Versioned = { id: number; version: number };

const CONTRACT_ALIASES = { contractId: 'contract' };

/**
 * The form state of `props.record` (null to create) and what its picked contract allows (the hint and the rule of
 * the amount field, see useContractAmountLimit). `toBody` makes the body once a contract is picked.
 */
export function useContractRecordForm<V extends { contract: PickedContract | null }, Body extends object, T extends Versioned>(
  kind: RecordKind<unknown, T>,
  { record, reload }: RecordFormProps<T>,
  limit: Parameters<typeof useContractAmountLimit>[1],
  toBody: (values: V, contractId: number, status: BusinessStatus) => Body,
) {
  const state = useRecordForm<V, Body, T>({
    kind,
    record,
    reload,
    fieldAliases: CONTRACT_ALIASES,
    toBody: (v, status) => (v.contract ? toBody(v, v.contract.id, status) : null),
  });
  return { state, ...useContractAmountLimit(state.form, limit, record?.id ?? null) };
}

/** The `contract` field of such a form: the contract picker, the contract checking the picked contract's id. */
export function ContractItem({
  field,
  span,
  ...picker
}: Omit<ContractPickFieldProps, 'value' | 'onChange' | 'id' | 'disabled'> & {
  field: z.ZodType;
  span?: FieldSpan;
}) {
  return <FieldItem span={span} name="contract" field={field} toContract={pickedId} input={() => <ContractPickField {...picker} />} />;
}
