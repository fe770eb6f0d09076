// The project list: search by code, name, buyer or supplier; type and status filters; paging.
import { Form, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusinessStatus, ProjectRow } from '@tfb/contract';
import { formatDate } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { useRecordList } from '../../../components/business/record-list';
import { useProjects, type ProjectsQuery } from '../api/projects';
import { PROJECT_SCREENS } from '../project-screens';
import { ProjectTypeTag } from './project-type-tag';

type SearchValues = { keyword?: string; status?: BusinessStatus; type?: 1 | 2 };

export function ProjectListPage() {
  const { t } = useTranslation();
  const list = useListState<Omit<ProjectsQuery, 'pageNumber' | 'pageSize'>>({});
  const query = useProjects({ ...list.page, ...list.filters });
  const { codeColumn, statusColumn, actionsColumn, onCreate } = useRecordList<ProjectRow>(PROJECT_SCREENS);
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
  return (
    <ListPage<ProjectRow, SearchValues>
      title={t('biz.projects.title')}
      subtitle={t('biz.projects.subtitle')}
      entityName={t('biz.projects.entity')}
      createLabel={t('biz.projects.create')}
      onCreate={onCreate}
      searchPlaceholder={t('biz.projects.searchPlaceholder')}
      filters={
        <Form.Item name="type" label={t('biz.projects.type')}>
          <Select
            allowClear
            className="biz-list__select"
            placeholder={t('biz.projects.allTypes')}
            options={[1, 2].map((v) => ({ value: v, label: t(`biz.projects.type_${v}`) }))}
          />
        </Form.Item>
      }
      onSearch={(v) => list.setFilters({ search: keywordOf(v.keyword), status: v.status, type: v.type })}
      query={query}
      list={list}
      columns={columns}
      rowKey={(p) => p.id}
      scrollX={1080}
    />
  );
}
