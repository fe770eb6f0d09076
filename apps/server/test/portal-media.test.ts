// The portal sites' media library (issue 12): uploads judged by their content (SVG and disguised files refused,
// alt text required for images), WebP variants never wider than the original and turned upright, the public file
// route (only library files, Range, 304, immutable caching), where used and the delete guard, permissions, and
// another enterprise's library out of reach.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  MEDIA_MESSAGES,
  PERMISSION_MESSAGES,
  UPLOAD_PATHS,
  mediaPaths,
  publicMediaUrl,
  type MediaFile,
  type MediaFolder,
  type MediaUse,
  type Permission,
  type PortalSite,
} from '@tfb/contract';
import { seedPortalMedia, seededMediaIds, SEED_IMAGES, SEED_VIDEOS } from '../src/db/seed-portal-media.js';
import { FileStore } from '../src/lib/file-store.js';
import { multipart, png as fakePng, type Part } from './helpers/files.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const SITE: PortalSite = 'portalWebsite';
const P = mediaPaths(SITE);
const at = (path: string, id: number) => path.replace(':id', String(id));

/** A real picture of `width`×`height` (a gradient, so it does not compress to nothing). */
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#036"/><stop offset="1" stop-color="#fc0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 3}" r="${Math.min(width, height) / 5}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
};
const mp4 = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.alloc(4),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
    crypto.randomBytes(2000),
  ]);
const webm = () =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
    Buffer.from('webm', 'latin1'),
    crypto.randomBytes(500),
  ]);
const svg = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
const shaOf = (url: string) => url.split('/').pop()!;

