// The panel that frames each public form (login, register, password reset, ...). Plain markup rather than
// antd Card: Card drags Tabs and Menu into the login page's bundle.
import type { ReactNode } from 'react';
import './auth-card.css';

type Props = { title: string; subtitle?: ReactNode; wide?: boolean; children: ReactNode };

export function AuthCard({ title, subtitle, wide = false, children }: Props) {
  return (
    <section className={wide ? 'auth-card wide' : 'auth-card'} aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className="auth-card-title">
        {title}
      </h1>
      {subtitle && <p className="auth-card-subtitle">{subtitle}</p>}
      {children}
    </section>
  );
}
