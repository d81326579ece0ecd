// What shows while a lazy page or layout chunk loads. A CSS spinner rather than antd's Spin: this is in
// the entry chunk, which every page (the login page first) pays for.
import './page-loading.css';

export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-spinner" aria-hidden />
      <span className="page-loading-text">Loading</span>
    </div>
  );
}
