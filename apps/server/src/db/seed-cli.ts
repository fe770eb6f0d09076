// `node apps/server/dist/db/seed-cli.js [--scale N]` (root: `npm run seed [-- --scale N]`): opens the database
// as the server does, migrates, seeds the demo data once, then optionally adds N goods and proportional
// business rows for benchmarks.
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './connection.js';
import { migrate } from './migrate.js';
import { generatedPasswordLines, operatorPasswords, seedDemo } from './seed.js';
import { seedScale } from './seed-scale.js';

const USAGE = 'Usage: npm run seed [-- --scale N]   (N: a positive integer, the number of goods to add)';

/** Parses the command line; returns an error message for bad input. */
function parseSeedArgs(argv: readonly string[]): { scale: number | undefined } | { error: string } {
  let scale: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { error: USAGE };
    let value: string | undefined;
    if (arg === '--scale') value = argv[++i];
    else if (arg.startsWith('--scale=')) value = arg.slice('--scale='.length);
    else return { error: `Unknown argument "${arg}".\n${USAGE}` };
    if (value === undefined || value === '') return { error: `--scale needs a value.\n${USAGE}` };
    const digits = value.replace(/_/g, '');
    if (!/^\d+$/.test(digits) || !Number.isSafeInteger(Number(digits)) || Number(digits) <= 0) {
      return { error: `--scale must be a positive integer, got "${value}".\n${USAGE}` };
    }
    scale = Number(digits);
  }
  return { scale };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const args = parseSeedArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 1;
  }
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const t0 = Date.now();
  const database = await openConfiguredDatabase(config);
  if (!database) return 1;
  try {
    console.log(`Database: ${where} (opened in ${seconds(Date.now() - t0)})`);
    let t = Date.now();
    const applied = await migrate(database);
    console.log(applied.length ? `Migrations applied: ${applied.join(', ')} (${seconds(Date.now() - t)})` : 'Migrations: up to date');
    t = Date.now();
    const passwords = operatorPasswords();
    const seeded = await seedDemo(database.db, passwords, { uploadDir: config.uploadDir, documentLogSecret: config.documentLogSecret });
    console.log(seeded ? `Demo data seeded (${seconds(Date.now() - t)})` : 'Demo data: already present, nothing added');
    if (seeded) for (const line of generatedPasswordLines(passwords)) console.log(line);
    if (args.scale !== undefined) {
      t = Date.now();
      const r = await seedScale(database, args.scale, (s) => console.log(`  ${s}`));
      console.log(
        `Scale run ${r.run} added: ${r.goods} goods in ${r.leaves} leaf categories (${r.categories} categories), ` +
          `${r.salesOrders} sales orders, ${r.purchaseOrders} purchase orders, ${r.contracts} contracts, ` +
          `${r.inStorageNotices} in-storage notices, ${r.deliveryInstructions} delivery instructions, ${r.loans} loan applications ` +
          `(${r.approvals} approval processes), ${r.settlements} settlements, ${r.warnings} risk warnings, ${r.lines} goods lines ` +
          `(${seconds(Date.now() - t)})`,
      );
    }
    console.log(`Done in ${seconds(Date.now() - t0)}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
