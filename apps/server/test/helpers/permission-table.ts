// The README's permission table, rendered from the contract's table; the README must hold exactly this
// (test/permissions.test.ts), so the documentation cannot drift from what the server enforces.
import { PERMISSIONS, ROLES, ROLE_NAMES, can, permissionLabel } from '@tfb/contract';

export function permissionTableMarkdown(): string {
  const head = `| permission | ${ROLES.map((r) => `${r} (${ROLE_NAMES[r]})`).join(' | ')} |`;
  const rule = `|---|${ROLES.map(() => ':---:').join('|')}|`;
  const rows = PERMISSIONS.map((p) => `| \`${p}\` ${permissionLabel(p)} | ${ROLES.map((r) => (can([r], p) ? '✓' : '')).join(' | ')} |`);
  return [head, rule, ...rows].join('\n');
}
