// The failure in a page's place (page-error-boundary.tsx): what failed, and the ways on. Its own chunk,
// loaded when a page fails, or ahead while the app is idle (app-layout.tsx), so that it is kept for offline
// use: the boundaries themselves are in the first chunk of every page, the login page's included.
import { homeForRole, PATHS } from '@hearth/contract';
import { useNavigate } from 'react-router';
import { LightButton } from '../lib/light-button';
import { useProfile } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

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

/** In antd's look but its own light markup (no Result, no Button): page-error-boundary.css. */
export default function PageFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  // Read as the failure shows, not followed: Try again reads it anew.
  const online = navigator.onLine;
  const navigate = useNavigate();
  const profile = useProfile();
  const { title, subTitle } = failureText(error, online);
  useDocumentTitle(title);
  // React keeps a lazy module's failed load: only a new document loads it again.
  const retry = isChunkLoadError(error) ? () => window.location.reload() : onRetry;
  const inAppHistory = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <section className="page-failed" role="alert">
      <h1 className="page-failed-title">{title}</h1>
      <p className="page-failed-text">{subTitle}</p>
      <div className="page-failed-actions">
        <LightButton primary onClick={retry}>
          Try again
        </LightButton>
        {inAppHistory && <LightButton onClick={() => navigate(-1)}>Go back</LightButton>}
        <LightButton onClick={() => navigate(profile ? homeForRole(profile.roles.id) : PATHS.login)}>
          {profile ? 'Back to home page' : 'Go to login'}
        </LightButton>
      </div>
    </section>
  );
}
