// Contract/order pickers (spec 2.3 item 7, 7.2), single choice with search and paging, in three variants:
// `fund` (findFundContactAndOrder, rows in data.result), `inStorage` (findInStorageNoticeContract, asked
// for with pageSize 1e9 and paged here) and `courier` (findCourierByContractPage, contract-type filter).
import { Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_TYPE_KEYS,
  ContractEntrySchema,
  FundContractReplySchema,
  PICKER_API_PATHS,
  contractTypeSuffix,
  pageOf,
  type ContractEntry,
  type ContractTypeKey,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { readSessionUser } from '../../../lib/session-store';
import { PickTable, contentPageFetch, firstRow, type AllFetch, type PageFetch } from './pick-table';
import { PickerFilter, PickerModal, formatMoney, type PickerProps } from './picker-modal';

export type { ContractEntry } from '@tfb/contract';

const FundResultSchema = FundContractReplySchema.shape.data;
const EntryPageSchema = pageOf(ContractEntrySchema);
/** The page size the spec sends to findInStorageNoticeContract (7.2; the server clamps it and says so). */
export const IN_STORAGE_PAGE_SIZE = 1_000_000_000;

export type ContractPickerVariant = 'fund' | 'inStorage' | 'courier';

export type ContractPickerProps = PickerProps<ContractEntry> & {
  /** fund: by fund type; inStorage: in-storage-notice contracts; courier: settlement courier contracts. */
  variant: ContractPickerVariant;
  /**
   * fund: the contract types listed (sent as `type`, comma-joined; default all).
   * courier: the types offered by the contract-type filter (default all).
   */
  contractTypes?: readonly ContractTypeKey[];
};

/** Chooses one contract or order entry (code, paper number, type, counterparty, amount). */
export function ContractPicker({ open, onCancel, onOk, variant, contractTypes, title }: ContractPickerProps) {
  const { t } = useTranslation();
  return (
    <PickerModal open={open} title={title ?? t(`widgets.pickers.contract.title_${variant}`)} width={960} onCancel={onCancel}>
      <ContractPickerBody variant={variant} contractTypes={contractTypes} onCancel={onCancel} onOk={onOk} />
    </PickerModal>
  );
}

export function useContractTypeLabel(): (key: string, fallback?: string) => string {
  const { t } = useTranslation();
  return (key, fallback) => t(`widgets.contractType.${contractTypeSuffix(key)}`, { defaultValue: fallback ?? key });
}

function ContractPickerBody({
  variant,
  contractTypes,
  onCancel,
  onOk,
}: {
  variant: ContractPickerVariant;
  contractTypes: readonly ContractTypeKey[] | undefined;
  onCancel: () => void;
  onOk: (row: ContractEntry) => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const [courierType, setCourierType] = useState<ContractTypeKey | undefined>(undefined);
  const offered = contractTypes && contractTypes.length > 0 ? contractTypes : CONTRACT_TYPE_KEYS;

  const columns: TableColumnsType<ContractEntry> = [
    { title: t('widgets.pickers.contract.code'), dataIndex: 'code', width: 170 },
    { title: t('widgets.pickers.contract.contractRelevanceCode'), dataIndex: 'contractRelevanceCode', width: 150, ellipsis: true },
    {
      title: t('widgets.pickers.contract.type'),
      dataIndex: 'contractType',
      width: 110,
      render: (key: string, row) => <Tag>{typeLabel(key || row.type, row.contractTypeName)}</Tag>,
    },
    { title: t('widgets.pickers.contract.enterpriseName'), dataIndex: 'enterpriseName', ellipsis: true },
    { title: t('widgets.common.money'), dataIndex: 'money', width: 130, align: 'right', render: formatMoney },
  ];

  const rowKey = (r: ContractEntry) => `${r.contractType || r.type}:${r.id}`;
  const common = {
    columns,
    rowKey,
    searchPlaceholder: t('widgets.pickers.contract.search'),
    onCancel,
    onOk: firstRow(onOk),
  };

  if (variant === 'fund') {
    const type = contractTypes && contractTypes.length > 0 ? contractTypes.join(',') : undefined;
    const fetchPage: PageFetch<ContractEntry> = async ({ search, pageNumber, pageSize }, signal) => {
      const data = await api.get(PICKER_API_PATHS.fundContracts, {
        query: { blurry: search, type, pageNumber, pageSize },
        schema: FundResultSchema,
        signal,
      });
      return { rows: data.result, count: data };
    };
    return <PickTable<ContractEntry> {...common} queryKey={['fund-contracts', type ?? '']} source={{ kind: 'server', fetchPage }} />;
  }

  if (variant === 'inStorage') {
    const fetchAll: AllFetch<ContractEntry> = async ({ search }, signal) => {
      const page = await api.get(PICKER_API_PATHS.inStorageContracts, {
        query: { search, pageNumber: 0, pageSize: IN_STORAGE_PAGE_SIZE, enterpriseId: readSessionUser()?.enterpriseId },
        schema: EntryPageSchema,
        signal,
      });
      return page.content;
    };
    return <PickTable<ContractEntry> {...common} queryKey={['in-storage-contracts']} source={{ kind: 'all', fetchAll }} />;
  }

  const contractType = courierType ?? (offered.length === CONTRACT_TYPE_KEYS.length ? undefined : offered.join(','));
  const fetchPage = contentPageFetch(PICKER_API_PATHS.courierContracts, EntryPageSchema, (search) => ({ search, contractType }));
  return (
    <PickTable<ContractEntry>
      {...common}
      queryKey={['courier-contracts', contractType ?? '']}
      source={{ kind: 'server', fetchPage }}
      filters={
        <PickerFilter<ContractTypeKey>
          label={t('widgets.pickers.contract.type')}
          placeholder={t('widgets.pickers.contract.allTypes')}
          width={180}
          value={courierType}
          onChange={setCourierType}
          options={offered.map((k) => ({ value: k, label: typeLabel(k) }))}
        />
      }
    />
  );
}
