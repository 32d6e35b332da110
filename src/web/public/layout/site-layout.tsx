import type { ReactNode } from 'react';
import { useT } from '../hooks.ts';
import { CtaBand, FloatingContact } from './contact-actions.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function SiteLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <CtaBand />
      <SiteFooter />
      <FloatingContact />
    </>
  );
}
