import { useEffect } from 'react';

/** `Page | Team` (white-label: the team's name instead of the product's). */
export function useTitle(...parts: (string | null | undefined | false)[]): void {
  const title = parts.filter(Boolean).join(' | ');
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
