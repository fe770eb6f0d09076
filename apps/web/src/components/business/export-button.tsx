// "导出 Excel" of a list: asks the list's export call (POST `<list>/export`) for the workbook of the list's current
// filter, with the sheet, column titles and code labels in the user's language, and saves it. The call carries the
// session like every call (apiDownload); a refusal (too many rows, no permission) is shown as the server words it.
import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { listExportOf, listExportPath, type ExportTitles, type ListExport } from '@tfb/contract';
import { apiDownload, saveFile } from '../../lib/api-download';

/** The titles of `spec`'s workbook in the user's language (the sheet is the list's page title). */
export function exportTitles(t: TFunction, spec: ListExport<never>, sheet: string): ExportTitles {
  return {
    sheet,
    columns: Object.fromEntries(spec.columns.map((c) => [c.key, t(c.title)])),
    labels: Object.fromEntries(
      spec.columns.flatMap((c) => (c.labels ? [[c.key, Object.fromEntries(c.labels.map((l) => [String(l.code), t(l.label)]))]] : [])),
    ),
  };
}

export type ExportButtonProps = {
  /** The list's path (its export is the contract's listExportOf(list)). */
  list: string;
  /** The list's current filter: the params its list call sends, paging aside. */
  filter: Record<string, unknown>;
  /** The list's page title: the sheet's name and the file's. */
  sheet: string;
};

/** The list's export button; nothing for a list without an export. */
export function ExportButton({ list, filter, sheet }: ExportButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const spec = listExportOf(list);
  const download = useMutation({
    mutationFn: async () => {
      const file = await apiDownload(listExportPath(list), {
        method: 'POST',
        body: { filter, titles: exportTitles(t, spec!, sheet) },
      });
      const fileName = file.fileName ?? `${sheet}.xlsx`;
      saveFile(file.blob, fileName);
      return fileName;
    },
    onSuccess: (file) => void message.success(t('biz.list.exported', { file })),
    onError: (err) => void message.error(t('biz.list.exportFailed', { message: err.message })),
  });
  if (!spec) return null;
  return (
    <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
      {t('biz.list.export')}
    </Button>
  );
}
