// What other modules may ask of the indicator system: the sources of an enterprise's indicators (a board widget
// bound to an indicator draws the indicator's dataset field, combined by its aggregation over its frequency).
import type { Kysely } from 'kysely';
import type { IndicatorAggregation, IndicatorFrequency } from '@tfb/contract';
import type { DB } from '../../db/types.js';

export type IndicatorSource = {
  id: number;
  name: string;
  datasetId: string;
  field: string;
  aggregation: IndicatorAggregation;
  frequency: IndicatorFrequency;
};

/** The indicators of `enterpriseId` among `ids`, by id; another enterprise's ids are simply absent. */
export async function indicatorSources(
  db: Kysely<DB>,
  enterpriseId: string,
  ids: readonly number[],
): Promise<Map<number, IndicatorSource>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('indicators')
    .select(['id', 'name', 'dataset_id', 'field', 'aggregation', 'frequency'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, datasetId: r.dataset_id, field: r.field, aggregation: r.aggregation, frequency: r.frequency },
    ]),
  );
}
