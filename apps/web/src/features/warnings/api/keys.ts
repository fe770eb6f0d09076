// Query keys of the warning messages: the pages and the unread count the shell's bell shows.
export const WARNINGS_ROOT_KEY = ['warnings'] as const;
export const WARNING_MESSAGES_KEY = [...WARNINGS_ROOT_KEY, 'messages'] as const;
export const UNREAD_COUNT_KEY = [...WARNINGS_ROOT_KEY, 'unread-count'] as const;
export type UnreadCount = { unreadCount: number };
