// Projects of one enterprise (1: purchase side, 2: sales side).
import { sql, type Kysely } from 'kysely';
import type { BusinessStatus, ProjectRow, SaveProjectBody } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { auditWrite } from '../../lib/audit.js';
import { lockForEdit, nextVersion, saved, type SaveOutcome } from '../../lib/edit-rules.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';

export type Actor = { enterpriseId: string; userId: string };
export type Filter = { search?: string | undefined; status?: BusinessStatus | undefined; type?: number | undefined };

const columns = [
  'id',
  'project_code',
  'project_name',
  'type',
  'enterprise_name',
  'supplier_name',
  'project_take_effect_time',
  'status',
  'created_at',
  'updated_at',
  'version',
] as const;

const toRow = (r: {
  id: number;
  project_code: string;
  project_name: string;
  type: number;
  enterprise_name: string;
  supplier_name: string;
  project_take_effect_time: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  version: number;
}): ProjectRow => ({
  id: r.id,
  projectCode: r.project_code,
  projectName: r.project_name,
  type: r.type,
  enterpriseName: r.enterprise_name,
  supplierName: r.supplier_name,
  projectTakeEffectTime: r.project_take_effect_time,
  status: r.status,
  createTime: r.created_at,
  updateTime: r.updated_at,
  version: r.version,
});

const fields = (b: SaveProjectBody) => ({
  project_name: b.projectName,
  type: b.type,
  enterprise_name: b.enterpriseName,
  supplier_name: b.supplierName,
  project_take_effect_time: b.projectTakeEffectTime,
  status: b.status,
});

export async function pageProjects(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow) {
  let q = db.selectFrom('projects').where('enterprise_id', '=', enterpriseId);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([eb('project_code', 'ilike', p), eb('project_name', 'ilike', p), eb('enterprise_name', 'ilike', p), eb('supplier_name', 'ilike', p)]),
    );
  }
  const [rows, count] = await Promise.all([
    q.select(columns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { content: rows.map(toRow), total: Number(count.n) };
}

export async function getProject(db: Kysely<DB>, enterpriseId: string, id: number): Promise<ProjectRow | undefined> {
  const r = await db.selectFrom('projects').select(columns).where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  return r && toRow(r);
}

export async function createProject(db: Kysely<DB>, actor: Actor, code: string, b: SaveProjectBody): Promise<ProjectRow> {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .insertInto('projects')
      .values({ ...fields(b), enterprise_id: actor.enterpriseId, project_code: code, created_by: actor.userId, updated_by: actor.userId })
      .returning(columns)
      .executeTakeFirstOrThrow();
    const created = toRow(r);
    await auditWrite(trx, actor, 'project', created.id, null, created);
    return created;
  });
}

/** Only a draft (or rejected) project of the caller's enterprise changes, and only from the version the client read. */
export async function updateProject(db: Kysely<DB>, actor: Actor, id: number, b: SaveProjectBody, version: number): Promise<SaveOutcome<ProjectRow>> {
  return db.transaction().execute(async (trx) => {
    const refused = await lockForEdit(trx, 'projects', actor.enterpriseId, id, version);
    if (refused) return refused;
    const before = await getProject(trx, actor.enterpriseId, id);
    const r = await trx
      .updateTable('projects')
      .set({ ...fields(b), version: nextVersion(), updated_by: actor.userId, updated_at: sql<string>`now()` })
      .where('enterprise_id', '=', actor.enterpriseId)
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    const updated = toRow(r);
    await auditWrite(trx, actor, 'project', id, before, updated);
    return saved(updated);
  });
}
