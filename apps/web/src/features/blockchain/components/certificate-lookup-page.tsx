// /blockchain/certificates: the user drops a file; the browser computes its SHA-256 (the file never leaves the
// browser) and asks the server whether, when and as which of the enterprise's documents it was registered. Another
// enterprise's registration of the same content shows only as "registered, not yours" with its time.
import { Alert, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/business/format';
import { PageTitle } from '../../../components/page-title';
import { useLookup } from '../api/document-log';
import { FileDrop } from './file-drop';
import { HashText } from './hash-text';

export function CertificateLookupPage() {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<{ name: string; sha256: string } | undefined>(undefined);
  const lookup = useLookup(picked?.sha256);
  const matches = lookup.data?.matches ?? [];

  return (
    <Card variant="borderless" className="page-card" title={<PageTitle>{t('route.blockchain.certificates')}</PageTitle>}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('blockchainLog.lookupIntro')}</Typography.Paragraph>
        <FileDrop label={t('blockchainLog.dropFile')} hint={t('blockchainLog.dropHint')} onHashed={setPicked} />
        {picked ? (
          <div data-testid="lookup-result">
            <Typography.Paragraph>
              {t('blockchainLog.checkedFile', { name: picked.name })} <HashText value={picked.sha256} full />
            </Typography.Paragraph>
            {lookup.isPending ? null : lookup.isError ? (
              <Alert type="error" showIcon title={t('blockchainLog.loadFailed')} />
            ) : matches.length === 0 ? (
              <Alert type="warning" showIcon title={t('blockchainLog.notRegistered')} description={t('blockchainLog.notRegisteredHint')} />
            ) : (
              <>
                <Alert type="success" showIcon title={t('blockchainLog.registered', { count: matches.length })} />
                <ul className="plain-list" aria-label={t('blockchainLog.registered', { count: matches.length })}>
                  {matches.map((m) => (
                    <li key={m.index} style={{ padding: '8px 0' }}>
                      <Space wrap>
                        {m.own ? <Tag color="blue">{t('blockchainLog.ownEntry')}</Tag> : <Tag>{t('blockchainLog.otherEntry')}</Tag>}
                        <Typography.Text strong>{m.own ? m.fileName : t('blockchainLog.registeredNotYours')}</Typography.Text>
                        <Typography.Text type="secondary">
                          {t('blockchainLog.registeredAtIndex', { time: formatDateTime(m.registeredAt), index: m.index })}
                        </Typography.Text>
                        {m.certificateUrl ? <Link to={m.certificateUrl}>{t('blockchainLog.viewCertificate')}</Link> : null}
                      </Space>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ) : null}
      </Space>
    </Card>
  );
}
