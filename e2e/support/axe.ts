import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * axe-core (Deque's accessibility engine, as Lighthouse and browser extensions use it) run in the
 * page: WCAG 2.x A/AA rules. Issue 22 item 19: the back office's pages carry no serious or critical
 * violation. Injected from the installed package (no download).
 */
const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/** The serious and critical violations on the page as it is now, one line each (rule, help, first elements). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Through the DevTools protocol: the page's CSP (script-src 'self') would refuse an inline script tag.
  await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length}× e.g. ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 300)}`)
          .join(', ')}`,
    );
}
