// The home workbench: real figures of the signed-in user's enterprise, its latest warnings and the tasks
// waiting for the user's roles. Nothing here is made up: empty lists say so.
import {
  AccountBookOutlined,
  AlertOutlined,
  AuditOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  GoldOutlined,
  ImportOutlined,
  ProjectOutlined,
  ReloadOutlined,
  RiseOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Statistic, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PORTAL_SITES, parsePortalContentBusinessCode, type PortalSite, type Workbench } from '@tfb/contract';
import { IconCard } from '../../../components/business/icon-card';
import { PageTitle } from '../../../components/page-title';
import { UserAvatar } from '../../../components/user-avatar';
import { contentItemAddress } from '../../../lib/portal-addresses';
import { formatRelativeTime, useNow } from '../../../lib/relative-time';
import { useCanVisit } from '../../../lib/route-access';
import { useSessionUser } from '../../../lib/session';
import { useWorkbench } from '../api/get-workbench';

type CountKey = keyof Workbench['counts'];

const COUNT_CARDS: readonly { key: CountKey; icon: ReactNode; color: string; path: string }[] = [
  { key: 'salesOrders', icon: <RiseOutlined />, color: '#1668dc', path: '/orders/sale' },
  { key: 'purchaseOrders', icon: <ShoppingCartOutlined />, color: '#13a8a8', path: '/orders/purchase' },
  { key: 'projects', icon: <ProjectOutlined />, color: '#722ed1', path: '/projects/list' },
  { key: 'contracts', icon: <SolutionOutlined />, color: '#2f54eb', path: '/contracts' },
  { key: 'loanApplications', icon: <AccountBookOutlined />, color: '#fa8c16', path: '/funds/loans' },
  { key: 'inStorageNotices', icon: <ImportOutlined />, color: '#389e0d', path: '/warehouse/regulated' },
  { key: 'deliveryInstructions', icon: <ExportOutlined />, color: '#c41d7f', path: '/warehouse/regulated' },
  { key: 'goods', icon: <GoldOutlined />, color: '#d48806', path: '/goods/catalogue' },
  { key: 'addresses', icon: <EnvironmentOutlined />, color: '#08979c', path: '/customers/addresses' },
];

const WARNINGS_PATH = '/risk/warnings';

/**
 * Today's date in full, as each language writes it, in dayjs's locale of the language (lib/i18n.ts keeps it in step).
 * Not Intl.DateTimeFormat: the first formatter of a page loads its locale's data, some 20 ms of the first screen.
 */
const FULL_DATE = { zh: 'YYYY年M月D日dddd', en: 'dddd, D MMMM YYYY', es: 'dddd, D [de] MMMM [de] YYYY' } as const;

function greetingKey(hour: number) {
  if (hour < 12) return 'workbench.greetingMorning' as const;
  if (hour < 18) return 'workbench.greetingAfternoon' as const;
  return 'workbench.greetingEvening' as const;
}

function CountCard({ label, value, icon, color, to }: { label: string; value: number; icon: ReactNode; color: string; to: string | null }) {
  const card = (
    <Card variant="borderless" className={`stat-card${to ? ' stat-card--link' : ''}`} hoverable={to !== null}>
      <Flex align="center" gap={16}>
        <span className="stat-card__icon" style={{ color, background: `${color}14` }} aria-hidden>
          {icon}
        </span>
        <Statistic title={label} value={value} />
      </Flex>
    </Card>
  );
  return to ? (
    <Link to={to} className="stat-card__link" aria-label={`${label}: ${value}`}>
      {card}
    </Link>
  ) : (
    card
  );
}

/**
 * A titled panel with its list, or its empty state: each row ends with how long ago it happened (the exact
 * time on hover). The title names the list too.
 */
