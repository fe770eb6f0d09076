// The embedded database's wire: a query as one batch of PostgreSQL protocol messages, and its reply read in one pass.
// PGlite's own query() makes six calls into the database per query (parse, describe the statement, bind, describe
// the portal, execute, sync), each read by a general protocol parser, and learns the parameters' types first to
// choose their serializers. Here a query is one call: its parameters go as text, as node-postgres sends them to
// PostgreSQL (the same SQL is written for both drivers), and the reply's rows are read straight from its bytes.
// Imported by pglite-worker.ts, which Node runs from source with its types stripped: erasable syntax only.

/** A column value's parser, by its type's oid (PGlite's parsers: the defaults, TEXT_PARSERS and the array types). */
export type Parsers = Record<number, ((value: string, typeId: number) => unknown) | undefined>;

export type WireResult = { rows: Record<string, unknown>[]; affectedRows: number };

/** A database error as PGlite reports one: the message, and the error's own fields (code, constraint, detail, …). */
export class DatabaseError extends Error {
  constructor(message: string, fields: Record<string, string>) {
    super(message);
    // PGlite's (pg-protocol's) DatabaseError is named so; callers tell errors apart by their code.
    this.name = 'error';
    Object.assign(this, fields);
  }
}

/** ErrorResponse field codes → the names pg-protocol gives them. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/** The commands whose rows PGlite counts as changed. */
const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** "\x…" hex, PostgreSQL's text form of bytea. */
const hex = (bytes: Uint8Array): string => `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;

/** An array element in PostgreSQL's array literal, as node-postgres writes it. */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayLiteral(v);
    const text = textOf(v);
    return `"${text!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** A parameter's text, as node-postgres prepares it (dates in ISO form, arrays as array literals, objects as JSON). */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return hex(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Writes messages into one buffer: a type byte, then the length of what follows it (itself included). */
class Writer {
  private bytes = new Uint8Array(256);
  private view = new DataView(this.bytes.buffer);
  private at = 0;
  private start = 0;

  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + n));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  begin(type: string): this {
    this.room(5);
    this.bytes[this.at] = type.charCodeAt(0);
    this.start = this.at + 1;
    this.at += 5;
    return this;
  }

  end(): this {
    this.view.setInt32(this.start, this.at - this.start);
    return this;
  }

  int16(n: number): this {
    this.room(2);
    this.view.setInt16(this.at, n);
    this.at += 2;
    return this;
  }

  int32(n: number): this {
    this.room(4);
    this.view.setInt32(this.at, n);
    this.at += 4;
    return this;
  }

  raw(b: Uint8Array): this {
    this.room(b.length);
    this.bytes.set(b, this.at);
    this.at += b.length;
    return this;
  }

  cstring(s: string): this {
    return this.raw(encoder.encode(s)).raw(NUL);
  }

  done(): Uint8Array {
    return this.bytes.subarray(0, this.at);
  }
}

const NUL = new Uint8Array([0]);

/**
 * One query in the extended protocol, as one batch: Parse (the unnamed statement, its parameters' types left to the
 * server), Bind (every parameter and every column as text), Describe the portal, Execute, Sync.
 */
export function queryMessage(sql: string, params: readonly unknown[]): Uint8Array {
  const w = new Writer();
  w.begin('P').cstring('').cstring(sql).int16(0).end();
  w.begin('B').cstring('').cstring('').int16(0).int16(params.length);
  for (const p of params) {
    const text = textOf(p);
    if (text === null) {
      w.int32(-1);
    } else {
      const b = encoder.encode(text);
      w.int32(b.length).raw(b);
    }
  }
  w.int16(0).end();
  w.begin('D').raw(encoder.encode('P')).raw(NUL).end();
  w.begin('E').raw(NUL).int32(0).end();
  return w.begin('S').end().done();
}

/** A script of statements in the simple protocol (migrations, LISTEN): its rows are not kept. */
export function scriptMessage(sql: string): Uint8Array {
  return new Writer().begin('Q').cstring(sql).end().done();
}

/**
 * Reads a reply: the rows of its last result, parsed by their types' parsers, and the rows its statements changed
 * (INSERT, UPDATE, DELETE, COPY, MERGE), as PGlite counts them; `notify` hears each notification in it, in order.
 * `error` is the reply's first error; `idle` is false while a transaction is open (or failed, awaiting its end).
 */
export function readReply(
  reply: Uint8Array,
  parsers: Parsers,
  notify: (channel: string, payload: string) => void,
): WireResult & { idle: boolean; error: DatabaseError | undefined } {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength);
  let names: string[] = [];
  let types: number[] = [];
  let rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  let error: DatabaseError | undefined;
  let idle = true;
  let at = 0;
  const cstring = (): string => {
    const end = reply.indexOf(0, at);
    const s = decoder.decode(reply.subarray(at, end));
    at = end + 1;
    return s;
  };
  while (at + 5 <= reply.length) {
    const type = reply[at]!;
    const next = at + 1 + view.getInt32(at + 1);
    at += 5;
    switch (type) {
      case 0x54: {
        // T: RowDescription — a new result begins.
        const n = view.getInt16(at);
        at += 2;
        names = new Array<string>(n);
        types = new Array<number>(n);
        for (let i = 0; i < n; i++) {
          names[i] = cstring();
          types[i] = view.getInt32(at + 6);
          at += 18;
        }
        rows = [];
        break;
      }
      case 0x44: {
        // D: DataRow
        const n = view.getInt16(at);
        at += 2;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          const length = view.getInt32(at);
          at += 4;
          if (length < 0) {
            row[names[i]!] = null;
            continue;
          }
          const text = decoder.decode(reply.subarray(at, at + length));
          at += length;
          const parse = parsers[types[i]!];
          row[names[i]!] = parse ? parse(text, types[i]!) : text;
        }
        rows.push(row);
        break;
      }
      case 0x43: {
        // C: CommandComplete — "INSERT 0 5", "UPDATE 3", "SELECT 10", …
        const tag = cstring().split(' ');
        const count = Number.parseInt(tag[tag.length - 1]!, 10);
        if (CHANGING_COMMANDS.has(tag[0]!)) affectedRows += count;
        break;
      }
      case 0x45: {
        // E: ErrorResponse — the rest of the batch is skipped up to Sync.
        const fields: Record<string, string> = {};
        let message = '';
        while (reply[at] !== 0) {
          const code = String.fromCharCode(reply[at]!);
          at += 1;
          const value = cstring();
          if (code === 'M') message = value;
          else if (ERROR_FIELDS[code]) fields[ERROR_FIELDS[code]] = value;
        }
        error ??= new DatabaseError(message, fields);
        break;
      }
      case 0x41: {
        // A: NotificationResponse
        at += 4;
        const channel = cstring();
        notify(channel, cstring());
        break;
      }
      case 0x5a:
        // Z: ReadyForQuery — I idle, T in a transaction, E in a failed one.
        idle = reply[at] === 0x49;
        break;
      default:
      // ParseComplete, BindComplete, NoData, EmptyQueryResponse, notices, parameter status: nothing to keep.
    }
    at = next;
  }
  return { rows, affectedRows, idle, error };
}
