import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component of a module that loads when it first renders: `lazyNamed(() => import('./screens'), 'BasicTab')`.
 * A feature's index.ts exports its screens this way (issue 21 items 1 and 6): pages import the
 * feature through its index only, yet neither load a screen they do not show nor close an import
 * cycle through the index (a screen that uses another feature imports that one's index).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component keeps its own
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
