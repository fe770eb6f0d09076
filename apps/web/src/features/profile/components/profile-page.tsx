// My profile: the session values of the signed-in user (spec section 3), as the server confirmed them.
import { Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useSessionUser } from '../../../lib/session';

export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user) return null;
  const kinds = [
    user.isInternal && t('profile.kindInternal'),
    user.isGroup && t('profile.kindGroup'),
    user.isSupervisor && t('profile.kindSupervisor'),
  ].filter((k): k is string => Boolean(k));
  const none = t('profile.none');
  return (
    <Card variant="borderless" className="page-card" title={<PageTitle>{t('profile.basic')}</PageTitle>}>
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'name', label: t('profile.name'), children: user.name || none },
          { key: 'userName', label: t('profile.userName'), children: user.userName },
          { key: 'userId', label: t('profile.userId'), children: user.userId },
          { key: 'phone', label: t('profile.phone'), children: user.phone || none },
          { key: 'enterprise', label: t('profile.enterprise'), children: user.enterpriseName },
          { key: 'enterpriseId', label: t('profile.enterpriseId'), children: user.enterpriseId },
          { key: 'companyId', label: t('profile.companyId'), children: user.companyId },
          { key: 'orgId', label: t('profile.orgId'), children: user.orgId },
          { key: 'storage', label: t('profile.storageAddress'), children: user.storageAddress || none },
          {
            key: 'kind',
            label: t('profile.userKind'),
            children: kinds.length ? kinds.join(' · ') : t('profile.kindStaff'),
          },
          {
            key: 'roles',
            label: t('profile.roles'),
            span: 'filled',
            children: (
              <Space size={[4, 4]} wrap>
                {user.roles.map((r) => (
                  <Tag key={r} color="blue">
                    {r}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
