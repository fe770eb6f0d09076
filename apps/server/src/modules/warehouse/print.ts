// The printed in-storage notice: an A4 PDF with the notice header, every goods line (continued over pages with
// the table header repeated) and the total row, in a CJK font.
import PDFDocument from 'pdfkit';
import type { InStorageNoticeRow } from '@tfb/contract';
import { loadPrintFont } from './print-font.js';

const FONT = 'cjk';
const MARGIN = 40;

type Column = { title: string; width: number; align: 'left' | 'right' | 'center'; value: (i: number) => string };

const fmt = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/** yyyy-MM-dd HH:mm:ss in China Standard Time (UTC+8, no daylight saving). */
const beijingTime = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

export type PrintMeta = { printedBy: string; printedAt: Date };

export async function renderNoticePdf(notice: InStorageNoticeRow, meta: PrintMeta): Promise<Buffer> {
  const font = loadPrintFont();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'zh-CN',
    displayTitle: true,
    info: { Title: `入库通知单 ${notice.code}`, Creator: '供应链金融业务管理平台' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont(FONT, font.data, font.family);
  doc.font(FONT);
  const pageWidth = doc.page.width - MARGIN * 2;
  const bottom = doc.page.height - MARGIN - 20;

  doc.fontSize(18).text('入库通知单', MARGIN, MARGIN, { width: pageWidth, align: 'center' });
  doc.moveDown(0.8);

  const header: [string, string][] = [
    ['通知单号', notice.code],
    ['合同编号', notice.contractRelevanceCode || '—'],
    ['企业名称', notice.enterpriseName],
    ['监管方', notice.superviseName || '—'],
    ['仓库', notice.warehouseName || '—'],
    ['计划入库日期', notice.collectionTime ?? '—'],
  ];
  doc.fontSize(10);
  const half = pageWidth / 2;
  let y = doc.y;
  for (let i = 0; i < header.length; i += 2) {
    let rowHeight = 0;
    for (let k = 0; k < 2; k++) {
      const item = header[i + k];
      if (!item) continue;
      const text = `${item[0]}：${item[1]}`;
      doc.text(text, MARGIN + k * half, y, { width: half - 8 });
      rowHeight = Math.max(rowHeight, doc.heightOfString(text, { width: half - 8 }));
    }
    y += rowHeight + 6;
  }
  y += 6;

  const lines = notice.inStorageNoticeGoods;
  const columns: Column[] = [
    { title: '序号', width: 32, align: 'center', value: (i) => String(i + 1) },
    { title: '货品名称', width: 100, align: 'left', value: (i) => lines[i]!.goodsName },
    { title: '规格型号', width: 95, align: 'left', value: (i) => lines[i]!.specificationModels },
    { title: '数量', width: 55, align: 'right', value: (i) => fmt(lines[i]!.weight) },
    { title: '重量', width: 65, align: 'right', value: (i) => fmt(lines[i]!.storageNumber) },
    { title: '卷号', width: 78, align: 'left', value: (i) => lines[i]!.reelNumber },
    { title: '仓库', width: pageWidth - 425, align: 'left', value: (i) => lines[i]!.warehouseName },
  ];
  const pad = 4;

  const drawRow = (cells: string[], top: number, opts: { bold?: boolean; fill?: string } = {}): number => {
    const height = Math.max(...cells.map((c, k) => doc.heightOfString(c || ' ', { width: columns[k]!.width - pad * 2 }))) + pad * 2;
    if (opts.fill) doc.rect(MARGIN, top, pageWidth, height).fill(opts.fill).fillColor('#000000');
    let x = MARGIN;
    cells.forEach((c, k) => {
      const col = columns[k]!;
      doc.text(c, x + pad, top + pad, { width: col.width - pad * 2, align: col.align });
      x += col.width;
    });
    doc.lineWidth(0.5).strokeColor('#999999');
    doc.rect(MARGIN, top, pageWidth, height).stroke();
    x = MARGIN;
    for (const col of columns.slice(0, -1)) {
      x += col.width;
      doc
        .moveTo(x, top)
        .lineTo(x, top + height)
        .stroke();
    }
    return top + height;
  };
  const rowHeight = (cells: string[]) =>
    Math.max(...cells.map((c, k) => doc.heightOfString(c || ' ', { width: columns[k]!.width - pad * 2 }))) + pad * 2;

  doc.fontSize(9);
  const titles = columns.map((c) => c.title);
  y = drawRow(titles, y, { fill: '#EEEEEE' });
  for (let i = 0; i < lines.length; i++) {
    const cells = columns.map((c) => c.value(i));
    if (y + rowHeight(cells) > bottom) {
      doc.addPage();
      doc.font(FONT).fontSize(9);
      y = drawRow(titles, MARGIN, { fill: '#EEEEEE' });
    }
    y = drawRow(cells, y);
  }
  const total = ['合计', `共 ${notice.goodsCount} 项`, '', fmt(notice.totalWeight), fmt(notice.totalStorageNumber), '', ''];
  if (y + rowHeight(total) > bottom) {
    doc.addPage();
    doc.font(FONT).fontSize(9);
    y = MARGIN;
  }
  y = drawRow(total, y, { fill: '#F6F6F6' });

  doc.fontSize(9).fillColor('#555555');
  doc.text(`打印人：${meta.printedBy}    打印时间：${beijingTime(meta.printedAt)}（北京时间）`, MARGIN, y + 12, {
    width: pageWidth,
    align: 'right',
  });
  doc.end();
  return done;
}
