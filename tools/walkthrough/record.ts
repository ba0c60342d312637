/**
 * Records the landing page's product walk-through from the running product: the landing page, the
 * demo provider's embedded calendar and shop, and a booking from the ticket to the confirmation.
 * Chromium's screencast (the frames Playwright's own video capture uses) is captured, and the
 * frames are encoded to WebM (VP8) by Chromium itself — a canvas recorded with MediaRecorder —
 * as Playwright's encoder (its own ffmpeg build) cannot be downloaded here. Writes to
 * apps/web/public/landing/:
 *   walkthrough.webm (1280 × 720), walkthrough-poster.webp, walkthrough.{de,en,fr}.vtt
 * (captions timed from the recording itself). Run once after a visible change; the files are
 * committed. Needs `npm run build` and Debian's Chromium; starts its own server (PGlite in a new
 * DATA_DIR under /tmp, port WALKTHROUGH_PORT or 3589).
 *
 *   node --import tsx tools/walkthrough/record.ts
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import type Sharp from 'sharp';
import { withDuration } from './webm.ts';

const root = join(import.meta.dirname, '../..');
const out = join(root, 'apps/web/public/landing');
const port = Number(process.env.WALKTHROUGH_PORT ?? 3589);
const base = `http://127.0.0.1:${port}`;
const SIZE = { width: 1280, height: 720 };
const sharp = createRequire(join(root, 'apps/server/package.json'))('sharp') as typeof Sharp;

type Lang = 'de' | 'en' | 'fr';
/** What the viewer sees, per step, in the captions' three languages. */
const CAPTIONS: Record<string, Record<Lang, string>> = {
  landing: {
    en: 'Bookla: sell courses, events and tickets online.',
    de: 'Bookla: Kurse, Events und Tickets online verkaufen.',
    fr: 'Bookla : vendez cours, événements et billets en ligne.',
  },
  features: {
    en: 'Every plan includes every feature: shop, embeds, waiting lists, QR tickets and more.',
    de: 'Jedes Paket enthält alle Funktionen: Shop, Einbettung, Warteliste, QR-Tickets und mehr.',
    fr: 'Chaque formule comprend tout : boutique, intégration, liste d’attente, billets QR et plus.',
  },
  embed: {
    en: 'The demo provider’s booking calendar, embedded as on your own website.',
    de: 'Der Buchungskalender des Demo-Anbieters, eingebettet wie auf Ihrer Website.',
    fr: 'Le calendrier de réservation de l’organisateur de démo, intégré comme sur votre site.',
  },
  shop: {
    en: 'Customers browse the provider’s shop …',
    de: 'Kundinnen und Kunden stöbern im Shop des Anbieters …',
    fr: 'Les clients parcourent la boutique de l’organisateur …',
  },
  ticket: {
    en: '… choose a course and a ticket …',
    de: '… wählen einen Kurs und ein Ticket …',
    fr: '… choisissent un cours et un billet …',
  },
  checkout: {
    en: '… enter their details and pay by card or invoice …',
    de: '… geben ihre Angaben ein und bezahlen per Karte oder Rechnung …',
    fr: '… saisissent leurs coordonnées et paient par carte ou sur facture …',
  },
  order: {
    en: '… and have their confirmation and tickets at once.',
    de: '… und haben Bestätigung und Tickets sofort.',
    fr: '… et reçoivent aussitôt confirmation et billets.',
  },
};

