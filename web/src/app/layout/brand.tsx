// The brand mark shown in the side menu and above the public pages.
import { Link } from 'react-router';
import { useConfig } from '../../lib/config';
import './brand.css';

export function Brand({ to, light = false }: { to: string; light?: boolean }) {
  const { brandName } = useConfig();
  return (
    <Link to={to} className={light ? 'brand brand-light' : 'brand'} aria-label={`${brandName} home`}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>{brandName}</span>
    </Link>
  );
}
