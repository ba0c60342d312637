import { describe, expect, it } from 'vitest';
import { brandColors, contrast } from './color';

describe('brand colours', () => {
  it.each(['#ffd400', '#1c64c8', '#000000', '#ffffff', '#7f7f7f', '#e4007c', '#00a86b', null, 'nonsense'])(
    '%s stays readable',
    (primary) => {
      const c = brandColors(primary);
      expect(contrast(c.onBrand, c.brand)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.brandInk, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('writes dark text on a light brand and white on a dark one', () => {
    expect(brandColors('#ffd400').onBrand).toBe('#111111');
    expect(brandColors('#1c3f94').onBrand).toBe('#ffffff');
    expect(brandColors('#1c3f94').brandInk).toBe('#1c3f94');
  });
});
