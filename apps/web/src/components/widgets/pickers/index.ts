// The pickers of spec 2.3 items 4–7 and the two extra single-purpose pickers (chooseSettle, order goods).
export { OrderPicker, type OrderKind, type OrderPickRow, type OrderPickerProps } from './order-picker';
export { ProjectPicker, projectTypeFor, type ProjectPickerProps } from './project-picker';
export { LoanPicker, type LoanPickerProps } from './loan-picker';
export {
  ContractPicker,
  IN_STORAGE_PAGE_SIZE,
  useContractTypeLabel,
  type ContractPickerProps,
  type ContractPickerVariant,
} from './contract-picker';
export { SettlePicker, type SettlePickerProps, type SettleType } from './settle-picker';
export { OrderGoodsPicker, getSalesOrderGoods, type OrderGoodsPickerProps } from './order-goods-picker';
