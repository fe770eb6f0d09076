// The route screens of the content of both sites (the route table gives each its site's base, type and title key,
// and the approval block): a type's list, add/edit and detail pages; a layout slot kind's page; the single pages,
// the website copy and the topic and child column tables.
import { useTranslation } from 'react-i18next';
import type { ContentType, SlotKind } from '@tfb/contract';
import { ColumnTablePage } from './column-table-page';
import type { ReviewSlot } from './content-detail';
import { ContentListPage } from './content-list-page';
import { contentAddresses, siteOf, type SiteBase } from '../../../../lib/portal-addresses';
import type { ContentScreen } from './content-model';
import { ContentDetailPage, ContentFormPage } from './content-pages';
import { PictureTextSinglePage } from './picture-text-single-page';
import { WebsiteCopyPage } from './website-copy-page';
import './content.css';

export type ContentRouteProps = {
  base: SiteBase;
  type: ContentType;
  /** The route's title key. */
  title: string;
  /** The address of the list (types without pages of their own). */
  path?: string;
  slotKind?: SlotKind;
  review?: ReviewSlot;
};

const screenOf = ({ base, type, path, slotKind }: ContentRouteProps): ContentScreen => ({
  site: siteOf(base),
  type,
  addresses: contentAddresses(base, type, path),
  ...(slotKind ? { slotKind } : {}),
});

export function ContentListRoute(props: ContentRouteProps) {
  const { t } = useTranslation();
  const screen = screenOf(props);
  const title = t(props.title);
  if (props.type === 'websiteCopy') return <WebsiteCopyPage screen={screen} title={title} review={props.review} />;
  if (props.type === 'pictureTextPage') return <PictureTextSinglePage screen={screen} title={title} review={props.review} />;
  return <ContentListPage screen={screen} title={title} review={props.review} />;
}

export function ContentAddRoute(props: ContentRouteProps) {
  return <ContentFormPage screen={screenOf(props)} mode="add" />;
}

export function ContentEditRoute(props: ContentRouteProps) {
  return <ContentFormPage screen={screenOf(props)} mode="edit" />;
}

export function ContentDetailRoute(props: ContentRouteProps) {
  return <ContentDetailPage screen={screenOf(props)} review={props.review} />;
}

export type ColumnTableRouteProps = { base: SiteBase; title: string; which: 'topic' | 'child'; settingsPath: string };

export function ColumnTableRoute({ base, title, which, settingsPath }: ColumnTableRouteProps) {
  const { t } = useTranslation();
  return <ColumnTablePage site={siteOf(base)} title={t(title)} which={which} settingsPath={settingsPath} />;
}
