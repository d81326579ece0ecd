// No route ends in a blank page (issue 33): what a page throws while it renders, and a page whose code
// cannot be loaded (offline and never opened, or replaced by a newer release), shows what happened and the
// ways on instead. One boundary sits in each layout around the page, so the menu and the top bar stay;
// one around the layouts catches a layout's own code failing to load.
import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOnline } from '../lib/use-online';
import { StatusPage } from './status-page';

/** Whether `error` is a failed load of a lazy module (the messages of Chromium, Firefox, Safari and Vite). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** What the reader is told, by what failed and whether the browser is online. */
export function failureText(error: unknown, online: boolean): { title: string; subTitle: string } {
  if (!isChunkLoadError(error)) {
    return {
      title: 'Something went wrong on this page',
      subTitle: 'Try again, or go back to where you were.',
    };
  }
  if (!online) {
    return {
      title: 'This page is not available offline',
      subTitle: 'It was not opened while you were online. Connect to the internet and try again.',
    };
  }
  return {
    title: 'This page could not be loaded',
    subTitle: 'The connection dropped, or Hearth has been updated meanwhile. Try again to load it.',
  };
}

function PageFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const online = useOnline();
  const navigate = useNavigate();
  const { title, subTitle } = failureText(error, online);
  // React keeps a lazy module's failed load: only a new document loads it again.
  const retry = isChunkLoadError(error) ? () => window.location.reload() : onRetry;
  const inAppHistory = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <StatusPage
      status="warning"
      title={title}
      subTitle={subTitle}
      actions={
        <>
          <Button type="primary" onClick={retry}>
            Try again
          </Button>
          {inAppHistory && <Button onClick={() => navigate(-1)}>Go back</Button>}
        </>
      }
    />
  );
}

type Props = {
  children: ReactNode;
  /** What shows instead of `children` once they failed; `reset` renders them again. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** A new value gives `children` another chance. */
  resetKey?: string;
};
type State = { failed: boolean; error: unknown };

/** Shows `fallback` in place of what it holds once that fails, until `resetKey` changes. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A part of the page failed to show', error, info.componentStack);
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
      fallback={(error, reset) => <PageFailed error={error} onRetry={reset} />}
    >
      {children}
    </ErrorBoundary>
  );
}
