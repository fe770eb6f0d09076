// `npm run db:types` rewrites src/db/types.ts from the migrated schema; `npm run db:types:check` (part of `npm test`)
// exits 1, naming the differences, when the committed file is stale. Runs from source with tsx: no build needed.
// `--file PATH` reads or writes another file instead (the tests check a hand-edited copy).
import fs from 'node:fs';
import path from 'node:path';
import { TYPES_FILE, describeStaleTypes, generateDbTypes, readCommittedTypes, repoPath } from './generate-types.js';

const USAGE = 'Usage: npm run db:types [-- --check] [-- --file PATH]';

function parseArgs(argv: readonly string[]): { check: boolean; file: string } | { error: string } {
  let check = false;
  let file = TYPES_FILE;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--check') check = true;
    else if (arg === '--file' && argv[i + 1]) file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argv[++i]!);
    else return { error: `Unknown argument "${arg}".\n${USAGE}` };
  }
  return { check, file };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 2;
  }
  const generated = await generateDbTypes();
  if (!args.check) {
    fs.writeFileSync(args.file, generated);
    console.log(`Wrote ${repoPath(args.file)} from the migrated schema.`);
    return 0;
  }
  const stale = describeStaleTypes(readCommittedTypes(args.file), generated, repoPath(args.file));
  if (stale) {
    console.error(stale);
    return 1;
  }
  console.log(`${repoPath(args.file)} matches the migrated schema.`);
  return 0;
}

process.exitCode = await main();
