// What other modules may use of the uploads: receiving a multipart file, the content sniffer and the safe name
// rules (the portal media library judges its files with them).
export { extensionOf, safeBaseName } from './policy.js';
export { UPLOAD_MESSAGES, discardUnreadBody, receiveSingleFile, type Upload } from './receive.js';
export { KINDS, sniffFile, type Sniffed } from './sniff.js';
