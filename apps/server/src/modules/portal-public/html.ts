// The public site's HTML, written on the server from the values the public API answers: no script, no inline
// style, one stylesheet. Every text is escaped here; rich text arrives as sanitised HTML (item.html) and is the
// only markup taken as it is.
import {
  COLUMN_LINK_PATTERN,
  CONTENT_LINK_PATTERN,
  SITE_STYLESHEET_PATH,
  siteUrls,
  type MediaSummary,
  type PortalSite,
  type PublicBanner,
  type PublicColumn,
  type PublicColumnRef,
  type PublicCopy,
  type PublicItem,
  type PublicItemSummary,
  type PublicSlot,
} from '@tfb/contract';
import { escapeHtml as esc } from '../../lib/rich-text/index.js';
import { SITE_STRINGS as S } from './strings.js';

/** What every page has around its content: the navigation and the website copy (footer). */
export type Frame = { site: PortalSite; nav: PublicColumn[]; copy: PublicCopy | null; preview?: boolean };

type Head = { title: string; description?: string; keywords?: string; activePath?: string };

/** A link an editor typed: a path within the site goes under the site's base; anything else the patterns refuse is dropped. */
function siteHref(site: PortalSite, link: string, pattern: RegExp): string | null {
  if (link === '' || !pattern.test(link)) return null;
  if (/^https?:\/\//i.test(link) || link.startsWith('/site/') || link.startsWith('/api/')) return link;
  const base = `/site/${site}`;
  return link.startsWith('/') ? `${base}${link}` : `${base}/${link}`;
}
const isExternal = (href: string) => /^https?:\/\//i.test(href);
const linkAttrs = (href: string) => `href="${esc(href)}"${isExternal(href) ? ' target="_blank" rel="noopener noreferrer"' : ''}`;

/** yyyy-MM-dd in China Standard Time (the site's readers'), from an ISO instant. */
export function dateOf(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t + 8 * 3600_000).toISOString().slice(0, 10);
}

const durationText = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
};

function picture(m: MediaSummary, cls: string, sizes = '(max-width: 768px) 100vw, 50vw', eager = false): string {
  const srcset = m.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
  const dims = m.width && m.height ? ` width="${m.width}" height="${m.height}"` : '';
  return `<img class="${cls}" src="${esc(m.url)}"${srcset ? ` srcset="${esc(srcset)}" sizes="${esc(sizes)}"` : ''} alt="${esc(m.alt)}"${dims}${eager ? '' : ' loading="lazy"'}>`;
}

function navList(site: PortalSite, nodes: readonly PublicColumn[], activeRoot: string | undefined, depth = 1): string {
  const items = nodes.map((c) => {
    const href = c.kind === 'link' ? siteHref(site, c.linkUrl, COLUMN_LINK_PATTERN) : siteUrls(site).column(c.path);
    const active =
      depth === 1 &&
      activeRoot !== undefined &&
      (c.path === activeRoot || (c.kind === 'link' && href === siteUrls(site).home && activeRoot === ''));
    const link = href ? `<a ${linkAttrs(href)}${active ? ' aria-current="page"' : ''}>${esc(c.name)}</a>` : `<span>${esc(c.name)}</span>`;
    const sub = c.children.length && depth < 2 ? `<ul class="nav-sub">${navList(site, c.children, undefined, depth + 1)}</ul>` : '';
    return `<li class="${c.children.length && depth < 2 ? 'has-sub' : ''}${active ? ' active' : ''}">${link}${sub}</li>`;
  });
  return items.join('');
}

