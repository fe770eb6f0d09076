// The /404, /401 and /500 pages (outside the signed-in layout).
import { Card } from 'antd';
import { ForbiddenResult, NotFoundResult, ServerErrorResult } from '../../components/status-results';
import type { ReactNode } from 'react';
import { StandalonePage } from '../../components/standalone-page';

function StatusPage({ children }: { children: ReactNode }) {
  return (
    <StandalonePage>
      <Card className="status-card" variant="borderless">
        {children}
      </Card>
    </StandalonePage>
  );
}

export const NotFoundPage = () => (
  <StatusPage>
    <NotFoundResult />
  </StatusPage>
);

export const ForbiddenPage = () => (
  <StatusPage>
    <ForbiddenResult />
  </StatusPage>
);

export const ServerErrorPage = () => (
  <StatusPage>
    <ServerErrorResult />
  </StatusPage>
);
