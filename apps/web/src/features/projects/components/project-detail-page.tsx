// The detail of one project, read-only, with its change history. `extra` is where the approval panel goes (submit
// for approval and the timeline).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectDetail } from '@tfb/contract';
import { formatDate, formatDateTime } from '../../../components/business/format';
import { BasicSection, RecordDetailPage, detailTexts } from '../../../components/business/record-detail';
import { PROJECTS } from '../api/projects';
import { ProjectTypeTag } from './project-type-tag';

export type ProjectDetailExtra = (project: ProjectDetail) => ReactNode;

export function ProjectDetailPage({ extra }: { extra?: ProjectDetailExtra }) {
  const { t } = useTranslation();
  return (
    <RecordDetailPage kind={PROJECTS} {...detailTexts(t, 'biz.projects', (p: ProjectDetail) => p.projectCode)} extra={extra}>
      {(p) => (
        <BasicSection
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'code', label: t('biz.projects.projectCode'), children: p.projectCode },
            { key: 'name', label: t('biz.projects.projectName'), children: p.projectName },
            { key: 'type', label: t('biz.projects.type'), children: <ProjectTypeTag type={p.type} /> },
            { key: 'effective', label: t('biz.projects.projectTakeEffectTime'), children: formatDate(p.projectTakeEffectTime) },
            { key: 'buyer', label: t('biz.projects.enterpriseName'), children: p.enterpriseName },
            { key: 'supplier', label: t('biz.projects.supplierName'), children: p.supplierName },
            { key: 'createTime', label: t('biz.common.createTime'), children: formatDateTime(p.createTime) },
            { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(p.updateTime) },
          ]}
        />
      )}
    </RecordDetailPage>
  );
}