function layout(frame: Frame, head: Head, main: string): string {
  const { site, copy } = frame;
  const name = copy?.title || S.siteName[site];
  const title = head.title ? `${head.title} - ${name}` : `${name} - ${S.siteTagline[site]}`;
  const meta = [
    head.description ? `<meta name="description" content="${esc(head.description)}">` : '',
    head.keywords ? `<meta name="keywords" content="${esc(head.keywords)}">` : '',
    frame.preview ? '<meta name="robots" content="noindex, nofollow">' : '',
  ].join('');
  const previewBar = frame.preview
    ? `<div class="preview-bar" role="status"><strong>${esc(S.previewBanner)}</strong><span>${esc(S.previewNote)}</span></div>`
    : '';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>${meta}
<link rel="stylesheet" href="${SITE_STYLESHEET_PATH}">
</head>
<body class="site site-${site}${frame.preview ? ' is-preview' : ''}">
<a class="skip" href="#main">${esc(S.skipToContent)}</a>
${previewBar}<header class="site-header">
<div class="wrap header-row">
<a class="brand" href="${siteUrls(site).home}"><span class="brand-mark" aria-hidden="true"></span><span class="brand-text"><span class="brand-name">${esc(name)}</span><span class="brand-tagline">${esc(S.siteTagline[site])}</span></span></a>
<nav class="main-nav" aria-label="${esc(S.mainNav)}"><ul class="nav-top">${navList(site, frame.nav, head.activePath)}</ul></nav>
</div>
</header>
<main id="main">
${main}
</main>
${footer(frame)}
</body>
</html>
`;
}

function footer(frame: Frame): string {
  const { site, copy } = frame;
  const name = copy?.title || S.siteName[site];
  const contact = copy
    ? [
        copy.contactPhone ? `<li><span>${esc(S.contactPhone)}</span>${esc(copy.contactPhone)}</li>` : '',
        copy.contactEmail
          ? `<li><span>${esc(S.contactEmail)}</span><a href="mailto:${esc(copy.contactEmail)}">${esc(copy.contactEmail)}</a></li>`
          : '',
        copy.contactAddress ? `<li><span>${esc(S.contactAddress)}</span>${esc(copy.contactAddress)}</li>` : '',
      ].join('')
    : '';
  const links = frame.nav
    .filter((c) => c.kind !== 'link')
    .slice(0, 6)
    .map((c) => `<li><a href="${esc(siteUrls(site).column(c.path))}">${esc(c.name)}</a></li>`)
    .join('');
  const icp = copy?.icp ? `<a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">${esc(copy.icp)}</a>` : '';
  return `<footer class="site-footer">
<div class="wrap footer-grid">
<div class="footer-about"><div class="footer-name">${esc(name)}</div>${copy?.footerText ? `<p>${esc(copy.footerText)}</p>` : ''}</div>
<ul class="footer-links">${links}</ul>
<ul class="footer-contact">${contact}</ul>
</div>
<div class="footer-bottom"><div class="wrap">${copy?.copyright ? `<span>${esc(copy.copyright)}</span>` : ''}${icp}</div></div>
</footer>`;
}

function itemHref(site: PortalSite, item: PublicItemSummary): string {
  if (item.type === 'pictureTextItem' && item.linkUrl)
    return siteHref(site, item.linkUrl, CONTENT_LINK_PATTERN) ?? siteUrls(site).item(item.id);
  return siteUrls(site).item(item.id);
}

function card(site: PortalSite, item: PublicItemSummary, withSummary = true): string {
  const href = itemHref(site, item);
  const media = item.cover
    ? picture(item.cover, 'card-img', '(max-width: 768px) 100vw, 33vw')
    : `<span class="card-img placeholder" aria-hidden="true">${esc(S.typeLabel[item.type])}</span>`;
  const play =
    item.duration !== null
      ? `<span class="play" aria-hidden="true"></span><span class="duration">${esc(durationText(item.duration))}</span>`
      : '';
  return `<article class="card"><a ${linkAttrs(href)}><span class="card-media">${media}${play}</span><span class="card-body"><span class="card-title">${esc(item.title)}</span>${
    withSummary && item.summary ? `<span class="card-summary">${esc(item.summary)}</span>` : ''
  }<time class="card-date" datetime="${esc(item.publishTime)}">${esc(dateOf(item.publishTime))}</time></span></a></article>`;
}

function newsList(site: PortalSite, items: readonly PublicItemSummary[]): string {
  return `<ul class="news-list">${items
    .map(
      (i) =>
        `<li><a ${linkAttrs(itemHref(site, i))}>${esc(i.title)}</a><time datetime="${esc(i.publishTime)}">${esc(dateOf(i.publishTime))}</time></li>`,
    )
    .join('')}</ul>`;
}

