// The demo seed: idempotent (runs once per database, inside one transaction).
import type { Kysely, Transaction } from 'kysely';
import { PORTAL_SITES } from '@tfb/contract';
import { operatorPasswords, seedDataScope, seedIdentity, seedPortalUsers, type OperatorPassword } from './seed-identity.js';
import { seedBusiness } from './seed-business.js';
import { seedCustomers } from './seed-customers.js';
import { seedWarehouseFlows } from './seed-warehouse-flows.js';
import { FileStore } from '../lib/file-store.js';
import { seedPortal } from './seed-portal.js';
import { seedPortalMedia } from './seed-portal-media.js';
import { seedPortalContent } from './seed-portal-content.js';
import { seedIndicators } from './seed-indicators.js';
import { seedUploadedDatasets } from './seed-uploaded-datasets.js';
import { seedBoards } from './seed-boards.js';
import { seedDocumentLog } from './seed-document-log.js';
import { seedProducts } from './seed-products.js';
import type { DB } from './types.js';

export { DEMO_USER_IDS, operatorPasswords, type OperatorPassword } from './seed-identity.js';

/** Lines for the start-up printout naming the passwords drawn at this first seed (none when all came from the environment). */
export function generatedPasswordLines(passwords: OperatorPassword[]): string[] {
  const generated = passwords.filter((p) => p.generated);
  if (!generated.length) return [];
  return [
    'Operator accounts for /login, passwords drawn at this first seed (shown once, never again; set',
    'OPERATOR_ADMIN_PASSWORD / OPERATOR_PASSWORD before the first start to choose them):',
    ...generated.map((p) => `  ${p.username.padEnd(10)} ${p.password}`),
  ];
}

const SEED_MARKER = 'demo_seed_v1';
/** Parts of the demo added after databases were first seeded: each runs once, on a new database or an already
 * seeded one, under its own marker (so a demo database started with an older release gains them too). */
type SeedOptions = {
  /** The upload store's folder (config.uploadDir): the parts that store files run only when it is given. */
  uploadDir?: string;
  /** config.documentLogSecret: the document log's checkpoints are signed with the key it derives. */
  documentLogSecret?: string | undefined;
};
const LATER_PARTS: readonly {
  marker: string;
  needsFiles?: boolean;
  seed: (trx: Transaction<DB>, options: SeedOptions) => Promise<void>;
}[] = [
  {
    marker: 'demo_seed_portal_v1',
    seed: async (trx) => {
      await seedPortalUsers(trx);
      await seedPortal(trx);
    },
  },
  {
    // The portal sites' media libraries (after the portal users, whose administrator adds them).
    marker: 'demo_seed_portal_media_v1',
    needsFiles: true,
    seed: async (trx, { uploadDir }) => {
      const store = new FileStore(uploadDir!);
      for (const site of PORTAL_SITES) {
        await seedPortalMedia(trx, store, { enterpriseId: 'ent-p', site, userId: 'demo-portal-admin', userName: '孙悦' });
      }
    },
  },
  // After the column trees (and, once it seeds, the media library: content takes its files from there).
  { marker: 'demo_seed_portal_content_v1', seed: seedPortalContent },
  // Whose figures the data portal shows: the platform enterprise and the demo group (migration 0021).
  { marker: 'demo_seed_data_scope_v1', seed: seedDataScope },
  // The data portal's indicator tree (after the portal users, who own its indicators).
  { marker: 'demo_seed_indicators_v1', seed: seedIndicators },
  // The data portal's uploaded demo dataset (after the portal users, whose administrator uploads it).
  { marker: 'demo_seed_uploaded_datasets_v1', seed: seedUploadedDatasets },
  // The data portal's demo board and big screen of the platform enterprise (migration 0024).
  { marker: 'demo_seed_boards_v1', seed: seedBoards },
  // Documents registered in the document log, with signed checkpoints (issue 14, migration 0029).
  {
    marker: 'demo_seed_document_log_v1',
    needsFiles: true,
    seed: (trx, { uploadDir, documentLogSecret }) => seedDocumentLog(trx, new FileStore(uploadDir!), documentLogSecret),
  },
  // The customer enterprises and projects in approval (migration 0028, issue 14).
  { marker: 'demo_seed_customers_v1', seed: seedCustomers },
  // The supply-chain finance products and enterprise A's signings of them (migration 0026).
  { marker: 'demo_seed_products_v1', seed: seedProducts },
  // The enterprise's in-storage notices and delivery applications (P28; after the business seed's loans and repayments).
  { marker: 'demo_seed_warehouse_flows_v1', seed: seedWarehouseFlows },
];

/** Sets the marker `name`; answers whether it was not set before. */
async function firstTime(trx: Transaction<DB>, name: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('app_secrets')
    .values({ name, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Seeds the demo data unless this database already has it. Returns whether it seeded: only then were the
 * operator `passwords` stored, and only then may the caller show the generated ones (they are never shown again).
 */
export async function seedDemo(
  db: Kysely<DB>,
  passwords: OperatorPassword[] = operatorPasswords(),
  options: SeedOptions = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const seeded = await firstTime(trx, SEED_MARKER);
    if (seeded) {
      await seedIdentity(trx, passwords);
      await seedBusiness(trx);
    }
    for (const part of LATER_PARTS) {
      if (part.needsFiles && !options.uploadDir) continue;
      if (await firstTime(trx, part.marker)) await part.seed(trx, options);
    }
    return seeded;
  });
}
