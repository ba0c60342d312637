import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJson, removeKey, writeJson } from './storage';

describe('the shop’s storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps values in sessionStorage', () => {
    writeJson('k', { a: 1 });
    expect(JSON.parse(window.sessionStorage.getItem('k')!)).toEqual({ a: 1 });
    expect(readJson('k')).toEqual({ a: 1 });
    removeKey('k');
    expect(readJson('k')).toBeNull();
  });

  it('falls back to memory when storage is blocked (third-party iframe)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    writeJson('draft', { name: 'Anna' });
    expect(readJson('draft')).toEqual({ name: 'Anna' });
    removeKey('draft');
    expect(readJson('draft')).toBeNull();
  });
});
