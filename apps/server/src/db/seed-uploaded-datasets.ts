// The demo's uploaded dataset: the operating enterprise's commodity stock by province (a CSV kept in seed-assets),
// stored through the same parse and store code as an upload, so the data-source page and the one-graph map open on
// real rows.
import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import { storeAsInferred } from '../lib/uploaded-datasets.js';
import type { DB } from './types.js';

const ASSETS = path.resolve(import.meta.dirname, '../../src/db/seed-assets');
export const SEED_STOCK_FILE = 'province-commodity-stock.csv';
export const SEED_STOCK_NAME = '各省大宗商品库存';

export async function seedUploadedDatasets(trx: Transaction<DB>): Promise<void> {
  const bytes = fs.readFileSync(path.join(ASSETS, SEED_STOCK_FILE));
  await storeAsInferred(
    trx,
    { enterpriseId: 'ent-p', userId: 'demo-portal-admin', userName: '孙悦' },
    { bytes, name: SEED_STOCK_FILE },
    SEED_STOCK_NAME,
  );
}
