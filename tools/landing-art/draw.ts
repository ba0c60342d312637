/**
 * Drawing primitives of the landing page's illustrations: flat shapes on a 1200 × 750 canvas,
 * people as jointed limbs (angles in degrees, 0 = straight down, positive = towards +x).
 */

export const W = 1200;
export const H = 750;

const r1 = (n: number) => Math.round(n * 10) / 10;

export interface Look {
  skin: string;
  hair: string;
  top: string;
  bottom: string;
  /** short (default), long, bun or none */
  hairStyle?: 'short' | 'long' | 'bun' | 'none';
}

/** Limb angles: [upper, lower] for each arm and leg. */
export interface Pose {
  armL: [number, number];
  armR: [number, number];
  legL: [number, number];
  legR: [number, number];
  /** Lean of the torso (degrees, 0 = upright). */
  lean?: number;
}

export const POSES = {
  stand: { armL: [-12, -6], armR: [12, 6], legL: [-6, -3], legR: [6, 3] },
  wave: { armL: [-12, -6], armR: [140, 170], legL: [-6, -3], legR: [6, 3] },
  armsUp: { armL: [-160, -175], armR: [160, 175], legL: [-8, -4], legR: [8, 4] },
  tree: { armL: [-165, 175], armR: [165, -175], legL: [-4, -2], legR: [70, -60] },
  warrior: { armL: [-90, -90], armR: [90, 90], legL: [-40, -5], legR: [45, 35] },
  dance: { armL: [-120, -150], armR: [60, 100], legL: [-25, -10], legR: [35, 80] },
  dance2: { armL: [-60, -100], armR: [130, 160], legL: [-30, -70], legR: [20, 8] },
  sitting: { armL: [-20, 40], armR: [20, -40], legL: [-80, -5], legR: [-75, 0] },
  sitRight: { armL: [-20, 40], armR: [20, -40], legL: [80, 5], legR: [75, 0] },
  present: { armL: [-15, -8], armR: [115, 100], legL: [-6, -3], legR: [6, 3] },
  hold: { armL: [-30, 60], armR: [30, -60], legL: [-6, -3], legR: [6, 3] },
  climb: { armL: [-150, -175], armR: [140, 120], legL: [-40, 10], legR: [50, -20] },
  swim: { armL: [-100, -120], armR: [110, 170], legL: [-10, 0], legR: [10, 0], lean: 0 },
  sing: { armL: [-20, 30], armR: [20, -30], legL: [-6, -3], legR: [6, 3] },
  cheer: { armL: [-150, -165], armR: [25, 10], legL: [-6, -3], legR: [6, 3] },
} satisfies Record<string, Pose>;

function joint(x: number, y: number, angle: number, len: number): [number, number] {
  const a = (angle * Math.PI) / 180;
  return [x + Math.sin(a) * len, y + Math.cos(a) * len];
}

function limb(x: number, y: number, [a, b]: [number, number], len: number): { path: string; end: [number, number] } {
  const [ex, ey] = joint(x, y, a, len);
  const [hx, hy] = joint(ex, ey, b, len * 0.95);
  return { path: `M${r1(x)} ${r1(y)}L${r1(ex)} ${r1(ey)}L${r1(hx)} ${r1(hy)}`, end: [hx, hy] };
}

/**
 * A person whose hips are at (x, y); `s` scales (1 ≈ 250 px tall). Returns SVG markup.
 * Sitting poses bend the legs forward; `facing` -1 mirrors the figure.
 */
