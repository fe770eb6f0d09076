// The data portal's built-in datasets (list, detail with an aggregated preview, the aggregate query) and the
// statistics pages (every chart of a page, one chart's workbook). Each call's scope comes from the session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUILT_IN_DATASETS,
  BUILT_IN_DATASET_IDS,
  DATASET_PREVIEW_ROWS,
  DATA_PORTAL_ACCESS,
  DATA_PORTAL_MESSAGES,
  DATA_PORTAL_PATHS,
  DataQueryBodySchema,
  DataQueryReplySchema,
  DatasetDetailReplySchema,
  DatasetListReplySchema,
  DatasetParamsSchema,
  STATISTICS_ACCESS,
  STATISTICS_PATHS,
  StatisticsChartParamsSchema,
  StatisticsExportBodySchema,
  StatisticsParamsSchema,
  StatisticsQuerySchema,
  StatisticsReplySchema,
  can,
  isBuiltInDatasetId,
  type BuiltInDatasetId,
  type DatasetSummary,
} from '@tfb/contract';
import { AppError, fieldError } from '../../lib/errors.js';
import { keptAnswer } from '../../lib/reply.js';
import { sessionCall } from '../../lib/route.js';
import type { Session } from '../../plugins/session.js';
import { isUploadedDatasetId, queryUploaded, uploadedDetail, uploadedSummaries } from '../data-portal-sources/public.js';
import { DataPortalService, checkFields, datasetFields, type Caller } from './service.js';
import { attachment } from '../../lib/xlsx.js';
import { chartWorkbook } from './export.js';
import { computeChart, computePage, isChartOf, periodOf, previousPeriod } from './statistics.js';

export const dataPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const svc = new DataPortalService(db, () => app.clock());
  const tags = ['data-portal'];
  // Uploaded datasets are the data portal's: listed, previewed and queried by those who may read it, each of the
  // caller's own enterprise (whatever the caller's wider scope).
  const readsUploads = (s: Session) => can(s.roles, 'portalWebsites:read');
  const own = (s: Session) => ({ enterpriseId: s.enterpriseId });

  const summary = async (caller: Caller, id: BuiltInDatasetId): Promise<DatasetSummary> => {
    const rowCount = await svc.rowCount(caller, id);
    return { id, kind: 'builtIn', name: null, fields: datasetFields(id), rowCount, refreshedAt: svc.refreshedAt(caller, rowCount) };
  };

  sessionCall(app, 'GET', DATA_PORTAL_PATHS.datasets, { access: DATA_PORTAL_ACCESS, tags, reply: DatasetListReplySchema }, async (s) => {
    const caller = await svc.caller(s, {});
    const builtIn = await Promise.all(BUILT_IN_DATASET_IDS.map((id) => summary(caller, id)));
    return readsUploads(s) ? [...builtIn, ...(await uploadedSummaries(db, own(s)))] : builtIn;
  });

  sessionCall(
    app,
    'GET',
    DATA_PORTAL_PATHS.dataset,
    { access: DATA_PORTAL_ACCESS, tags, params: DatasetParamsSchema, reply: DatasetDetailReplySchema },
    async (s, { params }) => {
      if (isUploadedDatasetId(params.id)) {
        const detail = readsUploads(s) ? await uploadedDetail(db, own(s), params.id) : undefined;
        if (!detail) throw new AppError(40400, DATA_PORTAL_MESSAGES.unknownDataset);
        return detail;
      }
      if (!isBuiltInDatasetId(params.id)) throw new AppError(40400, DATA_PORTAL_MESSAGES.unknownDataset);
      const id = params.id;
      const caller = await svc.caller(s, {});
      const d = BUILT_IN_DATASETS[id];
      const dimension = Object.keys(d.dimensions)[0]!;
      const measures = Object.keys(d.measures);
      const [head, preview] = await Promise.all([
        summary(caller, id),
        svc.aggregate(caller, { dataset: id, dimensions: [dimension], measures, limit: DATASET_PREVIEW_ROWS }),
      ]);
      return {
        ...head,
        preview: { columns: [dimension, ...measures], rows: preview.rows.map((r) => [...r.keys, ...r.values]) },
      };
    },
  );

  sessionCall(
    app,
    'POST',
    DATA_PORTAL_PATHS.query,
    { access: DATA_PORTAL_ACCESS, tags, body: DataQueryBodySchema, reply: DataQueryReplySchema },
    async (s, { body }) => {
      if (isUploadedDatasetId(body.dataset)) {
        if (!readsUploads(s)) throw new AppError(40400, DATA_PORTAL_MESSAGES.unknownDataset);
        // The enterprise chosen must still be one the caller may see; an uploaded dataset holds only its own.
        const caller = await svc.caller(s, body.filter, 'filter.enterpriseId');
        const r = await svc.uploadedAggregate(caller, s.enterpriseId, body, () => queryUploaded(db, own(s), body));
        return { ...r, scope: 'enterprise' as const };
      }
      checkFields(body.dataset, body.dimensions, body.measures);
      const caller = await svc.caller(s, body.filter, 'filter.enterpriseId');
      const r = await svc.aggregate(caller, {
        dataset: body.dataset,
        dimensions: body.dimensions,
        measures: body.measures,
        limit: body.limit,
      });
      // The aggregate is kept per dataset, dimensions and measures (its cache key): the answer is too, per scope.
      const scope = caller.scope.scope;
      return keptAnswer(r, scope, () => ({
        dataset: body.dataset,
        dimensions: body.dimensions,
        measures: body.measures,
        rows: r.rows,
        truncated: r.truncated,
        scope,
        computedAt: r.computedAt,
      }));
    },
  );

  sessionCall(
    app,
    'GET',
    STATISTICS_PATHS.page,
    { access: STATISTICS_ACCESS, tags, params: StatisticsParamsSchema, query: StatisticsQuerySchema, reply: StatisticsReplySchema },
    async (s, { params, query }) => {
      const caller = await svc.caller(s, query);
      const period = periodOf(query, app.clock());
      return svc.keptFigures(caller, JSON.stringify(['statistics', params.page, period]), async () => {
        const { charts, computedAt } = await computePage(svc, caller, period, params.page);
        return {
          page: params.page,
          scope: caller.scope.scope,
          enterprises: caller.scope.enterprises.length > 1 ? [...caller.scope.enterprises] : [],
          filter: period,
          charts,
          computedAt,
        };
      });
    },
  );

  // Not JSON: the workbook's bytes (so not in API_ENDPOINTS; the reply has no schema to list).
  app.post(
    STATISTICS_PATHS.export,
    { config: { access: STATISTICS_ACCESS }, schema: { tags, params: StatisticsChartParamsSchema, body: StatisticsExportBodySchema } },
    async (req, reply) => {
      const { page, chartId } = req.params;
      if (!isChartOf(page, chartId)) throw fieldError('chartId', DATA_PORTAL_MESSAGES.unknownChart);
      const caller = await svc.caller(req.session(), req.body.filter, 'filter.enterpriseId');
      const period = periodOf(req.body.filter, app.clock());
      const { computedAt: _at, ...chart } = await computeChart(svc, caller, period, chartId);
      const workbook = await chartWorkbook(chart, req.body.titles, period, previousPeriod(period));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`${req.body.titles.sheet || chartId}.xlsx`))
        .header('cache-control', 'no-store')
        .send(workbook);
    },
  );
};
