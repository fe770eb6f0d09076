// What other modules may use of the approval process (the workbench shows the caller's open tasks; the portal
// content module starts its items' processes and hears how they end).
export {
  isApprover,
  registerApprovalSubject,
  startProcess,
  todoList,
  writtenHistory,
  type ApprovalOutcome,
  type ApprovalSubject,
} from './repository.js';
