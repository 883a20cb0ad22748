import type { ReactNode } from 'react';
import { Logo } from '../../../ui/Logo.tsx';
import { ProductPitch } from './ProductPitch.tsx';
import './AuthLayout.css';

export type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the form card. */
  footer?: ReactNode;
  /** Show the product pitch beside the form (sign-in, sign-up). */
  pitch?: boolean;
};

/** The frame of the public sign-in pages: the form card and, on wide screens, the product pitch. */
export function AuthLayout({ title, subtitle, children, footer, pitch = false }: AuthLayoutProps) {
  return (
    <div className={`auth-layout${pitch ? ' auth-layout--pitch' : ''}`}>
      <main className="auth-layout__main" id="main" tabIndex={-1}>
        <div className="auth-layout__column">
          <div className="auth-layout__brand">
            <Logo size="md" />
          </div>
          <div className="auth-layout__card">
            <h1 className="auth-layout__title">{title}</h1>
            {subtitle ? <p className="auth-layout__subtitle">{subtitle}</p> : null}
            <div className="auth-layout__content">{children}</div>
          </div>
          {footer ? <div className="auth-layout__footer">{footer}</div> : null}
        </div>
      </main>
      {pitch ? <ProductPitch /> : null}
    </div>
  );
}
