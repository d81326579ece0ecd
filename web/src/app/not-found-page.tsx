// Unknown paths (product.md section 2): say the page does not exist, offer the role's home page or the login.
import { StatusPage } from './status-page';

export default function NotFoundPage() {
  return (
    <StatusPage
      status="404"
      title="Page not found"
      subTitle="Sorry, the page you are looking for does not exist."
    />
  );
}
