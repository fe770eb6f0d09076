// Add or edit a customer: name, unified social credit code (checked on blur per GB 32100-2015 with the contract's
// message naming the fault), legal representative, region (the address book's cascader) and street address,
// contacts and bank accounts (lists), remark. An edit sends the version it was filled from; a newer one on the
// server is refused (409) and the form offers to reload.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Cascader, Col, Divider, Flex, Form, Input, Modal, Row, Typography } from 'antd';
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
        <Form.List name="contacts">
          {(items, { add, remove }) => (
            <Flex vertical gap={0}>
              {items.map((item, i) => (
                <Row gutter={8} key={item.key} align="top">
                  <Col xs={12} md={5}>
                    <Form.Item name={[item.name, 'name']} label={i === 0 ? c.name.label : undefined} rules={c.name.rules}>
                      <Input maxLength={c.name.maxLength} aria-label={`${c.name.label} ${i + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name={[item.name, 'phone']} label={i === 0 ? c.phone.label : undefined} rules={c.phone.rules}>
                      <Input maxLength={c.phone.maxLength} inputMode="tel" aria-label={`${c.phone.label} ${i + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={5}>
                    <Form.Item name={[item.name, 'position']} label={i === 0 ? c.position.label : undefined} rules={c.position.rules}>
                      <Input maxLength={c.position.maxLength} aria-label={`${c.position.label} ${i + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={10} md={6}>
                    <Form.Item name={[item.name, 'email']} label={i === 0 ? c.email.label : undefined} rules={c.email.rules}>
                      <Input maxLength={c.email.maxLength} inputMode="email" aria-label={`${c.email.label} ${i + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={2} className={i === 0 ? 'customer-form__remove--first' : undefined}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('customers.enterprises.removeContact', { n: i + 1 })}
                      onClick={() => remove(item.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block>
                {t('customers.enterprises.addContact')}
              </Button>
            </Flex>
          )}
        </Form.List>

        <Divider titlePlacement="start" plain>
          {t('customers.enterprises.bankAccounts')}
        </Divider>
        <Form.List name="bankAccounts">
          {(items, { add, remove }) => (
            <Flex vertical gap={0}>
              {items.length === 0 ? <Typography.Text type="secondary">{t('customers.enterprises.noBankAccounts')}</Typography.Text> : null}
              {items.map((item, i) => (
                <Row gutter={8} key={item.key} align="top">
                  <Col xs={12} md={8}>
                    <Form.Item name={[item.name, 'bankName']} label={i === 0 ? a.bankName.label : undefined} rules={a.bankName.rules}>
                      <Input maxLength={a.bankName.maxLength} aria-label={`${a.bankName.label} ${i + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={7}>
                    <Form.Item
                      name={[item.name, 'accountName']}
                      label={i === 0 ? a.accountName.label : undefined}
                      rules={a.accountName.rules}
                    >
                      <Input maxLength={a.accountName.maxLength} aria-label={`${a.accountName.label} ${i + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={22} md={7}>
                    <Form.Item
                      name={[item.name, 'accountNumber']}
                      label={i === 0 ? a.accountNumber.label : undefined}
                      rules={a.accountNumber.rules}
                    >
                      <Input maxLength={32} inputMode="numeric" aria-label={`${a.accountNumber.label} ${i + 1}`} />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={2} className={i === 0 ? 'customer-form__remove--first' : undefined}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('customers.enterprises.removeBankAccount', { n: i + 1 })}
                      onClick={() => remove(item.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block>
                {t('customers.enterprises.addBankAccount')}
              </Button>
            </Flex>
          )}
        </Form.List>

        <Form.Item name="remark" label={f.remark.label} rules={f.remark.rules} style={{ marginTop: 16 }}>
          <Input.TextArea maxLength={f.remark.maxLength} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
