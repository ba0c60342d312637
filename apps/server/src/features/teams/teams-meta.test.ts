import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROLES } from '@bookla/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTranslation } from '../../lib/i18n.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

describe('teams texts', () => {
  it('cover every teams: key the code uses', () => {
    const sources = [
      ...readdirSync(import.meta.dirname)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => join(import.meta.dirname, f)),
      join(import.meta.dirname, '../../../../../packages/shared/src/teams.ts'),
    ];
    const used = new Set<string>();
    for (const file of sources) for (const m of readFileSync(file, 'utf8').matchAll(/'(teams:[\w.]+)'/g)) used.add(m[1]!);
    // Keys built at run time.
    for (const action of ['change', 'remove']) for (const who of ['owner', 'self']) used.add(`teams:members.cannot_${action}_${who}`);
    for (const reason of ['format', 'checksum', 'country_mismatch']) used.add(`teams:validation.vat_${reason}`);
    for (const role of ROLES) used.add(`teams:roles.${role}`);
    for (const part of ['subject', 'greeting', 'intro', 'role', 'action', 'footnote']) used.add(`teams:invitations.mail.${part}`);
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !hasTranslation(k))).toEqual([]);
  });
});

describe('OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('documents every route of the feature with tags and a summary', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; requestBody?: unknown }>>;
    };
    const expected: [string, string][] = [
      ['/api/srl/team', 'get'],
      ['/api/srl/teams', 'get'],
      ['/api/srl/team/switch/{teamId}', 'post'],
      ['/api/team', 'post'],
      ['/api/team/general', 'get'],
      ['/api/team/general', 'put'],
      ['/api/team/billing', 'get'],
      ['/api/team/billing', 'put'],
      ['/api/team/security', 'put'],
      ['/api/team/logo', 'post'],
      ['/api/team/logo', 'delete'],
      ['/avatar/team/{id}', 'get'],
      ['/api/config/features', 'get'],
      ['/api/config/features', 'put'],
      ['/api/team/{id}/additional/settings', 'get'],
      ['/api/team/members', 'get'],
      ['/api/team/members/{userId}', 'put'],
      ['/api/team/members/{userId}', 'delete'],
      ['/api/team/invitations', 'get'],
      ['/api/team/invitations', 'post'],
      ['/api/team/invitations/{id}', 'delete'],
      ['/api/team/invitations/{id}/resend', 'post'],
      ['/api/srl/team/{teamid}/invite/{invitationid}/validate/{hash}', 'get'],
      ['/api/srl/team/{teamid}/invite/{invitationid}/accept/{hash}', 'post'],
      ['/api/srl/permission/{name}', 'get'],
      ['/api/profile', 'get'],
      ['/api/profile', 'put'],
      ['/api/profile/password', 'put'],
      ['/api/profile/sessions', 'get'],
      ['/api/profile/sessions/{id}', 'delete'],
    ];
    for (const [path, method] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op!.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(op!.summary, `${method} ${path}`).toBeTruthy();
    }
    expect(doc.paths['/api/team']!.post!.requestBody).toBeDefined();
  });
});
