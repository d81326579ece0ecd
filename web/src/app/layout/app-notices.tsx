// Notices above every logged-in page: offline (the pages show what was last loaded, read-only) and the
// "Install Hearth" hint where the browser offers installation (issue 14).
import { useInstallPrompt } from '../../lib/install';
import { useOnline } from '../../lib/use-online';
import './app-notices.css';

export function AppNotices() {
  const online = useOnline();
  const install = useInstallPrompt();
  return (
    <>
      {!online && (
        <div className="app-notice app-notice-offline" role="status">
          You are offline. You see what was last loaded; nothing can be changed until the connection is back.
        </div>
      )}
      {online && install.available && (
        <section className="app-notice" aria-label="Install Hearth">
          <span>Install Hearth on this device to open it like an app and get notifications.</span>
          <span className="app-notice-actions">
            <button
              type="button"
              className="app-notice-button primary"
              onClick={() => void install.install()}
            >
              Install Hearth
            </button>
            <button type="button" className="app-notice-button" onClick={install.dismiss}>
              Not now
            </button>
          </span>
        </section>
      )}
    </>
  );
}
