// The header: product name, top menus, unread-warnings badge, error log, language and the user menu.
import { BellOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Flex, Layout, Tooltip, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SessionUser, TopMenuKey } from '@tfb/contract';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitcher } from '../../components/language-switcher';
import { UserAvatar } from '../../components/user-avatar';
import { useUnreadWarningCount } from '../../features/warnings/api/get-unread-count';
import { logout } from '../../lib/session';
import { canVisit, useAccess } from '../routes/access';
import { ErrorLogButton } from './error-log-drawer';
import { TopMenu } from './top-menu';

const WARNINGS_PATH = '/risk/warnings';
const PROFILE_PATH = '/system/profile';

function WarningsBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  // The warnings feature keeps this count current (every message page and every mark-read reply carry it).
  const count = useUnreadWarningCount();
  const reachable = canVisit(access, WARNINGS_PATH);
  const label = count > 0 ? t('header.unreadWarnings', { count }) : t('header.warnings');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="header-action"
        aria-label={label}
        onClick={() => reachable && navigate(WARNINGS_PATH)}
        data-testid="unread-warnings"
      >
        <Badge count={count} size="small" overflowCount={99} offset={[4, -2]}>
          <BellOutlined className="header-action__icon" />
        </Badge>
      </Button>
    </Tooltip>
  );
}

function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <Flex vertical className="user-menu__who">
          <strong className="user-menu__name">{user.name || user.userName}</strong>
          <span className="user-menu__enterprise">{user.enterpriseName}</span>
        </Flex>
      ),
    },
    { type: 'divider' },
    ...(canVisit(access, PROFILE_PATH) ? [{ key: 'profile', icon: <UserOutlined />, label: t('header.profile') }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
  ];
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'profile') navigate(PROFILE_PATH);
          if (key === 'logout') void logout();
        },
      }}
    >
      {/* Named by the user's name it shows (the avatar's initial is decoration). */}
      <Button type="text" className="header-action header-user">
        <UserAvatar size={28} name={user.name || user.userName} picture={user.avatar} className="header-user__avatar" />
        <span className="header-user__name">{user.name || user.userName}</span>
      </Button>
    </Dropdown>
  );
}

export function AppHeader({ user, activeMenu }: { user: SessionUser; activeMenu: TopMenuKey | undefined }) {
  const { t } = useTranslation();
  return (
    <Layout.Header className="app-header">
      <Link to="/" className="app-header__brand" aria-label={t('app.name')}>
        <BrandMark />
        <span className="app-header__name">{t('app.shortName')}</span>
      </Link>
      <div className="app-header__menu">
        <TopMenu activeMenu={activeMenu} />
      </div>
      <Flex align="center" gap={4} className="app-header__actions">
        <WarningsBadge />
        <ErrorLogButton />
        <LanguageSwitcher />
        <UserMenu user={user} />
      </Flex>
    </Layout.Header>
  );
}
