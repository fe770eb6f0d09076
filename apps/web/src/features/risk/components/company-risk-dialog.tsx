// The company risk-warning dialog (spec 2.3 item 9): the records behind one warning (earlyWarningInfo), titled by
// their numeric type, in that type's table.
import { Descriptions, Empty, Flex, Modal, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RISK_TYPE_CODES, type CompanyRiskRecord, type RiskType } from '@tfb/contract';
import type { WarningDetailDialogProps } from '../../../components/warning-detail';
import { useEarlyWarningInfo } from '../api/get-early-warning-info';
import { riskTypeTitle, typeColumns } from './risk-columns';

export function RiskRecordsTable({ type, records }: { type: RiskType; records: readonly CompanyRiskRecord[] }) {
  const { t } = useTranslation();
  return (
    <Table<CompanyRiskRecord>
      size="small"
      rowKey="id"
      bordered
      dataSource={[...records]}
      pagination={records.length > 10 ? { pageSize: 10, size: 'small' } : false}
      tableLayout="auto"
      aria-label={riskTypeTitle(t, type)}
      columns={[
        { key: 'companyName', title: t('supervision.risk.companyName'), dataIndex: 'companyName', width: 180 },
        ...typeColumns(t, type),
      ]}
    />
  );
}

export function CompanyRiskDialog({ open, onClose, warnDate, warnRule, companyName }: WarningDetailDialogProps) {
  const { t } = useTranslation();
  const info = useEarlyWarningInfo({ warnDate, warnRule, companyName }, open);
  const data = info.data;
  const list = data?.warnList ?? [];
  const types = RISK_TYPE_CODES.filter((type) => list.some((r) => r.riskType === type));
  const title = data?.riskType ? riskTypeTitle(t, data.riskType) : t('supervision.risk.dialogTitle');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={1040}
      destroyOnHidden
      title={companyName ? t('supervision.risk.dialogTitleWithCompany', { type: title, company: companyName }) : title}
      className="company-risk-dialog"
    >
      {info.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : info.isError ? (
        <Empty description={t('supervision.common.loadFailed')} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            items={[
              { key: 'rule', label: t('supervision.risk.warnRule'), children: warnRule },
              { key: 'date', label: t('supervision.risk.warnDate'), children: warnDate },
              { key: 'count', label: t('supervision.risk.recordCount'), children: list.length },
            ]}
          />
          {types.length === 0 ? (
            <Empty description={t('supervision.risk.noRecords')} />
          ) : (
            types.map((type) => (
              <Flex vertical gap={8} key={type}>
                {types.length > 1 && <Typography.Title level={5}>{riskTypeTitle(t, type)}</Typography.Title>}
                <RiskRecordsTable type={type} records={list.filter((r) => r.riskType === type)} />
              </Flex>
            ))
          )}
        </Flex>
      )}
    </Modal>
  );
}