const shopTexts = JSON.parse(readFileSync(join(root, 'apps/web/src/shop/locales/en.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;
const s = (area: string, key: string, params: Record<string, string> = {}) =>
  (shopTexts[area]?.[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
const nested = (path: string) =>
  path.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], shopTexts) as string;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

const vttTime = (ms: number) => {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const sec = Math.floor((ms % 60_000) / 1000);
  const milli = Math.floor(ms % 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(milli).padStart(3, '0')}`;
};

async function scrollTo(page: Page, selector: string) {
  await page.evaluate((sel) => document.querySelector(sel)?.scrollIntoView({ behavior: 'smooth', block: 'start' }), selector);
  await page.waitForTimeout(1200);
}

interface Frame {
  /** Wall-clock time the frame was shown (ms). */
  at: number;
  /** Base64 JPEG. */
  jpeg: string;
}

/**
 * Plays the frames back, in their own timing, onto a canvas that MediaRecorder records as WebM
 * (VP8, 1280 × 720) in a blank page, and returns the file.
 */
async function encode(browser: Browser, frames: Frame[], t0: number, end: number): Promise<Buffer> {
  const page = await browser.newPage({ viewport: SIZE });
  await page.setContent(`<canvas width="${SIZE.width}" height="${SIZE.height}"></canvas>`);
  await page.evaluate(() => {
    (window as unknown as { frames_: string[] }).frames_ = [];
  });
  // The frames go over in batches (a single call would be tens of megabytes).
  for (let i = 0; i < frames.length; i += 40) {
    const batch = frames.slice(i, i + 40).map((f) => f.jpeg);
    await page.evaluate((b) => (window as unknown as { frames_: string[] }).frames_.push(...b), batch);
  }
  const times = frames.map((f) => Math.max(0, f.at - t0));
  const base64 = await page.evaluate(
    async ({ times, end, width, height }) => {
      const data = (window as unknown as { frames_: string[] }).frames_;
      const canvas = document.querySelector('canvas')!;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      const images = await Promise.all(
        data.map(async (b64) => {
          const img = new Image();
          img.src = `data:image/jpeg;base64,${b64}`;
          await img.decode();
          return img;
        }),
      );
      const stream = canvas.captureStream(25);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 700_000 });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(1000);
      const start = performance.now();
      for (let i = 0; i < images.length; i += 1) {
        const wait = times[i]! - (performance.now() - start);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        ctx.drawImage(images[i]!, 0, 0, width, height);
      }
      const rest = end - (performance.now() - start);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { times, end, width: SIZE.width, height: SIZE.height },
  );
  await page.close();
  return Buffer.from(base64, 'base64');
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bookla-walkthrough-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    const context = await browser.newContext({ viewport: SIZE, locale: 'en-GB', reducedMotion: 'no-preference' });
    const page = await context.newPage();
    const frames: Frame[] = [];
    const cdp = await context.newCDPSession(page);
    cdp.on('Page.screencastFrame', (frame: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
      // When the frame was painted (seconds), else when it arrived.
      frames.push({ at: frame.metadata.timestamp ? frame.metadata.timestamp * 1000 : Date.now(), jpeg: frame.data });
      void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
    });
    const screencast = () =>
      cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, maxWidth: SIZE.width, maxHeight: SIZE.height, everyNthFrame: 1 });
    await screencast();
    // A new document may end the screencast: start it again with every page load.
    page.on('load', () => void screencast().catch(() => {}));
    const t0 = Date.now();
    const cues: { key: string; start: number }[] = [];
    const step = (key: string) => cues.push({ key, start: Date.now() - t0 });

    await page.goto(`${base}/en/provider`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    step('landing');
    await page.waitForTimeout(1500);
    const poster = await page.screenshot();
    await page.waitForTimeout(3000);

    step('features');
    await scrollTo(page, '#features-heading');
    await page.waitForTimeout(1800);
    await scrollTo(page, '#pricing');
    await page.waitForTimeout(1800);

    step('embed');
    await scrollTo(page, '#demo');
    await page.frameLocator('iframe[data-bookla-frame]').getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(3000);

    step('shop');
    await page.goto(`${base}/en/shop/demo`);
    await page.getByRole('heading', { level: 1, name: nested('list.title') }).waitFor();
    await page.waitForTimeout(2500);

    step('ticket');
    const course = 'Yoga for beginners';
    const ticket = 'Whole course (6 evenings)';
    await page.getByRole('link', { name: course, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: course }).waitFor();
    await page.waitForTimeout(1500);
    const stepper = page.getByRole('group', { name: s('activity', 'quantityOf', { name: ticket }) });
    await stepper.scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
    await stepper.getByRole('button', { name: s('activity', 'more', { name: ticket }) }).click();
    await page.waitForTimeout(1200);
    await page.getByRole('button', { name: s('activity', 'book'), exact: true }).click();

    step('checkout');
    await page.getByRole('heading', { level: 1, name: nested('checkout.title') }).waitFor();
    const customer = page.getByRole('region', { name: nested('checkout.customer.title') });
    await customer
      .getByRole('textbox', { name: nested('checkout.customer.firstname'), exact: true })
      .pressSequentially('Anna', { delay: 60 });
    await customer
      .getByRole('textbox', { name: nested('checkout.customer.lastname'), exact: true })
      .pressSequentially('Muster', { delay: 60 });
    await customer
      .getByRole('textbox', { name: nested('checkout.customer.email'), exact: true })
      .pressSequentially('anna@example.com', { delay: 40 });
    const participant = page.getByRole('group', { name: new RegExp(`^${nested('checkout.participant.title').replace('{{n}}', '1')} `) });
    await participant.getByRole('button', { name: nested('checkout.participant.sameAsCustomer') }).click();
    await page.waitForTimeout(600);
    const methods = page.getByRole('group', { name: nested('checkout.payment.title') });
    await methods.getByRole('radio', { name: new RegExp(`^${nested('checkout.payment.invoice')}`) }).check();
    await page.getByRole('checkbox', { name: new RegExp(`^${nested('checkout.terms.accept')}`) }).check();
    await page.waitForTimeout(1200);
    await page.getByRole('button', { name: nested('checkout.submitPay'), exact: true }).click();

    step('order');
    await page.waitForURL(/\/order\/\d+\?token=/);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${nested('order.title').replace('{{number}}', '')}`) }).waitFor();
    await page.waitForTimeout(4000);
    const end = Date.now() - t0;

    await cdp.send('Page.stopScreencast');
    await context.close();
    const webm = await encode(browser, frames, t0, end);
    await browser.close();

    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'walkthrough.webm'), withDuration(webm, end));
    await sharp(poster).resize(SIZE).webp({ quality: 72 }).toFile(join(out, 'walkthrough-poster.webp'));
    for (const lang of ['de', 'en', 'fr'] as const) {
      const body = cues.map((cue, i) => {
        const next = cues[i + 1]?.start ?? end;
        return `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(Math.max(cue.start + 1000, next - 100))}\n${CAPTIONS[cue.key]![lang]}\n`;
      });
      writeFileSync(join(out, `walkthrough.${lang}.vtt`), `WEBVTT\n\n${body.join('\n')}`);
    }
    const size = statSync(join(out, 'walkthrough.webm')).size;
    process.stdout.write(
      `walkthrough.webm: ${(end / 1000).toFixed(1)} s, ${(size / 1e6).toFixed(2)} MB; poster and captions (de, en, fr) written\n`,
    );
    if (size > 3e6) console.warn('The video is over 3 MB: shorten the walk-through.');
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
