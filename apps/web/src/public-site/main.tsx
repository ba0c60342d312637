import './site.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PublicSite } from './app';
import { loadProps, readInjectedProps } from './data';
import { isSiteLanguage } from './types';

/**
 * The public pages' own entry (public.html): React and these pages only — no Mantine, router,
 * query library or back-office code. The server has rendered the page; this hydrates it.
 */
async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing in public.html');
  const injected = readInjectedProps();
  if (injected && root.firstElementChild) {
    // As a transition, hydration yields to the browser every few milliseconds (the page is on screen already).
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <PublicSite {...injected} />
        </StrictMode>,
      );
    });
    return;
  }
  const htmlLang = document.documentElement.lang;
  const props = injected ?? (await loadProps(window.location.pathname, isSiteLanguage(htmlLang) ? htmlLang : 'de'));
  document.documentElement.lang = props.lang;
  if (props.page.kind === 'content') document.title = `${props.page.title} | ${props.appName}`;
  createRoot(root).render(
    <StrictMode>
      <PublicSite {...props} />
    </StrictMode>,
  );
}

void start();
