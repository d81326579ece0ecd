// Loading and error views shared by data-driven pages. The error view is antd's Result in look, without
// Result itself: that brings its large status illustrations to every page that can fail to load.
import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { isOfflineFailure, requestIdOf } from './api-error';
import { ErrorReference } from './error-reference';
import { errorText } from './notify';
import './query-states.css';

export function LoadingBlock({ rows = 4 }: { rows?: number }) {
  return <Skeleton active paragraph={{ rows }} />;
}

/** Offline, only what was loaded before is kept (the service worker's copies, issue 14). */
export const NOT_KEPT_OFFLINE =
  'This was not kept for reading offline. Connect to the internet and try again.';

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const offline = isOfflineFailure(error);
  return (
    <div className="load-error" role="alert">
      {offline ? (
        <WarningFilled className="load-error-icon load-error-icon-offline" aria-hidden />
      ) : (
        <CloseCircleFilled className="load-error-icon" aria-hidden />
      )}
      <div className="load-error-title">{offline ? 'Not available offline' : 'Could not load this page'}</div>
      <p className="load-error-text">
        {offline ? NOT_KEPT_OFFLINE : errorText(error)}
        <ErrorReference id={requestIdOf(error)} />
      </p>
      {onRetry && (
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
