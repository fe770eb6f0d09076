// A customer's region and street as one line (a municipality's 市辖区 is left out, as the address book does).
import type { CustomerRow } from '@tfb/contract';

export const regionText = (c: Pick<CustomerRow, 'province' | 'city' | 'area'>): string =>
  [c.province, c.city === '市辖区' || c.city === c.province ? '' : c.city, c.area].filter(Boolean).join(' ');