function leadAndList(site: PortalSite, items: readonly PublicItemSummary[], cls: string): string {
  const [lead, ...rest] = items;
  if (!lead) return '';
  return `<div class="${cls}">${card(site, lead)}${rest.length ? newsList(site, rest) : ''}</div>`;
}

function slotColumn(site: PortalSite, slot: PublicSlot, col: PublicSlot['columns'][number]): string {
  const more = col.kind === 'page' ? '' : `<a class="more" href="${esc(siteUrls(site).column(col.path))}">${esc(S.more)}</a>`;
  const body = !col.items.length
    ? `<p class="empty">${esc(S.noItems)}</p>`
    : slot.variant === 'cards'
      ? `<div class="cards">${col.items.map((i) => card(site, i, false)).join('')}</div>`
      : slot.variant === 'imageLeft'
        ? leadAndList(site, col.items, 'lead-left')
        : slot.variant === 'imageTop'
          ? leadAndList(site, col.items, 'lead-top')
          : newsList(site, col.items);
  return `<div class="slot-col"><div class="col-head"><h3><a href="${esc(siteUrls(site).column(col.path))}">${esc(col.name)}</a></h3>${more}</div>${body}</div>`;
}

function slotSection(site: PortalSite, slot: PublicSlot): string {
  if (!slot.columns.length) return '';
  const tinted = slot.slotKind === 'bottomNews' || slot.slotKind === 'bottomRow' ? ' tinted' : '';
  return `<section class="slot slot-${slot.slotKind} variant-${slot.variant}${tinted}"><div class="wrap">${
    slot.title ? `<h2 class="section-title">${esc(slot.title)}</h2>` : ''
  }<div class="slot-grid cols-${slot.columns.length}">${slot.columns.map((c) => slotColumn(site, slot, c)).join('')}</div></div></section>`;
}

function bannerBlock(site: PortalSite, banners: readonly PublicBanner[]): string {
  if (!banners.length) return '';
  const slides = banners
    .map((b, i) => {
      const href = siteHref(site, b.linkUrl, CONTENT_LINK_PATTERN);
      const inner = `${picture(b.image, 'hero-img', '100vw', i === 0)}<span class="hero-caption"><span class="wrap"><span class="hero-title">${esc(b.title)}</span>${
        href ? `<span class="hero-cta">${esc(S.detailLink)}</span>` : ''
      }</span></span>`;
      return `<li class="hero-slide" id="banner-${b.id}">${href ? `<a ${linkAttrs(href)}>${inner}</a>` : inner}</li>`;
    })
    .join('');
  const dots =
    banners.length > 1
      ? `<ol class="hero-dots">${banners.map((b, i) => `<li><a href="#banner-${b.id}">${i + 1}</a></li>`).join('')}</ol>`
      : '';
  return `<section class="hero" aria-label="${esc(S.bannerRegion)}"><ul class="hero-track">${slides}</ul>${dots}</section>`;
}

export function homePage(frame: Frame, data: { banners: readonly PublicBanner[]; slots: readonly PublicSlot[] }): string {
  const about = frame.copy?.footerText ?? '';
  // Without a banner the home page still opens on the group's name and what it does.
  const top = data.banners.length
    ? `${bannerBlock(frame.site, data.banners)}${about ? `<section class="intro"><div class="wrap"><p>${esc(about)}</p></div></section>` : ''}`
    : `<section class="hero-plain"><div class="wrap"><p class="hero-kicker">${esc(S.siteTagline[frame.site])}</p><h1>${esc(
        frame.copy?.title || S.siteName[frame.site],
      )}</h1>${about ? `<p>${esc(about)}</p>` : ''}</div></section>`;
  const slots = data.slots.map((s) => slotSection(frame.site, s)).join('');
  return layout(frame, { title: '', activePath: '' }, `${top}${slots}`);
}

function breadcrumb(site: PortalSite, trail: readonly PublicColumnRef[], last?: string): string {
  const parts = [
    `<li><a href="${siteUrls(site).home}">${esc(S.home)}</a></li>`,
    ...trail.map((c) => `<li><a href="${esc(siteUrls(site).column(c.path))}">${esc(c.name)}</a></li>`),
    ...(last ? [`<li aria-current="page">${esc(last)}</li>`] : []),
  ];
  return `<nav class="breadcrumb" aria-label="${esc(S.breadcrumb)}"><ol>${parts.join('')}</ol></nav>`;
}

