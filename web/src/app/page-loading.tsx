// What shows while a lazy page or layout chunk loads.
import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin description="Loading" />
    </div>
  );
}
