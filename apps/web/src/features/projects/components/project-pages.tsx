// Projects: the list (search, side and status filters), the create/edit form and the detail.
import { EditOutlined } from '@ant-design/icons';
import { App, Button, Col, DatePicker, Descriptions, Flex, Form, Input, Radio, Result, Row, Select, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGES, type BusinessStatus, type ProjectRow } from '@tfb/contract';
import { DetailTabs } from '../../../components/business/audit-trail';
import { FormActions } from '../../../components/business/form-actions';
import { DATE_FORMAT, formatDate, formatDateTime } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { showSaveError } from '../../../components/business/save-error';
import { refOf, useStaleVersion } from '../../../components/business/stale-version';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { PROJECT_PATHS } from '../api/keys';
import { useProject } from '../api/get-project';
import { useProjects } from '../api/get-projects';
import { useSaveProject } from '../api/save-project';
import { useCan } from '../../../lib/use-can';

type Filters = { search?: string; status?: BusinessStatus; type?: 1 | 2 };
type SearchValues = { keyword?: string; status?: BusinessStatus; type?: 1 | 2 };

function ProjectTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} color={type === 1 ? 'geekblue' : 'green'}>
      {t(`biz.projects.type_${type}`, { defaultValue: String(type) })}
    </Tag>
  );
}

export function ProjectListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('projects:write');
  const list = useListState<Filters>({});
  const query = useProjects({ ...list.page, ...list.filters });
  const columns: TableColumnsType<ProjectRow> = [
    {
      title: t('biz.projects.projectCode'),
      dataIndex: 'projectCode',
      width: 180,
      fixed: 'left',
      render: (code: string, p) => (
        <Typography.Link className="biz-cell__code" onClick={() => navigate(PROJECT_PATHS.detail(p.id))}>
          {code}
        </Typography.Link>
      ),
    },
    { title: t('biz.projects.projectName'), dataIndex: 'projectName', ellipsis: true },
    { title: t('biz.projects.type'), dataIndex: 'type', width: 90, render: (v: number) => <ProjectTypeTag type={v} /> },
    { title: t('biz.projects.enterpriseName'), dataIndex: 'enterpriseName', width: 180, ellipsis: true },
    { title: t('biz.projects.supplierName'), dataIndex: 'supplierName', width: 180, ellipsis: true },
    { title: t('biz.projects.projectTakeEffectTime'), dataIndex: 'projectTakeEffectTime', width: 110, render: formatDate },
    { title: t('biz.common.status'), dataIndex: 'status', width: 90, render: (s: string) => <StatusTag status={s} /> },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, p) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => navigate(PROJECT_PATHS.detail(p.id))}>
            {t('biz.common.view')}
          </Button>
          {canWrite && isEditable(p.status) ? (
            <Button type="link" size="small" onClick={() => navigate(PROJECT_PATHS.edit(p.id))}>
              {t('biz.common.edit')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <ListPage<ProjectRow, SearchValues>
      title={t('biz.projects.title')}
      subtitle={t('biz.projects.subtitle')}
      entityName={t('biz.projects.entity')}
      createLabel={t('biz.projects.create')}
      onCreate={canWrite ? () => navigate(PROJECT_PATHS.add) : undefined}
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

type FormValues = { projectName: string; type: 1 | 2; enterpriseName: string; supplierName: string; projectTakeEffectTime: Dayjs | null };

function ProjectForm({ project, reload }: { project: ProjectRow | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveProject();
  const stale = useStaleVersion(reload ?? (() => Promise.resolve()));
  const [saving, setSaving] = useState<BusinessStatus | null>(null);

  const onSave = async (status: BusinessStatus) => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(status);
    try {
      const saved = await save.mutateAsync({
        ...refOf(project),
        body: {
          projectName: v.projectName.trim(),
          type: v.type,
          enterpriseName: v.enterpriseName.trim(),
          supplierName: v.supplierName.trim(),
          projectTakeEffectTime: v.projectTakeEffectTime ? v.projectTakeEffectTime.format(DATE_FORMAT) : null,
          status,
        },
      });
      void message.success(project ? MESSAGES.editSuccess : MESSAGES.addSuccess);
      navigate(PROJECT_PATHS.detail(saved.id), { replace: true });
    } catch (err) {
      if (!stale.caught(err)) showSaveError(err, form, message);
    } finally {
      setSaving(null);
    }
  };

  const required = (key: string) => [{ required: true, whitespace: true, message: t(key) }];
  return (
    <PageShell
      title={project ? t('biz.projects.editTitle', { code: project.projectCode }) : t('biz.projects.createTitle')}
      tags={project ? <StatusTag status={project.status} /> : null}
      backTo={project ? PROJECT_PATHS.detail(project.id) : PROJECT_PATHS.list}
      footer={<FormActions saving={saving} onCancel={() => navigate(project ? PROJECT_PATHS.detail(project.id) : PROJECT_PATHS.list)} onSave={(s) => void onSave(s)} />}
    >
      {stale.alert}
      <Form<FormValues>
        form={form}
        layout="vertical"
        scrollToFirstError
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
              <Form.Item name="projectName" label={t('biz.projects.projectName')} rules={required('biz.projects.projectNameRequired')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="type" label={t('biz.projects.type')} tooltip={t('biz.projects.typeHint')}>
                <Radio.Group optionType="button" options={[1, 2].map((v) => ({ value: v, label: t(`biz.projects.type_${v}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="enterpriseName" label={t('biz.projects.enterpriseName')} rules={required('biz.projects.enterpriseRequired')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="supplierName" label={t('biz.projects.supplierName')} rules={required('biz.projects.supplierRequired')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="projectTakeEffectTime" label={t('biz.projects.projectTakeEffectTime')}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Section>
      </Form>
    </PageShell>
  );
}

export function ProjectCreatePage() {
  return <ProjectForm project={null} />;
}

export function ProjectEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useProject(id);
  return (
    <RecordLoader id={id} query={query} title={t('biz.projects.editTitle', { code: '' })} backTo={PROJECT_PATHS.list}>
      {(p) =>
        isEditable(p.status) ? (
          <ProjectForm key={`${p.id}:${p.version}`} reload={query.refetch} project={p} />
        ) : (
          <PageShell title={t('biz.projects.editTitle', { code: p.projectCode })} tags={<StatusTag status={p.status} />} backTo={PROJECT_PATHS.list}>
            <Result
              status="info"
              title={t('biz.record.readOnly')}
              extra={
                <Button type="primary" onClick={() => navigate(PROJECT_PATHS.detail(p.id), { replace: true })}>
                  {t('biz.common.viewDetail')}
                </Button>
              }
            />
          </PageShell>
        )
      }
    </RecordLoader>
  );
}

export function ProjectDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('projects:write');
  const id = useIdParam();
  const query = useProject(id);
  return (
    <RecordLoader id={id} query={query} title={t('biz.projects.title')} backTo={PROJECT_PATHS.list}>
      {(p) => (
        <PageShell
          title={`${t('biz.projects.entity')} ${p.projectCode}`}
          tags={<StatusTag status={p.status} />}
          backTo={PROJECT_PATHS.list}
          extra={
            canWrite && isEditable(p.status) ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(PROJECT_PATHS.edit(p.id))}>
                {t('biz.common.edit')}
              </Button>
            ) : null
          }
        >
          <DetailTabs entity="project" id={p.id}>
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
          </DetailTabs>
        </PageShell>
      )}
    </RecordLoader>
  );
}
