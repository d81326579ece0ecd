// No route ends in a blank page (issue 33): what a page throws while it renders, and a page whose code
// cannot be loaded (offline and never opened, or replaced by a newer release), shows what happened and the
// ways on instead. One boundary sits in the app's layout around the page, so the menu and the top bar stay;
// one around the layouts (router.tsx) catches a layout's own code failing to load, and the public pages.
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import './page-error-boundary.css';
import { LightButton } from '../lib/light-button';

/**
 * What shows when the failure view's own code cannot be loaded (offline, never loaded before): the least
 * that says what happened, and a new try.
 */
function BareFailure() {
  return (
    <section className="page-failed">
      <h1 className="page-failed-title">Could not load this page</h1>
      <LightButton primary onClick={() => window.location.reload()}>
        Try again
      </LightButton>
    </section>
  );
}

// Its own chunk, loaded ahead by app-layout.tsx while the app is idle; BareFailure where it cannot load.
const PageFailed = lazy(() => import('./page-failed').catch(() => ({ default: BareFailure })));

type Props = {
  children: ReactNode;
  /** What shows instead of `children` once they failed; `reset` renders them again. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** A new value gives `children` another chance. */
  resetKey?: string;
};
type State = { failed: boolean; error: unknown };

/**
 * Shows `fallback` in place of what it holds once that fails, until `resetKey` changes. React itself
 * reports the error it caught to the console.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback(this.state.error, () => this.setState({ failed: false }));
  }
}

/** A page's failure in its place, until the address changes: another page gets its chance. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error, reset) => (
        <Suspense fallback={null}>
          <PageFailed error={error} onRetry={reset} />
        </Suspense>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