function pageBanner(title: string, trail: string): string {
  return `<section class="page-head"><div class="wrap">${trail}<h1>${esc(title)}</h1></div></section>`;
}

/** The sibling columns beside a column's page (its parent's children), when it has any. */
function sideNav(site: PortalSite, siblings: readonly PublicColumnRef[], currentId: number, heading: string): string {
  if (siblings.length < 2) return '';
  return `<aside class="side-nav"><h2>${esc(heading)}</h2><ul>${siblings
    .map(
      (c) =>
        `<li${c.id === currentId ? ' class="active"' : ''}><a href="${esc(siteUrls(site).column(c.path))}"${c.id === currentId ? ' aria-current="page"' : ''}>${esc(c.name)}</a></li>`,
    )
    .join('')}</ul></aside>`;
}

export type ColumnView = {
  column: PublicColumnRef & { seoTitle: string; seoKeywords: string; seoDescription: string };
  trail: readonly PublicColumnRef[];
  siblings: readonly PublicColumnRef[];
  sideHeading: string;
  /** A list column's page of items (pageNumber zero-based). */
  list?: { content: readonly PublicItemSummary[]; totalElements: number; pageNumber: number; pageSize: number };
  /** A page column's picture-text page. */
  single?: PublicItem | null;
};

function pager(site: PortalSite, path: string, pageNumber: number, pages: number): string {
  if (pages <= 1) return '';
  const u = siteUrls(site);
  const prev =
    pageNumber > 0
      ? `<a rel="prev" href="${esc(u.column(path, pageNumber - 1))}">${esc(S.previous)}</a>`
      : `<span>${esc(S.previous)}</span>`;
  const next =
    pageNumber + 1 < pages
      ? `<a rel="next" href="${esc(u.column(path, pageNumber + 1))}">${esc(S.next)}</a>`
      : `<span>${esc(S.next)}</span>`;
  return `<nav class="pager">${prev}<span class="pager-at">${esc(S.pageOf(pageNumber + 1, pages))}</span>${next}</nav>`;
}

function listBody(site: PortalSite, view: ColumnView): string {
  const list = view.list!;
  if (!list.content.length) return `<p class="empty">${esc(S.noItems)}</p>`;
  const rows = list.content
    .map((i) => {
      const href = itemHref(site, i);
      const thumb = i.cover ? `<a class="row-thumb" ${linkAttrs(href)} tabindex="-1">${picture(i.cover, 'thumb', '240px')}</a>` : '';
      const dur = i.duration !== null ? `<span class="badge">${esc(S.duration)} ${esc(durationText(i.duration))}</span>` : '';
      return `<li class="row${i.cover ? ' with-thumb' : ''}">${thumb}<div class="row-body"><h2><a ${linkAttrs(href)}>${esc(i.title)}</a></h2>${
        i.summary ? `<p>${esc(i.summary)}</p>` : ''
      }<div class="row-meta"><span class="badge type">${esc(S.typeLabel[i.type])}</span>${dur}<time datetime="${esc(i.publishTime)}">${esc(dateOf(i.publishTime))}</time></div></div></li>`;
    })
    .join('');
  const pages = Math.ceil(list.totalElements / list.pageSize);
  return `<ul class="rows">${rows}</ul>${pager(site, view.column.path, list.pageNumber, pages)}`;
}

export function columnPage(frame: Frame, view: ColumnView): string {
  const { site } = frame;
  const c = view.column;
  const body = view.list ? listBody(site, view) : view.single ? itemBody(site, view.single) : `<p class="empty">${esc(S.noItems)}</p>`;
  const main = `${pageBanner(c.name, breadcrumb(site, view.trail.slice(0, -1), c.name))}<div class="wrap page-body">${sideNav(
    site,
    view.siblings,
    c.id,
    view.sideHeading,
  )}<div class="page-main">${body}</div></div>`;
  return layout(
    frame,
    { title: c.seoTitle || c.name, description: c.seoDescription, keywords: c.seoKeywords, activePath: view.trail[0]?.path },
    main,
  );
}

