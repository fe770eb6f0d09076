// Starts the product: opens the database, migrates, seeds the demo data once, serves API and web app.
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/connection.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { seedDemo, DEMO_USER_IDS } from './db/seed.js';

async function main(): Promise<void> {
  const config = loadConfig();
  let database;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  await migrate(database);
  await seedDemo(database.db);
  const app = await buildApp({ config, database, logger: true });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nTrade-finance back-office is running at ${base}/  (${where})`);
  console.log('Enter as a demo user:');
  for (const id of DEMO_USER_IDS) console.log(`  ${id.padEnd(26)} ${base}/?userId=${id}`);
  console.log(`API documentation: ${base}/api/docs\n`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
