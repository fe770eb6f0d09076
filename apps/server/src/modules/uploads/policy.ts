// What the uploads accept (spec 5, Document upload / Image upload): the sniffed content decides, the name's
// extension must agree with it, and programs, scripts and web pages are refused whatever they are called.
import { DOCUMENT_EXTENSIONS, DRAFT_EXTENSIONS, MESSAGES, type UploadVariant } from '@tfb/contract';
import { AppError } from '../../lib/errors.js';
import { entryExtensions, type ZipProblem } from './archive.js';
import { EXECUTABLE_EXTENSIONS, KINDS, WEB_EXTENSIONS, type FileKind, type Sniffed } from './sniff.js';

export type Accepted = { extension: string; mimeType: string };

export const REFUSALS = {
  executable: '不允许上传可执行文件或脚本',
  web: '不允许上传网页文件（HTML、SVG 等）',
  archiveExecutable: (entry: string) => `压缩包内含不允许的文件类型：${entry}`,
  archiveUnreadable: '压缩包结构无法读取，不允许上传',
  archiveTooLarge: '压缩包条目过多或目录过大，无法检查，不允许上传',
  archiveHiddenNames: '压缩包的文件名已加密，无法检查其中的文件，不允许上传',
  archiveInconsistent: (detail: string) => `压缩包的中央目录与本地文件头不一致（${detail}），不允许上传`,
  archiveUninspectable: (label: string) => `不支持上传 ${label} 压缩包：无法检查其中的文件，请改用 zip 格式`,
  unknown: `不支持的文件类型，可上传类型为：${DOCUMENT_EXTENSIONS.join(',')}`,
  mismatch: (content: string, extension: string) => `文件内容（${content}）与扩展名（.${extension}）不符`,
} as const;

const unsupported = (message: string) => new AppError(41500, message);

const MAX_NAME_CHARS = 200;

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The part of a client's file name that is safe to keep and show: the last path segment, without control,
 * bidirectional-override and Windows-reserved characters, leading dots or trailing dots and spaces, at most 200
 * characters (the extension kept). May be '' when nothing is left.
 */
export function safeBaseName(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f<>:"|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  name = name
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '')
    .trim();
  const chars = [...name];
  if (chars.length > MAX_NAME_CHARS) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 20 ? `.${ext}` : '';
    name = chars.slice(0, MAX_NAME_CHARS - keep.length).join('') + keep;
  }
  return name;
}

const archiveRefusal = (p: ZipProblem): string => {
  switch (p.problem) {
    case 'unreadable':
      return REFUSALS.archiveUnreadable;
    case 'too-large':
      return REFUSALS.archiveTooLarge;
    case 'hidden-names':
      return REFUSALS.archiveHiddenNames;
    case 'inconsistent':
      return REFUSALS.archiveInconsistent(p.detail);
  }
};

function refuseDangerous(sniffed: Sniffed, name: string, ext: string): void {
  // The name read as the zip entries are (dot look-alikes, invisible characters): `invoice。exe` is refused
  // like `invoice.exe`, whatever the content.
  const disguised = entryExtensions(name).some((e) => EXECUTABLE_EXTENSIONS.has(e));
  if (sniffed.type === 'executable' || EXECUTABLE_EXTENSIONS.has(ext) || disguised) throw unsupported(REFUSALS.executable);
  if (sniffed.type === 'web' || WEB_EXTENSIONS.has(ext)) throw unsupported(REFUSALS.web);
  if (sniffed.type === 'archive-executable') throw unsupported(REFUSALS.archiveExecutable(sniffed.entry));
  if (sniffed.type === 'archive-invalid') throw unsupported(archiveRefusal(sniffed.problem));
  if (sniffed.type === 'archive-uninspectable') throw unsupported(REFUSALS.archiveUninspectable(sniffed.label));
}

const isDraftKind = (kind: FileKind) => (DRAFT_EXTENSIONS as readonly string[]).includes(kind);

/** A document (any variant); throws 415 with the message the user sees. */
export function acceptDocument(sniffed: Sniffed, name: string, variant: UploadVariant): Accepted {
  const ext = extensionOf(name);
  refuseDangerous(sniffed, name, ext);
  if (sniffed.type !== 'file') throw unsupported(REFUSALS.unknown);
  const kind = KINDS[sniffed.kind];
  if (variant === 'draft' && (!isDraftKind(sniffed.kind) || (ext !== '' && !(DRAFT_EXTENSIONS as readonly string[]).includes(ext)))) {
    throw unsupported(MESSAGES.documentDraftDocOnly);
  }
  const extensions: readonly string[] = kind.extensions;
  if (ext !== '' && !extensions.includes(ext)) throw unsupported(REFUSALS.mismatch(kind.label, ext));
  const extension = ext || kind.extensions[0];
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) throw unsupported(REFUSALS.unknown);
  return { extension, mimeType: sniffed.mime };
}

const contentLabel = (sniffed: Sniffed): string => {
  switch (sniffed.type) {
    case 'file':
      return KINDS[sniffed.kind].label;
    case 'executable':
    case 'web':
    case 'archive-executable':
    case 'archive-invalid':
    case 'archive-uninspectable':
      return sniffed.label;
    case 'unknown':
      return '未知';
  }
};

/** An image of one of the `allowed` extensions (jpg, jpeg, png, gif or fewer); throws 415 with the spec's message. */
export function acceptImage(sniffed: Sniffed, name: string, allowed: readonly string[]): Accepted {
  const ext = extensionOf(name);
  const refuse = (type: string) => unsupported(MESSAGES.imageTypeNotSupported(type, allowed));
  if (ext !== '' && !allowed.includes(ext)) throw refuse(ext);
  if (sniffed.type !== 'file') throw refuse(contentLabel(sniffed));
  const extensions: readonly string[] = KINDS[sniffed.kind].extensions;
  const permitted = extensions.find((e) => allowed.includes(e));
  if (permitted === undefined || (ext !== '' && !extensions.includes(ext))) throw refuse(contentLabel(sniffed));
  return { extension: ext || permitted, mimeType: sniffed.mime };
}
