import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../../../../app/route-guards';
import { extractTicketCode } from './checkin-api';

const CODE = 'Vq3k_9xZ-aB7cD1eF2gH3iJ4';

describe('extractTicketCode', () => {
  it.each([
    [CODE, CODE],
    [`  ${CODE}\n`, CODE],
    [`https://bookla.example/ticket/${CODE}/checkin`, CODE],
    [`http://localhost:3000/ticket/${CODE}/checkin?utm=x`, CODE],
    [`bookla.example/ticket/${CODE}/checkin#top`, CODE],
    [`/ticket/${CODE}/checkin/`, CODE],
    [`https://bookla.example/ticket/${encodeURIComponent(CODE)}/checkin`, CODE],
  ])('%j → the code', (input, code) => {
    expect(extractTicketCode(input)).toBe(code);
  });

  it.each([
    '',
    '   ',
    'abc',
    'not a code at all',
    `https://bookla.example/ticket/${CODE}`,
    `https://bookla.example/ticket//checkin`,
    'a/b/c',
    '%E0%A4%A',
  ])('%j → null', (input) => {
    expect(extractTicketCode(input)).toBeNull();
  });
});

describe('safeRedirectPath', () => {
  it.each(['/ticket/abc/checkin', '/de/ticket/checkin?x=1'])('keeps the site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    null,
    '',
    'ticket/abc',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
