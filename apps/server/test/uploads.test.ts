// Uploads (spec 7.5, 5 Document upload / Image upload): content sniffing, size limits with the exact
// messages, content-addressed storage, safe names, nothing kept on refusal, files private to an enterprise.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { MB, UPLOAD_PATHS, fileIdOfUrl } from '@tfb/contract';
import {
  compoundFile,
  docx,
  elf,
  exe,
  gif,
  html,
  jpeg,
  multipart,
  pdf,
  png,
  rar,
  sevenZip,
  shellScript,
  text,
  unicodePathExtra,
  xlsx,
  zip,
  zipOf,
  zipWithExe,
  type Part,
} from './helpers/files.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('uploads', (t) => {
  let a: TestSession;
  let b: TestSession;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
  });

  const send = (s: TestSession, url: string, parts: Part[]) => {
    const { payload, headers } = multipart(parts);
    return t().app.inject({ method: 'POST', url, headers: { ...s.headers, ...headers }, payload });
  };
  const upload = (s: TestSession, filename: string, content: Buffer, variant?: string) =>
    send(s, variant ? `${UPLOAD_PATHS.upload}?variant=${variant}` : UPLOAD_PATHS.upload, [{ name: 'file', filename, content }]);
  /** The stored-file row of the file an upload answered the URL of. */
  const storedFileOf = (res: { json: () => { data: string } }) =>
    t().database.db.selectFrom('stored_files').selectAll().where('id', '=', fileIdOfUrl(res.json().data)!).executeTakeFirstOrThrow();
  const uploadImage = (s: TestSession, filename: string, content: Buffer, query = '') =>
    send(s, `${UPLOAD_PATHS.uploadImage}${query}`, [{ name: 'file', filename, content }]);
  const fileRows = async () =>
    Number(
      (
        await t()
          .database.db.selectFrom('stored_files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Every file under the upload folder (the temporary folder included). */
  const storedFiles = (): string[] => {
    const out: string[] = [];
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else out.push(p);
      }
    };
    walk(t().config.uploadDir);
    return out;
  };
  const expectRefused = async (res: Awaited<ReturnType<typeof upload>>, status: number, message?: string | RegExp) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.code).not.toBe(0);
    expect(body.data).toBeNull();
    if (typeof message === 'string') expect(body.message).toBe(message);
    else if (message) expect(body.message).toMatch(message);
  };

  it('stores a pdf by its SHA-256, records the row and answers the file URL', async () => {
    const content = pdf(2048);
    const res = await upload(a, '合同扫描件.pdf', content);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, message: '成功' });
    expect(body.data).toMatch(/^\/api\/businessperationService\/common\/file\/\d+$/);
    const id = fileIdOfUrl(body.data)!;
    const row = await t().database.db.selectFrom('stored_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const sha = crypto.createHash('sha256').update(content).digest('hex');
    expect(row).toMatchObject({
      enterprise_id: a.user.enterpriseId,
      sha256: sha,
      size_bytes: content.length,
      mime_type: 'application/pdf',
      extension: 'pdf',
      original_name: '合同扫描件.pdf',
      uploaded_by: 'demo-a-staff',
    });
    expect(typeof row.uploaded_at).toBe('string');
    const onDisk = path.join(t().config.uploadDir, sha.slice(0, 2), sha.slice(2, 4), sha);
    expect(fs.readFileSync(onDisk).equals(content)).toBe(true);

    // Streams back with its type and name; the metadata call agrees.
    const file = await t().app.inject({ method: 'GET', url: body.data, headers: a.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename=".*"; filename\*=UTF-8''%E5%90%88/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(content)).toBe(true);
    const download = await t().app.inject({ method: 'GET', url: `${body.data}?download=1`, headers: a.headers });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const info = await t().app.inject({ method: 'GET', url: `${body.data}/info`, headers: a.headers });
    expect(info.json().data).toMatchObject({ id, fileName: '合同扫描件.pdf', extension: 'pdf', sizeBytes: content.length, sha256: sha });
  });

  it('accepts the document types by content: doc, docx, xlsx, csv, png', async () => {
    for (const [name, content, mime] of [
      ['草稿.doc', compoundFile('WordDocument'), 'application/msword'],
      ['draft.docx', docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['清单.xlsx', xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['表.xls', compoundFile('Workbook'), 'application/vnd.ms-excel'],
      ['list.csv', text(), 'text/plain; charset=utf-8'],
      ['photo.png', png(), 'image/png'],
    ] as const) {
      const res = await upload(a, name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(await storedFileOf(res)).toMatchObject({ mime_type: mime, original_name: name });
    }
  });

  it('refuses executables and scripts whatever their name, with 415 and nothing kept', async () => {
    const rows = await fileRows();
    const files = storedFiles().length;
    await expectRefused(await upload(a, 'invoice.pdf', elf()), 415, /可执行文件/);
    await expectRefused(await upload(a, 'report.pdf', exe()), 415, /可执行文件/);
    await expectRefused(await upload(a, 'report.docx', exe()), 415, /可执行文件/);
    await expectRefused(await upload(a, 'scan.pdf', shellScript()), 415, /可执行文件/);
    await expectRefused(await upload(a, 'notes.txt', html()), 415, /网页/);
    await expectRefused(await upload(a, 'pack.zip', zipWithExe()), 415, '压缩包内含不允许的文件类型：setup.exe');
    await expectRefused(await upload(a, 'program.exe', exe()), 415);
    // A harmless content under a name that reads as a program.
    await expectRefused(await upload(a, 'invoice\u3002exe', pdf()), 415, '不允许上传可执行文件或脚本');
    await expectRefused(await upload(a, 'invoice.pdf\uff0eexe', pdf()), 415, '不允许上传可执行文件或脚本');
    // The colon is dropped from a kept name, so the stream suffix no longer matches the content.
    await expectRefused(await upload(a, 'invoice.exe::$DATA', pdf()), 415, '文件内容（pdf）与扩展名（.exe$data）不符');
    // Content that does not match the name.
    await expectRefused(
      await upload(a, 'contract.pdf', text('just some text pretending to be a pdf')),
      415,
      '文件内容（txt）与扩展名（.pdf）不符',
    );
    await expectRefused(await upload(a, 'contract.doc', pdf()), 415, '文件内容（pdf）与扩展名（.doc）不符');
    // Unknown binary content.
    await expectRefused(await upload(a, 'blob.bin', crypto.randomBytes(256)), 415, /^不支持的文件类型，可上传类型为：pdf,.*zip,png/);
    expect(await fileRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  /** Uploads each archive as pack.zip and expects a 415 with `message`; nothing is stored in any case. */
  const expectArchivesRefused = async (cases: readonly (readonly [string, Buffer, string | RegExp])[]) => {
    const rows = await fileRows();
    const files = storedFiles().length;
    for (const [label, archive, message] of cases) {
      const res = await upload(a, 'pack.zip', archive);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(415);
      const body = res.json();
      expect(body.data, label).toBeNull();
      if (typeof message === 'string') expect(body.message, label).toBe(message);
      else expect(body.message, label).toMatch(message);
    }
    expect(await fileRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  };

  it('refuses a program inside a zip however its name is disguised, naming the entry', async () => {
    const only = (name: string | Buffer) => zipOf([{ name, body: 'MZ....' }]);
    const refused = (entry: string) => `压缩包内含不允许的文件类型：${entry}`;
    await expectArchivesRefused([
      ['trailing dot', only('evil.exe.'), refused('evil.exe.')],
      ['trailing dots and spaces', only('evil.exe . .'), refused('evil.exe . .')],
      ['trailing space', only('evil.exe '), refused('evil.exe ')],
      ['alternate data stream', only('evil.exe::$DATA'), refused('evil.exe::$DATA')],
      ['named stream', only('evil.exe:payload'), refused('evil.exe:payload')],
      ['upper case', only('EVIL.EXE'), refused('EVIL.EXE')],
      ['backslash path', only('docs\\setup.Bat'), refused('docs\\setup.Bat')],
      ['in a folder', only('a/b/run.ps1'), refused('a/b/run.ps1')],
      ['a leading dot', only('docs/.exe'), refused('docs/.exe')],
      ['ONE DOT LEADER', only('evil\u2024exe'), refused('evil\u2024exe')],
      ['FULLWIDTH FULL STOP', only('evil\uff0eexe'), refused('evil\uff0eexe')],
      ['IDEOGRAPHIC FULL STOP', only('evil\u3002exe'), refused('evil\u3002exe')],
      ['HALFWIDTH IDEOGRAPHIC FULL STOP', only('evil\uff61exe'), refused('evil\uff61exe')],
      ['SMALL FULL STOP', only('evil\ufe52exe'), refused('evil\ufe52exe')],
      ['SYRIAC SUPRALINEAR FULL STOP', only('evil\u0701exe'), refused('evil\u0701exe')],
      ['fullwidth letters', only('evil.\uff45\uff58\uff45'), refused('evil.\uff45\uff58\uff45')],
      // Invisible characters are dropped from the name shown too.
      ['zero-width space', only('evil.e\u200bxe'), refused('evil.exe')],
      ['right-to-left override', only('invoice\u202etxt.exe'), refused('invoicetxt.exe')],
      // GBK bytes of `evil。exe` without the UTF-8 flag: what Chinese Windows shows.
      [
        'GBK ideographic full stop',
        only(Buffer.concat([Buffer.from('evil'), Buffer.from([0xa1, 0xa3]), Buffer.from('exe')])),
        /^压缩包内含不允许的文件类型：evil/,
      ],
      // The name an archiver shows from the Unicode-path extra field.
      [
        'Unicode path extra field',
        zipOf([{ name: 'readme.txt', body: 'MZ....', centralExtra: [unicodePathExtra('readme.txt', 'evil.exe')] }]),
        refused('readme.txt'),
      ],
      [
        'macro project in an Office file',
        zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w/>', 'word/vbaProject.bin': 'x' }),
        refused('word/vbaProject.bin'),
      ],
    ]);
  });

  it('refuses a zip whose central directory and local headers disagree, or whose listing cannot be read', async () => {
    const mismatch = (detail: string) => `压缩包的中央目录与本地文件头不一致（${detail}），不允许上传`;
    const smuggled = zipOf([{ name: 'evil.exe', body: 'MZ....' }]);
    const honest = zipOf([{ name: 'readme.txt', body: 'hello' }]);
    // A local entry for evil.exe between the listed entries and the directory: only a streaming reader sees it.
    const hidden = zipOf([{ name: 'readme.txt', body: 'hello' }], {
      between: smuggled.subarray(0, 30 + 'evil.exe'.length + 'MZ....'.length),
    });
    await expectArchivesRefused([
      [
        'names differ',
        zipOf([{ name: 'readme.txt', localName: 'evil.exe', body: 'MZ....' }]),
        mismatch('中央目录中的文件名为 readme.txt，本地文件头中的文件名为 evil.exe'),
      ],
      [
        'names differ only in case',
        zipOf([{ name: 'notes.txt', localName: 'NOTES.txt' }]),
        mismatch('中央目录中的文件名为 notes.txt，本地文件头中的文件名为 NOTES.txt'),
      ],
      ['sizes differ', zipOf([{ name: 'readme.txt', body: 'hello', localSize: 99 }]), mismatch('条目 readme.txt 的大小不一致')],
      ['methods differ', zipOf([{ name: 'readme.txt', body: 'hello', localMethod: 8 }]), mismatch('条目 readme.txt 的压缩方式不一致')],
      [
        'encryption flag only in the local header',
        zipOf([{ name: 'readme.txt', flags: 0, localFlags: 1 }]),
        mismatch('条目 readme.txt 的标志位不一致'),
      ],
      ['an entry the directory does not list', hidden, mismatch('最后一个条目与中央目录之间有目录未列出的内容')],
      [
        'two records for one local entry',
        (() => {
          // The directory lists readme.txt twice at the same offset: the second overlaps the first.
          const z = zipOf([
            { name: 'a.txt', body: 'x' },
            { name: 'a.txt', body: 'x' },
          ]);
          const cdAt = z.readUInt32LE(z.length - 6);
          z.writeUInt32LE(0, cdAt + 46 + 'a.txt'.length + 42);
          return z;
        })(),
        mismatch('条目 a.txt 与其他条目重叠'),
      ],
      [
        'names hidden by directory encryption',
        zipOf([{ name: 'readme.txt', flags: 0x2000 }]),
        '压缩包的文件名已加密，无法检查其中的文件，不允许上传',
      ],
      ['bytes after the end record', Buffer.concat([honest, Buffer.from('trailing')]), '压缩包结构无法读取，不允许上传'],
      ['a truncated directory', honest.subarray(0, honest.length - 30), '压缩包结构无法读取，不允许上传'],
    ]);
  });

  it('refuses RAR and 7z archives, whose listings are not read, whatever their name', async () => {
    await expectArchivesRefused([
      ['rar named .zip', rar(), '不支持上传 rar 压缩包：无法检查其中的文件，请改用 zip 格式'],
      ['7z named .zip', sevenZip(), '不支持上传 7z 压缩包：无法检查其中的文件，请改用 zip 格式'],
    ]);
    await expectRefused(await upload(a, '资料.rar', rar()), 415, '不支持上传 rar 压缩包：无法检查其中的文件，请改用 zip 格式');
    await expectRefused(await upload(a, '资料.7z', sevenZip()), 415, '不支持上传 7z 压缩包：无法检查其中的文件，请改用 zip 格式');
  });

  it('still stores honest zips: data descriptors, folders, Chinese names, encrypted entries with readable names', async () => {
    for (const [label, archive] of [
      [
        'data descriptors',
        zipOf([
          { name: 'a.txt', body: 'one', descriptor: true },
          { name: 'b.pdf', body: 'two', descriptor: true },
        ]),
      ],
      [
        'folders and Chinese names',
        zipOf([
          { name: '合同/', body: '' },
          { name: '合同/扫描件 2026.pdf', flags: 0x0800 },
          { name: '合同/说明。txt', flags: 0x0800 },
        ]),
      ],
      ['matching Unicode path', zipOf([{ name: 'readme.txt', centralExtra: [unicodePathExtra('readme.txt', '说明.txt')] }])],
      ['password-protected entries (names are still checked)', zipOf([{ name: 'statement.pdf', flags: 1 }])],
      ['an empty zip', zipOf([])],
    ] as const) {
      const res = await upload(a, 'pack.zip', archive);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      expect(await storedFileOf(res), label).toMatchObject({ mime_type: 'application/zip', extension: 'zip' });
    }
  });

  it('enforces 10 MB by default and 200 MB for the large variant, with the exact messages', async () => {
    const rows = await fileRows();
    const files = storedFiles().length;
    const big = pdf(10 * MB + 1);
    await expectRefused(await upload(a, 'big.pdf', big), 413, '上传文件大小不能超过 10MB!');
    await expectRefused(await upload(a, 'big.pdf', big, 'document'), 413, '上传文件大小不能超过 10MB!');
    // The variant as a form field before the file works too.
    await expectRefused(
      await send(a, UPLOAD_PATHS.upload, [
        { name: 'variant', value: 'draft' },
        { name: 'file', filename: 'big.docx', content: big },
      ]),
      413,
      '上传文件大小不能超过 10MB!',
    );
    expect(await fileRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
    // Exactly 10 MB is allowed; the large variant takes more.
    expect((await upload(a, 'exact.pdf', pdf(10 * MB))).statusCode).toBe(200);
    const large = await send(a, UPLOAD_PATHS.upload, [
      { name: 'variant', value: 'large' },
      { name: 'file', filename: 'pack.pdf', content: big },
    ]);
    expect(large.statusCode, large.body).toBe(200);
    expect((await upload(a, 'pack2.pdf', pdf(12 * MB), 'large')).statusCode).toBe(200);
  });

  it('the draft variant takes only .doc/.docx, with the exact message', async () => {
    await expectRefused(await upload(a, 'draft.pdf', pdf(), 'draft'), 415, '上传文件只能是.doc或.docx格式!');
    await expectRefused(await upload(a, 'draft.docx', pdf(), 'draft'), 415, '上传文件只能是.doc或.docx格式!');
    await expectRefused(await upload(a, 'draft.doc', compoundFile('Workbook'), 'draft'), 415, '上传文件只能是.doc或.docx格式!');
    expect((await upload(a, 'draft.docx', docx(), 'draft')).statusCode).toBe(200);
    expect((await upload(a, 'draft.doc', compoundFile(), 'draft')).statusCode).toBe(200);
  });

  it('keeps only a safe base name from a path-traversal name, and stores by hash only', async () => {
    const content = text(`secret ${crypto.randomUUID()}\n`);
    const res = await upload(a, '../../etc/passwd', content);
    expect(res.statusCode, res.body).toBe(200);
    const row = await storedFileOf(res);
    expect(row.original_name).toBe('passwd');
    expect(row.extension).toBe('txt');
    const sha = crypto.createHash('sha256').update(content).digest('hex');
    expect(storedFiles()).toContain(path.join(t().config.uploadDir, sha.slice(0, 2), sha.slice(2, 4), sha));
    expect(fs.existsSync(path.resolve(t().config.uploadDir, '../../etc/passwd.txt'))).toBe(false);

    for (const [raw, safe] of [
      ['..\\..\\windows\\win.ini.txt', 'win.ini.txt'],
      ['...hidden.txt', 'hidden.txt'],
      ['a<b>c:d|e?.txt', 'abcde.txt'],
    ] as const) {
      const r = await upload(a, raw, text(`x ${crypto.randomUUID()}`));
      expect(r.statusCode, r.body).toBe(200);
      expect((await storedFileOf(r)).original_name).toBe(safe);
    }
  });

  it('stores identical content once on disk, with a row per upload', async () => {
    const content = pdf(3000);
    const before = storedFiles().length;
    const r1 = await upload(a, 'one.pdf', content);
    const r2 = await upload(b, 'two.pdf', content);
    expect(r1.statusCode).toBe(200);
    expect(r2.statusCode).toBe(200);
    expect(r1.json().data).not.toBe(r2.json().data);
    expect(storedFiles().length - before).toBeLessThanOrEqual(1);
  });

  it('refuses bad requests clearly: no file, wrong field, empty file, not multipart, bad variant', async () => {
    const rows = await fileRows();
    await expectRefused(await send(a, UPLOAD_PATHS.upload, [{ name: 'note', value: 'x' }]), 400, '请选择要上传的文件');
    await expectRefused(
      await send(a, UPLOAD_PATHS.upload, [{ name: 'attachment', filename: 'a.pdf', content: pdf() }]),
      400,
      '文件字段名应为 file',
    );
    await expectRefused(await upload(a, 'empty.pdf', Buffer.alloc(0)), 400, '文件为空');
    const json = await t().app.inject({ method: 'POST', url: UPLOAD_PATHS.upload, headers: a.headers, payload: { file: 'x' } });
    await expectRefused(json, 415);
    await expectRefused(await upload(a, 'a.pdf', pdf(), 'huge'), 400);
    await expectRefused(
      await send(a, UPLOAD_PATHS.upload, [
        { name: 'file', filename: 'a.pdf', content: pdf() },
        { name: 'file', filename: 'b.pdf', content: pdf() },
      ]),
      400,
    );
    const noSession = await t().app.inject({
      method: 'POST',
      url: UPLOAD_PATHS.upload,
      ...multipart([{ name: 'file', filename: 'a.pdf', content: pdf() }]),
    });
    expect(noSession.statusCode).toBe(401);
    expect(await fileRows()).toBe(rows);
  });

  it('uploadImage: jpg/jpeg/png/gif by content, 20 MB, the exact messages, {id, filePath, fileName}', async () => {
    for (const [name, content] of [
      ['a.png', png()],
      ['b.jpg', jpeg()],
      ['c.jpeg', jpeg()],
      ['d.gif', gif()],
      ['no-extension', png()],
    ] as const) {
      const res = await uploadImage(a, name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const data = res.json().data;
      expect(data).toEqual({ id: expect.any(Number), filePath: `/api/businessperationService/common/file/${data.id}`, fileName: name });
      const file = await t().app.inject({ method: 'GET', url: data.filePath, headers: a.headers });
      expect(file.headers['content-type']).toMatch(/^image\//);
    }
    const rows = await fileRows();
    await expectRefused(await uploadImage(a, 'x.bmp', png()), 415, '暂不支持该类型：bmp ,可上传类型为：jpg,jpeg,png,gif');
    await expectRefused(await uploadImage(a, 'x.png', pdf()), 415, '暂不支持该类型：pdf ,可上传类型为：jpg,jpeg,png,gif');
    await expectRefused(await uploadImage(a, 'x.png', exe()), 415, '暂不支持该类型：exe ,可上传类型为：jpg,jpeg,png,gif');
    await expectRefused(await uploadImage(a, 'x.jpg', png()), 415, '暂不支持该类型：png ,可上传类型为：jpg,jpeg,png,gif');
    const big = Buffer.concat([png(), Buffer.alloc(20 * MB)]);
    await expectRefused(await uploadImage(a, 'big.png', big), 413, '上传文件大小不能超过 20MB!');
    // A use may narrow the limits.
    await expectRefused(
      await uploadImage(a, 'mid.png', Buffer.concat([png(), Buffer.alloc(2 * MB)]), '?maxMb=1'),
      413,
      '上传文件大小不能超过 1MB!',
    );
    await expectRefused(await uploadImage(a, 'x.gif', gif(), '?types=png,jpg'), 415, '暂不支持该类型：gif ,可上传类型为：png,jpg');
    await expectRefused(await uploadImage(a, 'x.png', png(), '?maxMb=50'), 400);
    expect(await fileRows()).toBe(rows);
  });

  it('serves a file only within its enterprise; the Token cookie works for GET', async () => {
    const url = (await upload(a, 'private.pdf', pdf(999))).json().data as string;
    const other = await t().app.inject({ method: 'GET', url, headers: b.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(40400);
    expect((await t().app.inject({ method: 'GET', url: `${url}/info`, headers: b.headers })).statusCode).toBe(404);
    expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const byCookie = await t().app.inject({ method: 'GET', url, headers: { cookie: `Token=${encodeURIComponent(a.token)}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-type']).toBe('application/pdf');
    expect(
      (await t().app.inject({ method: 'GET', url: '/api/businessperationService/common/file/abc', headers: a.headers })).statusCode,
    ).toBe(400);
    expect(
      (await t().app.inject({ method: 'GET', url: '/api/businessperationService/common/file/999999999', headers: a.headers })).statusCode,
    ).toBe(404);
  });
});
