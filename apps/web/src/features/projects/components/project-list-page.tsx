// The project list: search by code, name, buyer or supplier; type and status filters; paging.
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectRow } from '@tfb/contract';
import { formatDate } from '../../../components/business/format';
import { ListPage } from '../../../components/business/list-page';
import { listTexts, useRecordList, type TypedSearchValues } from '../../../components/business/record-list';
import { PROJECTS } from '../api/projects';
import { ProjectTypeTag } from './project-type-tag';

export function ProjectListPage() {
  const { t } = useTranslation();
  const { listProps, codeColumn, recordColumns, typeFiltered } = useRecordList(PROJECTS);
  const columns: TableColumnsType<ProjectRow> = recordColumns([
    codeColumn({ title: t('biz.projects.projectCode'), code: (p) => p.projectCode }),
    { title: t('biz.projects.projectName'), dataIndex: 'projectName', ellipsis: true },
    { title: t('biz.projects.type'), dataIndex: 'type', width: 90, render: (v: number) => <ProjectTypeTag type={v} /> },
    { title: t('biz.projects.enterpriseName'), dataIndex: 'enterpriseName', width: 180, ellipsis: true },
    { title: t('biz.projects.supplierName'), dataIndex: 'supplierName', width: 180, ellipsis: true },
    { title: t('biz.projects.projectTakeEffectTime'), dataIndex: 'projectTakeEffectTime', width: 110, render: formatDate },
  ]);
  return (
    <ListPage<ProjectRow, TypedSearchValues>
      {...listProps}
      {...listTexts(t, 'biz.projects')}
      {...typeFiltered('biz.projects')}
      columns={columns}
      scrollX={1080}
    />
  );
}
