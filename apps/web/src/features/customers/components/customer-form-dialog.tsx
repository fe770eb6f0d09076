// Add or edit a customer: name, unified social credit code (checked on blur per GB 32100-2015 with the contract's
// message naming the fault), legal representative, region (the address book's cascader) and street address,
// contacts and bank accounts (lists), remark. An edit sends the version it was filled from; a newer one on the
// server is refused (409) and the form offers to reload.
import { useQueryClient } from '@tanstack/react-query';
import { App, Cascader, Col, Divider, Form, Input, Modal, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_FIELDS,
  SaveCustomerBankAccountSchema,
  SaveCustomerContactSchema,
  type CustomerDetail,
  type SaveCustomerBody,
} from '@tfb/contract';
import { useStaleVersion } from '../../../components/business/stale-version';
import { labelsOfPath, regionQueryOptions, useRegions } from '../../../components/widgets/region-data';
import { ApiError } from '../../../lib/api-client';
import { formField } from '../../../lib/form-rules';
import { CUSTOMERS_KEY } from '../../../components/business/get-customers';
import { getCustomer, useSaveCustomer } from '../api/customers';
import { EditableList } from './editable-list';

type ContactValues = { name?: string; phone?: string; position?: string; email?: string };
type AccountValues = { bankName?: string; accountName?: string; accountNumber?: string };
export type CustomerFormValues = {
  name: string;
  creditCode: string;
  legalRepresentative: string;
  region?: string[];
  detailedAddress?: string;
  remark?: string;
  contacts: ContactValues[];
  bankAccounts: AccountValues[];
};

const valuesOf = (c: CustomerDetail): CustomerFormValues => ({
  name: c.name,
  creditCode: c.creditCode,
  legalRepresentative: c.legalRepresentative,
  region: c.addressCode ? c.addressCode.split(',') : [],
  detailedAddress: c.detailedAddress,
  remark: c.remark,
  contacts: c.contacts,
  bankAccounts: c.bankAccounts,
});

const trim = (v: string | undefined) => (v ?? '').trim();

export type CustomerFormDialogProps = {
  open: boolean;
  /** The customer being edited; null to add one. */
  customer: CustomerDetail | null;
  onClose: () => void;
  onSaved: (saved: CustomerDetail) => void;
};

/** A fresh form for every opening (the store of an earlier opening must not win over the new record). */
export function CustomerFormDialog(props: CustomerFormDialogProps) {
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpening((n) => n + 1);
  }
  return <CustomerFormModal key={opening} {...props} />;
}

