// The nested create/update dialog of the address book (spec 2.3 item 1, 5 Address form): every field is
// required and checked on blur with the contract's rules and messages (labels, lengths, the phone pattern and
// the region codes come from SaveDeliveryAddressBodySchema); an invalid submit is blocked without a toast.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Cascader, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveDeliveryAddressBodySchema, type DeliveryAddress, type SaveDeliveryAddressBody } from '@tfb/contract';
import { ApiError } from '../../lib/api-client';
import { formField } from '../../lib/form-rules';
import { readSessionUser } from '../../lib/session-store';
import { useStaleVersion } from '../business/stale-version';
import { ADDRESS_LIST_KEY, addAddress, findAddress, updateAddress } from './address-book-api';
import { labelsOfPath, regionQueryOptions, useRegions } from './region-data';

export type AddressFormMode = 'create' | 'update';

type FormValues = { contacts: string; contactsPhone: string; region: string[]; detailedAddress: string };

export type AddressFormDialogProps = {
  open: boolean;
  mode: AddressFormMode;
  /** The address being edited (update mode). */
  address?: DeliveryAddress | null;
  onCancel: () => void;
  onSaved: (address: DeliveryAddress) => void;
};

const fieldsOfBody = SaveDeliveryAddressBodySchema.shape;
/** The cascader holds the three region codes; the contract checks them as addressCode, joined by commas. */
const regionCode = (value: unknown) => (Array.isArray(value) ? value.join(',') : value);

const formValuesOf = (a: DeliveryAddress): FormValues => ({
  contacts: a.contacts,
  contactsPhone: a.contactsPhone,
  region: a.addressCode ? a.addressCode.split(',') : [],
  detailedAddress: a.detailedAddress,
});

/**
 * Create or update one delivery address; saved addresses refresh the address list.
 * Each opening gets a fresh dialog, form store included: a store kept from an earlier opening would win over
 * the new record's initial values (edit A, cancel, edit B showed A and saved A's fields under B's id).
 */
export function AddressFormDialog(props: AddressFormDialogProps) {
  const [opening, setOpening] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpening((n) => n + 1);
  }
  // The key changes only when the dialog opens, so closing still plays its animation.
  return <AddressFormModal key={opening} {...props} />;
}

function AddressFormModal({ open, mode, address, onCancel, onSaved }: AddressFormDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const { options, loading } = useRegions(open);
  // The address as reloaded after a stale-version refusal (then the form shows and saves from it).
  const [reloaded, setReloaded] = useState<{ from: DeliveryAddress; to: DeliveryAddress } | null>(null);
  const current = reloaded && reloaded.from === address ? reloaded.to : address;
  const stale = useStaleVersion(async () => {
    if (!address) return;
    const fresh = await findAddress(address.id);
    void queryClient.invalidateQueries({ queryKey: ADDRESS_LIST_KEY });
    if (!fresh) return;
    setReloaded({ from: address, to: fresh });
    form.setFieldsValue(formValuesOf(fresh));
  });

  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      // The region names come from the code table: a save made before it has loaded waits for it (cached after).
      const regions = await queryClient.fetchQuery(regionQueryOptions());
      const labels = labelsOfPath(regions, values.region) ?? [];
      const address = current;
      const enterpriseId = readSessionUser()?.enterpriseId ?? address?.enterpriseId;
      const body: SaveDeliveryAddressBody = {
        contacts: values.contacts.trim(),
        contactsPhone: values.contactsPhone.trim(),
        addressCode: values.region.join(','),
        province: labels[0] ?? '',
        city: labels[1] ?? '',
        area: labels[2] ?? '',
        detailedAddress: values.detailedAddress.trim(),
        enterpriseId,
        isDefault: mode === 'update' && address ? address.isDefault : 0,
        isDelete: mode === 'update' && address ? address.isDelete : 0,
      };
      // The version the form was filled from: a newer one on the server answers 409 (someone else saved it).
      return mode === 'update' && address ? updateAddress({ ...body, id: address.id, version: address.version }) : addAddress(body);
    },
    onSuccess: (saved) => {
      stale.dismiss();
      void message.success(t(mode === 'update' ? 'widgets.address.editSuccess' : 'widgets.address.addSuccess'));
      void queryClient.invalidateQueries({ queryKey: ADDRESS_LIST_KEY });
      onSaved(saved);
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || err.handled || stale.caught(err)) return;
      const fieldOf: Record<string, keyof FormValues> = {
        contacts: 'contacts',
        contactsPhone: 'contactsPhone',
        addressCode: 'region',
        province: 'region',
        city: 'region',
        area: 'region',
        detailedAddress: 'detailedAddress',
      };
      const fields = err.fieldErrors.flatMap((f) => (fieldOf[f.field] ? [{ name: fieldOf[f.field]!, errors: [f.message] }] : []));
      if (fields.length > 0) form.setFields(fields);
      // The server's message, shown as is (spec 8).
      void message.error(err.message);
    },
  });

  const contacts = formField(fieldsOfBody.contacts, t);
  const phone = formField(fieldsOfBody.contactsPhone, t);
  const region = formField(fieldsOfBody.addressCode, t, { toContract: regionCode });
  const detail = formField(fieldsOfBody.detailedAddress, t);

  const initialValues: Partial<FormValues> | undefined = mode === 'update' && current ? formValuesOf(current) : undefined;

  const submit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // silently blocked: the fields show their messages
    }
    save.mutate(values);
  };

  return (
    <Modal
      open={open}
      title={t(mode === 'update' ? 'widgets.address.updateTitle' : 'widgets.address.createTitle')}
      width={520}
      onCancel={() => {
        stale.dismiss();
        onCancel();
      }}
      onOk={() => void submit()}
      okText={t('widgets.common.save')}
      cancelText={t('widgets.common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {stale.alert}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        preserve={false}
        requiredMark
        validateTrigger="onBlur"
        name={`address-form-${mode}`}
      >
        <Form.Item name="contacts" label={contacts.label} rules={contacts.rules}>
          <Input maxLength={contacts.maxLength} autoComplete="name" />
        </Form.Item>
        <Form.Item name="contactsPhone" label={phone.label} rules={phone.rules}>
          <Input maxLength={phone.maxLength} autoComplete="tel" inputMode="tel" />
        </Form.Item>
        <Form.Item name="region" label={region.label} validateTrigger={['onBlur', 'onChange']} rules={region.rules}>
          <Cascader
            options={options}
            loading={loading}
            showSearch
            placeholder={t('widgets.address.regionPlaceholder')}
            aria-label={region.label}
          />
        </Form.Item>
        <Form.Item name="detailedAddress" label={detail.label} rules={detail.rules}>
          <Input.TextArea maxLength={detail.maxLength} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
