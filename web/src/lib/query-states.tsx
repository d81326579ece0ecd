// Loading and error views shared by data-driven pages. The error view is antd's Result in look, without
// Result itself: that brings its large status illustrations to every page that can fail to load.
import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { requestIdOf } from './api-error';
import { ErrorReference } from './error-reference';
import { errorText } from './notify';
import './query-states.css';

export function LoadingBlock({ rows = 4 }: { rows?: number }) {
  return <Skeleton active paragraph={{ rows }} />;
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="load-error" role="alert">
      <CloseCircleFilled className="load-error-icon" aria-hidden />
      <div className="load-error-title">Could not load this page</div>
      <p className="load-error-text">
        {errorText(error)}
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
