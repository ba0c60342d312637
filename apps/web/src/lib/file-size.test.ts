import { describe, expect, it } from 'vitest';
import { fileSizeOk } from './file-size';

describe('fileSizeOk', () => {
  it('counts megabytes as bytes / 1,000,000 and allows the limit itself', () => {
    expect(fileSizeOk({ size: 2_000_000 }, 2)).toBe(true);
    expect(fileSizeOk({ size: 2_000_001 }, 2)).toBe(false);
    expect(fileSizeOk({ size: 1_999_999 }, 2)).toBe(true);
  });

  it('is not MiB: 2 MiB is over a 2 MB limit', () => {
    expect(fileSizeOk({ size: 2 * 1024 * 1024 }, 2)).toBe(false);
  });

  it('works with real File objects', () => {
    expect(fileSizeOk(new File(['x'.repeat(1500)], 'a.txt'), 0.0015)).toBe(true);
    expect(fileSizeOk(new File(['x'.repeat(1501)], 'a.txt'), 0.0015)).toBe(false);
  });
});
