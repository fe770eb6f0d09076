// The signed-in part of the app: without a session it leaves for the portal; with one it computes the
// user's access once and lays out the shell.
import { Flex, Spin } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { SessionUser } from '@tfb/contract';
import { RouteAccessContext, type CanVisit } from '../../lib/route-access';
import { goToPortal, isPublicPath, useSessionUser } from '../../lib/session';
import { AccessContext, buildAccess, canVisit } from '../routes/access';
import { usePrefetchMenuPages } from '../routes/prefetch';
import { AppLayout } from './app-layout';

function PortalRedirect() {
  useEffect(() => {
    // When the session ended because a refresh failed, the client is already on its way to /login.
    void goToPortal((url) => {
      if (!isPublicPath(window.location.pathname)) window.location.assign(url);
    });
  }, []);
  return (
    <Flex align="center" justify="center" style={{ height: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

/** The user's access (the pages they may open, the links they may follow) for everything below. */
export function SessionAccess({ user, children }: { user: SessionUser; children: ReactNode }) {
  const access = useMemo(() => buildAccess(user), [user]);
  const visit = useMemo<CanVisit>(() => (pathname) => canVisit(access, pathname), [access]);
  usePrefetchMenuPages(access);
  return (
    <AccessContext.Provider value={access}>
      <RouteAccessContext.Provider value={visit}>{children}</RouteAccessContext.Provider>
    </AccessContext.Provider>
  );
}

export function SignedInShell() {
  const user = useSessionUser();
  if (!user) return <PortalRedirect />;
  return (
    <SessionAccess user={user}>
      <AppLayout user={user} />
    </SessionAccess>
  );
}
