// An address as one line (province, city unless it repeats the province, district, street), apart from the address
// book so a form that shows its chosen address does not load the book until it is opened.
import type { DeliveryAddress } from '@tfb/contract';

export const formatAddress = (a: Pick<DeliveryAddress, 'province' | 'city' | 'area' | 'detailedAddress'>): string =>
  [a.province, a.city === '市辖区' || a.city === a.province ? '' : a.city, a.area, a.detailedAddress].filter(Boolean).join(' ');
