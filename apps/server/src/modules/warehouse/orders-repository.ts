// In-storage orders (from in-storage notices) and outbound orders (from delivery instructions), written once for
// both kinds. A source document may be received / delivered in several lots: each line of an order is at most what
// its source line has left, summed over every order already made from it. Creating one locks the source row first
// (so two concurrent orders are summed one after the other and cannot together exceed it), writes the order and its
// lines, and sets the source's is_create = 1 once nothing is left — all in one transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  WAREHOUSE_MESSAGES,
  measuresOf,
  orderDraftOf,
  orderLineProblem,
  remainingQuantity,
  sourceLinesOf,
  type CreateOrderBody,
  type SourceDetail,
  type SourceRow,
  type WarehouseMeasure,
  type WarehouseOrder,
  type WarehouseScope,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { auditWrite } from '../../lib/audit.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { generateNumber } from '../../lib/numbering.js';
import type { PageWindow } from '../../lib/paging.js';
import type { Session } from '../../plugins/session.js';
import { assertCanAct } from './access.js';
import type { KindTables } from './kinds.js';
import { blurryMatch, findDocument, lineTable, pageDocuments, type DocumentTable } from './repository.js';

async function displayName(trx: Transaction<DB>, s: Session): Promise<string> {
  const u = await trx.selectFrom('users').select('name').where('id', '=', s.userId).executeTakeFirst();
  return u?.name || s.userName;
}

/** Per source line, the two measures already taken by orders (lines never ordered are absent: nothing taken). */
type Taken = Map<number, [number, number]>;

async function takenBy(db: Kysely<DB>, t: KindTables, lineIds: number[]): Promise<Taken> {
  if (!lineIds.length) return new Map();
  const [m0, m1] = t.measures;
  const rows = await sql<{ line_id: number; first: number; second: number }>`
    SELECT ${sql.ref(t.order.sourceLine)} AS line_id, sum(${sql.ref(m0)}) AS first, sum(${sql.ref(m1)}) AS second
    FROM ${sql.table(t.order.lines)} WHERE ${sql.ref(t.order.sourceLine)} IN (${sql.join(lineIds)})
    GROUP BY ${sql.ref(t.order.sourceLine)}`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.line_id), [Number(r.first), Number(r.second)]]));
}

/** A source line's two measures: what was announced and what is left of it. */
type Room = { limit: number; remaining: number };
type LineRoom = { goodsName: string; measures: [Room, Room] };

const roomOf = (goodsName: string, announced: [number, number], taken: [number, number] | undefined): LineRoom => ({
  goodsName,
  measures: [0, 1].map((i) => ({ limit: Number(announced[i]), remaining: remainingQuantity(Number(announced[i]), taken?.[i] ?? 0) })) as [
    Room,
    Room,
  ],
});

const hasRoom = (r: LineRoom) => r.measures.some((m) => m.remaining > 0);

const MEASURES: readonly [WarehouseMeasure, WarehouseMeasure] = ['数量', '重量'];

/** Refuses (400, naming the line's field) the first measure above what its source line has left. */
function assertWithinRoom(t: KindTables, index: number, room: LineRoom, values: [number, number]): void {
  for (const i of [0, 1] as const) {
    const problem = orderLineProblem(t.kind.kind, values[i], { goodsName: room.goodsName, measure: MEASURES[i], ...room.measures[i] });
    if (problem) throw fieldError(`goods.${index}.${t.kind.names.measures[i]}`, problem);
  }
}

/** The source document as the more-goods dialog and the create page show it: each line with what it has left. */
export async function sourceDetail(
  db: Kysely<DB>,
  t: KindTables,
  row: SourceRow,
  access: { scope: WarehouseScope; canOperate: boolean },
): Promise<SourceDetail> {
  const lines = sourceLinesOf(t.kind, row);
  const taken = await takenBy(
    db,
    t,
    lines.map((g) => g.id),
  );
  const [r0, r1] = t.kind.names.remaining;
  const withRemaining = lines.map((g) => {
    const room = roomOf(g.goodsName, measuresOf(t.kind, g), taken.get(g.id));
    return { ...g, [r0]: room.measures[0].remaining, [r1]: room.measures[1].remaining };
  });
  return { ...row, [t.kind.names.lines]: withRemaining, ...access } as SourceDetail;
}

