// What other modules may use of the approval process (the workbench shows the caller's open tasks).
export { isApprover, todoList } from './repository.js';