const mediaOf = (item: PublicItem, key: string): MediaSummary | undefined => item.media.find((m) => m.id === item.fields[key]);
const textField = (item: PublicItem, key: string): string => (typeof item.fields[key] === 'string' ? (item.fields[key] as string) : '');

function itemBody(site: PortalSite, item: PublicItem): string {
  const meta: string[] = [];
  if (item.type !== 'pictureTextPage')
    meta.push(`<span>${esc(S.publishedOn)}：<time datetime="${esc(item.publishTime)}">${esc(dateOf(item.publishTime))}</time></span>`);
  if (textField(item, 'author')) meta.push(`<span>${esc(S.author)}：${esc(textField(item, 'author'))}</span>`);
  if (textField(item, 'source')) meta.push(`<span>${esc(S.source)}：${esc(textField(item, 'source'))}</span>`);
  const duration = typeof item.fields.duration === 'number' ? item.fields.duration : null;
  if (duration !== null) meta.push(`<span>${esc(S.duration)}：${esc(durationText(duration))}</span>`);
  const parts: string[] = [];
  if (item.type === 'video' || item.type === 'industryVideo') {
    const video = mediaOf(item, 'video');
    const poster = mediaOf(item, 'poster');
    if (video) {
      parts.push(
        `<div class="player"><video controls preload="metadata"${poster ? ` poster="${esc(poster.url)}"` : ''}><source src="${esc(video.url)}" type="${esc(video.mimeType)}">${esc(S.videoUnsupported)}</video></div>`,
      );
    }
    const summary = textField(item, 'summary');
    if (summary) parts.push(`<p class="lead">${esc(summary)}</p>`);
  } else if (item.type === 'pictureTextPage' || item.type === 'pictureTextItem') {
    const cover = mediaOf(item, 'cover');
    if (cover) parts.push(`<figure class="cover">${picture(cover, 'cover-img', '(max-width: 960px) 100vw, 860px', true)}</figure>`);
    const summary = textField(item, 'summary');
    if (summary) parts.push(`<p class="lead">${esc(summary)}</p>`);
  } else if (textField(item, 'summary')) {
    parts.push(`<p class="lead">${esc(textField(item, 'summary'))}</p>`);
  }
  if (item.html) parts.push(`<div class="rich-text">${item.html}</div>`);
  const link = siteHref(site, textField(item, 'linkUrl'), CONTENT_LINK_PATTERN);
  if (item.type === 'pictureTextItem' && link) parts.push(`<p class="more-link"><a ${linkAttrs(link)}>${esc(S.detailLink)}</a></p>`);
  const tags = Array.isArray(item.fields.tags) ? item.fields.tags.filter((t): t is string => typeof t === 'string') : [];
  if (tags.length)
    parts.push(`<p class="tags"><span>${esc(S.tags)}：</span>${tags.map((t) => `<span class="tag">${esc(t)}</span>`).join('')}</p>`);
  return `<article class="item item-${item.type}"><header class="item-head"><h1>${esc(item.title)}</h1>${
    meta.length ? `<div class="item-meta">${meta.join('')}</div>` : ''
  }</header>${parts.join('')}</article>`;
}

export type ItemView = { item: PublicItem; trail: readonly PublicColumnRef[] };

export function itemPage(frame: Frame, view: ItemView): string {
  const { site } = frame;
  const main = `<div class="wrap crumbs">${breadcrumb(site, view.trail)}</div><div class="wrap page-body single">${itemBody(site, view.item)}</div>`;
  return layout(frame, { title: view.item.title, description: textField(view.item, 'summary'), activePath: view.trail[0]?.path }, main);
}

export function notFoundPage(frame: Frame, text: string = S.notFoundText): string {
  const main = `<section class="not-found"><div class="wrap"><p class="code">404</p><h1>${esc(S.notFoundTitle)}</h1><p>${esc(text)}</p><p><a class="button" href="${
    siteUrls(frame.site).home
  }">${esc(S.backHome)}</a></p></div></section>`;
  return layout(frame, { title: S.notFoundTitle }, main);
}
