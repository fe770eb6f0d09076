// What other modules may use of the warning messages (the workbench shows the latest and the unread count).
export { pageMessages, unreadCount, type Owner } from './repository.js';
