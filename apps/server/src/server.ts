// Starts the product: opens the database, migrates, seeds the demo data once, serves API and web app.
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openConfiguredDatabase } from './db/connection.js';
import { startPgliteMaintenance } from './db/maintenance.js';
import { migrate } from './db/migrate.js';
import { seedDemo, DEMO_USER_IDS, generatedPasswordLines, operatorPasswords } from './db/seed.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // Read before anything opens: a too-short password in the environment stops the start at once.
  const passwords = operatorPasswords();
  const database = await openConfiguredDatabase(config);
  if (!database) process.exit(1);
  await migrate(database);
  const seeded = await seedDemo(database.db, passwords, { uploadDir: config.uploadDir, documentLogSecret: config.documentLogSecret });
  const app = await buildApp({ config, database, logger: true });
  // PostgreSQL vacuums itself; the embedded database is vacuumed by the app (db/maintenance.ts).
  const maintenance = database.kind === 'pglite' ? await startPgliteMaintenance(database.db, app.log) : undefined;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await maintenance?.stop();
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
  // Shown at the first seed even with the template login off: they are never shown again, and TEMPLATE_LOGIN may come later.
  if (seeded) for (const line of generatedPasswordLines(passwords)) console.log(line);
  if (config.portalSecret && !config.templateLogin) {
    console.log('Template login (/login): off, PORTAL_SECRET is set (TEMPLATE_LOGIN=1 turns it on)');
  }
  console.log(`API documentation: ${base}/api/docs\n`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
