// The sidebar's open/closed state, remembered in the `sidebarStatus` cookie: 1 open, 0 closed (spec 9).
import Cookies from 'js-cookie';
import { SIDEBAR_COOKIE } from '@tfb/contract';

export function readSidebarOpen(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

export function writeSidebarOpen(open: boolean): void {
  Cookies.set(SIDEBAR_COOKIE, open ? '1' : '0', { path: '/', sameSite: 'lax', expires: 365 });
}
