// The detail of one project, read-only, with its change history.
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectRow } from '@tfb/contract';
import { formatDate, formatDateTime } from '../../../components/business/format';
import { Section } from '../../../components/business/page-shell';
import { RecordDetailPage } from '../../../components/business/record-detail';
import { PROJECTS } from '../api/projects';
import { PROJECT_SCREENS } from '../project-screens';
import { ProjectTypeTag } from './project-type-tag';

export function ProjectDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordDetailPage<ProjectRow>
      screens={PROJECT_SCREENS}
      endpoint={PROJECTS}
      title={t('biz.projects.title')}
      header={(p) => ({ title: t('biz.projects.entity'), code: p.projectCode, status: p.status })}
    >
      {(p) => (
        <Section title={t('biz.section.basic')}>
          <Descriptions
            bordered
            size="small"
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
        </Section>
      )}
    </RecordDetailPage>
  );
}
