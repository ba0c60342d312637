import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from './password.ts';

describe('COMMON_PASSWORDS', () => {
  it('holds at least 600 entries, all lower case and 8+ code points', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(600);
    for (const p of COMMON_PASSWORDS) {
      expect(p).toBe(p.toLowerCase());
      expect(p).toBe(p.trim());
      expect([...p].length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    }
  });

  it.each([
    'password',
    'password1',
    '12345678',
    '123456789',
    'qwertyuiop',
    'iloveyou',
    'sunshine',
    'football',
    '1q2w3e4r',
    // German
    'passwort',
    'hallo123',
    'schatz123',
    'sonnenschein',
    'qwertzuiop',
    // French
    'motdepasse',
    'azertyuiop',
    'azerty123',
    'soleil123',
    'bonjour1',
  ])('contains %s', (p) => {
    expect(COMMON_PASSWORDS.has(p)).toBe(true);
  });
});

describe('passwordProblem', () => {
  it('accepts a reasonable password', () => {
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('Tr0ub4dor&3x')).toBeNull();
  });

  it('enforces the minimum length in code points', () => {
    expect(passwordProblem('')).toBe('min');
    expect(passwordProblem('a7#kQ2x')).toBe('min');
    expect(passwordProblem('a7#kQ2xZ')).toBeNull();
    // 4 emoji = 8 UTF-16 units but only 4 code points
    expect('🔒🔑🔐🔓'.length).toBe(8);
    expect(passwordProblem('🔒🔑🔐🔓')).toBe('min');
    expect(passwordProblem('🔒🔑🔐🔓🔒🔑🔐🔓')).toBeNull();
  });

  it('enforces the maximum length in code points', () => {
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('max');
    // 128 emoji are 256 UTF-16 units but still allowed
    expect(passwordProblem('🔒'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(passwordProblem('🔒'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('max');
  });

  it('refuses common passwords case-insensitively', () => {
    expect(passwordProblem('password')).toBe('common');
    expect(passwordProblem('PassWord1')).toBe('common');
    expect(passwordProblem('Passwort')).toBe('common');
    expect(passwordProblem('MOTDEPASSE')).toBe('common');
    expect(passwordProblem('Hallo123')).toBe('common');
  });

  it('checks length before the list', () => {
    expect(passwordProblem('azerty')).toBe('min');
    expect(passwordProblem('schatz')).toBe('min');
    expect(passwordProblem('bonjour')).toBe('min');
  });

  it('refuses a password that equals or contains the email local part', () => {
    const email = 'Jane.Doe@example.com';
    expect(passwordProblem('jane.doe', { email })).toBe('contains_email');
    expect(passwordProblem('JANE.DOE2024!', { email })).toBe('contains_email');
    expect(passwordProblem('my-jane.doe-pw', { email })).toBe('contains_email');
    expect(passwordProblem('janedoe-2024', { email })).toBeNull();
  });

  it('checks the local part without a +tag too', () => {
    expect(passwordProblem('marco1984!x', { email: 'marco+shop@example.com' })).toBe('contains_email');
    expect(passwordProblem('xmarco+shop!', { email: 'marco+shop@example.com' })).toBe('contains_email');
  });

  it('ignores local parts shorter than 4 code points', () => {
    expect(passwordProblem('bob-is-great-42', { email: 'bob@example.com' })).toBeNull();
    expect(passwordProblem('anna-is-great-42', { email: 'anna@example.com' })).toBe('contains_email');
    expect(passwordProblem('a+b-something-long', { email: 'a+b@example.com' })).toBeNull();
  });

  it('copes with missing or odd emails', () => {
    expect(passwordProblem('horse battery', {})).toBeNull();
    expect(passwordProblem('horse battery', { email: '' })).toBeNull();
    expect(passwordProblem('horse battery', { email: 'horse' })).toBe('contains_email');
    expect(passwordProblem('horse battery', { email: '@example.com' })).toBeNull();
  });

  it('refuses the user name as password', () => {
    expect(passwordProblem('Jane Doe', { name: 'Jane Doe' })).toBe('common');
    expect(passwordProblem('janedoe!', { name: 'Jane Doe' })).toBeNull();
    expect(passwordProblem('jane doe rocks', { name: 'Jane Doe' })).toBeNull();
  });

  it('reports the first problem only', () => {
    expect(passwordProblem('jane', { email: 'jane@example.com' })).toBe('min');
    expect(passwordProblem('password', { email: 'password@example.com' })).toBe('common');
  });
});
