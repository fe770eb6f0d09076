// The title (zh / en / es), default period and, for a scene, refresh interval of a new or renamed board or scene.
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS, SCENE_REFRESH_SECONDS, type DashboardKind, type DashboardPeriod, type LocalizedTitle } from '@tfb/contract';

export type DashboardFormValues = { title: LocalizedTitle; period: DashboardPeriod; refreshSeconds?: number };

const REFRESH_CHOICES = [30, 60, 300, 600, 1800, 3600].filter((s) => s >= SCENE_REFRESH_SECONDS.min && s <= SCENE_REFRESH_SECONDS.max);

type Props = {
  kind: DashboardKind;
  open: boolean;
  initial: DashboardFormValues | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: DashboardFormValues) => void;
};

export function DashboardForm({ kind, open, initial, saving, onCancel, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DashboardFormValues>();
  useEffect(() => {
    if (open)
      form.setFieldsValue(
        initial ?? {
          title: { zh: '', en: '', es: '' },
          period: 'last12Months',
          refreshSeconds: kind === 'scene' ? SCENE_REFRESH_SECONDS.default : undefined,
        },
      );
  }, [open, initial, form, kind]);
  return (
    <Modal
      open={open}
      title={t(initial ? `boards.${kind}.rename` : `boards.${kind}.create`)}
      okText={t('boards.ok')}
      cancelText={t('boards.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(onSubmit)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name={['title', 'zh']}
          label={t('boards.form.titleZh')}
          rules={[{ required: true, whitespace: true, message: t('boards.form.titleRequired') }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name={['title', 'en']} label={t('boards.form.titleEn')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name={['title', 'es']} label={t('boards.form.titleEs')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="period" label={t('boards.form.period')}>
          <Select options={DASHBOARD_PERIODS.map((p) => ({ value: p, label: t(`boards.period.${p}`) }))} />
        </Form.Item>
        {kind === 'scene' && (
          <Form.Item name="refreshSeconds" label={t('boards.form.refresh')}>
            <Select
              options={REFRESH_CHOICES.map((s) => ({
                value: s,
                label: t('boards.refreshEvery', { count: s < 60 ? s : s / 60, unit: t(s < 60 ? 'boards.seconds' : 'boards.minutes') }),
              }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
