// Database templates shared by the test run: what globalSetup provides and how a test file clones them.
import pg from 'pg';

/** A migrated + seeded PostgreSQL database that each test file clones with CREATE DATABASE … TEMPLATE. */
export type PostgresTemplate = {
  /** Where to connect for CREATE / DROP DATABASE (TEST_DATABASE_URL). */
  adminUrl: string;
  template: string;
  /** Every clone of this run starts with it, so teardown can drop leftovers of crashed workers. */
  clonePrefix: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding pglite.dumpDataDir() of the migrated + seeded template. */
    pgliteTemplateFile: string;
    postgresTemplate: PostgresTemplate | null;
  }
}

export const REQUIRE_POSTGRES = process.env.REQUIRE_POSTGRES === '1';

/** The same server URL with another database name. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;
export const quoteIdent = (name: string): string => {
  if (!identifier.test(name)) throw new Error(`unsafe database name: ${name}`);
  return `"${name}"`;
};

export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}
