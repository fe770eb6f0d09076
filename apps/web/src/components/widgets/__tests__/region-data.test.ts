import { describe, expect, it } from 'vitest';
import { ADDRESS_CODE_PATTERN } from '@tfb/contract';
import { labelsOfPath, regionQueryOptions, type RegionOption } from '../region-data';

describe('region data', () => {
  it('gives every address three GB/T 2260 codes, municipalities included', async () => {
    const options = await (regionQueryOptions().queryFn as () => Promise<RegionOption[]>)();
    expect(options.length).toBeGreaterThanOrEqual(33);
    expect(labelsOfPath(options, ['310000', '310100', '310113'])).toEqual(['上海市', '市辖区', '宝山区']);
    expect(labelsOfPath(options, ['420000', '420100', '420102'])).toEqual(['湖北省', '武汉市', '江岸区']);
    for (const p of options) {
      for (const c of p.children ?? []) {
        expect(c.children?.length).toBeGreaterThan(0);
        const a = c.children![0]!;
        expect(`${p.value},${c.value},${a.value}`).toMatch(ADDRESS_CODE_PATTERN);
      }
    }
  });
});
