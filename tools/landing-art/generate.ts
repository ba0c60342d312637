/**
 * Writes the landing page's 13 carousel illustrations (hand-drawn SVG scenes, scenes.ts) to
 * apps/web/public/landing/. Run once after changing a scene; the files are committed.
 *
 *   node --import tsx tools/landing-art/generate.ts [--preview /tmp/dir]   (PNG previews via sharp)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { svg } from './draw.ts';
import { SCENES } from './scenes.ts';

const out = join(import.meta.dirname, '../../apps/web/public/landing');
mkdirSync(out, { recursive: true });

const previewAt = process.argv.indexOf('--preview');
const previewDir = previewAt > 0 ? process.argv[previewAt + 1] : undefined;
// sharp is the server's dependency; only the preview needs it.
const sharp = previewDir
  ? (createRequire(join(import.meta.dirname, '../../apps/server/package.json'))('sharp') as typeof import('sharp'))
  : undefined;

for (const scene of SCENES) {
  const markup = svg(scene.title, scene.body());
  writeFileSync(join(out, scene.file), markup);
  console.log(`${scene.file.padEnd(22)} ${(markup.length / 1000).toFixed(1)} kB`);
  if (sharp && previewDir) {
    mkdirSync(previewDir, { recursive: true });
    await sharp(Buffer.from(markup))
      .resize({ width: 600 })
      .png()
      .toFile(join(previewDir, scene.file.replace('.svg', '.png')));
  }
}
