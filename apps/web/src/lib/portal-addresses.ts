// The addresses of the portal content screens in a site's tree (spec 2.1 names the pages): a type's list, add,
// edit and detail pages, or only its list when it is edited in a drawer there. The content screens and anything
// that links to an item (the workbench's approval tasks) read them here.
import type { ContentType, PortalSite } from '@tfb/contract';

export type SiteBase = '/portalWebsite' | '/portalWebsites';

export const siteOf = (base: SiteBase): PortalSite => (base === '/portalWebsite' ? 'portalWebsite' : 'portalWebsites');
export const baseOf = (site: PortalSite): SiteBase => `/${site}`;

/** The addresses of a type with its own screens; types edited in a drawer on their list have only `list`. */
export type ContentAddresses = { list: string; add?: string; edit?: string; detail?: string };

/** The page slugs of each type with pages of its own (spec 2.1); an announcement is edited on its add page (?id=). */
const SLUGS: Partial<Record<ContentType, { list: string; add: string; edit: string; detail: string }>> = {
  article: { list: 'articlelist', add: 'articleadd', edit: 'articleedit', detail: 'articledetail' },
  announcement: { list: 'announcement', add: 'announcementadd', edit: 'announcementadd', detail: 'announcementdetail' },
  pictureTextItem: { list: 'picturetextlist', add: 'picturetextadd', edit: 'picturetextedit', detail: 'picturetextdetail' },
  video: { list: 'video', add: 'videoadd', edit: 'videoedit', detail: 'videodetail' },
  industryVideo: { list: 'industryvideo', add: 'industryvideoadd', edit: 'industryvideoedit', detail: 'industryvideodetail' },
};

export const PORTAL_PAGE_TYPES = Object.keys(SLUGS) as ContentType[];

export const contentAddresses = (base: SiteBase, type: ContentType, list?: string): ContentAddresses => {
  const slugs = SLUGS[type];
  if (!slugs) return { list: list ?? base };
  return { list: `${base}/${slugs.list}`, add: `${base}/${slugs.add}`, edit: `${base}/${slugs.edit}`, detail: `${base}/${slugs.detail}` };
};

/** The page an item is reviewed on: its detail page, or the list its drawer opens from (undefined: none). */
export function contentItemAddress(site: PortalSite, type: string, id: number): string | undefined {
  const slugs = SLUGS[type as ContentType];
  return slugs ? `${baseOf(site)}/${slugs.detail}?id=${id}` : undefined;
}
