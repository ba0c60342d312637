import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

// A small tree on disk, because the rule resolves imports to files.
const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
for (const f of [
  'src/features/teams/index.ts',
  'src/features/teams/notify.ts',
  'src/features/teams/api/teams-api.ts',
  'src/features/catalogue/activities/index.ts',
  'src/features/catalogue/activities/api/activities-api.ts',
  'src/features/catalogue/setup/index.ts',
  'src/features/catalogue/setup/form-values.ts',
  'src/lib/notify.ts',
  'src/routes/page.tsx',
]) {
  mkdirSync(join(root, f, '..'), { recursive: true });
  writeFileSync(join(root, f), '');
}
const at = (f) => join(root, f);

new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: at('src/features/teams/api/teams-api.ts'), code: "import { x } from '../notify';" },
    { filename: at('src/features/catalogue/activities/api/activities-api.ts'), code: "import { x } from '../../../teams';" },
    { filename: at('src/features/catalogue/activities/api/activities-api.ts'), code: "import { x } from '../../../teams/index.ts';" },
    {
      filename: at('src/features/catalogue/activities/api/activities-api.ts'),
      code: "import { x } from '../../setup';",
      options: [{ groups: ['catalogue'] }],
    },
    { filename: at('src/features/teams/api/teams-api.ts'), code: "import { x } from '../../../lib/notify';" },
    { filename: at('src/routes/page.tsx'), code: "import { x } from '../features/teams/notify';" },
    { filename: at('src/features/teams/api/teams-api.ts'), code: "import { z } from 'zod';" },
  ],
  invalid: [
    {
      filename: at('src/features/catalogue/activities/api/activities-api.ts'),
      code: "import { x } from '../../../teams/notify';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('src/features/catalogue/activities/api/activities-api.ts'),
      code: "export { x } from '../../../teams/api/teams-api';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('src/features/catalogue/activities/api/activities-api.ts'),
      code: "import { x } from '../../setup/form-values';",
      options: [{ groups: ['catalogue'] }],
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('src/routes/page.tsx'),
      code: "import { x } from '../features/teams/notify';",
      options: [{ fromOutside: true }],
      errors: [{ messageId: 'internal' }],
    },
  ],
});
