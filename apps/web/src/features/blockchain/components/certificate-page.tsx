// /blockchain/certificates/detail?index=: a document's certificate (its fileQk). The browser verifies it as soon as
// it loads (leaf hash, RFC 9162 inclusion proof against the checkpoint's root, the checkpoint's Ed25519 signature)
// and checks a file the user drops against it; the certificate downloads as JSON for the offline verify script.
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Certificate } from '@tfb/contract';
import { formatDateTime } from '../../../components/business/format';
import { PageTitle } from '../../../components/page-title';
import { useCertificate } from '../api/document-log';
import { FileDrop } from './file-drop';
import { HashText } from './hash-text';
import { verifyInBrowser, type BrowserVerdict } from './verify';

function downloadJson(cert: Certificate) {
  const blob = new Blob([`${JSON.stringify(cert, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `certificate-${cert.entry.index}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function VerdictAlert({ verdict }: { verdict: BrowserVerdict | undefined }) {
  const { t } = useTranslation();
  if (!verdict) return <Alert type="info" showIcon title={t('blockchainLog.verifying')} />;
  if (verdict.valid)
    return (
      <Alert type="success" showIcon title={t('blockchainLog.certificateValid')} description={t('blockchainLog.certificateValidHint')} />
    );
  const failed = [
    !verdict.leafMatches && t('blockchainLog.failLeaf'),
    !verdict.included && t('blockchainLog.failInclusion'),
    !verdict.signed && (verdict.signatureUnavailable ? t('blockchainLog.failSignatureUnavailable') : t('blockchainLog.failSignature')),
  ].filter(Boolean);
  return <Alert type="error" showIcon title={t('blockchainLog.certificateInvalid')} description={failed.join('；')} />;
}

export function CertificatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('index');
  const index = raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const query = useCertificate(index);
  const cert = query.data?.certificate;
  // The verdict of the certificate on screen (one left from another certificate is not shown).
  const [checked, setChecked] = useState<{ cert: Certificate; verdict: BrowserVerdict } | undefined>(undefined);
  const verdict = checked && checked.cert === cert ? checked.verdict : undefined;
  const [fileCheck, setFileCheck] = useState<{ name: string; verdict: BrowserVerdict } | undefined>(undefined);

  useEffect(() => {
    if (!cert) return;
    let live = true;
    void verifyInBrowser(cert).then((v) => {
      if (live) setChecked({ cert, verdict: v });
    });
    return () => {
      live = false;
    };
  }, [cert]);

  const title = <PageTitle>{t('blockchainLog.certificateTitle', { index: raw ?? '' })}</PageTitle>;
  if (index === undefined || query.isError) {
    return (
      <Card variant="borderless" className="page-card" title={title}>
        <Empty description={t('blockchainLog.certificateNotFound')} />
      </Card>
    );
  }
  if (!query.data || !cert) {
    return (
      <Card variant="borderless" className="page-card" title={title}>
        <Skeleton active />
      </Card>
    );
  }
  const { document: doc } = query.data;
  return (
    <Card
      variant="borderless"
      className="page-card"
      title={title}
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => downloadJson(cert)}>
          {t('blockchainLog.download')}
        </Button>
      }
    >
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <VerdictAlert verdict={verdict} />
        <Descriptions bordered size="small" column={1} styles={{ label: { width: 200 } }}>
          <Descriptions.Item label={t('blockchainLog.fileName')}>{doc.fileName}</Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.usedBy')}>
            {doc.usedBy.length
              ? doc.usedBy
                  .map(
                    (u) =>
                      `${t(`blockchainLog.source.${u.sourceType === 'loan' ? 'loan' : 'contract'}`)} ${u.sourceId} · ${u.fileTypeName}`,
                  )
                  .join('；')
              : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.fileSha256')}>
            <HashText value={cert.entry.fileSha256} full />
          </Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.registeredAt')}>{formatDateTime(cert.entry.registeredAt)}</Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.index')}>{cert.entry.index}</Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.leafHash')}>
            <HashText value={cert.entry.leafHash} full />
          </Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.checkpoint')}>
            {t('blockchainLog.checkpointOf', { size: cert.checkpoint.treeSize, time: formatDateTime(cert.checkpoint.timestamp) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.rootHash')}>
            <HashText value={cert.checkpoint.rootHash} full />
          </Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.signature')}>
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {cert.checkpoint.signature}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.publicKey')}>
            <HashText value={cert.publicKey} full />
          </Descriptions.Item>
          <Descriptions.Item label={t('blockchainLog.inclusionProof')}>
            {cert.inclusionProof.length ? (
              <ol className="plain-list" style={{ margin: 0 }}>
                {cert.inclusionProof.map((h, i) => (
                  <li key={i}>
                    <HashText value={h} full />
                  </li>
                ))}
              </ol>
            ) : (
              t('blockchainLog.emptyProof')
            )}
          </Descriptions.Item>
        </Descriptions>
        <div>
          <Typography.Title level={5}>{t('blockchainLog.checkFileTitle')}</Typography.Title>
          <FileDrop
            label={t('blockchainLog.checkFile')}
            hint={t('blockchainLog.checkFileHint')}
            onHashed={(f) => {
              void verifyInBrowser(cert, f.sha256).then((v) => setFileCheck({ name: f.name, verdict: v }));
            }}
          />
          {fileCheck ? (
            <Alert
              style={{ marginTop: 12 }}
              data-testid="file-check"
              type={fileCheck.verdict.valid ? 'success' : 'error'}
              showIcon
              title={
                fileCheck.verdict.valid
                  ? t('blockchainLog.fileMatches', { name: fileCheck.name })
                  : fileCheck.verdict.fileMatches === false
                    ? t('blockchainLog.fileDiffers', { name: fileCheck.name })
                    : t('blockchainLog.certificateInvalid')
              }
            />
          ) : null}
        </div>
        <Typography.Paragraph type="secondary">
          {t('blockchainLog.offlineHint')}{' '}
          <Typography.Text code>{`node scripts/verify-certificate.mjs certificate-${cert.entry.index}.json <file>`}</Typography.Text>
        </Typography.Paragraph>
      </Space>
    </Card>
  );
}
