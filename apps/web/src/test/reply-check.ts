import { afterEach, beforeAll, beforeEach } from 'vitest';
import { configureApiClient, type ReplyShapeError, type RequestShapeError } from '../lib/api-client';

/**
 * Every web test runs with the api client's reply checking on: each fake reply is parsed by the
 * shared reply schema its call names, and each body by its shared request schema. A fake that does
 * not match fails the test that used it with the route and the schema's complaints, even when the
 * screen catches the error and only shows a general message.
 */

let found: (ReplyShapeError | RequestShapeError)[] = [];

type Issue = ReplyShapeError['issues'][number];

function describeIssue(issue: Issue, prefix: readonly PropertyKey[] = []): string[] {
  const path = [...prefix, ...issue.path];
  // A union names no field: show the issues of the shape the value came closest to.
  if (issue.code === 'invalid_union' && issue.errors.length) {
    const closest = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
    return closest.flatMap((inner) => describeIssue(inner, path));
  }
  const where = path.length ? path.map(String).join('.') : '(root)';
  return [`    ${where}: ${issue.message}`];
}

export function describeShapeError(error: ReplyShapeError | RequestShapeError): string {
  const what = error.name === 'ReplyShapeError' ? 'The fake reply of' : 'The body sent to';
  const all = error.issues.flatMap((issue) => describeIssue(issue));
  const issues = all.slice(0, 8);
  const more = all.length > 8 ? [`    … and ${all.length - 8} more`] : [];
  return [`${what} ${error.path} does not match its shared schema:`, ...issues, ...more].join('\n');
}

/** Installed once by setup.ts for every web test file. */
export function checkFakesAgainstSharedSchemas(): void {
  beforeAll(() => configureApiClient({ checkReplies: true, onShapeError: (error) => found.push(error) }));
  beforeEach(() => {
    found = [];
  });
  afterEach(() => {
    const errors = found;
    found = [];
    if (errors.length) throw new Error(errors.map(describeShapeError).join('\n\n'));
  });
}

/**
 * For a test that provokes a shape error on purpose (the api client's own tests): returns the
 * errors seen so far and forgets them, so they do not fail the test.
 */
export function takeShapeErrors(): (ReplyShapeError | RequestShapeError)[] {
  const errors = found;
  found = [];
  return errors;
}
