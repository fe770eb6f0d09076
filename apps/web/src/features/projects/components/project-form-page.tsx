// Create and edit a project: name, side (purchase or sales), buyer, supplier and the date it takes effect. Labels,
// rules and messages are the contract's (SaveProjectBodySchema).
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SaveProjectBodySchema, type ProjectRow, type SaveProjectBody } from '@tfb/contract';
import { FieldItem } from '../../../components/business/field-item';
import { ChoiceItem, DateItem } from '../../../components/business/form-items';
import { dayOf, dayText } from '../../../components/business/format';
import {
  FormSection,
  RecordFormPage,
  recordFormPages,
  recordValues,
  useRecordForm,
  type RecordFormProps,
} from '../../../components/business/record-form';
import { PROJECTS } from '../api/projects';
import { CounterpartyInput } from '../../../components/business/counterparty-input';

type FormValues = { projectName: string; type: 1 | 2; enterpriseName: string; supplierName: string; projectTakeEffectTime: Dayjs | null };

const fields = SaveProjectBodySchema.shape;

function ProjectForm({ record: project, reload }: RecordFormProps<ProjectRow>) {
  const { t } = useTranslation();
  const state = useRecordForm<FormValues, SaveProjectBody, ProjectRow>({
    kind: PROJECTS,
    record: project,
    reload,
    toBody: (v, status) => ({
      projectName: v.projectName.trim(),
      type: v.type,
      enterpriseName: v.enterpriseName.trim(),
      supplierName: v.supplierName.trim(),
      projectTakeEffectTime: dayText(v.projectTakeEffectTime),
      status,
    }),
  });
  return (
    <RecordFormPage
      state={state}
      title={project ? t('biz.projects.editTitle', { code: project.projectCode }) : t('biz.projects.createTitle')}
      initialValues={{
        ...recordValues(project, { projectName: '', enterpriseName: '', supplierName: '' }),
        type: (project?.type as 1 | 2 | undefined) ?? 1,
        projectTakeEffectTime: dayOf(project?.projectTakeEffectTime),
      }}
    >
      <FormSection>
        <FieldItem span="half" name="projectName" field={fields.projectName} />
        <ChoiceItem
          span="half"
          name="type"
          field={fields.type}
          tooltip={t('biz.projects.typeHint')}
          values={[1, 2]}
          textKey="biz.projects.type"
        />
        <FieldItem span="half" name="enterpriseName" field={fields.enterpriseName} input={(max) => <CounterpartyInput maxLength={max} />} />
        <FieldItem span="half" name="supplierName" field={fields.supplierName} input={(max) => <CounterpartyInput maxLength={max} />} />
        <DateItem span="half" name="projectTakeEffectTime" field={fields.projectTakeEffectTime} />
      </FormSection>
    </RecordFormPage>
  );
}

export const { CreatePage: ProjectCreatePage, EditPage: ProjectEditPage } = recordFormPages(PROJECTS, ProjectForm, (t, p) =>
  t('biz.projects.editTitle', { code: p?.projectCode ?? '' }),
);
