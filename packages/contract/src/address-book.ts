// The delivery-address book (spec 2.3 item 1, 3 Delivery address, 4 Address default flag, 5 Address form, 7.1).
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { echoedEnterpriseId, flag01, queryRowId, requiredText, rowId } from './fields.js';
import { MESSAGES } from './messages.js';
import { versionField } from './audit.js';

export const ADDRESS_MESSAGES = {
  phone: MESSAGES.addressPhoneRequired,
  phoneInvalid: '请输入正确的手机号',
  name: MESSAGES.addressNameRequired,
  region: MESSAGES.addressRegionRequired,
  detail: MESSAGES.addressDetailRequired,
} as const;

export const DeliveryAddressSchema = z.object({
  id: z.number().int(),
  contacts: z.string(),
  contactsPhone: z.string(),
  /** Province, city and area codes joined by commas, e.g. "310000,310100,310113". */
  addressCode: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  detailedAddress: z.string(),
  enterpriseId: z.string(),
  isDefault: z.number().int(),
  isDelete: z.number().int(),
  createUserId: z.string().nullable(),
  createUserName: z.string().nullable(),
  changeUserId: z.string().nullable(),
  changeUserName: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
  /** Optimistic-locking version (see UpdateDeliveryAddressBodySchema). */
  version: z.number().int(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;

/** Three region codes (GB/T 2260, 2–12 digits each) joined by commas. */
export const ADDRESS_CODE_PATTERN = /^\d{2,12},\d{2,12},\d{2,12}$/;
/** A phone number as people write one: digits, +, -, parentheses and spaces, 3 to 20 of them. */
export const ADDRESS_PHONE_PATTERN = /^[0-9+\-() ]{3,20}$/;

// The labels are the address form's (widgets.address.*); the region cascader is checked as addressCode.
export const SaveDeliveryAddressBodySchema = z.object({
  contacts: requiredText(ADDRESS_MESSAGES.name, 50, { label: 'widgets.address.contacts' }),
  contactsPhone: requiredText(ADDRESS_MESSAGES.phone, 20, {
    label: 'widgets.address.contactsPhone',
    pattern: ADDRESS_PHONE_PATTERN,
    patternMessage: ADDRESS_MESSAGES.phoneInvalid,
  }),
  addressCode: requiredText(ADDRESS_MESSAGES.region, 64, { label: 'widgets.address.region', pattern: ADDRESS_CODE_PATTERN }),
  province: requiredText(ADDRESS_MESSAGES.region, 50),
  city: requiredText(ADDRESS_MESSAGES.region, 50),
  area: requiredText(ADDRESS_MESSAGES.region, 50),
  detailedAddress: requiredText(ADDRESS_MESSAGES.detail, 200, { label: 'widgets.address.detailedAddress' }),
  /** Echoed by the client; must be the caller's enterprise. */
  enterpriseId: echoedEnterpriseId(),
  /** Create sends 0; a new address is never the default (use set-default). */
  isDefault: flag01().optional(),
  isDelete: flag01().optional(),
});
export type SaveDeliveryAddressBody = z.infer<typeof SaveDeliveryAddressBodySchema>;

export const UpdateDeliveryAddressBodySchema = SaveDeliveryAddressBodySchema.extend({
  id: rowId('请选择要编辑的地址'),
  /**
   * The version the client read. Optional: the spec fixes this call's body as the create body plus id, so a
   * client written to the spec alone still edits (last write wins); when sent (the web app always sends it) an
   * older one answers 409 and changes nothing.
   */
  version: versionField().optional(),
});
export type UpdateDeliveryAddressBody = z.infer<typeof UpdateDeliveryAddressBodySchema>;

const optionalId = queryRowId('地址 id 必须是正整数');
export const SetDefaultAddressQuerySchema = z.object({ id: optionalId });
export const SetDefaultAddressBodySchema = z.preprocess((v) => v ?? {}, z.object({ id: optionalId }));

export const ListDeliveryAddressesQuerySchema = PageQuerySchema.extend({ enterpriseId: echoedEnterpriseId() });
export type ListDeliveryAddressesQuery = z.infer<typeof ListDeliveryAddressesQuerySchema>;

export const DeliveryAddressPageSchema = pageOf(DeliveryAddressSchema);
export const DeliveryAddressPageReplySchema = envelope(DeliveryAddressPageSchema);
export const DeliveryAddressReplySchema = envelope(DeliveryAddressSchema);

export const ADDRESS_BOOK_PATHS = {
  list: '/api/businessperationService/mlzSettle/findPageBIllPath',
  add: '/api/businessperationService/mlzSettle/mlzBillListPathAdd',
  update: '/api/businessperationService/mlzSettle/mlzBillListPathInfoUpdate',
  setDefault: '/api/businessperationService/mlzSettle/mlzBillListPathUpdate',
} as const;
