// Renders a route's page only when the user's access allows it; otherwise the 403 result, so a page
// hidden from the menus cannot be opened by typing its address.
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ForbiddenResult } from '../../components/status-results';
import { firstPagePath, useAccess } from './access';
import { ROUTE_INDEX } from './route-table';

export function RouteGuard({ path, children }: { path: string; children: ReactNode }) {
  const access = useAccess();
  if (!access.allowedPaths.has(path)) {
    return (
      <Card variant="borderless" className="page-card">
        <ForbiddenResult />
      </Card>
    );
  }
  return children;
}

/** A group's own address (e.g. /orders) leads to its first page the user may open. */
export function GroupRedirect({ path }: { path: string }) {
  const access = useAccess();
  const group = ROUTE_INDEX.get(path)?.node;
  const target =
    access.allowedPaths.has(path) && group?.children ? firstPagePath(group.children.filter((c) => access.allowedPaths.has(c.path))) : null;
  if (!target) {
    return (
      <Card variant="borderless" className="page-card">
        <ForbiddenResult />
      </Card>
    );
  }
  return <Navigate to={target} replace />;
}