function CustomerFormModal({ open, customer, onClose, onSaved }: CustomerFormDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CustomerFormValues>();
  const { options, loading } = useRegions(open);
  const save = useSaveCustomer();
  const [current, setCurrent] = useState<CustomerDetail | null>(customer);
  const stale = useStaleVersion(async () => {
    if (!current) return;
    const fresh = await queryClient.fetchQuery({
      queryKey: [...CUSTOMERS_KEY, 'detail', current.id],
      queryFn: () => getCustomer(current.id),
    });
    setCurrent(fresh);
    form.setFieldsValue(valuesOf(fresh));
  });

  const f = {
    name: formField(CUSTOMER_FIELDS.name, t),
    creditCode: formField(CUSTOMER_FIELDS.creditCode, t),
    legalRepresentative: formField(CUSTOMER_FIELDS.legalRepresentative, t),
    detailedAddress: formField(CUSTOMER_FIELDS.detailedAddress, t),
    remark: formField(CUSTOMER_FIELDS.remark, t),
  };
  const contact = SaveCustomerContactSchema.shape;
  const account = SaveCustomerBankAccountSchema.shape;
  const c = {
    name: formField(contact.name, t),
    phone: formField(contact.phone, t),
    position: formField(contact.position, t),
    email: formField(contact.email, t),
  };
  const a = {
    bankName: formField(account.bankName, t),
    accountName: formField(account.accountName, t),
    accountNumber: formField(account.accountNumber, t),
  };

  const submit = async () => {
    let values: CustomerFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    const regions = values.region?.length ? await queryClient.fetchQuery(regionQueryOptions()) : [];
    const labels = values.region?.length ? (labelsOfPath(regions, values.region) ?? []) : [];
    const body: SaveCustomerBody = {
      name: trim(values.name),
      creditCode: trim(values.creditCode).toUpperCase(),
      legalRepresentative: trim(values.legalRepresentative),
      addressCode: values.region?.length ? values.region.join(',') : '',
      province: labels[0] ?? '',
      city: labels[1] ?? '',
      area: labels[2] ?? '',
      detailedAddress: trim(values.detailedAddress),
      remark: trim(values.remark),
      contacts: (values.contacts ?? []).map((x) => ({
        name: trim(x.name),
        phone: trim(x.phone),
        position: trim(x.position),
        email: trim(x.email),
      })),
      bankAccounts: (values.bankAccounts ?? []).map((x) => ({
        bankName: trim(x.bankName),
        accountName: trim(x.accountName),
        accountNumber: trim(x.accountNumber),
      })),
    };
    try {
      const saved = await save.mutateAsync({
        id: current?.id ?? null,
        body: { ...body, ...(current ? { version: current.version } : {}) },
      });
      stale.dismiss();
      void message.success(t(current ? 'customers.enterprises.editSuccess' : 'customers.enterprises.addSuccess'));
      onSaved(saved);
    } catch (err) {
      if (!(err instanceof ApiError) || err.handled || stale.caught(err)) return;
      const known = new Set(['name', 'creditCode', 'legalRepresentative', 'detailedAddress', 'remark']);
      const fields = err.fieldErrors.flatMap((fe): { name: string | (string | number)[]; errors: string[] }[] => {
        if (known.has(fe.field)) return [{ name: fe.field, errors: [fe.message] }];
        if (fe.field === 'addressCode') return [{ name: 'region', errors: [fe.message] }];
        const m = /^(contacts|bankAccounts)\.(\d+)\.(\w+)$/.exec(fe.field);
        return m ? [{ name: [m[1]!, Number(m[2]), m[3]!], errors: [fe.message] }] : [];
      });
      // Nested list fields are named by path, which antd's typed FieldData cannot express for lists.
      if (fields.length > 0) form.setFields(fields as unknown as Parameters<typeof form.setFields>[0]);
      void message.error(err.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t(current ? 'customers.enterprises.editTitle' : 'customers.enterprises.addTitle')}
      width={820}
      onCancel={() => {
        stale.dismiss();
        onClose();
      }}
      onOk={() => void submit()}
      okText={t('widgets.common.save')}
      cancelText={t('widgets.common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {stale.alert}
      <Form<CustomerFormValues>
        form={form}
        layout="vertical"
        name="customer-form"
        validateTrigger="onBlur"
        requiredMark
        preserve={false}
        initialValues={current ? valuesOf(current) : { contacts: [{}], bankAccounts: [] }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={f.name.label} rules={f.name.rules}>
              <Input maxLength={f.name.maxLength} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="creditCode"
              label={f.creditCode.label}
              rules={f.creditCode.rules}
              extra={t('customers.enterprises.creditCodeHint')}
              normalize={(v: string) => v.toUpperCase()}
            >
              <Input maxLength={18} className="customer-form__code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="legalRepresentative" label={f.legalRepresentative.label} rules={f.legalRepresentative.rules}>
              <Input maxLength={f.legalRepresentative.maxLength} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="region" label={t('customers.enterprises.region')}>
              <Cascader
                options={options}
                loading={loading}
                showSearch
                allowClear
                placeholder={t('widgets.address.regionPlaceholder')}
                aria-label={t('customers.enterprises.region')}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="detailedAddress" label={f.detailedAddress.label} rules={f.detailedAddress.rules}>
              <Input maxLength={f.detailedAddress.maxLength} />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          {t('customers.enterprises.contacts')}
        </Divider>
        <EditableList
          name="contacts"
          columns={[
            { name: 'name', field: c.name, span: { xs: 12, md: 5 } },
            { name: 'phone', field: c.phone, span: { xs: 12, md: 6 }, inputMode: 'tel' },
            { name: 'position', field: c.position, span: { xs: 12, md: 5 } },
            { name: 'email', field: c.email, span: { xs: 10, md: 6 }, inputMode: 'email' },
          ]}
          addLabel={t('customers.enterprises.addContact')}
          removeLabel={(n) => t('customers.enterprises.removeContact', { n })}
        />

        <Divider titlePlacement="start" plain>
          {t('customers.enterprises.bankAccounts')}
        </Divider>
        <EditableList
          name="bankAccounts"
          columns={[
            { name: 'bankName', field: a.bankName, span: { xs: 12, md: 8 } },
            { name: 'accountName', field: a.accountName, span: { xs: 12, md: 7 } },
            { name: 'accountNumber', field: a.accountNumber, span: { xs: 22, md: 7 }, maxLength: 32, inputMode: 'numeric' },
          ]}
          addLabel={t('customers.enterprises.addBankAccount')}
          removeLabel={(n) => t('customers.enterprises.removeBankAccount', { n })}
          empty={t('customers.enterprises.noBankAccounts')}
        />

        <Form.Item name="remark" label={f.remark.label} rules={f.remark.rules} style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={f.remark.maxLength} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