export function person(x: number, y: number, s: number, look: Look, pose: Pose, facing: 1 | -1 = 1): string {
  const torso = 100 * s;
  const lean = ((pose.lean ?? 0) * Math.PI) / 180;
  const nx = x + Math.sin(lean) * torso;
  const ny = y - Math.cos(lean) * torso;
  const shoulderY = ny + 12 * s;
  const flip = (p: Pose['armL']): [number, number] => (facing === 1 ? p : [-p[0], -p[1]]);
  const armL = limb(nx, shoulderY, flip(pose.armL), 48 * s);
  const armR = limb(nx, shoulderY, flip(pose.armR), 48 * s);
  const legL = limb(x - 10 * s, y, flip(pose.legL), 60 * s);
  const legR = limb(x + 10 * s, y, flip(pose.legR), 60 * s);
  const headR = 24 * s;
  const hx = nx + Math.sin(lean) * 30 * s;
  const hy = ny - 30 * s;
  const parts: string[] = [];
  const stroke = (d: string, color: string, width: number) =>
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${r1(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  // Long hair behind the head and shoulders.
  if (look.hairStyle === 'long')
    parts.push(
      `<rect x="${r1(hx - headR * 1.05)}" y="${r1(hy - headR * 0.4)}" width="${r1(headR * 2.1)}" height="${r1(headR * 2.3)}" rx="${r1(headR)}" fill="${look.hair}"/>`,
    );
  parts.push(stroke(legL.path, look.bottom, 24 * s), stroke(legR.path, look.bottom, 24 * s));
  parts.push(`<circle cx="${r1(legL.end[0])}" cy="${r1(legL.end[1])}" r="${r1(12 * s)}" fill="#2b2d42"/>`);
  parts.push(`<circle cx="${r1(legR.end[0])}" cy="${r1(legR.end[1])}" r="${r1(12 * s)}" fill="#2b2d42"/>`);
  parts.push(stroke(`M${r1(x)} ${r1(y)}L${r1(nx)} ${r1(ny + 14 * s)}`, look.top, 50 * s));
  parts.push(
    `<rect x="${r1(x - 24 * s)}" y="${r1(y - 16 * s)}" width="${r1(48 * s)}" height="${r1(26 * s)}" rx="${r1(10 * s)}" fill="${look.bottom}"/>`,
  );
  parts.push(stroke(armL.path, look.top, 17 * s), stroke(armR.path, look.top, 17 * s));
  parts.push(`<circle cx="${r1(armL.end[0])}" cy="${r1(armL.end[1])}" r="${r1(9 * s)}" fill="${look.skin}"/>`);
  parts.push(`<circle cx="${r1(armR.end[0])}" cy="${r1(armR.end[1])}" r="${r1(9 * s)}" fill="${look.skin}"/>`);
  parts.push(stroke(`M${r1(nx)} ${r1(ny)}L${r1(hx)} ${r1(hy + headR * 0.6)}`, look.skin, 16 * s));
  parts.push(`<circle cx="${r1(hx)}" cy="${r1(hy)}" r="${r1(headR)}" fill="${look.skin}"/>`);
  const style = look.hairStyle ?? 'short';
  if (style !== 'none') {
    parts.push(
      `<path d="M${r1(hx - headR)} ${r1(hy + 2 * s)}a${r1(headR)} ${r1(headR)} 0 0 1 ${r1(headR * 2)} 0q${r1(-headR * 0.9)} ${r1(-headR * 0.55)} ${r1(-headR * 2)} 0z" fill="${look.hair}"/>`,
    );
  }
  if (style === 'bun')
    parts.push(`<circle cx="${r1(hx - facing * headR * 0.6)}" cy="${r1(hy - headR * 0.95)}" r="${r1(headR * 0.5)}" fill="${look.hair}"/>`);
  return `<g>${parts.join('')}</g>`;
}

/** A few looks, so groups are diverse without repeating one figure. */
export const LOOKS: Look[] = [
  { skin: '#f1c9a5', hair: '#4a2f1d', top: '#e76f51', bottom: '#264653', hairStyle: 'long' },
  { skin: '#8d5a3b', hair: '#1b1b1b', top: '#2a9d8f', bottom: '#3d405b', hairStyle: 'short' },
  { skin: '#e0ac8a', hair: '#b5651d', top: '#f4a261', bottom: '#1d3557', hairStyle: 'bun' },
  { skin: '#5c3a24', hair: '#111', top: '#8ab17d', bottom: '#6d597a', hairStyle: 'bun' },
  { skin: '#f6d5b8', hair: '#d9a441', top: '#457b9d', bottom: '#2b2d42', hairStyle: 'short' },
  { skin: '#c68863', hair: '#2d1a12', top: '#b56576', bottom: '#355070', hairStyle: 'long' },
  { skin: '#fde2c9', hair: '#6b4226', top: '#0d67b4', bottom: '#2b2d42', hairStyle: 'short' },
];

export const look = (i: number, patch: Partial<Look> = {}): Look => ({ ...LOOKS[i % LOOKS.length]!, ...patch });

/** A full-canvas background: wall colour, floor colour and where the floor starts. */
export function room(wall: string, floor: string, floorY = 560, wall2?: string): string {
  const grad = wall2
    ? `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="${wall2}"/></linearGradient></defs><rect width="${W}" height="${floorY}" fill="url(#bg)"/>`
    : `<rect width="${W}" height="${floorY}" fill="${wall}"/>`;
  return `${grad}<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${floor}"/>`;
}

/** A window with a view (sky colour) and a frame. */
export function windowPane(x: number, y: number, w: number, h: number, sky = '#bfe3f2', frame = '#fff'): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${sky}" stroke="${frame}" stroke-width="12"/>` +
    `<path d="M${x + w / 2} ${y}V${y + h}M${x} ${y + h / 2}H${x + w}" stroke="${frame}" stroke-width="8"/>`
  );
}

/** A potted plant standing on the floor at (x, y). */
export function plant(x: number, y: number, s = 1, leaf = '#4f8a5b'): string {
  const leaves = [-40, -15, 10, 35]
    .map((a, i) => {
      const [lx, ly] = joint(x, y - 60 * s, 180 + a, (70 + (i % 2) * 20) * s);
      return `<path d="M${r1(x)} ${r1(y - 55 * s)}Q${r1((x + lx) / 2 - 18 * s)} ${r1((y - 55 * s + ly) / 2)} ${r1(lx)} ${r1(ly)}Q${r1((x + lx) / 2 + 18 * s)} ${r1((y - 55 * s + ly) / 2)} ${r1(x)} ${r1(y - 55 * s)}z" fill="${leaf}"/>`;
    })
    .join('');
  return `${leaves}<path d="M${r1(x - 30 * s)} ${r1(y - 60 * s)}h${r1(60 * s)}l${r1(-8 * s)} ${r1(60 * s)}h${r1(-44 * s)}z" fill="#c8744a"/>`;
}

/** A soft sun or lamp glow. */
export const glow = (x: number, y: number, r: number, color: string, opacity = 0.5) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}" opacity="${opacity}"/>`;

/** Music notes floating up from (x, y). */
export function notes(x: number, y: number, color = '#3d405b', s = 1): string {
  const note = (nx: number, ny: number) =>
    `<ellipse cx="${r1(nx)}" cy="${r1(ny)}" rx="${r1(11 * s)}" ry="${r1(8 * s)}" transform="rotate(-20 ${r1(nx)} ${r1(ny)})" fill="${color}"/><path d="M${r1(nx + 9 * s)} ${r1(ny - 2 * s)}v${r1(-46 * s)}l${r1(22 * s)} ${r1(10 * s)}" fill="none" stroke="${color}" stroke-width="${r1(4 * s)}" stroke-linecap="round"/>`;
  return note(x, y) + note(x + 52 * s, y - 48 * s) + note(x + 8 * s, y - 102 * s);
}

export function svg(title: string, body: string): string {
  const esc = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"><title>${esc}</title>${body}</svg>\n`;
}