/** Whether this order leaves nothing on any line of its source (then the source leaves the to-do list). */
function isExhausted(rooms: Map<number, LineRoom>, takenNow: Taken): boolean {
  for (const [id, room] of rooms) {
    const t = takenNow.get(id);
    if (room.measures.some((m, i) => remainingQuantity(m.remaining, t?.[i] ?? 0) > 0)) return false;
  }
  return true;
}

/** The source header columns an order copies, besides the kind's own. */
const COPIED_HEADER = ['contract_relevance_code', 'enterprise_name', 'supervise_id', 'supervise_name', 'warehouse_id', 'warehouse_name'];

type SourceHeader = { id: number; code: string; is_create: number; warehouse_id: number | null; supervise_id: string | null } & Record<
  string,
  unknown
>;
type SourceLineRow = {
  id: number;
  goods_id: number | null;
  goods_name: string;
  specification_models: string;
  first: number;
  second: number;
  reel_number: string;
} & Record<string, unknown>;

const insertRows = (table: string, rows: Record<string, unknown>[]) => {
  const columns = Object.keys(rows[0] ?? {});
  return sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    VALUES ${sql.join(rows.map((r) => sql`(${sql.join(columns.map((c) => r[c]))})`))}`;
};

const copy = (from: Record<string, unknown>, columns: readonly string[]) => Object.fromEntries(columns.map((c) => [c, from[c]]));

export async function createOrder(db: Kysely<DB>, s: Session, t: KindTables, body: CreateOrderBody): Promise<WarehouseOrder> {
  const kind = t.kind;
  const draft = orderDraftOf(kind, body);
  const scope: WarehouseScope = draft.scope ?? 'operator';
  return db.transaction().execute(async (trx) => {
    // The lock orders concurrent orders of this source: each sums what the ones before it took.
    const found = await sql<SourceHeader>`
      SELECT * FROM ${sql.table(t.source.table)} WHERE id = ${draft.sourceId} AND enterprise_id = ${s.enterpriseId} FOR UPDATE`.execute(
      trx,
    );
    const source = found.rows[0];
    if (!source) throw notFound(kind.source.notFound);
    assertCanAct(s, kind, scope, { warehouseId: source.warehouse_id, superviseId: source.supervise_id });
    if (source.is_create === 1) throw conflict(kind.source.alreadyCreated);
    const lineExtra = Object.values(t.lineExtra);
    const lines = (
      await sql<SourceLineRow>`
        SELECT id, goods_id, goods_name, specification_models, ${sql.ref(t.measures[0])} AS first, ${sql.ref(t.measures[1])} AS second,
               reel_number${sql.join(
                 lineExtra.map((c) => sql`, ${sql.ref(c)}`),
                 sql``,
               )}
        FROM ${sql.table(t.source.lines)} WHERE ${sql.ref(t.source.parent)} = ${source.id} ORDER BY id`.execute(trx)
    ).rows;
    if (!lines.length) throw conflict(kind.source.hasNoGoods);
    const taken = await takenBy(
      trx,
      t,
      lines.map((l) => l.id),
    );
    const rooms = new Map(lines.map((l) => [l.id, roomOf(l.goods_name, [l.first, l.second], taken.get(l.id))]));
    // Without explicit lines the order takes everything each line has left.
    const picked = draft.goods
      ? pickLines(t, lines, draft.goods).map(({ line, input }) => ({
          line,
          measures: input.measures,
          reelNumber: input.reelNumber ?? line.reel_number,
        }))
      : lines
          .filter((l) => hasRoom(rooms.get(l.id)!))
          .map((line) => {
            const room = rooms.get(line.id)!;
            return {
              line,
              measures: [room.measures[0].remaining, room.measures[1].remaining] as [number, number],
              reelNumber: line.reel_number,
            };
          });
    if (!picked.length) throw conflict(kind.source.alreadyCreated);
    picked.forEach((p, index) => assertWithinRoom(t, index, rooms.get(p.line.id)!, p.measures));
    const inserted = await sql<{ id: number }>`${insertRows(t.order.table, [
      {
        enterprise_id: s.enterpriseId,
        code: await generateNumber(trx, s.enterpriseId, t.numberKey),
        [t.order.sourceId]: source.id,
        [t.order.sourceCode]: source.code,
        ...copy(source, [...COPIED_HEADER, ...Object.values(t.order.fields).filter((c) => c !== t.order.date)]),
        [t.order.date]: draft.date,
        remark: draft.remark,
        create_user_id: s.userId,
        create_user_name: await displayName(trx, s),
      },
    ])} RETURNING id`.execute(trx);
    const orderId = inserted.rows[0]!.id;
    await insertRows(
      t.order.lines,
      picked.map((p) => ({
        order_id: orderId,
        [t.order.sourceLine]: p.line.id,
        goods_id: p.line.goods_id,
        goods_name: p.line.goods_name,
        specification_models: p.line.specification_models,
        [t.measures[0]]: p.measures[0],
        [t.measures[1]]: p.measures[1],
        reel_number: p.reelNumber,
        ...copy(p.line, lineExtra),
      })),
    ).execute(trx);
    if (isExhausted(rooms, new Map(picked.map((p) => [p.line.id, p.measures])))) {
      await sql`UPDATE ${sql.table(t.source.table)} SET is_create = 1, updated_by = ${s.userId}, updated_at = now() WHERE id = ${source.id}`.execute(
        trx,
      );
    }
    const created = await findOrder(trx, t, s.enterpriseId, orderId);
    if (!created) throw notFound(kind.order.notFound);
    // Ids shown beside their codes and names, and the writer (the trail row names them).
    await auditWrite(trx, s, kind.order.audit, orderId, null, created, [kind.names.sourceId, 'warehouseId', 'createUserName']);
    return created;
  });
}

/** Checks a client's line list against the source's lines: every id known, none twice. */
function pickLines<L extends { id: number }, I extends { lineId: number }>(t: KindTables, lines: L[], input: I[]): { line: L; input: I }[] {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  return input.map((i, index) => {
    const line = byId.get(i.lineId);
    const field = `goods.${index}.${t.kind.names.sourceLineId}`;
    if (!line) throw fieldError(field, WAREHOUSE_MESSAGES.goodsLineUnknown);
    if (seen.has(i.lineId)) throw fieldError(field, WAREHOUSE_MESSAGES.goodsLineTwice);
    seen.add(i.lineId);
    return { line, input: i };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Reading orders

/** A kind's orders: the header columns in the contract's order, and the wire order with its lines. */
function orders(t: KindTables): DocumentTable<WarehouseOrder> {
  const n = t.kind.names;
  return {
    table: t.order.table,
    columns: {
      id: 'id',
      code: 'code',
      [n.sourceId]: t.order.sourceId,
      [n.sourceCode]: t.order.sourceCode,
      contractRelevanceCode: 'contract_relevance_code',
      enterpriseName: 'enterprise_name',
      superviseName: 'supervise_name',
      warehouseId: 'warehouse_id',
      warehouseName: 'warehouse_name',
      ...t.order.fields,
      remark: 'remark',
      createUserName: 'create_user_name',
      createTime: 'created_at',
    },
    lines: lineTable(t, t.order.lines, 'order_id', { [n.sourceLineId]: t.order.sourceLine }),
    toWire: (header, of) =>
      ({ ...header, goodsCount: of.count, [n.totals[0]]: of.totals[0], [n.totals[1]]: of.totals[1], goods: of.lines }) as WarehouseOrder,
  };
}

export type OrderFilter = { enterpriseId: string; blurry: string | undefined; date: string | undefined; warehouseId: number | undefined };

export async function pageOrders(
  db: Kysely<DB>,
  t: KindTables,
  f: OrderFilter,
  w: PageWindow,
): Promise<{ content: WarehouseOrder[]; total: number }> {
  const where = sql.join(
    [
      sql`enterprise_id = ${f.enterpriseId}`,
      ...(f.warehouseId !== undefined ? [sql`warehouse_id = ${f.warehouseId}`] : []),
      ...(f.date ? [sql`${sql.ref(t.order.date)} = ${f.date}`] : []),
      ...(f.blurry ? [blurryMatch(['code', t.order.sourceCode, 'contract_relevance_code', 'enterprise_name'], f.blurry)] : []),
    ],
    sql` AND `,
  );
  const count = sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(t.order.table)} WHERE ${where}`;
  return pageDocuments(db, orders(t), where, count, w);
}

/** One order of the enterprise with ALL its lines, or undefined (also for another enterprise's id). */
export const findOrder = (db: Kysely<DB>, t: KindTables, enterpriseId: string, id: number): Promise<WarehouseOrder | undefined> =>
  findDocument(db, orders(t), enterpriseId, id);
