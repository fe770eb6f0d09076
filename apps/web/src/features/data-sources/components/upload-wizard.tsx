// Uploading a data source in three steps: choose a file (parsed on the server: its columns as inferred and its first
// rows), confirm the columns (title, type, role, unit) and the name, done. In refresh mode the file replaces an
// uploaded dataset's rows: with the same columns it is confirmed as is, with others the columns are confirmed again.
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Result, Space, Spin, Steps, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MB,
  UPLOAD_DATASET_MAX_MB,
  UPLOAD_DATASET_MAX_ROWS,
  UPLOAD_MESSAGES_DP,
  type UploadPreview,
  type UploadedColumn,
  type UploadedDataset,
} from '@tfb/contract';
import { DatasetUploadError, previewUpload, useRefreshUpload, useStoreUpload } from '../api/uploads';
import { ColumnEditor, columnEdits, columnProblems } from './column-editor';
import { PreviewTable } from './preview-table';

export type WizardTarget = { id: string; name: string; columns: UploadedColumn[] };

type Props = {
  open: boolean;
  onClose: () => void;
  /** Refresh this uploaded dataset instead of adding one. */
  target?: WizardTarget;
  /** Called with the stored dataset. */
  onSaved?: (d: UploadedDataset) => void;
};

const sameHeaders = (a: readonly UploadedColumn[], b: readonly UploadedColumn[]) =>
  a.length === b.length && a.every((c, i) => c.header === b[i]!.header);

const nameOf = (fileName: string) => fileName.replace(/\.[^.]+$/, '').slice(0, 64);

export function UploadWizard({ open, onClose, target, onSaved }: Props) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [columns, setColumns] = useState<UploadedColumn[]>([]);
  const [name, setName] = useState('');
  const [parsing, setParsing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<UploadedDataset | null>(null);
  const store = useStoreUpload();
  const refresh = useRefreshUpload();
  const saving = store.isPending || refresh.isPending;

  const keepsColumns = target !== undefined && preview !== null && sameHeaders(preview.columns, target.columns);
  const problems = columnProblems(columns);
  const nameMissing = target === undefined && name.trim() === '';

  const reset = () => {
    setStep(0);
    setFile(null);
    setPreview(null);
    setColumns([]);
    setName('');
    setError(null);
    setSaved(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const failure = (f: File, e: unknown) =>
    e instanceof DatasetUploadError && e.serverMessage
      ? t('dataSources.wizard.failed', { file: f.name, message: e.serverMessage })
      : t('dataSources.wizard.transport', { file: f.name });

  const choose = async (f: File) => {
    setError(null);
    if (f.size > UPLOAD_DATASET_MAX_MB * MB) {
      setError(UPLOAD_MESSAGES_DP.tooLarge);
      return;
    }
    setParsing(true);
    try {
      const p = await previewUpload(f);
      setFile(f);
      setPreview(p);
      setColumns(target && sameHeaders(p.columns, target.columns) ? target.columns : p.columns);
      setName(target?.name ?? nameOf(p.fileName));
      setStep(1);
    } catch (e) {
      setError(failure(f, e));
    } finally {
      setParsing(false);
    }
  };

  const confirm = async () => {
    if (!file) return;
    setError(null);
    try {
      const d = target
        ? await refresh.mutateAsync({ id: target.id, file, columns: keepsColumns ? undefined : columnEdits(columns) })
        : await store.mutateAsync({ file, name: name.trim(), columns: columnEdits(columns) });
      setSaved(d);
      setStep(2);
      onSaved?.(d);
    } catch (e) {
      setError(failure(file, e));
    }
  };

  const steps = [t('dataSources.wizard.stepFile'), t('dataSources.wizard.stepColumns'), t('dataSources.wizard.stepDone')];
  const footer =
    step === 1 ? (
      <Space>
        <Button onClick={() => setStep(0)}>{t('dataSources.wizard.previous')}</Button>
        <Button type="primary" loading={saving} disabled={problems.length > 0 || nameMissing} onClick={() => void confirm()}>
          {t('dataSources.wizard.confirm')}
        </Button>
      </Space>
    ) : step === 2 ? (
      <Button type="primary" onClick={close}>
        {t('dataSources.wizard.close')}
      </Button>
    ) : (
      <Button onClick={close}>{t('dataSources.wizard.cancel')}</Button>
    );

  return (
    <Modal
      open={open}
      width={960}
      title={target ? t('dataSources.wizard.refreshTitle', { name: target.name }) : t('dataSources.wizard.title')}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
    >
      <Steps size="small" current={step} items={steps.map((title) => ({ title }))} className="data-sources__steps" />
      {error ? <Alert type="error" showIcon message={error} className="data-sources__alert" role="alert" /> : null}
      {step === 0 ? (
        <Spin spinning={parsing} tip={t('dataSources.wizard.parsing')}>
          <Upload.Dragger
            accept=".csv,.txt,.xlsx"
            multiple={false}
            showUploadList={false}
            beforeUpload={(f) => {
              void choose(f);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('dataSources.wizard.drop')}</p>
            <p className="ant-upload-hint">{t('dataSources.wizard.hint', { rows: UPLOAD_DATASET_MAX_ROWS.toLocaleString() })}</p>
          </Upload.Dragger>
        </Spin>
      ) : null}
      {step === 1 && preview ? (
        <Space direction="vertical" size="middle" className="data-sources__wizard-body">
          <Typography.Text strong>
            {t('dataSources.wizard.parsed', { file: preview.fileName, count: preview.rowCount, columns: preview.columns.length })}
          </Typography.Text>
          {target ? (
            <Alert
              type={keepsColumns ? 'info' : 'warning'}
              showIcon
              message={t(keepsColumns ? 'dataSources.wizard.refreshSame' : 'dataSources.wizard.refreshChanged')}
            />
          ) : (
            <Form layout="vertical" className="data-sources__name">
              <Form.Item
                label={t('dataSources.wizard.name')}
                htmlFor="data-source-name"
                required
                validateStatus={nameMissing ? 'error' : undefined}
                help={nameMissing ? t('dataSources.wizard.nameRequired') : undefined}
              >
                <Input id="data-source-name" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
              </Form.Item>
            </Form>
          )}
          {keepsColumns ? null : (
            <>
              <Typography.Text type="secondary">{t('dataSources.wizard.columnsHint')}</Typography.Text>
              <ColumnEditor value={columns} onChange={setColumns} />
            </>
          )}
          <PreviewTable label={t('dataSources.preview')} titles={columns.map((c) => c.title || c.header)} rows={preview.rows} />
        </Space>
      ) : null}
      {step === 2 && saved ? (
        <Result
          status="success"
          title={t('dataSources.wizard.doneTitle')}
          subTitle={t('dataSources.wizard.doneBody', { name: saved.name, count: saved.rowCount })}
        />
      ) : null}
    </Modal>
  );
}
