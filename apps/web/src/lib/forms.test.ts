import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyApiError, translateValidation } from './forms';
import { i18n } from './i18n';

describe('applyApiError', () => {
  const error422 = new ApiError(
    422,
    'The given data was invalid.',
    {},
    {
      'user.email': ['The email has already been taken.', 'second'],
      'name.de': ['Required.'],
    },
  );

  it('sets the first message of every dotted field path, focusing the first', () => {
    const setError = vi.fn();
    expect(applyApiError(error422, setError)).toBe(true);
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'user.email',
      { type: 'server', message: 'The email has already been taken.' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(2, 'name.de', { type: 'server', message: 'Required.' }, { shouldFocus: false });
  });

  it('can be limited to the fields a form has', () => {
    const setError = vi.fn();
    expect(applyApiError(error422, setError, { fields: ['name.de'] })).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(applyApiError(error422, vi.fn(), { fields: ['other'] })).toBe(false);
  });

  it('returns false for anything that is not a 422 with errors', () => {
    const setError = vi.fn();
    expect(applyApiError(new ApiError(422, 'Wrong credentials', {}), setError)).toBe(false);
    expect(applyApiError(new ApiError(500, 'Boom', {}), setError)).toBe(false);
    expect(applyApiError(new Error('network'), setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('translateValidation', () => {
  it('translates encoded keys with their parameters in the UI language', async () => {
    await i18n.changeLanguage('en');
    expect(translateValidation('required')).toBe('This field is required.');
    expect(translateValidation('min_string|{"min":8}')).toBe('Must be at least 8 characters.');
    await i18n.changeLanguage('de');
    expect(translateValidation('min_string|{"min":8}')).toBe('Muss mindestens 8 Zeichen lang sein.');
    await i18n.changeLanguage('en');
  });

  it('returns text that is not a key unchanged (server messages are translated already)', () => {
    expect(translateValidation('The email has already been taken.')).toBe('The email has already been taken.');
    expect(translateValidation(undefined)).toBe('');
  });
});
