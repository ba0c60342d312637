import { useSyncExternalStore, type ReactNode } from 'react';
import type { PublicActivity } from '@bookla/shared/catalogue-tickets';

/**
 * Where the activity cards ask for "Included in your membership" (issue 24). The badge's logic,
 * texts and calls live in a chunk of their own (subscriptions/included.tsx), loaded only for a
 * logged-in customer of a team that sells memberships; it puts its badge here and takes it back.
 * The shop's first bundle carries only this slot (its budget is 100 KB gzip).
 */
type Badge = ((activity: PublicActivity) => ReactNode) | null;
let badge: Badge = null;
const listeners = new Set<() => void>();

export function setIncludedBadge(next: Badge): void {
  badge = next;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useIncludedBadge = () => useSyncExternalStore(subscribe, () => badge);
