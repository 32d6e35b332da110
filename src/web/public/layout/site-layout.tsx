import type { ReactNode, RefObject } from 'react';
import { useT } from '../hooks.ts';
import { CtaBand, FloatingContact } from './contact-actions.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

interface Props { children: ReactNode; mainRef: RefObject<HTMLElement | null>; pending: boolean }

export function SiteLayout({ children, mainRef, pending }: Props) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">{t.skipToContent}</a>
      <div className="progress" data-active={pending ? 'true' : 'false'} aria-hidden="true" />
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main" aria-busy={pending || undefined}>
        {children}
      </main>
      <CtaBand />
      <SiteFooter />
      <FloatingContact />
    </>
  );
}
