/**
 * Writes the landing page's 13 carousel illustrations (hand-drawn SVG scenes, scenes.ts) to
 * apps/web/public/landing/, plus the rasters social networks and search engines want: the
 * sharing image (og-image.png, 1200 × 630, from the first scene) and the logo (logo.png, 512 px,
 * from the favicon). Run once after changing a scene; the files are committed.
 *
 *   node --import tsx tools/landing-art/generate.ts [--preview /tmp/dir]   (PNG previews too)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type Sharp from 'sharp';
import { svg } from './draw.ts';
import { SCENES } from './scenes.ts';

const out = join(import.meta.dirname, '../../apps/web/public/landing');
mkdirSync(out, { recursive: true });

const previewAt = process.argv.indexOf('--preview');
const previewDir = previewAt > 0 ? process.argv[previewAt + 1] : undefined;
// sharp is the server's dependency.
const sharp = createRequire(join(import.meta.dirname, '../../apps/server/package.json'))('sharp') as typeof Sharp;

for (const scene of SCENES) {
  const markup = svg(scene.title, scene.body());
  writeFileSync(join(out, scene.file), markup);
  process.stdout.write(`${scene.file.padEnd(22)} ${(markup.length / 1000).toFixed(1)} kB\n`);
  if (previewDir) {
    mkdirSync(previewDir, { recursive: true });
    await sharp(Buffer.from(markup))
      .resize({ width: 600 })
      .png()
      .toFile(join(previewDir, scene.file.replace('.svg', '.png')));
  }
}

// The sharing image: the first scene, cropped to 1200 × 630 around its middle.
const first = svg(SCENES[0]!.title, SCENES[0]!.body());
await sharp(Buffer.from(first))
  .resize({ width: 1200, height: 630, fit: 'cover', position: 'centre' })
  .png({ compressionLevel: 9, palette: true })
  .toFile(join(out, 'og-image.png'));
await sharp(readFileSync(join(out, '../favicon.svg')), { density: 1200 })
  .resize({ width: 512, height: 512 })
  .png({ compressionLevel: 9 })
  .toFile(join(out, 'logo.png'));
process.stdout.write('og-image.png, logo.png\n');