describeEachDatabase('portal media', (t) => {
  let editor: TestSession; // demo-portal-admin, ent-p: read, write and admin of both sites
  let writer: TestSession; // demo-internal, ent-p: read and write, not admin
  let reader: TestSession; // demo-group, ent-p: read only
  let outsider: TestSession; // demo-supervisor: no portal permission
  let otherAdmin: TestSession; // demo-admin, ent-a: every permission, another enterprise
  beforeAll(async () => {
    [editor, writer, reader, outsider, otherAdmin] = await Promise.all([
      t().enter('demo-portal-admin'),
      t().enter('demo-internal'),
      t().enter('demo-group'),
      t().enter('demo-supervisor'),
      t().enter('demo-admin'),
    ]);
  });

  const call = (s: TestSession, method: Method, url: string, payload?: unknown) =>
    t().app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (s: TestSession, filename: string, content: Buffer, fields: Record<string, string> = {}, query = '', path = P.list) => {
    const parts: Part[] = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename, content }];
    const { payload, headers } = multipart(parts);
    return t().app.inject({ method: 'POST', url: `${path}${query}`, headers: { ...s.headers, ...headers }, payload });
  };
  const uploaded = async (filename: string, content: Buffer, fields: Record<string, string> = { alt: '示例图片' }): Promise<MediaFile> => {
    const res = await upload(editor, filename, content, fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MediaFile;
  };
  const get = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: 'GET', url, headers });
  const refused = (res: { statusCode: number; body: string; json: () => { message: string } }, status: number, message?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    if (message) expect(res.json().message).toBe(message);
  };
  const rows = () =>
    t()
      .database.db.selectFrom('portal_media')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

  describe('uploading images', () => {
    it('makes a WebP thumbnail and the widths narrower than the original, and records its size', async () => {
      const file = await uploaded('wide.png', await picture(2000, 1000), { alt: '宽幅图片', folder: 'banners' });
      expect(file).toMatchObject({
        kind: 'image',
        fileName: 'wide.png',
        alt: '宽幅图片',
        folder: 'banners',
        width: 2000,
        height: 1000,
        mimeType: 'image/png',
        version: 1,
      });
      expect(file.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
      for (const v of file.variants) {
        const res = await get(v.url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(v.width);
        expect(meta.height).toBe(v.width / 2);
      }
      const thumb = await sharp((await get(file.thumbUrl!)).rawPayload).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 160, 80]);
    });

    it('never makes a variant as wide as the original or wider', async () => {
      const mid = await uploaded('mid.jpg', await picture(960, 480, 'jpeg'));
      expect(mid.variants.map((v) => v.width)).toEqual([480]);
      const small = await uploaded('small.webp', await picture(120, 90, 'webp'));
      expect(small.variants).toEqual([]);
      // The thumbnail is not enlarged either.
      expect((await sharp((await get(small.thumbUrl!)).rawPayload).metadata()).width).toBe(120);
    });

    it('turns the variants upright by the EXIF orientation and keeps no metadata in them', async () => {
      // Stored 300×200 with orientation 6 (rotate 90° clockwise to view): upright it is 200×300.
      const sideways = await sharp(await picture(300, 200, 'jpeg'))
        .withExif({ IFD0: { Copyright: 'secret-camera' } })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer();
      expect((await sharp(sideways).metadata()).orientation).toBe(6);
      const file = await uploaded('photo.jpg', sideways);
      expect([file.width, file.height]).toEqual([200, 300]);
      const thumb = await sharp((await get(file.thumbUrl!)).rawPayload).metadata();
      expect([thumb.width, thumb.height]).toEqual([160, 240]);
      expect(thumb.orientation).toBeUndefined();
      expect(thumb.exif).toBeUndefined();
      // The original served is a clean upright copy: the camera's metadata never reaches the public site.
      const original = await get(file.url);
      expect(original.rawPayload.includes(Buffer.from('secret-camera'))).toBe(false);
      const served = await sharp(original.rawPayload).metadata();
      expect([served.format, served.width, served.height, served.exif, served.orientation]).toEqual([
        'jpeg',
        200,
        300,
        undefined,
        undefined,
      ]);
      expect(file.size).toBe(original.rawPayload.length);
    });

    it('requires alt text for an image, naming the field', async () => {
      const before = (await rows()).n;
      const res = await upload(editor, 'a.png', await picture(50, 50));
      refused(res, 400, MEDIA_MESSAGES.altRequired);
      expect(res.json().errors).toEqual([{ field: 'alt', message: MEDIA_MESSAGES.altRequired }]);
      refused(await upload(editor, 'a.png', await picture(50, 50), { alt: '   ' }), 400, MEDIA_MESSAGES.altRequired);
      refused(await upload(editor, 'a.png', await picture(50, 50), { alt: 'x'.repeat(201) }), 400, MEDIA_MESSAGES.altTooLong);
      expect((await rows()).n).toBe(before);
    });

    it('takes the fields after the file as well, and refuses a bad folder', async () => {
      const { payload, headers } = multipart([
        { name: 'file', filename: 'after.gif', content: await picture(40, 40, 'gif') },
        { name: 'alt', value: '字段在文件之后' },
        { name: 'folder', value: 'news/2026' },
      ]);
      const res = await t().app.inject({ method: 'POST', url: P.list, headers: { ...editor.headers, ...headers }, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ alt: '字段在文件之后', folder: 'news/2026', mimeType: 'image/gif' });
      for (const folder of ['../etc', '/top', 'a//b', 'a/b/c/d/e', 'a b']) {
        refused(await upload(editor, 'x.png', await picture(20, 20), { alt: 'x', folder }), 400, MEDIA_MESSAGES.folderInvalid);
      }
    });

    it('judges the content, not the name: a PNG named .mp4, SVG, HTML and unknown bytes are refused', async () => {
      const before = (await rows()).n;
      const png = await picture(30, 30);
      refused(await upload(editor, 'clip.mp4', png, { alt: 'x' }), 415, MEDIA_MESSAGES.typeNotSupported('png（扩展名 .mp4）'));
      refused(await upload(editor, 'clip.png', mp4(), { alt: 'x' }), 415, MEDIA_MESSAGES.typeNotSupported('mp4（扩展名 .png）'));
      refused(await upload(editor, 'logo.svg', svg(), { alt: 'x' }), 415, MEDIA_MESSAGES.svgRefused);
      refused(await upload(editor, 'logo.png', svg(), { alt: 'x' }), 415, MEDIA_MESSAGES.svgRefused);
      refused(await upload(editor, 'page.jpg', Buffer.from('<html><body>hi</body></html>'), { alt: 'x' }), 415);
      refused(await upload(editor, 'data.bin', crypto.randomBytes(300), { alt: 'x' }), 415, MEDIA_MESSAGES.typeNotSupported('bin'));
      refused(
        await upload(editor, 'report.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { alt: 'x' }),
        415,
        MEDIA_MESSAGES.typeNotSupported('pdf'),
      );
      // Right magic number, broken picture.
      refused(await upload(editor, 'broken.png', fakePng(), { alt: 'x' }), 415, MEDIA_MESSAGES.undecodable);
      refused(await upload(editor, 'empty.png', Buffer.alloc(0), { alt: 'x' }), 400);
      expect((await rows()).n).toBe(before);
    });

    it('refuses an image over 10 MB with the spec message, and a decompression bomb before decoding it', async () => {
      const big = Buffer.concat([await picture(10, 10), crypto.randomBytes(10 * 1024 * 1024)]);
      refused(await upload(editor, 'big.png', big, { alt: 'x' }), 413, '上传文件大小不能超过 10MB!');
      refused(await upload(editor, 'big.png', big, { alt: 'x' }, '?kind=image'), 413, '上传文件大小不能超过 10MB!');
      // 10000×10000 pixels of one colour: a few kB on the wire, 400 MB once decoded.
      const bomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#fff' }, limitInputPixels: false })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const res = await upload(editor, 'bomb.png', bomb, { alt: 'x' });
      refused(res, 400, MEDIA_MESSAGES.tooManyPixels);
      expect(res.json().errors).toEqual([{ field: 'file', message: MEDIA_MESSAGES.tooManyPixels }]);
    });

    it('narrows to the kind a picker asks for', async () => {
      refused(await upload(editor, 'clip.mp4', mp4(), {}, '?kind=image'), 415, MEDIA_MESSAGES.imageWanted);
      refused(await upload(editor, 'a.png', await picture(20, 20), { alt: 'x' }, '?kind=video'), 415, MEDIA_MESSAGES.videoWanted);
    });
  });

  describe('videos and the public file route', () => {
    let video: MediaFile;
    beforeAll(async () => {
      video = await uploaded('clip.mp4', mp4(), { folder: 'videos' });
    });

    it('takes mp4 and webm without alt text and without variants', async () => {
      expect(video).toMatchObject({ kind: 'video', mimeType: 'video/mp4', alt: '', thumbUrl: null, variants: [], width: null });
      const w = await uploaded('bars.webm', webm(), { alt: '彩条' });
      expect(w).toMatchObject({ kind: 'video', mimeType: 'video/webm', alt: '彩条' });
    });

    it('serves a library file with its type, immutable caching, its ETag and no sniffing', async () => {
      const res = await get(video.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toMatchObject({
        'content-type': 'video/mp4',
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${shaOf(video.url)}"`,
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-length': String(video.size),
      });
      expect(crypto.createHash('sha256').update(res.rawPayload).digest('hex')).toBe(shaOf(video.url));
      refused(await get(video.url, { 'if-none-match': `"${shaOf(video.url)}"` }), 304);
      refused(await get(video.url, { 'if-none-match': `W/"other", "${shaOf(video.url)}"` }), 304);
      expect((await get(video.url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    });

    it('answers byte ranges: the first bytes, the middle, a suffix, an open end, and 416 past the end', async () => {
      const whole = (await get(video.url)).rawPayload;
      const size = whole.length;
      const range = async (value: string, start: number, end: number) => {
        const res = await get(video.url, { range: value });
        expect(res.statusCode, value).toBe(206);
        expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(res.headers['content-length']).toBe(String(end - start + 1));
        expect(res.rawPayload.equals(whole.subarray(start, end + 1))).toBe(true);
      };
      await range('bytes=0-99', 0, 99);
      await range('bytes=100-199', 100, 199);
      await range('bytes=-50', size - 50, size - 1);
      await range(`bytes=${size - 10}-`, size - 10, size - 1);
      await range(`bytes=10-${size + 1000}`, 10, size - 1);
      const past = await get(video.url, { range: `bytes=${size}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${size}`);
      // Several ranges, or a malformed one: the whole file.
      expect((await get(video.url, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
      expect((await get(video.url, { range: 'items=0-1' })).statusCode).toBe(200);
      // If-Range with another validator: the whole file.
      expect((await get(video.url, { range: 'bytes=0-1', 'if-range': '"old"' })).statusCode).toBe(200);
    });

    it('serves nothing else: an unknown sha, another upload, a malformed address, a deleted file', async () => {
      refused(await get(publicMediaUrl('0'.repeat(64))), 404);
      const body = multipart([{ name: 'file', filename: 'x.png', content: await picture(12, 13) }]);
      const other = await t().app.inject({
        method: 'POST',
        url: UPLOAD_PATHS.uploadImage,
        headers: { ...editor.headers, ...body.headers },
        payload: body.payload,
      });
      expect(other.statusCode, other.body).toBe(200);
      const row = await t()
        .database.db.selectFrom('stored_files')
        .select('sha256')
        .where('id', '=', other.json().data.id)
        .executeTakeFirstOrThrow();
      refused(await get(publicMediaUrl(row.sha256)), 404);
      refused(await get('/api/public/media/../../etc/passwd'), 404);
      expect((await get('/api/public/media/ABC')).statusCode).toBe(400);
      const gone = await uploaded('gone.png', await picture(700, 300), { alt: '将删除' });
      refused(await call(editor, 'DELETE', at(P.item, gone.id)), 200);
      refused(await get(gone.url), 404);
      refused(await get(gone.thumbUrl!), 404);
      refused(await get(gone.variants[0]!.url), 404);
    });
  });

  describe('the library', () => {
    it('lists by folder, kind and name, zero-based pages, newest first, and counts folders', async () => {
      const names = ['甲-cover.png', '乙-cover.png', '丙-cover.png'];
      for (const n of names) await uploaded(n, await picture(40, 40), { alt: `${n} 的说明`, folder: 'list-test' });
      const page = async (query: string) => {
        const res = await call(reader, 'GET', `${P.list}?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as { content: MediaFile[]; totalElements: number };
      };
      const first = await page('folder=list-test&pageNumber=0&pageSize=2');
      expect(first.totalElements).toBe(3);
      expect(first.content.map((f) => f.fileName)).toEqual(['丙-cover.png', '乙-cover.png']);
      expect((await page('folder=list-test&pageNumber=1&pageSize=2')).content.map((f) => f.fileName)).toEqual(['甲-cover.png']);
      expect((await page('folder=list-test&name=乙')).content.map((f) => f.fileName)).toEqual(['乙-cover.png']);
      expect((await page('folder=list-test&name=甲-cover.png 的说明')).totalElements).toBe(1);
      expect((await page('folder=list-test&kind=video')).totalElements).toBe(0);
      expect((await page('kind=video')).content.every((f) => f.kind === 'video')).toBe(true);
      expect((await page('folder=/')).content.every((f) => f.folder === '')).toBe(true);
      expect((await call(reader, 'GET', `${P.list}?folder=../x`)).statusCode).toBe(400);
      expect((await call(reader, 'GET', `${P.list}?kind=audio`)).statusCode).toBe(400);
      const folders = (await call(reader, 'GET', P.folders)).json().data as MediaFolder[];
      expect(folders).toContainEqual({ folder: 'list-test', count: 3 });
      const videoFolders = (await call(reader, 'GET', `${P.folders}?kind=video`)).json().data as MediaFolder[];
      expect(videoFolders.some((f) => f.folder === 'list-test')).toBe(false);
      // The other site's library is another library.
      expect(
        ((await call(reader, 'GET', `${mediaPaths('portalWebsites').list}?folder=list-test`)).json().data as { totalElements: number })
          .totalElements,
      ).toBe(0);
    });

    it('edits name, alt and folder against the version it started from', async () => {
      const file = await uploaded('edit.png', await picture(40, 40), { alt: '旧说明' });
      const res = await call(writer, 'PUT', at(P.item, file.id), { fileName: '新名字.png', alt: '新说明', folder: 'products', version: 1 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ fileName: '新名字.png', alt: '新说明', folder: 'products', version: 2, url: file.url });
      refused(
        await call(writer, 'PUT', at(P.item, file.id), { fileName: 'x.png', alt: 'y', folder: '', version: 1 }),
        409,
        MEDIA_MESSAGES.stale,
      );
      const noAlt = await call(writer, 'PUT', at(P.item, file.id), { fileName: 'x.png', alt: '', folder: '', version: 2 });
      refused(noAlt, 400, MEDIA_MESSAGES.altRequired);
      expect(noAlt.json().errors).toEqual([{ field: 'alt', message: MEDIA_MESSAGES.altRequired }]);
      expect(
        (await call(writer, 'PUT', at(P.item, file.id), { fileName: ' ', alt: 'y', folder: '', version: 2 })).json().message,
      ).toContain(MEDIA_MESSAGES.fileNameRequired);
      expect((await call(reader, 'GET', at(P.item, file.id))).json().data).toMatchObject({ fileName: '新名字.png', version: 2 });
    });

    it('tells where a file is used and refuses to delete it while it is', async () => {
      const file = await uploaded('used.png', await picture(40, 40), { alt: '被引用的图片' });
      const db = t().database.db;
      const item = await db
        .insertInto('portal_items')
        .values({
          enterprise_id: 'ent-p',
          site: SITE,
          type: 'banner',
          title: '首页横幅',
          draft: JSON.stringify({ title: '首页横幅', image: file.id }),
          create_user_id: 'demo-portal-admin',
          create_user_name: '孙悦',
          change_user_id: 'demo-portal-admin',
          change_user_name: '孙悦',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('portal_item_refs').values({ item_id: item.id, ref_kind: 'media', ref_id: file.id }).execute();
      const uses = await call(reader, 'GET', at(P.uses, file.id));
      expect(uses.statusCode, uses.body).toBe(200);
      expect(uses.json().data as MediaUse[]).toEqual([{ id: Number(item.id), type: 'banner', title: '首页横幅' }]);
      refused(
        await call(editor, 'DELETE', at(P.item, file.id)),
        409,
        MEDIA_MESSAGES.inUse('used.png', [MEDIA_MESSAGES.use('首页横幅', Number(item.id))]),
      );
      expect((await get(file.url)).statusCode).toBe(200);
      // Once the item is gone the file may go.
      await db.updateTable('portal_items').set({ deleted: true }).where('id', '=', item.id).execute();
      expect((await call(reader, 'GET', at(P.uses, file.id))).json().data).toEqual([]);
      const res = await call(editor, 'DELETE', at(P.item, file.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ id: file.id });
      refused(await call(reader, 'GET', at(P.item, file.id)), 404);
      refused(await call(editor, 'DELETE', at(P.item, file.id)), 404);
    });
  });

  describe('who may do what', () => {
    it('reading needs <site>:read, uploading and editing <site>:write, deleting <site>:admin', async () => {
      const file = await uploaded('perm.png', await picture(40, 40), { alt: '权限' });
      const denied = (res: { statusCode: number; json: () => { message: string } }, permission: Permission) => {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(PERMISSION_MESSAGES.denied(permission));
      };
      denied(await call(outsider, 'GET', P.list), `${SITE}:read`);
      denied(await call(outsider, 'GET', at(P.uses, file.id)), `${SITE}:read`);
      denied(await upload(reader, 'r.png', await picture(20, 20), { alt: 'x' }), `${SITE}:write`);
      denied(await call(reader, 'PUT', at(P.item, file.id), { fileName: 'x.png', alt: 'x', folder: '', version: 1 }), `${SITE}:write`);
      denied(await call(writer, 'DELETE', at(P.item, file.id)), `${SITE}:admin`);
      expect((await upload(writer, 'w.png', await picture(20, 20), { alt: 'x' })).statusCode).toBe(200);
      // No session: refused before any byte is kept.
      const { payload, headers } = multipart([{ name: 'file', filename: 'n.png', content: await picture(20, 20) }]);
      expect((await t().app.inject({ method: 'POST', url: P.list, headers, payload })).statusCode).toBe(401);
    });

    it('another enterprise neither lists, sees, edits, tells the uses of nor deletes a file (404)', async () => {
      const file = await uploaded('private.png', await picture(40, 40), { alt: '本企业的图片', folder: 'private' });
      const list = (await call(otherAdmin, 'GET', `${P.list}?pageSize=1000`)).json().data as { content: MediaFile[] };
      expect(list.content.some((f) => f.id === file.id)).toBe(false);
      const folders = (await call(otherAdmin, 'GET', P.folders)).json().data as MediaFolder[];
      expect(folders.some((f) => f.folder === 'private')).toBe(false);
      refused(await call(otherAdmin, 'GET', at(P.item, file.id)), 404);
      refused(await call(otherAdmin, 'GET', at(P.uses, file.id)), 404);
      refused(await call(otherAdmin, 'PUT', at(P.item, file.id), { fileName: 'x.png', alt: 'x', folder: '', version: 1 }), 404);
      refused(await call(otherAdmin, 'DELETE', at(P.item, file.id)), 404);
      expect((await call(editor, 'GET', at(P.item, file.id))).json().data).toMatchObject({ fileName: 'private.png', version: 1 });
    });
  });

  describe('the demo media', () => {
    it('adds pictures in folders with alt text and two videos, findable by file name', async () => {
      const store = new FileStore(t().config.uploadDir);
      const scope = { enterpriseId: 'ent-b', site: 'portalWebsites' as const };
      const ids = await seedPortalMedia(t().database.db, store, { ...scope, userId: 'demo-b-staff', userName: 'seed' });
      expect([...ids.keys()]).toEqual([...SEED_IMAGES.map((i) => i.fileName), ...SEED_VIDEOS.map((v) => v.fileName)]);
      expect(await seededMediaIds(t().database.db, scope)).toEqual(ids);
      const rows = await t()
        .database.db.selectFrom('portal_media')
        .selectAll()
        .where('enterprise_id', '=', 'ent-b')
        .orderBy('id')
        .execute();
      expect(rows.filter((r) => r.kind === 'image')).toHaveLength(SEED_IMAGES.length);
      expect(
        rows
          .filter((r) => r.kind === 'video')
          .map((r) => r.mime_type)
          .sort(),
      ).toEqual(['video/mp4', 'video/webm']);
      expect(new Set(rows.map((r) => r.folder))).toEqual(new Set(['banners', 'news', 'products', '', 'videos']));
      for (const r of rows.filter((x) => x.kind === 'image')) {
        expect(r.alt).not.toBe('');
        expect(r.thumb_sha256).not.toBeNull();
      }
      const banner = rows.find((r) => r.file_name === 'banner-commodities.jpg')!;
      expect([banner.width, banner.height, (banner.variants as { width: number }[]).map((v) => v.width)]).toEqual([
        1920,
        600,
        [480, 960, 1600],
      ]);
      const clip = rows.find((r) => r.file_name === 'test-pattern.mp4')!;
      const res = await get(publicMediaUrl(clip.sha256), { range: 'bytes=0-11' });
      expect(res.statusCode).toBe(206);
      expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    });
  });
});
