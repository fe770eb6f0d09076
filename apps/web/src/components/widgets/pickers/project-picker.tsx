// Available-project picker (spec 2.3 item 5, 7.2 findAvailableProjectList): single choice; `type` is 1 for
// the purchase-contract key and 2 for any other contract type.
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PICKER_API_PATHS, PURCHASE_CONTRACT_KEY, ProjectPickRowSchema, pageOf, type ProjectPickRow } from '@tfb/contract';
import { PickOneTable, contentPageFetch } from './pick-table';
import { PickerModal, formatDate, type PickerProps } from './picker-modal';

const ProjectPageSchema = pageOf(ProjectPickRowSchema);

/** 1 for the purchase-contract key, else 2; no contract type lists both sides. */
export const projectTypeFor = (contractType: string | null | undefined): 1 | 2 | undefined =>
  contractType ? (contractType === PURCHASE_CONTRACT_KEY ? 1 : 2) : undefined;

export type ProjectPickerProps = PickerProps<ProjectPickRow> & {
  /** The contract type key of the form (MLZZHFWPT_CONTACTTYPE_*): decides `type`. */
  contractType?: string | null;
};

/** Chooses one available project (projectCode, buyer, supplier, effective date). */
export function ProjectPicker({ open, onCancel, onOk, contractType, title }: ProjectPickerProps) {
  const { t } = useTranslation();
  const type = projectTypeFor(contractType);
  const fetchPage = contentPageFetch(PICKER_API_PATHS.availableProjects, ProjectPageSchema, (search) => ({ codeName: search, type }));
  const columns: TableColumnsType<ProjectPickRow> = [
    { title: t('widgets.pickers.project.projectCode'), dataIndex: 'projectCode', width: 170 },
    { title: t('widgets.pickers.project.projectName'), dataIndex: 'projectName', ellipsis: true },
    { title: t('widgets.pickers.project.buyer'), dataIndex: 'enterpriseName', ellipsis: true },
    { title: t('widgets.pickers.project.supplier'), dataIndex: 'supplierName', ellipsis: true },
    { title: t('widgets.pickers.project.effectiveTime'), dataIndex: 'projectTakeEffectTime', width: 120, render: formatDate },
  ];
  return (
    <PickerModal open={open} title={title ?? t('widgets.pickers.project.title')} width={900} onCancel={onCancel}>
      <PickOneTable<ProjectPickRow>
        queryKey={['projects', type ?? 0]}
        fetchPage={fetchPage}
        columns={columns}
        searchPlaceholder={t('widgets.pickers.project.search')}
        onCancel={onCancel}
        onOk={onOk}
      />
    </PickerModal>
  );
}
