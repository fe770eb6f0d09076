// Shared widgets of issue 3: address book, document table, image uploader, goods picker and the pickers.
export { AddressBookDialog, type AddressBookDialogProps } from './address-book-dialog';
export { formatAddress } from './format-address';
export { AddressBookTable, type AddressBookTableProps, type AddressBookTableParts } from './address-book-table';
export { AddressFormDialog, type AddressFormDialogProps, type AddressFormMode } from './address-form-dialog';
export { DocumentUploadTable, type DocumentUploadTableProps } from './document-upload-table';
export { documentRowsForSave, documentRowsProblem, type DocumentRowValue, type DocumentTableVariant } from './document-rules';
export { ImageUploader, type ImageUploaderProps, type ImageValue } from './image-uploader';
export { GoodsPickerModal, type GoodsPickerModalProps } from './goods-picker';
export { selectAllTitle } from './select-all-title';
export { useDict, dictQueryOptions } from './dict';
export * from './pickers';
