// The project list: search by code, name, buyer or supplier; type and status filters; paging.
import { Form, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectRow } from '@tfb/contract';
import { formatDate } from '../../../components/business/format';
import { ListPage } from '../../../components/business/list-page';
import { listTexts, useRecordList, type SearchValues } from '../../../components/business/record-list';
import { PROJECTS } from '../api/projects';
import { ProjectTypeTag } from './project-type-tag';

export function ProjectListPage() {
  const { t } = useTranslation();
  const { search, listProps, codeColumn, statusColumn, actionsColumn } = useRecordList(PROJECTS);
  const columns: TableColumnsType<ProjectRow> = [
    codeColumn({ title: t('biz.projects.projectCode'), code: (p) => p.projectCode }),
    { title: t('biz.projects.projectName'), dataIndex: 'projectName', ellipsis: true },
    { title: t('biz.projects.type'), dataIndex: 'type', width: 90, render: (v: number) => <ProjectTypeTag type={v} /> },
    { title: t('biz.projects.enterpriseName'), dataIndex: 'enterpriseName', width: 180, ellipsis: true },
    { title: t('biz.projects.supplierName'), dataIndex: 'supplierName', width: 180, ellipsis: true },
    { title: t('biz.projects.projectTakeEffectTime'), dataIndex: 'projectTakeEffectTime', width: 110, render: formatDate },
    statusColumn(),
    actionsColumn(),
  ];
  const typeFilter = (
    <Form.Item name="type" label={t('biz.projects.type')}>
      <Select
        allowClear
        className="biz-list__select"
        placeholder={t('biz.projects.allTypes')}
        options={[1, 2].map((v) => ({ value: v, label: t(`biz.projects.type_${v}`) }))}
      />
    </Form.Item>
  );
  return (
    <ListPage<ProjectRow, SearchValues & { type?: 1 | 2 }>
      {...listProps}
      {...listTexts(t, 'biz.projects')}
      filters={typeFilter}
      onSearch={(v) => search(v, { type: v.type })}
      columns={columns}
      scrollX={1080}
    />
  );
}
