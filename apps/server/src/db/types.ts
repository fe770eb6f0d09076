// Row types of every table, for Kysely. Generated columns are Generated<>; nullable columns are | null.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<string, string | undefined, string>;
type Num = ColumnType<number, number | string | undefined, number | string>;
type NumNullable = ColumnType<number | null, number | string | null | undefined, number | string | null>;
type Json = ColumnType<Record<string, unknown>, string, string>;
/** Optimistic-locking version: 1 on insert, set to version + 1 by every update. */
type Versioned = ColumnType<number, number | undefined, number>;

export type EnterprisesTable = {
  id: string;
  name: string;
  company_id: string;
  credit_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type OrganisationsTable = {
  id: string;
  enterprise_id: string;
  name: string;
  kind: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
};
export type WarehousesTable = {
  id: Generated<number>;
  enterprise_id: string;
  name: string;
  address: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type UsersTable = {
  id: string;
  enterprise_id: string;
  org_id: string;
  user_name: string;
  name: string;
  phone: ColumnType<string, string | undefined, string>;
  is_internal: ColumnType<boolean, boolean | undefined, boolean>;
  is_group: ColumnType<boolean, boolean | undefined, boolean>;
  is_supervisor: ColumnType<boolean, boolean | undefined, boolean>;
  warehouse_id: number | null;
  storage_address: string | null;
  storage_address_id: string | null;
  avatar: ColumnType<string, string | undefined, string>;
  introduction: ColumnType<string, string | undefined, string>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type UserRolesTable = { user_id: string; role: string };
export type UserMenusTable = { user_id: string; menu_name: string; path: string; is_hidden: 0 | 1; sort: ColumnType<number, number | undefined, number> };
export type OperatorAccountsTable = { username: string; password_hash: string; user_id: string; created_at: Timestamp };
export type RefreshTokensTable = {
  id: Generated<number>;
  token_hash: string;
  family_id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  created_at: Timestamp;
};
export type PortalTicketNoncesTable = { nonce_hash: string; user_id: string; expires_at: string; used_at: Generated<Timestamp> };
export type RateLimitCountersTable = { key: string; window_start: string; count: number; expires_at: string };
export type LoginLockoutsTable = { key: string; failures: number; locked_until: string | null; updated_at: string };
export type AppSecretsTable = { name: string; value: string; created_at: Timestamp };
export type DictGroupsTable = { name: string; label: string };
export type DictEntriesTable = { group_name: string; dict_key: string; dict_value_name: string; sort: ColumnType<number, number | undefined, number> };
export type NumberSequencesTable = { enterprise_id: string; number_key: string; period: string; last_value: number };

type Audit = {
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type GoodsCategoriesTable = {
  id: Generated<number>;
  enterprise_id: string;
  parent_id: number | null;
  goods_category_code: string;
  goods_category_name: string;
  is_leaf: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type GoodsTable = Audit & {
  version: Versioned;
  id: Generated<number>;
  enterprise_id: string;
  category_id: number;
  goods_name: string;
  specification_models: string;
  unit: string;
  manufacturer: string;
  texture: string;
  weight: NumNullable;
  monad: string;
  goods_number: string;
  goods_price: NumNullable;
};
export type SalesOrdersTable = Audit & {
  version: Versioned;
  id: Generated<number>;
  enterprise_id: string;
  order_code: string;
  enterprise_name: string;
  money_demand: number;
  sales_date: number;
  money: Num;
  status: ColumnType<string, string | undefined, string>;
  delivery_address_id: ColumnType<number | null, number | null | undefined, number | null>;
};
export type PurchaseOrdersTable = Audit & {
  version: Versioned;
  id: Generated<number>;
  enterprise_id: string;
  purchase_order_code: string;
  supplier_name: string;
  is_precondition: number;
  purchase_date: number;
  money: Num;
  status: ColumnType<string, string | undefined, string>;
  delivery_address_id: ColumnType<number | null, number | null | undefined, number | null>;
};
export type OrderGoodsTable = {
  id: Generated<number>;
  enterprise_id: string;
  sales_order_id: number | null;
  purchase_order_id: number | null;
  goods_id: number | null;
  goods_name: string;
  specification_models: string;
  unit: string;
  quantity: Num;
  price: Num;
};
export type ProjectsTable = Audit & {
  version: Versioned;
  id: Generated<number>;
  enterprise_id: string;
  project_code: string;
  project_name: string;
  type: number;
  enterprise_name: string;
  supplier_name: string;
  project_take_effect_time: string | null;
  status: ColumnType<string, string | undefined, string>;
};
export type DeliveryAddressesTable = {
  version: Versioned;
  id: Generated<number>;
  enterprise_id: string;
  contacts: string;
  contacts_phone: string;
  address_code: string;
  province: string;
  city: string;
  area: string;
  detailed_address: string;
  is_default: number;
  is_delete: number;
  create_user_id: string | null;
  create_user_name: string | null;
  change_user_id: string | null;
  change_user_name: string | null;
  create_time: Timestamp;
  update_time: Timestamp;
};
export type ContractsTable = Audit & {
  version: Versioned;
  id: Generated<number>;
  enterprise_id: string;
  code: string;
  contract_relevance_code: string;
  contract_type: string;
  contract_name: string;
  enterprise_name: string;
  money: Num;
  sign_type: number;
  project_id: number | null;
  sales_order_id: number | null;
  purchase_order_id: number | null;
  delivery_address_id: number | null;
  sign_date: string | null;
  status: ColumnType<string, string | undefined, string>;
  process_instance_id: number | null;
};
export type ContractGoodsTable = {
  id: Generated<number>;
  enterprise_id: string;
  contract_id: number;
  goods_id: number | null;
  goods_name: string;
  specification_models: string;
  unit: string;
  quantity: Num;
  price: Num;
};
export type LoanApplicationsTable = Audit & {
  version: Versioned;
  id: Generated<number>;
  enterprise_id: string;
  application_form_num: string;
  applicant_name: string;
  contract_id: number | null;
  contract_num: string;
  contract_amount: Num;
  loan_amount: Num;
  corporate_name: string;
  create_date: ColumnType<string, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
  process_instance_id: number | null;
};
export type StoredFilesTable = {
  id: Generated<number>;
  enterprise_id: string;
  sha256: string;
  size_bytes: number;
  mime_type: string;
  extension: string;
  original_name: string;
  uploaded_by: string;
  uploaded_at: Timestamp;
};
export type GoodsImagesTable = { goods_id: number; file_id: number; position: number };
export type DocumentsTable = {
  id: Generated<number>;
  enterprise_id: string;
  source_type: string;
  source_id: number;
  file_name: string;
  file_type_id: string;
  file_type_name: string;
  file_id: number | null;
  file_path: string;
  end_time: string | null;
  file_qk: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
type WarehouseHeader = Audit & {
  id: Generated<number>;
  enterprise_id: string;
  code: string;
  contract_relevance_code: string;
  contract_id: number | null;
  enterprise_name: string;
  supervise_id: string | null;
  supervise_name: string;
  warehouse_id: number | null;
  warehouse_name: string;
  collection_time: string | null;
  is_create: ColumnType<number, number | undefined, number>;
};
export type InStorageNoticesTable = WarehouseHeader;
export type InStorageNoticeGoodsTable = {
  id: Generated<number>;
  notice_id: number;
  goods_id: number | null;
  goods_name: string;
  specification_models: string;
  weight: Num;
  storage_number: Num;
  reel_number: string;
  warehouse_name: string;
};
export type DeliveryInstructionsTable = WarehouseHeader & {
  plan_delivery_time: string | null;
  data_sources: string;
};
export type DeliveryApplyGoodsTable = {
  id: Generated<number>;
  instruction_id: number;
  goods_id: number | null;
  goods_name: string;
  specification_models: string;
  delivery_number: Num;
  delivery_weight_number: Num;
  reel_number: string;
};
export type ProcessInstancesTable = {
  id: Generated<number>;
  enterprise_id: string;
  business_type: string;
  business_id: number;
  business_code: string;
  status: ColumnType<'running' | 'approved' | 'rejected', 'running' | 'approved' | 'rejected' | undefined, 'running' | 'approved' | 'rejected'>;
  current_task_name: string | null;
  assignee_role: string | null;
  started_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type ProcessHistoryTable = {
  id: Generated<number>;
  process_instance_id: number;
  seq: number;
  task_name: string;
  start_time: string;
  end_time: string | null;
  user_name_start: string;
  user_name_now: string;
  message: string;
  comments: string;
  /** The user id of whoever closed the step (submitter or approver); null while open and for 归档. */
  handled_by: string | null;
};
export type WarningMessagesTable = {
  id: Generated<number>;
  enterprise_id: string;
  user_id: string;
  warn_gen_dt: string;
  warn_rule: string;
  risk_type: number | null;
  company_name: string;
  content: string;
  is_read: ColumnType<boolean, boolean | undefined, boolean>;
  read_at: string | null;
};
export type CompanyRisksTable = {
  id: Generated<number>;
  enterprise_id: string;
  company_name: string;
  risk_type: number;
  warn_date: string;
  warn_rule: string;
  details: Json;
  created_at: Timestamp;
};

export type SettlementsTable = Audit & {
  version: Versioned;
  id: Generated<number>;
  enterprise_id: string;
  settle_code: string;
  contract_id: number | null;
  contract_code: ColumnType<string, string | undefined, string>;
  contract_type: ColumnType<string, string | undefined, string>;
  enterprise_name: ColumnType<string, string | undefined, string>;
  type: number;
  money: Num;
  settle_date: string | null;
  remark: ColumnType<string, string | undefined, string>;
  status: ColumnType<string, string | undefined, string>;
};

// Warehouse supervision (migration 0004).
export type InStorageOrdersTable = {
  id: Generated<number>;
  enterprise_id: string;
  code: string;
  notice_id: number;
  notice_code: string;
  contract_relevance_code: string;
  enterprise_name: string;
  supervise_id: string | null;
  supervise_name: string;
  warehouse_id: number | null;
  warehouse_name: string;
  in_storage_time: string;
  remark: string;
  create_user_id: string;
  create_user_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type InStorageOrderGoodsTable = {
  id: Generated<number>;
  order_id: number;
  notice_goods_id: number | null;
  goods_id: number | null;
  goods_name: string;
  specification_models: string;
  weight: Num;
  storage_number: Num;
  reel_number: string;
  warehouse_name: string;
};
export type OutboundOrdersTable = {
  id: Generated<number>;
  enterprise_id: string;
  code: string;
  instruction_id: number;
  instruction_code: string;
  contract_relevance_code: string;
  enterprise_name: string;
  supervise_id: string | null;
  supervise_name: string;
  warehouse_id: number | null;
  warehouse_name: string;
  plan_delivery_time: string | null;
  delivery_time: string;
  data_sources: string;
  remark: string;
  create_user_id: string;
  create_user_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type OutboundOrderGoodsTable = {
  id: Generated<number>;
  order_id: number;
  apply_goods_id: number | null;
  goods_id: number | null;
  goods_name: string;
  specification_models: string;
  delivery_number: Num;
  delivery_weight_number: Num;
  reel_number: string;
};
export type PrintDocumentsTable = {
  id: string;
  enterprise_id: string;
  user_id: string;
  source_type: string;
  source_id: number;
  file_name: string;
  content: Uint8Array;
  created_at: Timestamp;
};

// Derived tables of migration 0005, kept by triggers (the list queries read them; nothing writes them directly).
export type GoodsCategoryTreeTable = { ancestor_id: number; descendant_id: number; depth: number };
export type GoodsCategoryVersionsTable = { id: boolean; version: number };
export type GoodsCategoryCountsTable = { enterprise_id: string; category_id: number; n: number; max_id: number };
export type GoodsFacetsTable = {
  enterprise_id: string;
  category_id: number;
  goods_name: string;
  specification_models: string;
  n: number;
  max_id: number;
};
export type GoodsNumberCharsTable = { enterprise_id: string; ch: string; n: number };
export type InStorageNoticeCountsTable = { enterprise_id: string; is_create: number; warehouse_id: number | null; n: number };
export type DeliveryInstructionCountsTable = {
  enterprise_id: string;
  is_create: number;
  warehouse_id: number | null;
  supervise_id: string | null;
  data_sources: string;
  n: number;
};

/** One write to a business record: who, when, what, and the field changes (AuditChange[] of the contract). */
export type AuditLogTable = {
  id: Generated<number>;
  enterprise_id: string;
  entity: string;
  entity_id: number;
  action: string;
  user_id: string;
  user_name: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  diff: ColumnType<unknown, string, string>;
};

export type DB = {
  audit_log: AuditLogTable;
  enterprises: EnterprisesTable;
  organisations: OrganisationsTable;
  warehouses: WarehousesTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  user_menus: UserMenusTable;
  operator_accounts: OperatorAccountsTable;
  refresh_tokens: RefreshTokensTable;
  portal_ticket_nonces: PortalTicketNoncesTable;
  rate_limit_counters: RateLimitCountersTable;
  login_lockouts: LoginLockoutsTable;
  app_secrets: AppSecretsTable;
  dict_groups: DictGroupsTable;
  dict_entries: DictEntriesTable;
  number_sequences: NumberSequencesTable;
  goods_categories: GoodsCategoriesTable;
  goods: GoodsTable;
  sales_orders: SalesOrdersTable;
  purchase_orders: PurchaseOrdersTable;
  order_goods: OrderGoodsTable;
  projects: ProjectsTable;
  delivery_addresses: DeliveryAddressesTable;
  contracts: ContractsTable;
  contract_goods: ContractGoodsTable;
  loan_applications: LoanApplicationsTable;
  stored_files: StoredFilesTable;
  goods_images: GoodsImagesTable;
  documents: DocumentsTable;
  in_storage_notices: InStorageNoticesTable;
  in_storage_notice_goods: InStorageNoticeGoodsTable;
  delivery_instructions: DeliveryInstructionsTable;
  delivery_apply_goods: DeliveryApplyGoodsTable;
  process_instances: ProcessInstancesTable;
  process_history: ProcessHistoryTable;
  warning_messages: WarningMessagesTable;
  company_risks: CompanyRisksTable;
  in_storage_orders: InStorageOrdersTable;
  in_storage_order_goods: InStorageOrderGoodsTable;
  outbound_orders: OutboundOrdersTable;
  outbound_order_goods: OutboundOrderGoodsTable;
  print_documents: PrintDocumentsTable;
  settlements: SettlementsTable;
  goods_category_tree: GoodsCategoryTreeTable;
  goods_category_versions: GoodsCategoryVersionsTable;
  goods_category_counts: GoodsCategoryCountsTable;
  goods_facets: GoodsFacetsTable;
  goods_number_chars: GoodsNumberCharsTable;
  in_storage_notice_counts: InStorageNoticeCountsTable;
  delivery_instruction_counts: DeliveryInstructionCountsTable;
};
