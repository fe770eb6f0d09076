// One chart's figures as an Excel workbook: the categories down the first column, a column per series, the titles
// the user's page sent, numbers as numeric cells with their unit's format.
import ExcelJS from 'exceljs';
import type { ChartData, MeasureUnit } from '@tfb/contract';
import { sheetName } from '../../lib/xlsx.js';
import type { Period } from './statistics.js';

const NUMBER_FORMATS: Record<MeasureUnit, string> = {
  yuan: '#,##0.00',
  tonne: '#,##0.000',
  piece: '#,##0',
  count: '#,##0',
  hour: '#,##0.0',
  percent: '0.0',
};

export type ExportTitles = { sheet: string; category: string; series: Record<string, string>; categories: Record<string, string> };

/** The workbook of `chart` (a KPI: this period and the one before, each as a row). */
export async function chartWorkbook(chart: ChartData, titles: ExportTitles, period: Period, previous: Period): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(0);
  const ws = wb.addWorksheet(sheetName(titles.sheet));
  const categories = chart.kpi ? [`${period.from} ~ ${period.to}`, `${previous.from} ~ ${previous.to}`] : chart.categories;
  const series = chart.kpi
    ? [{ key: chart.series[0]?.key ?? 'value', unit: chart.unit, values: [chart.kpi.value, chart.kpi.previous] }]
    : chart.series;
  const header = [titles.category, ...series.map((s) => titles.series[s.key] ?? s.key)];
  ws.addRow(header).font = { bold: true };
  categories.forEach((category, i) => {
    const named = Object.hasOwn(titles.categories, category) ? titles.categories[category] : category;
    ws.addRow([named, ...series.map((s) => s.values[i] ?? null)]);
  });
  if (!chart.kpi && categories.length === 0 && series.length) {
    // A chart without categories (a gauge): its figures on one row.
    ws.addRow(['', ...series.map((s) => s.values[0] ?? null)]);
  }
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const widthOf = (v: unknown) => [...String(v ?? '')].reduce((w, ch) => w + (ch.charCodeAt(0) > 0xff ? 2 : 1), 0);
  ws.columns.forEach((column, i) => {
    let width = widthOf(header[i]);
    column.eachCell?.({ includeEmpty: false }, (cell) => {
      const shown = typeof cell.value === 'number' ? cell.value.toLocaleString('en', { maximumFractionDigits: 3 }) : cell.value;
      width = Math.max(width, widthOf(shown));
    });
    column.width = Math.min(60, Math.max(10, width + 2));
    if (i > 0) column.numFmt = NUMBER_FORMATS[series[i - 1]!.unit];
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
