// Stores a signed-in demo-a staff user (what the session-aware widgets and the permission checks read), with
// whatever a test changes: e.g. signIn({ roles: ['approver'] }).
import type { SessionUser } from '@tfb/contract';
import { saveSessionUser } from '../lib/session-store';

export function signIn(over: Partial<SessionUser> = {}): SessionUser {
  const user: SessionUser = {
    userId: 'demo-a-staff',
    userName: 'zhangwei',
    name: '张伟',
    enterpriseId: 'ent-a',
    enterpriseName: '华东金属贸易有限公司',
    companyId: 'com-a',
    orgId: 'org-a-trade',
    phone: '13800000001',
    storageAddress: null,
    storageAddressId: null,
    warehouseId: null,
    isInternal: false,
    isGroup: false,
    isSupervisor: false,
    roles: ['staff'],
    avatar: '',
    introduction: '',
    menus: [],
    ...over,
  };
  saveSessionUser(user);
  return user;
}
