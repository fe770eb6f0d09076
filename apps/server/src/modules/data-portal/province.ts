// The province of an address, as the China map of ECharts names it (short names: 上海, 江苏, 内蒙古, 广西 …).

import { CHINA_PROVINCES } from '@tfb/contract';

/** Province-level divisions by the short name the map uses (the contract's one list). An address names its province
 * in full (江苏省, 内蒙古自治区, 广西壮族自治区, 上海市) or by the short name; both start with the short name. */
const PROVINCES: readonly string[] = CHINA_PROVINCES.map((p) => p.name);

/** The first province named in `address` (the one written first, the longer name where two start together), or null
 * when it names none. */
export function provinceOf(address: string): string | null {
  let best: { at: number; name: string } | null = null;
  for (const name of PROVINCES) {
    const at = address.indexOf(name);
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && name.length > best.name.length)) best = { at, name };
  }
  return best?.name ?? null;
}
