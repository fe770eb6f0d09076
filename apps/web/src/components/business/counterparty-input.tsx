// A counterparty's name in a business form (a contract's, an order's, a project's buyer or supplier): typed, or
// chosen among the enterprise's customers (/customers/enterprises), which are suggested as the name is typed.
// Business records keep the counterparty's name (spec 7.2), so a name that is not a customer yet stays allowed.
import { AutoComplete, Flex, Input, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useCan } from '../../lib/use-can';
import { customersListKey } from './customers-key';

const SUGGESTIONS = 8;

type Props = { id?: string; value?: string; onChange?: (value: string) => void; maxLength?: number | undefined };

export function CounterpartyInput({ id, value, onChange, maxLength }: Props) {
  const mayRead = useCan('customers:read');
  const [open, setOpen] = useState(false);
  const search = useDeferredValue((value ?? '').trim());
  const params = { pageNumber: 0, pageSize: SUGGESTIONS, search: search || undefined };
  // The customer schemas load with the first suggestion asked for, not with every form that has a counterparty.
  const customers = useQuery({
    queryKey: customersListKey(params),
    queryFn: async ({ signal }) => (await import('./get-customers')).getCustomers(params, signal),
    placeholderData: keepPreviousData,
    enabled: mayRead && open,
  });
  const options = (customers.data?.content ?? []).map((c) => ({
    value: c.name,
    title: c.name,
    label: (
      <Flex justify="space-between" gap={12}>
        <span>{c.name}</span>
        <Typography.Text type="secondary">{c.creditCode}</Typography.Text>
      </Flex>
    ),
  }));
  return (
    <AutoComplete
      id={id}
      value={value}
      options={options}
      onChange={(v: string) => onChange?.(v)}
      onOpenChange={setOpen}
      onFocus={() => setOpen(true)}
    >
      <Input maxLength={maxLength} />
    </AutoComplete>
  );
}
