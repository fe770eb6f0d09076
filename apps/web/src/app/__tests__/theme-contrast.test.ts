// The theme's text colours meet WCAG AA (4.5:1) on the surfaces they are shown on: antd's tokens as the app's theme
// derives them (body, secondary and caption text, placeholders, links, the error red, the text of buttons), the
// text of every coloured and status tag on its own background, and the caption colour styles.css writes by hand.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { HEADER_BG, TEXT_TERTIARY } from '../../lib/theme';
import { APP_THEME } from '../providers';

type Rgba = { r: number; g: number; b: number; a: number };

function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a: 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(color);
  if (!fn) throw new Error(`not a colour: ${color}`);
  const alpha = fn[4] === undefined ? 1 : Number(fn[4]) / (fn[5] ? 100 : 1);
  return { r: Number(fn[1]), g: Number(fn[2]), b: Number(fn[3]), a: alpha };
}

/** `color` painted over the opaque `under`. */
const over = (color: Rgba, under: Rgba): Rgba => ({
  r: color.r * color.a + under.r * (1 - color.a),
  g: color.g * color.a + under.g * (1 - color.a),
  b: color.b * color.a + under.b * (1 - color.a),
  a: 1,
});

const luminance = ({ r, g, b }: Rgba): number => {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};

const WHITE = parse('#ffffff');

/** The WCAG contrast ratio of text `fg` on the surface `bg` (a translucent surface lies on white). */
function contrast(fg: string, bg: string): number {
  const surface = over(parse(bg), WHITE);
  const text = over(parse(fg), surface);
  const [hi, lo] = [luminance(text), luminance(surface)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const AA = 4.5;
const token = theme.getDesignToken(APP_THEME) as unknown as Record<string, string>;
const tagOverrides = (APP_THEME.components?.Tag ?? {}) as Record<string, string>;
const tableOverrides = (APP_THEME.components?.Table ?? {}) as Record<string, string>;
const tagToken = (key: string): string => tagOverrides[key] ?? token[key]!;

/** The light surfaces text stands on: antd's and the few styles.css and the feature stylesheets paint. */
const SURFACES = [
  token.colorBgContainer!,
  token.colorBgLayout!,
  token.colorBgElevated!,
  token.colorFillAlter!,
  token.colorFillTertiary!,
  token.controlItemBgActive!,
  '#f0f2f5',
  '#f5f7fa',
  '#fafbfc',
  '#fff9f5',
];

describe('theme text contrast (WCAG AA)', () => {
  const TEXT_TOKENS = [
    'colorText',
    'colorTextHeading',
    'colorTextLabel',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
  ];
  it.each(TEXT_TOKENS)('%s reaches 4.5:1 on every light surface', (name) => {
    for (const bg of SURFACES) expect(contrast(token[name]!, bg), `${name} ${token[name]} on ${bg}`).toBeGreaterThanOrEqual(AA);
  });

  it('links, the primary colour and the error red read on white and on the page background', () => {
    for (const name of ['colorLink', 'colorPrimary', 'colorError', 'colorErrorText']) {
      for (const bg of [token.colorBgContainer!, token.colorBgLayout!, '#f0f2f5']) {
        expect(contrast(token[name]!, bg), `${name} ${token[name]} on ${bg}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it('white text reads on primary and danger buttons, and on the header', () => {
    for (const bg of [token.colorPrimary!, token.colorError!, HEADER_BG]) {
      expect(contrast('#ffffff', bg), `white on ${bg}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it("a table's empty text takes a readable colour", () => {
    expect(contrast(tableOverrides.colorTextDisabled!, token.colorBgContainer!)).toBeGreaterThanOrEqual(AA);
  });

  it.each(['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'])(
    'a %s tag: its text on its background',
    (color) => {
      const text = tagToken(`${color}7`);
      const bg = tagToken(`${color}1`);
      expect(contrast(text, bg), `${color}: ${text} on ${bg}`).toBeGreaterThanOrEqual(AA);
    },
  );

  it.each([
    ['success', 'colorSuccess', 'colorSuccessBg'],
    ['processing', 'colorInfo', 'colorInfoBg'],
    ['error', 'colorError', 'colorErrorBg'],
    ['warning', 'colorWarning', 'colorWarningBg'],
  ])('a %s status tag: its text on its background', (_status, text, bg) => {
    expect(contrast(tagToken(text), tagToken(bg)), `${tagToken(text)} on ${tagToken(bg)}`).toBeGreaterThanOrEqual(AA);
  });

  it("styles.css writes the theme's caption colour", () => {
    // (The test run loads no CSS: the file is read as text.)
    const styles = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../styles.css'), 'utf8');
    expect(styles).toContain(`--tfb-text-tertiary: ${TEXT_TERTIARY};`);
  });

  it('measures as WCAG does (black on white 21:1, antd 45% grey 3.4:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
  });
});
