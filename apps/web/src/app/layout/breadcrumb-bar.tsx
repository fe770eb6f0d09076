// The breadcrumb: workbench › top menu › groups and parent pages › this page, in the current language.
import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WORKBENCH_PATH, type IndexedRoute } from '../routes/route-table';

export function BreadcrumbBar({ found }: { found: IndexedRoute | undefined }) {
  const { t } = useTranslation();
  const items: { key: string; title: ReactNode }[] = [];
  const home = (
    <>
      <HomeOutlined /> <span>{t('route.workbench')}</span>
    </>
  );
  if (!found || found.node.path === WORKBENCH_PATH) {
    items.push({ key: 'home', title: home });
  } else {
    items.push({ key: 'home', title: <Link to={WORKBENCH_PATH}>{home}</Link> });
    const menu = found.node.meta.menu;
    const menuTitle = menu ? `menu.${menu}` : undefined;
    if (menuTitle && found.ancestors[0]?.meta.title !== menuTitle) items.push({ key: 'menu', title: t(menuTitle) });
    for (const a of found.ancestors) {
      items.push({
        key: a.path,
        title: a.kind === 'page' ? <Link to={a.path}>{t(a.meta.title)}</Link> : t(a.meta.title),
      });
    }
    items.push({ key: found.node.path, title: t(found.node.meta.title) });
  }
  return <Breadcrumb className="app-breadcrumb" aria-label={t('header.breadcrumb')} items={items} />;
}
