// The signed-in part of the app: without a session it leaves for the portal; with one it computes the
// user's access once and lays out the shell.
import { Flex, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { RouteAccessContext, type CanVisit } from '../../lib/route-access';
import { goToPortal, isPublicPath, useSessionUser } from '../../lib/session';
import { AccessContext, buildAccess, canVisit } from '../routes/access';
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

export function SignedInShell() {
  const user = useSessionUser();
  const access = useMemo(() => (user ? buildAccess(user) : null), [user]);
  const visit = useMemo<CanVisit>(() => (pathname) => (access ? canVisit(access, pathname) : false), [access]);
  if (!user || !access) return <PortalRedirect />;
  return (
    <AccessContext.Provider value={access}>
      <RouteAccessContext.Provider value={visit}>
        <AppLayout user={user} />
      </RouteAccessContext.Provider>
    </AccessContext.Provider>
  );
}
