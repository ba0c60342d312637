import { useEffect } from 'react';
import { useAppState } from './app-state';

/** Spec §2: titles carry the app name after a pipe, e.g. "Log in | Bookla". */
export function useDocumentTitle(page: string | undefined): void {
  const { appName } = useAppState();
  useEffect(() => {
    document.title = page ? `${page} | ${appName}` : appName;
  }, [page, appName]);
}

/** Keeps `<meta name="description">` in step with content pages (search snippets, sharing). */
export function useMetaDescription(text: string | undefined): void {
  useEffect(() => {
    if (!text) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = text;
  }, [text]);
}
