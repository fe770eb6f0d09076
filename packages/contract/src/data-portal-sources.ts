// Uploaded datasets of the data portal (issue 13): a CSV or Excel file becomes a typed table of the uploader's
// enterprise. Two steps: the file is parsed and previewed (columns as inferred, first rows), then stored with the
// columns as the user edited them. A dataset is refreshed by uploading a file with the same columns again, and is
// then listed, previewed and aggregated by the data-portal calls like a built-in one (id `upload-<n>`).
import { z } from 'zod';
import { envelope } from './envelope.js';
import { inputString } from './fields.js';
import { MEASURE_UNITS, type MeasureUnit } from './data-portal.js';

export const UPLOADED_DATASET_PATHS = {
  /** POST multipart (`file`): the parse preview, nothing stored. */
  preview: '/api/data-portal/uploads/preview',
  /** POST multipart (`file`, `name`, `columns` as JSON): stores a new dataset. */
  list: '/api/data-portal/uploads',
  /** GET the dataset with its editable columns; PUT its name and columns; DELETE it. */
  item: '/api/data-portal/uploads/:id',
  /** POST multipart (`file`, optionally `columns`): replaces every row with the file's. */
  refresh: '/api/data-portal/uploads/:id/refresh',
} as const;

export const UPLOADED_DATASET_PREFIX = 'upload-';
export const uploadedDatasetId = (n: number | string): string => `${UPLOADED_DATASET_PREFIX}${n}`;
export const isUploadedDatasetId = (id: string): boolean => /^upload-[1-9]\d{0,15}$/.test(id);

export const UPLOAD_DATASET_MAX_MB = 10;
export const UPLOAD_DATASET_MAX_ROWS = 100_000;
export const UPLOAD_DATASET_MAX_COLUMNS = 50;
export const UPLOAD_PREVIEW_ROWS = 20;
/** The one measure every uploaded dataset has besides its number columns: how many rows. */
export const UPLOADED_COUNT_MEASURE = 'count';

/** What a column holds: numbers, calendar dates (stored `yyyy-MM-dd`), provinces (stored as the map's short name,
 * e.g. `上海`) or text. */
export const UPLOAD_COLUMN_TYPES = ['number', 'date', 'province', 'text'] as const;
export type UploadColumnType = (typeof UPLOAD_COLUMN_TYPES)[number];
export const UPLOAD_COLUMN_ROLES = ['dimension', 'measure'] as const;
export type UploadColumnRole = (typeof UPLOAD_COLUMN_ROLES)[number];

export const UPLOAD_MESSAGES_DP = {
  tooLarge: '上传文件大小不能超过 10MB!',
  fileType: '只能上传 CSV 或 Excel（.xlsx）文件',
  empty: '文件是空的',
  noHeader: '第 1 行应为表头（列名），但它是空的',
  noRows: '文件只有表头，没有数据行',
  tooManyRows: `数据行不能超过 ${UPLOAD_DATASET_MAX_ROWS} 行`,
  tooManyColumns: `列数不能超过 ${UPLOAD_DATASET_MAX_COLUMNS} 列`,
  badWorkbook: 'Excel 文件无法读取，请另存为 .xlsx 后重试',
  emptyColumnName: (col: number) => `第 1 行第 ${col} 列的列名是空的`,
  duplicateColumnName: (col: number, name: string) => `第 1 行第 ${col} 列的列名“${name}”重复`,
  extraCell: (row: number, col: number) => `第 ${row} 行第 ${col} 列在表头之外（表头没有这一列）`,
  unclosedQuote: (row: number, col: number) => `第 ${row} 行第 ${col} 列的引号没有闭合`,
  notNumber: (row: number, col: number, title: string) => `第 ${row} 行第 ${col} 列（${title}）不是数字`,
  notDate: (row: number, col: number, title: string) => `第 ${row} 行第 ${col} 列（${title}）不是日期（如 2026-01-31）`,
  notProvince: (row: number, col: number, title: string) => `第 ${row} 行第 ${col} 列（${title}）不是省份名称`,
  measureNotNumber: (title: string) => `指标列“${title}”必须是数字类型`,
  measureUnit: (title: string) => `请选择指标列“${title}”的单位`,
  columnsMismatch: '文件的列与确认的列不一致，请重新确认列',
  columnsChanged: '文件的列与数据集原来的列不一致，请重新确认列',
  nameRequired: '请输入数据集名称',
  titleRequired: '请输入列标题',
  columnsRequired: '请确认列',
} as const;

