/**
 * The team's primary colour as the shop's accent, always readable: a text colour for buttons on
 * it (white or near-black, whichever contrasts more), and a variant dark enough for links and
 * outlines on white (WCAG AA: 4.5:1), because providers pick light colours too.
 */

const FALLBACK = '#1c64c8';
const INK = '#111111';

function parse(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

export function contrast(a: string, b: string): number {
  const la = luminance(parse(a) ?? [0, 0, 0]);
  const lb = luminance(parse(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export interface BrandColors {
  brand: string;
  /** Text on the brand colour. */
  onBrand: string;
  /** The brand darkened until it reads on white (links, outlines, accents). */
  brandInk: string;
}

export function brandColors(primary: string | null | undefined): BrandColors {
  const rgb = parse(primary ?? '') ?? parse(FALLBACK)!;
  const brand = toHex(rgb);
  const onBrand = contrast(brand, '#ffffff') >= contrast(brand, INK) ? '#ffffff' : INK;
  let ink = rgb;
  for (let i = 0; i < 20 && contrast(toHex(ink), '#ffffff') < 4.5; i++) ink = ink.map((c) => c * 0.85) as [number, number, number];
  return { brand, onBrand, brandInk: toHex(ink) };
}
