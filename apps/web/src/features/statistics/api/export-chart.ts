// POST /api/statistics/:page/charts/:chartId/export: one chart's figures as an Excel workbook. The body carries the
// filter and the column titles in the user's language; the server computes the figures again.
import { useMutation } from '@tanstack/react-query';
import { STATISTICS_PATHS, type StatisticsExportBody, type StatisticsPage } from '@tfb/contract';
import { apiDownload, saveFile, type DownloadedFile } from '../../../lib/api-download';

export type ExportChartInput = { page: StatisticsPage; chartId: string; body: StatisticsExportBody; fallbackName: string };

export const exportChartPath = (page: StatisticsPage, chartId: string): string =>
  STATISTICS_PATHS.export.replace(':page', page).replace(':chartId', encodeURIComponent(chartId));

export function exportChart({ page, chartId, body }: ExportChartInput): Promise<DownloadedFile> {
  return apiDownload(exportChartPath(page, chartId), { method: 'POST', body });
}

/** Exports a chart and saves the workbook (under the server's file name, or the chart's title). */
export function useExportChart() {
  return useMutation({
    mutationFn: async (input: ExportChartInput) => {
      const file = await exportChart(input);
      const fileName = file.fileName ?? `${input.fallbackName}.xlsx`;
      saveFile(file.blob, fileName);
      return fileName;
    },
  });
}
