// The footer of every page (product.md section 1): confidentiality notice, support mail link, copyright.
// Plain markup: it is on the login page too, which must stay light.
import { useConfig } from '../../lib/config';
import './app-footer.css';

export function AppFooter() {
  const { brandName, supportEmail, copyrightYear } = useConfig();
  return (
    <footer className="app-footer" data-testid="app-footer">
      <p>
        The content of this site is confidential and intended for employees of {brandName} only. Need help?
        Contact <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
      <p>
        © {copyrightYear} {brandName}
      </p>
    </footer>
  );
}
