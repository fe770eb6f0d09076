// Figures in the user's language: ¥ with thousands separators, tonnes, pieces, hours, percentages, short axes.
import { describe, expect, it } from 'vitest';
import { figureFormat, periodChange } from '../format';

const zh = figureFormat('zh', { tonne: '{{value}} 吨', piece: '{{value}} 件', hour: '{{value}} 小时' });
const en = figureFormat('en', { tonne: '{{value}} t', piece: '{{value}} pcs', hour: '{{value}} h' });
const es = figureFormat('es', { tonne: '{{value}} t', piece: '{{value}} uds.', hour: '{{value}} h' });

describe('figureFormat', () => {
  it('writes yuan with the ¥ sign, two decimals and thousands separators of the language', () => {
    expect(zh.value(1234567.8, 'yuan')).toBe('¥1,234,567.80');
    expect(en.value(1234567.8, 'yuan')).toBe('¥1,234,567.80');
    expect(es.value(1234567.8, 'yuan')).toBe('¥1.234.567,80');
    expect(es.value(1234.5, 'yuan')).toBe('¥1.234,50');
    expect(zh.value(-50, 'yuan')).toBe('-¥50.00');
  });
  it('writes weights, pieces, hours, counts and percentages with their units', () => {
    expect(zh.value(1234.567, 'tonne')).toBe('1,234.57 吨');
    expect(en.value(1234.5, 'tonne')).toBe('1,234.5 t');
    expect(zh.value(3000, 'piece')).toBe('3,000 件');
    expect(es.value(3000, 'piece')).toBe('3.000 uds.');
    expect(en.value(12.25, 'hour')).toBe('12.3 h');
    expect(zh.value(12345, 'count')).toBe('12,345');
    expect(en.value(62.54, 'percent')).toBe('62.5%');
  });
  it('shortens axis figures: 万 and 亿 in Chinese, K and M in English', () => {
    expect(zh.axis(25_000_000, 'yuan')).toBe('¥2500万');
    expect(zh.axis(320_000_000, 'yuan')).toBe('¥3.2亿');
    expect(en.axis(25_000_000, 'yuan')).toBe('¥25M');
    expect(en.axis(1500, 'tonne')).toBe('1.5K');
    expect(zh.axis(40, 'percent')).toBe('40%');
  });
});

describe('periodChange', () => {
  it('is the change in percent from the previous period, none without one', () => {
    expect(periodChange(120, 100)).toBeCloseTo(20);
    expect(periodChange(80, 100)).toBeCloseTo(-20);
    expect(periodChange(5, -10)).toBeCloseTo(150);
    expect(periodChange(100, null)).toBeNull();
    expect(periodChange(100, 0)).toBeNull();
  });
});
