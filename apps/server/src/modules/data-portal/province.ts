// The province of an address, as the China map of ECharts names it (short names: 上海, 江苏, 内蒙古, 广西 …).

/** Province-level divisions by the short name the map uses. An address names its province in full (江苏省,
 * 内蒙古自治区, 广西壮族自治区, 上海市) or by the short name; both start with the short name. */
export const PROVINCES = [
  '北京',
  '天津',
  '上海',
  '重庆',
  '河北',
  '山西',
  '辽宁',
  '吉林',
  '黑龙江',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '海南',
  '四川',
  '贵州',
  '云南',
  '陕西',
  '甘肃',
  '青海',
  '台湾',
  '内蒙古',
  '广西',
  '西藏',
  '宁夏',
  '新疆',
  '香港',
  '澳门',
] as const;
export type Province = (typeof PROVINCES)[number];

/** The first province named in `address` (the one written first, the longer name where two start together), or null
 * when it names none. */
export function provinceOf(address: string): Province | null {
  let best: { at: number; name: Province } | null = null;
  for (const name of PROVINCES) {
    const at = address.indexOf(name);
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && name.length > best.name.length)) best = { at, name };
  }
  return best?.name ?? null;
}
