import { describe, expect, it } from 'vitest';
import { preloadKey } from './shop-preload.ts';

describe('preloadKey', () => {
  it('is the same for the same read whatever the order of its parameters', () => {
    expect(preloadKey('/api/public/teams/1/activities?page=1&lang=en&perPage=12')).toBe(
      '/api/public/teams/1/activities?lang=en&page=1&perPage=12',
    );
    expect(preloadKey('/api/public/teams/yoga%20loft')).toBe('/api/public/teams/yoga%20loft');
    expect(preloadKey('/api/public/teams/1/filters?')).toBe('/api/public/teams/1/filters');
  });

  it('keeps reads apart that differ in a value', () => {
    expect(preloadKey('/api/public/teams/1/activities?lang=en&page=2')).not.toBe(
      preloadKey('/api/public/teams/1/activities?lang=en&page=1'),
    );
    expect(preloadKey('/api/public/teams/1/activities?attr%5B3%5D=x')).toBe('/api/public/teams/1/activities?attr%5B3%5D=x');
  });
});