function ListPanel<T>({
  icon,
  label,
  badge,
  extra,
  empty,
  items,
  itemKey,
  at,
  now,
  children,
}: {
  icon: ReactNode;
  label: string;
  /** Shown beside the title. */
  badge?: ReactNode;
  extra: ReactNode;
  empty: string;
  items: readonly T[];
  itemKey: (item: T) => string | number;
  at: (item: T) => string;
  now: number;
  children: (item: T) => ReactNode;
}) {
  return (
    <IconCard
      className="panel-card"
      icon={icon}
      title={
        <>
          <span>{label}</span>
          {badge}
        </>
      }
      extra={extra}
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ul className="plain-list" aria-label={label}>
          {items.map((item) => (
            <li key={itemKey(item)} className="plain-list__item">
              <Flex align="center" gap={12}>
                {children(item)}
                <Tooltip title={dayjs(at(item)).format('YYYY-MM-DD HH:mm')}>
                  <Typography.Text type="secondary" className="plain-list__time">
                    {formatRelativeTime(at(item), { now })}
                  </Typography.Text>
                </Tooltip>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </IconCard>
  );
}

function WarningsPanel({ data, now }: { data: Workbench; now: number }) {
  const { t } = useTranslation();
  const canVisit = useCanVisit();
  return (
    <ListPanel
      icon={<AlertOutlined className="panel-card__icon panel-card__icon--warning" />}
      label={t('workbench.latestWarnings')}
      badge={data.unreadWarnings > 0 && <Tag color="error">{t('workbench.unreadSummary', { count: data.unreadWarnings })}</Tag>}
      extra={canVisit(WARNINGS_PATH) ? <Link to={WARNINGS_PATH}>{t('workbench.viewAll')}</Link> : null}
      empty={t('workbench.noWarnings')}
      items={data.latestWarnings}
      itemKey={(w) => w.id}
      at={(w) => w.warn_gen_dt}
      now={now}
    >
      {(w) => (
        <>
          <Badge status={w.isRead ? 'default' : 'error'} />
          <Typography.Text className="plain-list__main" ellipsis={{ tooltip: w.warn_rule }} strong={!w.isRead}>
            {w.warn_rule}
          </Typography.Text>
          <Tag color={w.isRead ? 'default' : 'error'} variant="filled">
            {w.isRead ? t('workbench.read') : t('workbench.unread')}
          </Tag>
        </>
      )}
    </ListPanel>
  );
}

const isPortalSite = (type: string): type is PortalSite => (PORTAL_SITES as readonly string[]).includes(type);

function TasksPanel({ data, now }: { data: Workbench; now: number }) {
  const { t } = useTranslation();
  const typeLabel = (type: string) =>
    type === 'contract' || type === 'loan' || type === 'project' || isPortalSite(type)
      ? t(`workbench.businessType.${type}`)
      : t('workbench.businessType.other');
  // A portal content task opens the item it reviews (its code is the type and the id).
  const taskAddress = (task: { businessType: string; businessCode: string }) => {
    const ref = isPortalSite(task.businessType) ? parsePortalContentBusinessCode(task.businessCode) : undefined;
    return ref && isPortalSite(task.businessType) ? contentItemAddress(task.businessType, ref.type, ref.id) : undefined;
  };
  return (
    <ListPanel
      icon={<AuditOutlined className="panel-card__icon" />}
      label={t('workbench.pendingTasks')}
      extra={<Typography.Text type="secondary">{t('workbench.taskCount', { count: data.pendingTasks.length })}</Typography.Text>}
      empty={t('workbench.noTasks')}
      items={data.pendingTasks}
      itemKey={(task) => task.processInstanceId}
      at={(task) => task.startTime}
      now={now}
    >
      {(task) => (
        <>
          <Avatar size="small" className="task-avatar" icon={<AuditOutlined />} />
          <Flex vertical className="plain-list__main">
            <Typography.Text strong ellipsis>
              {task.taskName}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              <Tag color={task.businessType === 'loan' ? 'orange' : 'blue'} variant="filled">
                {typeLabel(task.businessType)}
              </Tag>
              {taskAddress(task) ? <Link to={taskAddress(task)!}>{task.businessCode}</Link> : task.businessCode}
            </Typography.Text>
          </Flex>
        </>
      )}
    </ListPanel>
  );
}

function LoadingState() {
  return (
    <Row gutter={[16, 16]}>
      {COUNT_CARDS.map((c) => (
        <Col key={c.key} xs={24} sm={12} xl={8}>
          <Card variant="borderless" className="stat-card">
            <Skeleton active avatar paragraph={{ rows: 1 }} title={false} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

export function WorkbenchPage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const now = useNow();
  const canVisit = useCanVisit();
  const workbench = useWorkbench();
  const data = workbench.data;
  const name = user?.name || user?.userName || '';
  const lang = i18n.language === 'en' || i18n.language === 'es' ? i18n.language : 'zh';
  const today = dayjs(now).format(FULL_DATE[lang]);

  return (
    <Flex vertical gap={16} className="workbench">
      <Card variant="borderless" className="welcome-card">
        <Flex align="center" justify="space-between" wrap gap={16}>
          <Flex align="center" gap={16}>
            <UserAvatar size={56} name={name} picture={user?.avatar} className="welcome-card__avatar" />
            <div>
              <PageTitle className="welcome-card__title">{t(greetingKey(new Date(now).getHours()), { name })}</PageTitle>
              <Typography.Text type="secondary">
                {t('workbench.subtitle', { enterprise: data?.enterpriseName || user?.enterpriseName || '', date: today })}
              </Typography.Text>
            </div>
          </Flex>
          {data && (
            <Flex gap={40} className="welcome-card__stats">
              <Statistic
                title={t('workbench.latestWarnings')}
                value={data.unreadWarnings}
                suffix={<span className="welcome-card__suffix">{t('workbench.unread')}</span>}
              />
              <Statistic title={t('workbench.pendingTasks')} value={data.pendingTasks.length} />
            </Flex>
          )}
        </Flex>
      </Card>

      {workbench.isPending ? (
        <LoadingState />
      ) : workbench.isError && !data ? (
        <Card variant="borderless">
          <Result
            status="warning"
            title={t('workbench.loadFailed')}
            subTitle={workbench.error.message}
            extra={
              <Button type="primary" icon={<ReloadOutlined />} onClick={() => void workbench.refetch()}>
                {t('workbench.retry')}
              </Button>
            }
          />
        </Card>
      ) : data ? (
        <>
          <section aria-label={t('workbench.overview')}>
            <Typography.Title level={5} className="section-title">
              {t('workbench.overview')}
            </Typography.Title>
            <Row gutter={[16, 16]}>
              {COUNT_CARDS.map((c) => {
                // The server leaves out (null) the areas this user may not read.
                const value = data.counts[c.key];
                return value === null ? null : (
                  <Col key={c.key} xs={24} sm={12} xl={8}>
                    <CountCard
                      label={t(`workbench.counts.${c.key}`)}
                      value={value}
                      icon={c.icon}
                      color={c.color}
                      to={canVisit(c.path) ? c.path : null}
                    />
                  </Col>
                );
              })}
            </Row>
          </section>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <WarningsPanel data={data} now={now} />
            </Col>
            <Col xs={24} xl={12}>
              <TasksPanel data={data} now={now} />
            </Col>
          </Row>
        </>
      ) : null}
    </Flex>
  );
}
