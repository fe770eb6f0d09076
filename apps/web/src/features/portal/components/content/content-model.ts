// The content screens' model, from the contract's CONTENT_TYPE_DEFS: which screens each type has in a site's tree
// (its list, add, edit and detail addresses, or a drawer on its list), and the form's values as the contract's data
// (dates as ISO 8601 with the offset, an empty rich-text document as none).
import dayjs, { type Dayjs } from 'dayjs';
import {
  CONTENT_MESSAGES,
  CONTENT_TYPE_DEFS,
  type ContentData,
  type ContentField,
  type ContentItem,
  type ContentType,
  type ContentTypeDef,
  type PortalSite,
  type RichTextDocument,
  type SlotKind,
} from '@tfb/contract';
import type { ContentAddresses } from '../../../../lib/portal-addresses';

/** The slot page slugs and the slot kind each lists. */
export const SLOT_PAGES: Record<string, SlotKind> = {
  horizontalnews1: 'horizontalNews1',
  horizontalnews3: 'horizontalNews3',
  horizontalnews4: 'horizontalNews4',
  bottomnews: 'bottomNews',
  leftrightrow: 'leftRightRow',
  threerow: 'threeRow',
  fourrow: 'fourRow',
  bottomrow: 'bottomRow',
};

/** What one content screen works on: the site, the type, its addresses, and the slot kind of a slot page. */
export type ContentScreen = { site: PortalSite; type: ContentType; addresses: ContentAddresses; slotKind?: SlotKind };

export const defOf = (type: ContentType): ContentTypeDef => CONTENT_TYPE_DEFS[type];

/** The form's values: each field by its key, and the time window. */
export type ContentFormValues = Record<string, unknown> & { goLiveAt?: Dayjs | null; expireAt?: Dayjs | null };

const isDoc = (v: unknown): v is RichTextDocument => typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'doc';

/** A document with no text and no image: what an untouched editor holds, which the contract counts as none. */
export function isEmptyDocument(v: unknown): boolean {
  if (!isDoc(v)) return v === null || v === undefined;
  const walk = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null) return true;
    const n = node as { type?: string; text?: string; content?: unknown[] };
    if (n.type === 'image' || n.type === 'horizontalRule') return false;
    if (n.type === 'text') return (n.text ?? '').trim() === '';
    return (n.content ?? []).every(walk);
  };
  return walk(v);
}

const instant = (v: unknown): string | null => (dayjs.isDayjs(v) ? v.format() : typeof v === 'string' && v !== '' ? v : null);

/** A field's form value as the contract takes it. */
export function toContractValue(field: ContentField, value: unknown): unknown {
  switch (field.widget) {
    case 'datetime':
      return instant(value);
    case 'richText':
      return isEmptyDocument(value) ? null : value;
    case 'image':
    case 'video':
    case 'column':
      return value ?? null;
    case 'columns':
    case 'tags':
      return value ?? [];
    default:
      return value;
  }
}

/** A field's contract value as its form control takes it. */
function toFormValue(field: ContentField, value: unknown): unknown {
  if (field.widget === 'datetime') return typeof value === 'string' && value ? dayjs(value) : null;
  return value ?? undefined;
}

export function formValuesOf(
  type: ContentType,
  item: Pick<ContentItem, 'draft' | 'goLiveAt' | 'expireAt'> | null,
  preset: ContentData = {},
) {
  const values: ContentFormValues = {};
  const data = { ...preset, ...(item?.draft ?? {}) };
  for (const f of defOf(type).fields) values[f.key] = toFormValue(f, data[f.key]);
  values.goLiveAt = item?.goLiveAt ? dayjs(item.goLiveAt) : null;
  values.expireAt = item?.expireAt ? dayjs(item.expireAt) : null;
  return values;
}

/** The create body of the form's values (a save adds the version it started from). */
export function bodyOf(type: ContentType, values: ContentFormValues) {
  const data: ContentData = {};
  for (const f of defOf(type).fields) data[f.key] = toContractValue(f, values[f.key]);
  return { data, goLiveAt: instant(values.goLiveAt), expireAt: instant(values.expireAt) };
}

/** Why an item may not be edited now (a message of the contract), or null. */
export function editRefusal(screen: Pick<ContentScreen, 'type'>, item: ContentItem | null): string | null {
  if (!item) return null;
  if (item.reviewState === 'pending') return CONTENT_MESSAGES.pendingReview;
  if (defOf(screen.type).lockedAfterPublish && item.liveVersion !== null) return CONTENT_MESSAGES.announcementLocked;
  return null;
}
