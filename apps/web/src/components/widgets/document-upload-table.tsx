// The document upload table (spec 2.3 item 2, 4 Document types, 5 Document upload): an antd Form control
// whose value is the list of document rows. Types come from the business_documentType dictionary; each row
// holds one file; the rules themselves live in document-rules.ts.
import { PaperClipOutlined, PlusOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, DatePicker, Flex, Form, Select, Table, Tooltip, Typography, Upload, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_DRAFT_DOC_TYPE, DOCUMENT_EXTENSIONS, DOCUMENT_TYPE_GROUP, DRAFT_EXTENSIONS, UPLOAD_PATHS } from '@tfb/contract';
import { useControlValue } from './control-value';
import { useDict } from './dict';
import {
  applyTypeChange,
  canAddRow,
  canDeleteRow,
  checkDocumentFile,
  emptyDocumentRow,
  normalizeRows,
  removeRow,
  typeOptionsForRow,
  uploadVariantFor,
  type DocumentRowValue,
  type DocumentTableVariant,
} from './document-rules';
import { RemoveRowButton } from './remove-row-button';
import { uploadMultipart } from './upload-request';

export type { DocumentRowValue, DocumentTableVariant } from './document-rules';
export { documentRowsForSave, documentRowsProblem } from './document-rules';

export type DocumentUploadTableProps = {
  value?: DocumentRowValue[];
  onChange?: (rows: DocumentRowValue[]) => void;
  /** Rows can be added only when this is 0 (missing counts as 0). */
  signType?: number | null;
  /** `large` allows 200 MB per file (the contract-data variant and the first upload table); default 10 MB. */
  variant?: DocumentTableVariant;
  /** Read-only: no upload, type change, add or delete. */
  disabled?: boolean;
  /** Show the optional expiry-date column (default true). */
  showEndTime?: boolean;
  /** Dictionary group of the types (default business_documentType). */
  dictGroup?: string;
  id?: string;
};

const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');
const DRAFT_ACCEPT = DRAFT_EXTENSIONS.map((e) => `.${e}`).join(',');
const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * Document rows with a type, an optional expiry date and one attached file each, usable as an antd Form
 * control (`value`/`onChange`). There is always at least one row; rows can be added only when `signType`
 * is 0; the contract-draft type takes .doc/.docx only; the agreement data pack can be chosen once per table.
 */
