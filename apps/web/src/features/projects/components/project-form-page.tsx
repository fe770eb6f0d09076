// Create and edit a project: name, side (purchase or sales), buyer, supplier and the date it takes effect. Labels,
// rules and messages are the contract's (SaveProjectBodySchema).
import { Col, DatePicker, Radio, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SaveProjectBodySchema, type ProjectRow, type SaveProjectBody } from '@tfb/contract';
import { RecordEditPage } from '../../../components/business/edit-gate';
import { FieldItem } from '../../../components/business/field-item';
import { DATE_FORMAT, dateValue } from '../../../components/business/format';
import { Section } from '../../../components/business/page-shell';
import { RecordFormPage, useRecordForm } from '../../../components/business/record-form';
import { PROJECTS } from '../api/projects';
import { PROJECT_SCREENS } from '../project-screens';

type FormValues = { projectName: string; type: 1 | 2; enterpriseName: string; supplierName: string; projectTakeEffectTime: Dayjs | null };

const fields = SaveProjectBodySchema.shape;

function ProjectForm({ project, reload }: { project: ProjectRow | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const state = useRecordForm<FormValues, SaveProjectBody, ProjectRow>({
    screens: PROJECT_SCREENS,
    endpoint: PROJECTS,
    record: project,
    reload,
    toBody: (v, status) => ({
      projectName: v.projectName.trim(),
      type: v.type,
      enterpriseName: v.enterpriseName.trim(),
      supplierName: v.supplierName.trim(),
      projectTakeEffectTime: v.projectTakeEffectTime ? v.projectTakeEffectTime.format(DATE_FORMAT) : null,
      status,
    }),
  });
  return (
    <RecordFormPage
      state={state}
      title={project ? t('biz.projects.editTitle', { code: project.projectCode }) : t('biz.projects.createTitle')}
      status={project?.status}
      initialValues={{
        projectName: project?.projectName ?? '',
        type: (project?.type as 1 | 2 | undefined) ?? 1,
        enterpriseName: project?.enterpriseName ?? '',
        supplierName: project?.supplierName ?? '',
        projectTakeEffectTime: project?.projectTakeEffectTime ? dayjs(project.projectTakeEffectTime.slice(0, 10), DATE_FORMAT) : null,
      }}
    >
      <Section title={t('biz.section.basic')}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <FieldItem name="projectName" field={fields.projectName} />
          </Col>
          <Col xs={24} md={12}>
            <FieldItem
              name="type"
              field={fields.type}
              tooltip={t('biz.projects.typeHint')}
              input={() => <Radio.Group optionType="button" options={[1, 2].map((v) => ({ value: v, label: t(`biz.projects.type_${v}`) }))} />}
            />
          </Col>
          <Col xs={24} md={12}>
            <FieldItem name="enterpriseName" field={fields.enterpriseName} />
          </Col>
          <Col xs={24} md={12}>
            <FieldItem name="supplierName" field={fields.supplierName} />
          </Col>
          <Col xs={24} md={12}>
            <FieldItem
              name="projectTakeEffectTime"
              field={fields.projectTakeEffectTime}
              toContract={dateValue}
              input={() => <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />}
            />
          </Col>
        </Row>
      </Section>
    </RecordFormPage>
  );
}

export function ProjectCreatePage() {
  return <ProjectForm project={null} />;
}

export function ProjectEditPage() {
  const { t } = useTranslation();
  return (
    <RecordEditPage<ProjectRow>
      screens={PROJECT_SCREENS}
      endpoint={PROJECTS}
      title={(p) => t('biz.projects.editTitle', { code: p?.projectCode ?? '' })}
      status={(p) => p.status}
    >
      {(p, reload) => <ProjectForm project={p} reload={reload} />}
    </RecordEditPage>
  );
}
