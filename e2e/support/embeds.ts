import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Frame, type Page } from '@playwright/test';

/**
 * A provider's own website for the embed tests: a page with the snippet, served from 127.0.0.1
 * (another site than the app on localhost), and browsers whose settings block (or allow)
 * third-party cookies.
 */

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A browser profile whose settings block (or allow) third-party cookies, as a visitor may have chosen. */
export async function browserWith(
  cookies: 'block' | 'allow',
  locale: string,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bookla-e2e-profile-'));
  mkdirSync(join(dir, 'Default'));
  const block = cookies === 'block';
  writeFileSync(
    join(dir, 'Default', 'Preferences'),
    JSON.stringify({ profile: { block_third_party_cookies: block, cookie_controls_mode: block ? 1 : 0 } }),
  );
  const context = await chromium.launchPersistentContext(dir, { executablePath, args, locale, viewport: { width: 1200, height: 900 } });
  return {
    context,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The provider's page: some text, then the snippet as the back office gives it. The script tag
 * is put in by a few lines of the page itself, which note the moment (for the first paint) and
 * every message the page receives.
 */
export function providerPage(app: string, embed: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Studio website</title>
<style>body{font-family:sans-serif;margin:0 auto;max-width:960px;padding:16px}</style></head>
<body>
<h1>Welcome to our studio</h1>
<p>Our activities, booked right here:</p>
${embed}
<p id="after">Contact us any time.</p>
<script>
  window.__embed = { messages: [], loads: [] };
  addEventListener('message', function (e) { window.__embed.messages.push({ t: performance.now(), origin: e.origin, data: e.data }); });
  new MutationObserver(function (records) {
    records.forEach(function (r) { r.addedNodes.forEach(function (n) {
      if (n.tagName === 'IFRAME') n.addEventListener('load', function () { window.__embed.loads.push(performance.now()); });
    }); });
  }).observe(document.body, { childList: true, subtree: true });
  var s = document.createElement('script');
  s.src = ${JSON.stringify(`${app}/embed.js`)};
  s.async = true;
  window.__embed.inserted = performance.now();
  document.head.appendChild(s);
</script>
</body></html>`;
}

/**
 * The provider's website: one page per path, on its own port of 127.0.0.1 (another site than
 * localhost). `pages` is read on every request, so pages added later are served too.
 */
export async function providerSite(pages: Record<string, string>): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const body = pages[(req.url ?? '/').split('?')[0] ?? '/'];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The embed's frame (its address changes as the visitor goes on inside it). */
export function embedFrame(page: Page): Frame {
  const frame = page.frames().find((f) => /\/embed\//.test(f.url()));
  if (!frame) throw new Error('no embed frame');
  return frame;
}

/** A cookie the iframe sets for its own (third-party) site, and whether the browser grants storage access. */
export async function thirdPartyCookieProbe(frame: Frame) {
  return frame.evaluate(async () => {
    document.cookie = 'bookla_probe=1; SameSite=None; Secure; path=/';
    const kept = document.cookie.includes('bookla_probe=1');
    const access = typeof document.hasStorageAccess === 'function' ? await document.hasStorageAccess() : null;
    return { kept, access };
  });
}
