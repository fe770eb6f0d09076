// Projects of one enterprise (1: purchase side, 2: sales side).
import type { Kysely } from 'kysely';
import type { BusinessStatus, ProjectDetail, ProjectRow, SaveProjectBody } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import type { PageWindow, Paged } from '../../lib/paging.js';
import { pageRecords, RECORD_META_COLUMNS, recordMeta, recordWrites, type RowOf } from '../../lib/records.js';
import { ownedRecord } from '../../lib/owned.js';
import { latestProcessInstanceId } from '../../lib/process-ref.js';

export type Filter = {
  search?: string | undefined;
  /** The project picker's search: code and name only. */
  codeName?: string | undefined;
  status?: BusinessStatus | undefined;
  type?: number | undefined;
};

const columns = [
  'id',
  'project_code',
  'project_name',
  'type',
  'enterprise_name',
  'supplier_name',
  'project_take_effect_time',
  ...RECORD_META_COLUMNS,
] as const;

const toRow = (r: RowOf<'projects', (typeof columns)[number]>): ProjectRow => ({
  id: r.id,
  projectCode: r.project_code,
  projectName: r.project_name,
  type: r.type,
  enterpriseName: r.enterprise_name,
  supplierName: r.supplier_name,
  projectTakeEffectTime: r.project_take_effect_time,
  ...recordMeta(r),
});

export async function pageProjects(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow): Promise<Paged<ProjectRow>> {
  return pageRecords(
    db,
    'projects',
    { columns, toRow },
    enterpriseId,
    {
      status: f.status,
      equals: { type: f.type },
      matching: [
        [f.search, ['project_code', 'project_name', 'enterprise_name', 'supplier_name']],
        [f.codeName, ['project_code', 'project_name']],
      ],
    },
    w,
  );
}

/** A project with its latest approval process. */
export async function getProject(db: Kysely<DB>, enterpriseId: string, id: number): Promise<ProjectDetail | undefined> {
  const r = await ownedRecord(db.selectFrom('projects').select(columns), enterpriseId, id);
  if (!r) return undefined;
  return { ...toRow(r), processInstanceId: await latestProcessInstanceId(db, enterpriseId, 'project', id) };
}

/** Create, and update while a draft (or rejected), only from the version the client read. */
export const { create: createProject, update: updateProject } = recordWrites('projects', 'project_code', {
  entity: 'project',
  columns: (_trx, _actor, b: SaveProjectBody) => ({
    project_name: b.projectName,
    type: b.type,
    enterprise_name: b.enterpriseName,
    supplier_name: b.supplierName,
    project_take_effect_time: b.projectTakeEffectTime,
    status: b.status,
  }),
  read: getProject,
});
