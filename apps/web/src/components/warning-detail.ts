// The company risk-warning dialog is opened for one warning, named by its day, rule and company: from the
// risk page and from a warning message (the route table hands the warnings page the risk feature's dialog).
export type WarningRef = { warnDate: string; warnRule: string; companyName?: string };

export type WarningDetailDialogProps = WarningRef & { open: boolean; onClose: () => void };

/** The dialog's props for the warning opened; closed while none is. */
export const warningDetailProps = (opened: WarningRef | null, onClose: () => void): WarningDetailDialogProps => ({
  open: opened !== null,
  onClose,
  warnDate: opened?.warnDate ?? '',
  warnRule: opened?.warnRule ?? '',
  companyName: opened?.companyName,
});
