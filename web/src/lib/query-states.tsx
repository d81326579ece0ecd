// Loading and error views shared by data-driven pages.
import { Button, Result, Skeleton } from 'antd';
import { errorText } from './notify';

export function LoadingBlock({ rows = 4 }: { rows?: number }) {
  return <Skeleton active paragraph={{ rows }} />;
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Result
      status="error"
      title="Could not load this page"
      subTitle={errorText(error)}
      extra={
        onRetry && (
          <Button type="primary" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    />
  );
}