export function DocumentUploadTable({
  value,
  onChange,
  signType,
  variant = 'document',
  disabled = false,
  showEndTime = true,
  dictGroup = DOCUMENT_TYPE_GROUP,
  id,
}: DocumentUploadTableProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const baseKey = useId();
  const { entries, loading } = useDict(dictGroup);
  // Uploads patch the newest rows (rowsRef), not the ones they started from.
  const { current: rows, latest: rowsRef, set: emit } = useControlValue(value, onChange, (held) => normalizeRows(held, baseKey));
  const [progress, setProgress] = useState<Record<string, number>>({});
  const patchRow = (key: string, patch: (r: DocumentRowValue) => DocumentRowValue) =>
    emit(rowsRef.current.map((r) => (r.key === key ? patch(r) : r)));

  const setRowProgress = (key: string, percent: number | null) =>
    setProgress((p) => {
      const next = { ...p };
      if (percent === null) delete next[key];
      else next[key] = percent;
      return next;
    });

  const startUpload = async (key: string, file: File) => {
    const row = rowsRef.current.find((r) => r.key === key);
    if (!row) return;
    const problem = checkDocumentFile(file, variant, row.fileTypeId);
    if (problem) {
      void message.error(t(`widgets.document.${problem}`));
      return;
    }
    setRowProgress(key, 0);
    const outcome = await uploadMultipart(UPLOAD_PATHS.upload, file, {
      query: { variant: uploadVariantFor(variant, row.fileTypeId) },
      onProgress: (p) => setRowProgress(key, p),
    });
    setRowProgress(key, null);
    if (outcome.ok) {
      const url = typeof outcome.data === 'string' ? outcome.data : '';
      if (!rowsRef.current.some((r) => r.key === key)) return;
      patchRow(key, (r) => ({ ...r, fileName: file.name, filePath: url, fileQk: null }));
      void message.success(t('widgets.document.uploadSuccess'));
    } else if (outcome.kind === 'reply') {
      void message.error(outcome.message || t('widgets.image.uploadFailed'));
    } else if (outcome.kind === 'transport') {
      void message.error(t('widgets.common.uploadTransportFailed', { name: file.name }));
    }
  };

  const columns: TableColumnsType<DocumentRowValue> = [
    {
      title: '#',
      key: 'index',
      width: 48,
      align: 'center',
      render: (_, __, i) => i + 1,
    },
    {
      title: t('widgets.document.fileName'),
      dataIndex: 'fileName',
      ellipsis: true,
      render: (name: string) =>
        name ? <Typography.Text title={name}>{name}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('widgets.document.fileType'),
      key: 'fileType',
      width: 200,
      render: (_, row) =>
        disabled ? (
          row.fileTypeName || entries.find((e) => e.dictKey === row.fileTypeId)?.dictValueName || '—'
        ) : (
          <Select
            aria-label={t('widgets.document.fileType')}
            style={{ width: '100%' }}
            placeholder={t('widgets.document.typePlaceholder')}
            loading={loading}
            allowClear
            value={row.fileTypeId || undefined}
            options={typeOptionsForRow(entries, rows, row.key!).map((e) => ({ value: e.dictKey, label: e.dictValueName }))}
            onChange={(typeId: string | undefined) => {
              const entry = entries.find((e) => e.dictKey === typeId);
              const result = applyTypeChange(row, entry);
              if (result.problem) void message.warning(t(`widgets.document.${result.problem}`));
              patchRow(row.key!, () => result.row);
            }}
          />
        ),
    },
    ...(showEndTime
      ? [
          {
            title: t('widgets.document.endTime'),
            key: 'endTime',
            width: 160,
            render: (_: unknown, row: DocumentRowValue) =>
              disabled ? (
                (row.endTime ?? '—')
              ) : (
                <DatePicker
                  aria-label={t('widgets.document.endTime')}
                  format={DATE_FORMAT}
                  style={{ width: '100%' }}
                  value={row.endTime ? dayjs(row.endTime, DATE_FORMAT) : null}
                  onChange={(d) => patchRow(row.key!, (r) => ({ ...r, endTime: d ? d.format(DATE_FORMAT) : null }))}
                />
              ),
          },
        ]
      : []),
    {
      title: t('widgets.document.attachment'),
      key: 'attachment',
      width: 220,
      render: (_, row) => {
        const percent = progress[row.key!];
        const uploading = percent !== undefined;
        return (
          <Flex gap={8} align="center" wrap>
            {disabled ? null : (
              <Upload
                accept={row.fileTypeId === CONTRACT_DRAFT_DOC_TYPE ? DRAFT_ACCEPT : DOCUMENT_ACCEPT}
                multiple={false}
                maxCount={1}
                showUploadList={false}
                disabled={uploading}
                beforeUpload={(file) => {
                  void startUpload(row.key!, file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button size="small" icon={<UploadOutlined />} loading={uploading}>
                  {uploading ? `${percent}%` : row.filePath ? t('widgets.document.reupload') : t('widgets.document.upload')}
                </Button>
              </Upload>
            )}
            {row.filePath ? (
              <Typography.Link href={row.filePath} target="_blank" rel="noopener noreferrer">
                <PaperClipOutlined /> {t('widgets.common.view')}
              </Typography.Link>
            ) : null}
            {row.fileQk ? (
              <Tooltip title={t('widgets.document.certificateHint')}>
                <Typography.Link href={row.fileQk} target="_blank" rel="noopener noreferrer">
                  <SafetyCertificateOutlined /> {t('widgets.document.certificate')}
                </Typography.Link>
              </Tooltip>
            ) : null}
            {disabled && !row.filePath ? '—' : null}
          </Flex>
        );
      },
    },
    ...(disabled
      ? []
      : [
          {
            title: t('widgets.common.actions'),
            key: 'actions',
            width: 72,
            align: 'center' as const,
            render: (_: unknown, row: DocumentRowValue) => (
              <RemoveRowButton
                label={t('widgets.document.deleteRow')}
                disabled={!canDeleteRow(rows)}
                onClick={() => emit(removeRow(rowsRef.current, row.key!))}
              />
            ),
          },
        ]),
  ];

  return (
    <div id={id}>
      {/* The form's message for an incomplete row shows under the table; it must not paint every row's controls red. */}
      <Form.Item noStyle validateStatus="">
        <Table<DocumentRowValue>
          rowKey={(r) => r.key!}
          size="small"
          bordered
          columns={columns}
          dataSource={rows}
          pagination={false}
          tableLayout="fixed"
        />
      </Form.Item>
      {!disabled && canAddRow(signType) ? (
        <Button
          type="dashed"
          block
          icon={<PlusOutlined />}
          style={{ marginTop: 8 }}
          onClick={() => emit([...rowsRef.current, emptyDocumentRow()])}
        >
          {t('widgets.document.addRow')}
        </Button>
      ) : null}
    </div>
  );
}
