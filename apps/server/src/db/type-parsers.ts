// One JSON shape for both drivers: int8/numeric as numbers, dates as yyyy-MM-dd, timestamps as ISO strings.

/** PostgreSQL type oids. */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/** "2026-11-23 06:37:00.123+00" → "2026-11-23T06:37:00.123Z" */
export function pgTimestampToIso(value: string): string {
  let v = value.replace(' ', 'T');
  if (/[+-]\d\d$/.test(v)) v += ':00';
  else if (!/(Z|[+-]\d\d:\d\d)$/.test(v)) v += 'Z';
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

export const parseNumber = (value: string): number => Number(value);
export const parseDate = (value: string): string => value;

export const TEXT_PARSERS: Record<number, (value: string) => unknown> = {
  [OID.int8]: parseNumber,
  [OID.numeric]: parseNumber,
  [OID.date]: parseDate,
  [OID.timestamp]: pgTimestampToIso,
  [OID.timestamptz]: pgTimestampToIso,
};
