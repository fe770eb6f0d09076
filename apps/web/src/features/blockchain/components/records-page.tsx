// /blockchain/records: the document log's entries (the caller's enterprise's marked and named, any other only as
// its leaf hash and time) and its signed checkpoints, each checked in the browser: the Ed25519 signature with the
// log's public key and the RFC 9162 consistency proof from the checkpoint before it.
import { Card, Col, Empty, Row, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { certificatePageUrl, checkpointNote, type CheckpointWithProof, type DocumentLogEntry } from '@tfb/contract';
import { formatDateTime } from '../../../components/business/format';
import { PageTitle } from '../../../components/page-title';
import { FIRST_PAGE, tablePagination, type PageState } from '../../../components/widgets/paging';
import { tableLoading } from '../../../components/widgets/table-loading';
import { useCheckpoints, useEntries } from '../api/document-log';
import { HashText } from './hash-text';
import { checkpointSigned, checkpointsConsistent } from './verify';

type CheckState = boolean | undefined | 'pending';

function CheckTag({ state, ok, failed, unknown }: { state: CheckState; ok: string; failed: string; unknown: string }) {
  if (state === 'pending') return <Tag>…</Tag>;
  if (state === undefined) return <Tag color="default">{unknown}</Tag>;
  return state ? <Tag color="success">{ok}</Tag> : <Tag color="error">{failed}</Tag>;
}

/** The browser's verdicts on a page of checkpoints: signature and consistency with the one before. */
function useCheckpointChecks(rows: readonly CheckpointWithProof[], publicKey: string | undefined) {
  const [signed, setSigned] = useState<Record<number, boolean | undefined>>({});
  useEffect(() => {
    if (!publicKey) return;
    let live = true;
    void Promise.all(
      rows.map(
        async (c) =>
          [c.treeSize, await checkpointSigned(checkpointNote(c.treeSize, c.rootHash, c.timestampMs), c.signature, publicKey)] as const,
      ),
    ).then((pairs) => {
      if (live) setSigned(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
  }, [rows, publicKey]);
  const signedOf = (c: CheckpointWithProof): CheckState => (c.treeSize in signed ? signed[c.treeSize] : 'pending');
  const consistentOf = (c: CheckpointWithProof): boolean | null =>
    c.previous ? checkpointsConsistent(c.previous.treeSize, c.previous.rootHash, c.treeSize, c.rootHash, c.previous.proof) : null;
  return { signedOf, consistentOf };
}

export function RecordsPage() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [ownOnly, setOwnOnly] = useState(false);
  const [cpPaging, setCpPaging] = useState<PageState>({ pageNumber: 0, pageSize: 5 });
  const entries = useEntries(paging, ownOnly);
  const checkpoints = useCheckpoints(cpPaging);
  const cpRows = checkpoints.data?.content ?? [];
  const { signedOf, consistentOf } = useCheckpointChecks(cpRows, checkpoints.data?.publicKey);

  const entryColumns: TableColumnsType<DocumentLogEntry> = [
    { key: 'index', title: t('blockchainLog.index'), dataIndex: 'index', width: 90 },
    {
      key: 'leafHash',
      title: t('blockchainLog.leafHash'),
      dataIndex: 'leafHash',
      width: 260,
      render: (v: string) => <HashText value={v} />,
    },
    { key: 'registeredAt', title: t('blockchainLog.registeredAt'), dataIndex: 'registeredAt', width: 170, render: formatDateTime },
    {
      key: 'owner',
      title: t('blockchainLog.owner'),
      width: 120,
      render: (_, e) => (e.own ? <Tag color="blue">{t('blockchainLog.ownEntry')}</Tag> : <Tag>{t('blockchainLog.otherEntry')}</Tag>),
    },
    {
      key: 'fileName',
      title: t('blockchainLog.fileName'),
      ellipsis: true,
      render: (_, e) =>
        e.own ? <Link to={certificatePageUrl(e.index)}>{e.fileName}</Link> : <Typography.Text type="secondary">—</Typography.Text>,
    },
  ];

  const checkpointColumns: TableColumnsType<CheckpointWithProof> = [
    { key: 'treeSize', title: t('blockchainLog.treeSize'), dataIndex: 'treeSize', width: 100 },
    {
      key: 'rootHash',
      title: t('blockchainLog.rootHash'),
      dataIndex: 'rootHash',
      width: 260,
      render: (v: string) => <HashText value={v} />,
    },
    { key: 'timestamp', title: t('blockchainLog.signedAt'), dataIndex: 'timestamp', width: 170, render: formatDateTime },
    {
      key: 'signature',
      title: t('blockchainLog.signature'),
      width: 130,
      render: (_, c) => (
        <CheckTag
          state={signedOf(c)}
          ok={t('blockchainLog.signatureOk')}
          failed={t('blockchainLog.signatureBad')}
          unknown={t('blockchainLog.signatureUnknown')}
        />
      ),
    },
    {
      key: 'consistency',
      title: t('blockchainLog.consistency'),
      render: (_, c) => {
        const ok = consistentOf(c);
        if (ok === null) return <Typography.Text type="secondary">{t('blockchainLog.firstCheckpoint')}</Typography.Text>;
        return (
          <Space size={4} wrap>
            <CheckTag state={ok} ok={t('blockchainLog.consistent')} failed={t('blockchainLog.inconsistent')} unknown="" />
            <Typography.Text type="secondary">{t('blockchainLog.fromSize', { size: c.previous!.treeSize })}</Typography.Text>
          </Space>
        );
      },
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      <PageTitle visuallyHidden>{t('route.blockchain.records')}</PageTitle>
      <Col span={24}>
        <Card
          variant="borderless"
          title={t('blockchainLog.entriesTitle')}
          extra={
            <Space>
              {entries.data ? (
                <Typography.Text type="secondary">{t('blockchainLog.logSize', { count: entries.data.treeSize })}</Typography.Text>
              ) : null}
              <Switch
                checked={ownOnly}
                onChange={(v) => {
                  setOwnOnly(v);
                  setPaging((p) => ({ ...p, pageNumber: 0 }));
                }}
                aria-label={t('blockchainLog.ownOnly')}
              />
              <span>{t('blockchainLog.ownOnly')}</span>
            </Space>
          }
        >
          {entries.isError && !entries.data ? (
            <Empty description={t('blockchainLog.loadFailed')} />
          ) : (
            <Table<DocumentLogEntry>
              rowKey="index"
              size="middle"
              columns={entryColumns}
              dataSource={entries.data?.content ?? []}
              {...tableLoading(entries.isFetching, entries.data?.content.length ?? 0)}
              scroll={{ x: 900 }}
              pagination={tablePagination(t, paging, entries.data, setPaging)}
            />
          )}
        </Card>
      </Col>
      <Col span={24}>
        <Card variant="borderless" title={t('blockchainLog.checkpointsTitle')}>
          <Typography.Paragraph type="secondary">
            {t('blockchainLog.checkpointsHint')}{' '}
            {checkpoints.data ? (
              <>
                {t('blockchainLog.publicKey')}: <HashText value={checkpoints.data.publicKey} full />
              </>
            ) : null}
          </Typography.Paragraph>
          {checkpoints.isError && !checkpoints.data ? (
            <Empty description={t('blockchainLog.loadFailed')} />
          ) : (
            <Table<CheckpointWithProof>
              rowKey="treeSize"
              size="middle"
              columns={checkpointColumns}
              dataSource={cpRows}
              {...tableLoading(checkpoints.isFetching, cpRows.length)}
              scroll={{ x: 900 }}
              pagination={tablePagination(t, cpPaging, checkpoints.data, setCpPaging)}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
