/// <reference types="node" />
/**
 * Builds `embed.js` (src/embed/embed.ts) for providers' websites: one minified ES2018 IIFE with
 * no imports, so it runs as a classic `<script async>` anywhere and leaks no globals. It is not
 * hashed (its address is in every provider's snippet); the server sends it with a short cache.
 * vite.config.ts emits it into dist/ during `vite build`; embed.test.ts weighs it.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const EMBED_SOURCE = join(dirname(fileURLToPath(import.meta.url)), '../src/embed/embed.ts');
/** CONTRACT §4: at most 2 KB gzip. */
export const EMBED_GZIP_BUDGET = 2048;

export async function buildEmbed(): Promise<string> {
  const result = await build({
    entryPoints: [EMBED_SOURCE],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2018',
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const out = result.outputFiles[0];
  if (!out) throw new Error('esbuild produced no embed.js');
  return out.text;
}

export const gzipBytes = (code: string) => gzipSync(Buffer.from(code), { level: 9 }).length;
