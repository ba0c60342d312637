import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text. Images and fonts (webp, woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost (the server's own threshold too). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every built
 * text asset of `dir`, each only where it is smaller than the file. The server sends them as
 * they are (@fastify/static `preCompressed`, plugins/web.ts): an asset costs no compression per
 * request, and gets the best ratio, which on-the-fly compression cannot afford (it uses brotli 4).
 * Returns the number of files compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const names = (await readdir(dir, { recursive: true })).filter((n) => COMPRESSIBLE.test(n));
  let done = 0;
  // zlib's async calls run on libuv's thread pool: all files at once keep its threads busy.
  await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const body = await readFile(path);
      if (body.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: 9 }),
      ]);
      if (br.length < body.length) await writeFile(`${path}.br`, br);
      if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
      done++;
    }),
  );
  return done;
}

/** The build's client assets, compressed once when they are written (see precompressDir). */
export const precompressAssets = (): Plugin => ({
  name: 'bookla-precompress',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  async closeBundle() {
    const { root, build } = this.environment.config;
    const count = await precompressDir(resolve(root, build.outDir, build.assetsDir));
    this.environment.logger.info(`precompressed ${count} assets (.br, .gz)`);
  },
});
