import type { ReactNode } from 'react';
import './auth.css';

export interface AuthCardProps {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (register, forgot password). */
  footer?: ReactNode;
  /** Wider for forms with cards inside (registration's role choice). */
  isWide?: boolean;
}

/** The centred card every account page uses. */
export function AuthCard({ title, intro, children, footer, isWide }: AuthCardProps) {
  return (
    <section className={isWide ? 'auth auth-wide' : 'auth'} aria-labelledby="auth-title">
      <div className="auth-card">
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {intro && <div className="auth-intro">{intro}</div>}
        {children}
      </div>
      {footer && <div className="auth-footer">{footer}</div>}
    </section>
  );
}
