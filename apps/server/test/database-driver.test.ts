// The two drivers agree: the embedded database's wire (db/pglite-wire.ts, parameters as text as node-postgres sends
// them, rows read from the reply's bytes) gives the same values as node-postgres on PostgreSQL, the same errors, and the
// same notifications; and its thread keeps a client's open transaction to that client while other clients' queries,
// sent without waiting, queue behind it (db/pglite-worker.ts).
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryMessage, readReply, textOf } from '../src/db/pglite-wire.js';
import type { DB } from '../src/db/types.js';
import { describeEachKind, openTestDatabase, type TestDatabase } from './helpers/test-app.js';

describeEachKind('database driver', (kind) => {
  let owned: TestDatabase;
  let db: Kysely<DB>;
  beforeAll(async () => {
    owned = await openTestDatabase(kind);
    db = owned.database.db;
  });
  afterAll(async () => {
    await owned?.dispose();
  });

  it('sends parameters of every kind the app uses and reads each column type back as the app expects', async () => {
    const when = new Date('2026-03-04T05:06:07.089Z');
    const r = await sql<Record<string, unknown>>`
      SELECT ${'文字 "quoted" \\ back'}::text AS text, ${42}::int AS int, ${2 ** 40}::int8 AS int8, ${'12.50'}::numeric AS numeric,
             ${1.5}::float8 AS float, ${true}::boolean AS yes, ${false}::boolean AS no, ${null}::text AS nothing,
             ${when}::timestamptz AS at, ${'2026-03-04'}::date AS day,
             ${JSON.stringify({ a: [1, '二'] })}::jsonb AS doc, ${['a', 'b"c', null, 'd\\e']}::text[] AS texts,
             ${[3, 2, 1]}::int[] AS ints, ${new Uint8Array([0, 1, 254, 255])}::bytea AS bytes, ''::text AS empty`.execute(db);
    const row = r.rows[0]!;
    expect(row).toMatchObject({
      text: '文字 "quoted" \\ back',
      int: 42,
      int8: 2 ** 40,
      numeric: 12.5,
      float: 1.5,
      yes: true,
      no: false,
      nothing: null,
      at: '2026-03-04T05:06:07.089Z',
      day: '2026-03-04',
      doc: { a: [1, '二'] },
      texts: ['a', 'b"c', null, 'd\\e'],
      ints: [3, 2, 1],
      empty: '',
    });
    expect([...(row.bytes as Uint8Array)]).toEqual([0, 1, 254, 255]);
  });

  it('counts the rows a statement changed, and none for a query', async () => {
    await sql`CREATE TABLE driver_rows (n int)`.execute(db);
    const inserted = await db.executeQuery(sql`INSERT INTO driver_rows SELECT generate_series(1, 5)`.compile(db));
    expect(inserted.numAffectedRows).toBe(5n);
    const updated = await db.executeQuery(sql`UPDATE driver_rows SET n = n + 1 WHERE n > 2`.compile(db));
    expect(updated.numAffectedRows).toBe(3n);
    const deleted = await db.executeQuery(sql`DELETE FROM driver_rows WHERE n > 4 RETURNING n`.compile(db));
    expect(deleted.numAffectedRows).toBe(2n);
    expect(deleted.rows).toEqual([{ n: 5 }, { n: 6 }]);
    await sql`DROP TABLE driver_rows`.execute(db);
  });

  it("reports a database error with PostgreSQL's code, constraint and detail, and goes on serving", async () => {
    await sql`CREATE TABLE driver_unique (code text CONSTRAINT driver_unique_code UNIQUE)`.execute(db);
    await sql`INSERT INTO driver_unique VALUES ('a')`.execute(db);
    const e = (await sql`INSERT INTO driver_unique VALUES ('a')`.execute(db).catch((x: unknown) => x)) as Record<string, unknown>;
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({
      code: '23505',
      constraint: 'driver_unique_code',
      detail: 'Key (code)=(a) already exists.',
      severity: 'ERROR',
      message: 'duplicate key value violates unique constraint "driver_unique_code"',
    });
    const syntax = (await sql`SELEC 1`.execute(db).catch((x: unknown) => x)) as Record<string, unknown>;
    expect(syntax).toMatchObject({ code: '42601', position: '1' });
    expect((await sql<{ n: number }>`SELECT 1 AS n`.execute(db)).rows).toEqual([{ n: 1 }]);
    await sql`DROP TABLE driver_unique`.execute(db);
  });

  it('rolls back a transaction that fails, and the next query runs outside it', async () => {
    await sql`CREATE TABLE driver_tx (n int PRIMARY KEY)`.execute(db);
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO driver_tx VALUES (1)`.execute(trx);
        await sql`INSERT INTO driver_tx VALUES (1)`.execute(trx);
      })
      .catch((x: unknown) => x);
    expect(failed).toMatchObject({ code: '23505' });
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM driver_tx`.execute(db)).rows[0]!.n).toBe(0);
    await sql`DROP TABLE driver_tx`.execute(db);
  });

  it("keeps an open transaction to its own client: other clients' queries wait for its end and never run inside it", async () => {
    await sql`CREATE TABLE driver_isolation (n int)`.execute(db);
    let releaseTx!: () => void;
    const held = new Promise<void>((resolve) => (releaseTx = resolve));
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((resolve) => (inserted = resolve));
    const tx = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO driver_isolation VALUES (1)`.execute(trx);
      inserted();
      await held;
      await sql`INSERT INTO driver_isolation VALUES (2)`.execute(trx);
      throw new Error('rolled back on purpose');
    });
    await insertedInTx;
    // Sent while the transaction is open: on PGlite it waits for the transaction's end; on PostgreSQL it runs on
    // another connection at once. Either way it never sees the transaction's rows.
    const outside = sql<{ n: number }>`SELECT count(*)::int AS n FROM driver_isolation WHERE n < 10`.execute(db);
    const written = sql`INSERT INTO driver_isolation VALUES (10)`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseTx();
    await expect(tx).rejects.toThrow('rolled back on purpose');
    expect((await outside).rows[0]!.n).toBe(0);
    await written;
    // The insert sent during the transaction was not part of it: it stayed when the transaction rolled back.
    expect((await sql<{ n: number }>`SELECT n FROM driver_isolation ORDER BY n`.execute(db)).rows).toEqual([{ n: 10 }]);
    await sql`DROP TABLE driver_isolation`.execute(db);
  });

  it('hears a notification sent inside a transaction once it commits, and none after the listener stops', async () => {
    const heard: string[] = [];
    const stop = await owned.database.listen('driver_channel', { message: (p) => heard.push(p), connected: () => undefined });
    try {
      await db.transaction().execute(async (trx) => {
        await sql`SELECT pg_notify('driver_channel', 'one')`.execute(trx);
        await sql`SELECT pg_notify('driver_channel', 'two')`.execute(trx);
        // Not yet: a notification is delivered at commit.
        expect(heard).toEqual([]);
      });
      await expect.poll(() => heard).toEqual(['one', 'two']);
    } finally {
      await stop();
    }
    await sql`SELECT pg_notify('driver_channel', 'three')`.execute(db);
    await sql`SELECT 1`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual(['one', 'two']);
  });
});

it('writes parameters as node-postgres does, and reads a reply that holds several messages', () => {
  expect(textOf(null)).toBeNull();
  expect(textOf(undefined)).toBeNull();
  expect(textOf(12.5)).toBe('12.5');
  expect(textOf(10n)).toBe('10');
  expect(textOf(true)).toBe('true');
  expect(textOf(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
  expect(textOf(new Uint8Array([1, 171]))).toBe('\\x01ab');
  expect(textOf([1, null, ['a"b']])).toBe('{"1",NULL,{"a\\"b"}}');
  expect(textOf({ a: 1 })).toBe('{"a":1}');

  // A query is one batch: Parse, Bind, Describe, Execute, Sync.
  const message = queryMessage('SELECT $1', ['x']);
  const types: string[] = [];
  for (let at = 0; at < message.length; at += 1 + new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0)) {
    types.push(String.fromCharCode(message[at]!));
  }
  expect(types).toEqual(['P', 'B', 'D', 'E', 'S']);

  // A reply: RowDescription (two columns: int4 n, text s), two DataRows (one with a NULL), CommandComplete, a
  // notification, ReadyForQuery inside a transaction.
  const bytes: number[] = [];
  const msg = (type: string, body: number[]) => {
    const n = body.length + 4;
    bytes.push(type.charCodeAt(0), (n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255, ...body);
  };
  const i16 = (n: number) => [(n >>> 8) & 255, n & 255];
  const i32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const cstr = (s: string) => [...new TextEncoder().encode(s), 0];
  const column = (name: string, oid: number) => [...cstr(name), ...i32(0), ...i16(0), ...i32(oid), ...i16(4), ...i32(-1), ...i16(0)];
  msg('T', [...i16(2), ...column('n', 23), ...column('s', 25)]);
  msg('D', [...i16(2), ...i32(1), ...cstr('7').slice(0, 1), ...i32(3), ...new TextEncoder().encode('货')]);
  msg('D', [...i16(2), ...i32(1), ...cstr('8').slice(0, 1), ...i32(-1)]);
  msg('C', cstr('SELECT 2'));
  msg('A', [...i32(1), ...cstr('ch'), ...cstr('hello')]);
  msg('Z', ['T'.charCodeAt(0)]);
  const heard: string[] = [];
  const r = readReply(new Uint8Array(bytes), { 23: (v) => Number(v) }, (channel, payload) => heard.push(`${channel}:${payload}`));
  expect(r).toEqual({
    rows: [
      { n: 7, s: '货' },
      { n: 8, s: null },
    ],
    affectedRows: 0,
    idle: false,
    error: undefined,
  });
  expect(heard).toEqual(['ch:hello']);
});
