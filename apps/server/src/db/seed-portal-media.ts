// Demo media of the portal sites' libraries, made on the fly: gradient pictures with a Chinese title drawn by sharp
// from SVG (in the folders banners/, news/ and products/, each with its alt text), and two short test-pattern videos
// kept as fixtures in seed-assets/ (so nothing here needs ffmpeg). The pictures get their variants from the same
// function as an upload (lib/image-variants.ts) and every row is written by the library's one insert.
// Runs inside seedDemo's transaction.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { MediaKind, PortalSite } from '@tfb/contract';
import type { FileStore } from '../lib/file-store.js';
import { makeImageVariants } from '../lib/image-variants.js';
import { insertMedia, type MediaOwner } from '../lib/portal-media.js';
import type { DB } from './types.js';

type SeedImage = {
  fileName: string;
  folder: string;
  alt: string;
  title: string;
  subtitle: string;
  width: number;
  height: number;
  colors: [string, string];
  format: 'jpeg' | 'png' | 'webp';
};

/** The demo pictures, by file name (what the content seed looks them up by). */
export const SEED_IMAGES: readonly SeedImage[] = [
  banner(
    'banner-commodities.jpg',
    '大宗商品',
    '供应链金融服务平台',
    ['#0b3d91', '#1fa2ff'],
    '大宗商品供应链金融横幅：深蓝渐变背景上的标题“大宗商品”',
  ),
  banner(
    'banner-warehouse-receipt.jpg',
    '仓单质押',
    '监管仓单，放款更快',
    ['#134e5e', '#71b280'],
    '仓单质押产品横幅：墨绿渐变背景上的标题“仓单质押”',
  ),
  banner(
    'banner-supply-chain.jpg',
    '供应链金融',
    '产业与金融的连接',
    ['#3a1c71', '#ffaf7b'],
    '供应链金融横幅：紫橙渐变背景上的标题“供应链金融”',
  ),
  picture(
    'news',
    'news-steel-market.png',
    '钢材行情',
    '本周走势',
    1200,
    800,
    ['#232526', '#757f9a'],
    'png',
    '钢材市场行情新闻配图：灰色渐变与标题“钢材行情”',
  ),
  picture(
    'news',
    'news-platform-launch.jpg',
    '平台上线',
    '数字仓单',
    1200,
    800,
    ['#ff512f', '#f09819'],
    'jpeg',
    '数字仓单平台上线新闻配图：橙色渐变与标题“平台上线”',
  ),
  picture(
    'products',
    'product-order-financing.webp',
    '订单融资',
    '凭订单备货',
    800,
    600,
    ['#2193b0', '#6dd5ed'],
    'webp',
    '订单融资产品配图：浅蓝渐变与标题“订单融资”',
  ),
  picture(
    'products',
    'product-receivables.jpg',
    '应收账款融资',
    '盘活账期资金',
    800,
    600,
    ['#cc2b5e', '#753a88'],
    'jpeg',
    '应收账款融资产品配图：玫红渐变与标题“应收账款融资”',
  ),
  picture('', 'logo-square.png', '供应链', '门户', 400, 400, ['#0f2027', '#2c5364'], 'png', '门户站点方形标志：深色渐变上的“供应链”字样'),
];

/** The demo videos (fixtures made once with ffmpeg's test sources: 3 s and 2 s, 320×180). */
export const SEED_VIDEOS: readonly { fileName: string; folder: string; alt: string; mimeType: string }[] = [
  { fileName: 'test-pattern.mp4', folder: 'videos', alt: '平台演示视频（测试图案，3 秒）', mimeType: 'video/mp4' },
  { fileName: 'bars.webm', folder: 'videos', alt: '彩条测试视频（2 秒）', mimeType: 'video/webm' },
];

const IMAGE_TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

function banner(fileName: string, title: string, subtitle: string, colors: [string, string], alt: string): SeedImage {
  return { fileName, folder: 'banners', alt, title, subtitle, width: 1920, height: 600, colors, format: 'jpeg' };
}