/**
 * The provinces as the China map names them (short names), each with the full names a file may use instead.
 * A province cell is stored as the short name.
 */
export const CHINA_PROVINCES: readonly { name: string; full: string }[] = [
  { name: '北京', full: '北京市' },
  { name: '天津', full: '天津市' },
  { name: '上海', full: '上海市' },
  { name: '重庆', full: '重庆市' },
  { name: '河北', full: '河北省' },
  { name: '山西', full: '山西省' },
  { name: '辽宁', full: '辽宁省' },
  { name: '吉林', full: '吉林省' },
  { name: '黑龙江', full: '黑龙江省' },
  { name: '江苏', full: '江苏省' },
  { name: '浙江', full: '浙江省' },
  { name: '安徽', full: '安徽省' },
  { name: '福建', full: '福建省' },
  { name: '江西', full: '江西省' },
  { name: '山东', full: '山东省' },
  { name: '河南', full: '河南省' },
  { name: '湖北', full: '湖北省' },
  { name: '湖南', full: '湖南省' },
  { name: '广东', full: '广东省' },
  { name: '海南', full: '海南省' },
  { name: '四川', full: '四川省' },
  { name: '贵州', full: '贵州省' },
  { name: '云南', full: '云南省' },
  { name: '陕西', full: '陕西省' },
  { name: '甘肃', full: '甘肃省' },
  { name: '青海', full: '青海省' },
  { name: '台湾', full: '台湾省' },
  { name: '内蒙古', full: '内蒙古自治区' },
  { name: '广西', full: '广西壮族自治区' },
  { name: '西藏', full: '西藏自治区' },
  { name: '宁夏', full: '宁夏回族自治区' },
  { name: '新疆', full: '新疆维吾尔自治区' },
  { name: '香港', full: '香港特别行政区' },
  { name: '澳门', full: '澳门特别行政区' },
];

const PROVINCE_BY_NAME = new Map<string, string>(CHINA_PROVINCES.flatMap((p) => [[p.name, p.name] as const, [p.full, p.name] as const]));

/** The map's short name of a province written short (`上海`) or in full (`上海市`, `广西壮族自治区`); undefined otherwise. */
export const provinceShortName = (text: string): string | undefined => PROVINCE_BY_NAME.get(text.trim());

/** A column of an uploaded dataset: its stable name (`c1`, `c2`, … in file order), the header the file gave it, the
 * title users read (the header unless edited), its type, its role and, for a measure, its unit. */
export const UploadedColumnSchema = z.object({
  name: z.string(),
  header: z.string(),
  title: z.string(),
  type: z.enum(UPLOAD_COLUMN_TYPES),
  role: z.enum(UPLOAD_COLUMN_ROLES),
  unit: z.enum(MEASURE_UNITS).nullable(),
});
export type UploadedColumn = z.infer<typeof UploadedColumnSchema>;

