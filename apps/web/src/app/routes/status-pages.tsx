// The /404, /401 and /500 pages (outside the signed-in layout).
import { Card } from 'antd';
import { ForbiddenResult, NotFoundResult, ServerErrorResult } from '../../components/status-results';
import { StandalonePage } from '../../components/standalone-page';

export function NotFoundPage() {
  return (
    <StandalonePage>
      <Card className="status-card" variant="borderless">
        <NotFoundResult />
      </Card>
    </StandalonePage>
  );
}

export function ForbiddenPage() {
  return (
    <StandalonePage>
      <Card className="status-card" variant="borderless">
        <ForbiddenResult />
      </Card>
    </StandalonePage>
  );
}

export function ServerErrorPage() {
  return (
    <StandalonePage>
      <Card className="status-card" variant="borderless">
        <ServerErrorResult />
      </Card>
    </StandalonePage>
  );
}