function picture(
  folder: string,
  fileName: string,
  title: string,
  subtitle: string,
  width: number,
  height: number,
  colors: [string, string],
  format: SeedImage['format'],
  alt: string,
): SeedImage {
  return { fileName, folder, alt, title, subtitle, width, height, colors, format };
}

const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The picture: a diagonal gradient, a few circles and the title. Without a CJK font the title falls back to
 * whatever the system draws; the shapes make the picture recognisable either way. */
function svgOf(img: SeedImage): string {
  const { width: w, height: h, colors } = img;
  const size = Math.round(Math.min(w / 8, h / 4));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.35}" fill="#ffffff" fill-opacity="0.12"/>
  <circle cx="${w * 0.7}" cy="${h * 0.9}" r="${h * 0.25}" fill="#ffffff" fill-opacity="0.08"/>
  <rect x="${w * 0.08}" y="${h * 0.62}" width="${w * 0.12}" height="${Math.max(4, h * 0.012)}" fill="#ffffff" fill-opacity="0.8"/>
  <text x="${w * 0.08}" y="${h * 0.5}" font-family="Noto Sans CJK SC, Noto Serif CJK SC, WenQuanYi Zen Hei, sans-serif" font-size="${size}" font-weight="bold" fill="#ffffff">${escapeXml(img.title)}</text>
  <text x="${w * 0.08}" y="${h * 0.76}" font-family="Noto Sans CJK SC, Noto Serif CJK SC, WenQuanYi Zen Hei, sans-serif" font-size="${Math.round(size * 0.4)}" fill="#ffffff" fill-opacity="0.9">${escapeXml(img.subtitle)}</text>
</svg>`;
}

async function renderImage(img: SeedImage): Promise<Buffer> {
  const raster = sharp(Buffer.from(svgOf(img)));
  if (img.format === 'jpeg') return raster.jpeg({ quality: 82 }).toBuffer();
  if (img.format === 'webp') return raster.webp({ quality: 82 }).toBuffer();
  return raster.png({ compressionLevel: 9 }).toBuffer();
}

/** The fixtures, found from the sources and from the compiled dist/db alike (as the migrations are). */
const ASSETS = path.resolve(import.meta.dirname, '../../src/db/seed-assets');

export type SeedMediaOwner = MediaOwner;

/**
 * Adds the demo pictures and videos to `owner.site`'s library of `owner.enterpriseId`, storing the bytes in `store`.
 * Answers the new files' ids by file name.
 */
export async function seedPortalMedia(db: Kysely<DB>, store: FileStore, owner: SeedMediaOwner): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const add = async (kind: MediaKind, file: { fileName: string; folder: string; alt: string; mimeType: string }, bytes: Buffer) => {
    const stored = await store.put(bytes);
    const image = kind === 'image' ? await makeImageVariants(store, store.pathOf(stored.sha256)) : undefined;
    const row = await insertMedia(db, owner, {
      kind,
      folder: file.folder,
      fileName: file.fileName,
      alt: file.alt,
      sha256: stored.sha256,
      size: stored.size,
      mimeType: file.mimeType,
      width: image?.width ?? null,
      height: image?.height ?? null,
      thumbSha256: image?.thumbSha256 ?? null,
      variants: image?.variants ?? [],
    });
    ids.set(file.fileName, row.id);
  };
  for (const img of SEED_IMAGES) await add('image', { ...img, mimeType: IMAGE_TYPES[img.format] }, await renderImage(img));
  for (const v of SEED_VIDEOS) await add('video', v, await fs.promises.readFile(path.join(ASSETS, v.fileName)));
  return ids;
}

/** The ids of a site's library files by file name (the newest when a name repeats), for the content seed to refer to
 * the demo media: e.g. `(await seededMediaIds(trx, scope)).get('banner-commodities.jpg')`. */
export async function seededMediaIds(db: Kysely<DB>, scope: { enterpriseId: string; site: PortalSite }): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('portal_media')
    .select(['id', 'file_name'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .where('deleted', '=', false)
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.file_name, Number(r.id)]));
}
