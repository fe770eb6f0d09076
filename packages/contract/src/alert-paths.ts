// Paths of the warning-message calls. Kept apart from the messages' schemas: the header bell, part of the first
// load, needs only these.

export const ALERT_PATHS = {
  messages: '/api/businessperationService/alertData/messageEarlyWarning',
  updateStatus: '/api/businessperationService/alertData/updateMessageStatus',
  info: '/api/businessperationService/alertData/earlyWarningInfo',
  unreadCount: '/api/businessperationService/alertData/unreadCount',
} as const;
