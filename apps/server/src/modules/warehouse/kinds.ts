// Where each warehouse document kind lives in the database. The contract's descriptor (IN_STORAGE, OUTBOUND) says
// how a kind looks on the wire; this says which tables and columns hold it, so the repositories and routes are
// written once for both kinds.
import { IN_STORAGE, OUTBOUND, type WarehouseDocumentKind } from '@tfb/contract';
import { NUMBER_KEYS } from '../../lib/numbering.js';

/** Columns by the wire name they are read as, in wire order. */
export type Columns = Readonly<Record<string, string>>;

export type KindTables = {
  kind: WarehouseDocumentKind;
  /** The goods lines' two measure columns, on source and order lines alike (the kind's `measures`, in order). */
  measures: readonly [string, string];
  /** Line columns only this kind has; an order line copies them from its source line. */
  lineExtra: Columns;
  source: {
    table: 'in_storage_notices' | 'delivery_instructions';
    lines: 'in_storage_notice_goods' | 'delivery_apply_goods';
    /** A line's column naming its document. */
    parent: 'notice_id' | 'instruction_id';
    /** Rows per equality filter, kept by triggers (migration 0005): enterprise, is_create, warehouse and `equals`. */
    counts: 'in_storage_notice_counts' | 'delivery_instruction_counts';
    /** The document's own date, the list's date filter. */
    date: 'collection_time' | 'plan_delivery_time';
    /** Header columns only this kind has. */
    extra: Columns;
  };
  order: {
    table: 'in_storage_orders' | 'outbound_orders';
    lines: 'in_storage_order_goods' | 'outbound_order_goods';
    sourceId: 'notice_id' | 'instruction_id';
    sourceCode: 'notice_code' | 'instruction_code';
    sourceLine: 'notice_goods_id' | 'apply_goods_id';
    date: 'in_storage_time' | 'delivery_time';
    /** Its own header columns after the warehouse, in wire order: its date, and what it copies from its source. */
    fields: Columns;
  };
  /** The business number key of its orders. */
  numberKey: string;
};

export const IN_STORAGE_TABLES: KindTables = {
  kind: IN_STORAGE,
  measures: ['weight', 'storage_number'],
  lineExtra: { warehouseName: 'warehouse_name' },
  source: {
    table: 'in_storage_notices',
    lines: 'in_storage_notice_goods',
    parent: 'notice_id',
    counts: 'in_storage_notice_counts',
    date: 'collection_time',
    extra: {},
  },
  order: {
    table: 'in_storage_orders',
    lines: 'in_storage_order_goods',
    sourceId: 'notice_id',
    sourceCode: 'notice_code',
    sourceLine: 'notice_goods_id',
    date: 'in_storage_time',
    fields: { inStorageTime: 'in_storage_time' },
  },
  numberKey: NUMBER_KEYS.inStorageOrder,
};

export const OUTBOUND_TABLES: KindTables = {
  kind: OUTBOUND,
  measures: ['delivery_number', 'delivery_weight_number'],
  lineExtra: {},
  source: {
    table: 'delivery_instructions',
    lines: 'delivery_apply_goods',
    parent: 'instruction_id',
    counts: 'delivery_instruction_counts',
    date: 'plan_delivery_time',
    extra: { superviseId: 'supervise_id', planDeliveryTime: 'plan_delivery_time', dataSources: 'data_sources' },
  },
  order: {
    table: 'outbound_orders',
    lines: 'outbound_order_goods',
    sourceId: 'instruction_id',
    sourceCode: 'instruction_code',
    sourceLine: 'apply_goods_id',
    date: 'delivery_time',
    fields: { planDeliveryTime: 'plan_delivery_time', deliveryTime: 'delivery_time', dataSources: 'data_sources' },
  },
  numberKey: NUMBER_KEYS.outboundOrder,
};

/** Every kind with its tables, in list-tab order. */
export const KIND_TABLES = [IN_STORAGE_TABLES, OUTBOUND_TABLES] as const;