/** A column as the user confirms it: the stable name picks the column, the rest is the user's. */
export const UploadColumnEditSchema = z
  .object({
    name: inputString().regex(/^c[1-9]\d{0,2}$/, '列不存在'),
    title: inputString()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, UPLOAD_MESSAGES_DP.titleRequired).max(64)),
    type: z.enum(UPLOAD_COLUMN_TYPES),
    role: z.enum(UPLOAD_COLUMN_ROLES),
    unit: z.enum(MEASURE_UNITS).nullable().default(null),
  })
  .superRefine((c, ctx) => {
    if (c.role === 'measure' && c.type !== 'number')
      ctx.addIssue({ code: 'custom', path: ['type'], message: UPLOAD_MESSAGES_DP.measureNotNumber(c.title) });
    if (c.role === 'measure' && c.unit === null)
      ctx.addIssue({ code: 'custom', path: ['unit'], message: UPLOAD_MESSAGES_DP.measureUnit(c.title) });
  })
  .transform((c) => ({ ...c, unit: c.role === 'measure' ? c.unit : null }));
export type UploadColumnEdit = z.input<typeof UploadColumnEditSchema>;

const ColumnEditsSchema = z
  .array(UploadColumnEditSchema)
  .min(1, UPLOAD_MESSAGES_DP.columnsRequired)
  .max(UPLOAD_DATASET_MAX_COLUMNS)
  .refine((cs) => new Set(cs.map((c) => c.name)).size === cs.length, '列重复');

const datasetName = inputString()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, UPLOAD_MESSAGES_DP.nameRequired).max(64));

/** Text fields of a multipart form: `columns` is the JSON of the confirmed columns. */
const jsonColumns = inputString()
  .max(100_000)
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: UPLOAD_MESSAGES_DP.columnsRequired });
      return z.NEVER;
    }
  })
  .pipe(ColumnEditsSchema);

/** The fields sent with the file when a dataset is stored. */
export const CreateUploadedDatasetFieldsSchema = z.object({ name: datasetName, columns: jsonColumns });
/** The fields sent with the file of a refresh: columns only when the file's columns changed and were confirmed again. */
export const RefreshUploadedDatasetFieldsSchema = z.object({ columns: jsonColumns.optional() });

export const UpdateUploadedDatasetBodySchema = z.object({ name: datasetName, columns: ColumnEditsSchema });
export type UpdateUploadedDatasetBody = z.input<typeof UpdateUploadedDatasetBodySchema>;

export const UploadedDatasetParamsSchema = z.object({
  id: inputString().refine(isUploadedDatasetId, '数据集不存在'),
});

/** A cell as a preview shows it: a number column's numbers, every other column's stored text, null when empty. */
const CellSchema = z.union([z.string(), z.number(), z.null()]);

export const UploadPreviewSchema = z.object({
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  columns: z.array(UploadedColumnSchema),
  /** The first UPLOAD_PREVIEW_ROWS rows, values in the order of `columns`. */
  rows: z.array(z.array(CellSchema)),
  rowCount: z.number().int(),
});
export type UploadPreview = z.infer<typeof UploadPreviewSchema>;
export const UploadPreviewReplySchema = envelope(UploadPreviewSchema);

export const UploadedDatasetSchema = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  columns: z.array(UploadedColumnSchema),
  rowCount: z.number().int(),
  createdAt: z.string(),
  refreshedAt: z.string(),
  createUserName: z.string(),
  /** The first UPLOAD_PREVIEW_ROWS rows. */
  rows: z.array(z.array(CellSchema)),
});
export type UploadedDataset = z.infer<typeof UploadedDatasetSchema>;
export const UploadedDatasetReplySchema = envelope(UploadedDatasetSchema);
export const UploadedDatasetListReplySchema = envelope(z.array(UploadedDatasetSchema.omit({ rows: true })));
export const DeletedUploadedDatasetReplySchema = envelope(z.object({ id: z.string() }));

/** The unit a measure column is likely counted in, from its header (the user confirms it). */
export function guessMeasureUnit(header: string): MeasureUnit {
  if (/金额|价|元|款|额|amount|price|yuan/i.test(header)) return 'yuan';
  if (/吨|重量|weight|tonne/i.test(header)) return 'tonne';
  if (/件|pieces?/i.test(header)) return 'piece';
  if (/%|率|percent|rate/i.test(header)) return 'percent';
  if (/小时|时长|hours?/i.test(header)) return 'hour';
  return 'count';
}
