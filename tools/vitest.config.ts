import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling (lint rules).
export default defineConfig({
  test: { name: 'tools', include: ['**/*.test.js'], environment: 'node' },
});
