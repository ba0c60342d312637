/**
 * The 13 scenes of the landing page's hero carousel: courses and events a provider sells.
 * Each returns the SVG's inner markup; generate.ts wraps, writes and optimises them.
 */
import { glow, H, look, notes, person, plant, POSES, room, W, windowPane } from './draw.ts';

export interface Scene {
  file: string;
  /** The image's title inside the SVG (English; the page gives translated alt texts). */
  title: string;
  body: () => string;
}

const mat = (x: number, y: number, color: string) => `<rect x="${x - 110}" y="${y}" width="220" height="22" rx="11" fill="${color}"/>`;

function yoga(): string {
  return (
    room('#fbe8d3', '#d9b48f', 570, '#f7d9bd') +
    windowPane(90, 90, 300, 260, '#cfe9f7') +
    glow(240, 200, 90, '#fff6d6', 0.6) +
    plant(1080, 570, 1.2) +
    mat(300, 585, '#2a9d8f') +
    mat(600, 585, '#e76f51') +
    mat(900, 585, '#457b9d') +
    person(300, 470, 0.95, look(0), POSES.tree) +
    person(600, 465, 1, look(6, { hairStyle: 'bun' }), POSES.tree) +
    person(900, 470, 0.95, look(1), POSES.tree, -1)
  );
}

function dance(): string {
  const lights = [200, 420, 640, 860, 1040]
    .map(
      (x, i) =>
        `<path d="M${x} 0L${x - 90} 560H${x + 90}Z" fill="${['#ffd166', '#ef476f', '#06d6a0', '#118ab2', '#ffd166'][i]}" opacity="0.16"/>`,
    )
    .join('');
  return (
    room('#2b2d42', '#8d6e63', 560, '#3d405b') +
    lights +
    `<rect y="555" width="${W}" height="10" fill="#6d4c41"/>` +
    person(330, 440, 1, look(0, { top: '#ef476f' }), POSES.dance) +
    person(620, 430, 1.05, look(4, { top: '#ffd166' }), POSES.dance2) +
    person(900, 440, 1, look(3, { top: '#06d6a0' }), POSES.dance, -1)
  );
}

function music(): string {
  const piano =
    `<rect x="640" y="330" width="420" height="180" rx="14" fill="#1b1b1e"/>` +
    `<rect x="655" y="470" width="390" height="40" fill="#f8f9fa"/>` +
    Array.from({ length: 13 }, (_, i) => `<rect x="${672 + i * 28}" y="470" width="14" height="24" fill="#1b1b1e"/>`).join('') +
    `<rect x="660" y="510" width="22" height="110" fill="#1b1b1e"/><rect x="1018" y="510" width="22" height="110" fill="#1b1b1e"/>` +
    `<rect x="760" y="300" width="110" height="70" rx="4" fill="#fff" transform="rotate(-6 815 335)"/>`;
  const guitar =
    `<g transform="rotate(-35 330 470)"><rect x="318" y="250" width="24" height="190" rx="6" fill="#6d4c41"/>` +
    `<ellipse cx="330" cy="470" rx="70" ry="62" fill="#d4a373"/><ellipse cx="330" cy="530" rx="84" ry="70" fill="#d4a373"/><circle cx="330" cy="480" r="20" fill="#5a3e2b"/></g>`;
  return (
    room('#e9f0e6', '#b08968', 600, '#dfe9db') +
    windowPane(120, 80, 260, 220, '#d7ecf9') +
    piano +
    `<rect x="770" y="530" width="160" height="24" rx="8" fill="#7f5539"/><rect x="790" y="554" width="16" height="66" fill="#7f5539"/><rect x="895" y="554" width="16" height="66" fill="#7f5539"/>` +
    person(850, 520, 0.95, look(5), POSES.sitting, -1) +
    guitar +
    person(300, 540, 1, look(1), POSES.hold) +
    notes(470, 250, '#588157', 1.1)
  );
}

function languages(): string {
  const board =
    `<rect x="150" y="90" width="560" height="300" rx="12" fill="#2f3e46"/><rect x="150" y="380" width="560" height="16" rx="6" fill="#a3836b"/>` +
    `<text x="200" y="185" font-family="Georgia, serif" font-size="58" fill="#f1faee">Grüezi!</text>` +
    `<text x="380" y="265" font-family="Georgia, serif" font-size="52" fill="#ffd166">Bonjour</text>` +
    `<text x="210" y="345" font-family="Georgia, serif" font-size="48" fill="#8ecae6">Hello · Ciao</text>`;
  const bubble = (x: number, y: number, text: string, fill: string) =>
    `<rect x="${x}" y="${y}" width="150" height="74" rx="30" fill="${fill}"/><path d="M${x + 40} ${y + 70}l-14 32 42-30z" fill="${fill}"/><text x="${x + 75}" y="${y + 48}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="30" font-weight="700" fill="#1d3557">${text}</text>`;
  const desk = (x: number) =>
    `<rect x="${x - 90}" y="540" width="180" height="20" rx="6" fill="#9c6644"/><rect x="${x - 80}" y="560" width="14" height="90" fill="#9c6644"/><rect x="${x + 66}" y="560" width="14" height="90" fill="#9c6644"/>`;
  return (
    room('#f1f5f9', '#c9ada7', 620, '#e2eaf1') +
    board +
    person(860, 470, 1, look(2), POSES.present, -1) +
    person(300, 575, 0.85, look(4), POSES.sitting) +
    person(560, 575, 0.85, look(3), POSES.sitting) +
    desk(300) +
    desk(560) +
    bubble(890, 130, 'Merci!', '#ffd6a5') +
    bubble(380, 400, 'Danke!', '#caffbf')
  );
}

function climbing(): string {
  const holds = [
    [180, 150, '#ef476f'],
    [320, 260, '#ffd166'],
    [250, 420, '#06d6a0'],
    [460, 140, '#118ab2'],
    [560, 330, '#ef476f'],
    [700, 210, '#ffd166'],
    [820, 380, '#06d6a0'],
    [930, 170, '#ef476f'],
    [1040, 300, '#118ab2'],
    [640, 470, '#ffd166'],
    [980, 480, '#ef476f'],
  ] as const;
  const dots = holds.map(([x, y, c]) => `<ellipse cx="${x}" cy="${y}" rx="20" ry="15" fill="${c}"/>`).join('');
  return (
    `<rect width="${W}" height="${H}" fill="#cfd8dc"/>` +
    `<path d="M0 0H${W}V600H0Z" fill="#b0bec5"/><path d="M380 0l120 600M820 0l-90 600" stroke="#90a4ae" stroke-width="6"/>` +
    dots +
    `<path d="M720 0V260" stroke="#e9c46a" stroke-width="5"/>` +
    person(700, 330, 0.9, look(1, { top: '#f4a261' }), POSES.climb) +
    `<rect y="600" width="${W}" height="${H - 600}" fill="#546e7a"/>` +
    `<rect x="60" y="640" width="1080" height="70" rx="18" fill="#37474f"/>` +
    `<path d="M720 260C700 420 330 420 300 560" fill="none" stroke="#e9c46a" stroke-width="5"/>` +
    person(300, 560, 0.9, look(5), POSES.hold)
  );
}

function cooking(): string {
  const tiles = Array.from({ length: 12 }, (_, i) => `<path d="M${i * 100} 150V500" stroke="#d8e2dc" stroke-width="3"/>`).join('');
  return (
    room('#f8f9fa', '#8d6e63', 600, '#eef2f0') +
    `<rect y="150" width="${W}" height="350" fill="#e8f1ec"/>` +
    tiles +
    `<rect x="80" y="90" width="360" height="26" rx="8" fill="#a98467"/>` +
    `<circle cx="140" cy="70" r="22" fill="#e9c46a"/><rect x="200" y="48" width="46" height="44" rx="8" fill="#e76f51"/><rect x="290" y="40" width="34" height="52" rx="8" fill="#2a9d8f"/>` +
    person(360, 470, 1, look(0, { top: '#fff' }), POSES.hold) +
    person(800, 470, 1, look(1, { top: '#fff' }), POSES.present, -1) +
    `<rect x="140" y="470" width="920" height="150" rx="12" fill="#6c584c"/><rect x="120" y="455" width="960" height="30" rx="10" fill="#ddd5c7"/>` +
    `<rect x="430" y="395" width="150" height="62" rx="12" fill="#457b9d"/><rect x="415" y="388" width="180" height="14" rx="6" fill="#35607a"/>` +
    `<path d="M470 370q10-30 0-50M510 370q10-30 0-50M550 370q10-30 0-50" fill="none" stroke="#adb5bd" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="660" y="430" width="170" height="26" rx="8" fill="#dda15e"/><circle cx="700" cy="424" r="16" fill="#e63946"/><circle cx="745" cy="426" r="13" fill="#80b918"/><circle cx="785" cy="424" r="15" fill="#f77f00"/>`
  );
}

function painting(): string {
  const easel = (x: number, art: string) =>
    `<path d="M${x - 70} 640L${x} 230L${x + 70} 640M${x} 230V640" stroke="#7f5539" stroke-width="12" stroke-linecap="round"/>` +
    `<rect x="${x - 100}" y="270" width="200" height="160" fill="#fff" stroke="#ddd" stroke-width="4"/>${art}<rect x="${x - 110}" y="430" width="220" height="14" rx="4" fill="#7f5539"/>`;
  const art1 = `<circle cx="300" cy="330" r="30" fill="#f4a261"/><path d="M210 420l50-60 40 40 40-50 50 70z" fill="#2a9d8f"/>`;
  const art2 = `<rect x="800" y="290" width="70" height="70" fill="#e63946" opacity="0.8"/><circle cx="900" cy="370" r="40" fill="#457b9d" opacity="0.8"/><path d="M810 410h150" stroke="#ffb703" stroke-width="10"/>`;
  return (
    room('#fdf0d5', '#c9b79c', 620, '#f9e4c0') +
    windowPane(480, 70, 240, 220, '#cde7f0') +
    easel(300, art1) +
    easel(880, art2) +
    person(480, 520, 0.95, look(3), POSES.present) +
    person(700, 520, 0.95, look(4), POSES.present, -1) +
    `<ellipse cx="600" cy="690" rx="70" ry="22" fill="#fff"/><circle cx="570" cy="686" r="9" fill="#e63946"/><circle cx="600" cy="680" r="9" fill="#ffb703"/><circle cx="630" cy="688" r="9" fill="#219ebc"/>`
  );
}

function pottery(): string {
  const shelf = (y: number) => `<rect x="760" y="${y}" width="360" height="14" rx="4" fill="#9c6644"/>`;
  const pot = (x: number, y: number, c: string, w = 50, h = 60) =>
    `<path d="M${x - w / 2} ${y}q-10 -${h / 2} ${w * 0.2} -${h}h${w * 0.6}q${w * 0.3} ${h / 2} ${w * 0.2} ${h}z" fill="${c}"/>`;
  return (
    room('#efe6dd', '#a68a64', 600, '#e6d8ca') +
    shelf(200) +
    shelf(340) +
    pot(810, 200, '#bc6c25') +
    pot(900, 200, '#457b9d', 60, 80) +
    pot(1000, 200, '#dda15e', 44, 50) +
    pot(1080, 200, '#6d597a', 40, 70) +
    pot(830, 340, '#2a9d8f', 70, 60) +
    pot(940, 340, '#e76f51') +
    pot(1040, 340, '#bc6c25', 60, 90) +
    `<rect x="330" y="520" width="260" height="120" rx="16" fill="#6c757d"/><ellipse cx="460" cy="520" rx="140" ry="30" fill="#adb5bd"/><ellipse cx="460" cy="512" rx="110" ry="22" fill="#8d99ae"/>` +
    `<path d="M420 512q-12-70 14-100h52q26 30 14 100z" fill="#bc8a5f"/><ellipse cx="460" cy="412" rx="26" ry="8" fill="#a47148"/>` +
    person(230, 560, 0.95, look(5), POSES.sitting) +
    person(690, 560, 0.95, look(6), POSES.sitRight, -1)
  );
}

function swimming(): string {
  const lanes = [330, 470, 610].map((y) => `<path d="M0 ${y}H${W}" stroke="#fff" stroke-width="6" stroke-dasharray="24 18"/>`).join('');
  const waves = Array.from(
    { length: 6 },
    (_, i) =>
      `<path d="M0 ${260 + i * 80}q50-18 100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0" fill="none" stroke="#a9def9" stroke-width="4" opacity="0.7"/>`,
  ).join('');
  const swimmer = (x: number, y: number, cap: string, armUp: boolean) =>
    `<ellipse cx="${x}" cy="${y + 12}" rx="70" ry="16" fill="#0077b6" opacity="0.45"/>` +
    `<circle cx="${x}" cy="${y}" r="26" fill="#e0ac8a"/><path d="M${x - 26} ${y}a26 26 0 0 1 52 0z" fill="${cap}"/>` +
    `<path d="M${x - 12} ${y + 4}h24" stroke="#1b263b" stroke-width="6" stroke-linecap="round"/>` +
    (armUp
      ? `<path d="M${x + 20} ${y + 8}q40-80 100-40" fill="none" stroke="#e0ac8a" stroke-width="16" stroke-linecap="round"/>`
      : `<path d="M${x - 20} ${y + 8}q-40-70-100-30" fill="none" stroke="#e0ac8a" stroke-width="16" stroke-linecap="round"/>`) +
    `<path d="M${x - 90} ${y + 18}q20-14 40 0t40 0" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>`;
  return (
    `<rect width="${W}" height="${H}" fill="#48cae4"/>` +
    `<rect width="${W}" height="190" fill="#caf0f8"/><rect y="170" width="${W}" height="30" fill="#e9f5db"/>` +
    `<rect x="60" y="40" width="200" height="120" rx="10" fill="#fff" opacity="0.8"/><rect x="300" y="40" width="200" height="120" rx="10" fill="#fff" opacity="0.8"/>` +
    waves +
    lanes +
    swimmer(300, 270, '#ef476f', true) +
    swimmer(720, 400, '#ffd166', false) +
    swimmer(460, 540, '#06d6a0', true) +
    person(1020, 170, 0.75, look(2, { top: '#e63946', bottom: '#e63946' }), POSES.wave, -1)
  );
}

function coding(): string {
  const laptop = (x: number, screen: string) =>
    `<path d="M${x - 90} 505h180l20 24h-220z" fill="#adb5bd"/><rect x="${x - 80}" y="395" width="160" height="110" rx="8" fill="#343a40"/><rect x="${x - 70}" y="405" width="140" height="88" rx="4" fill="#1d3557"/>${screen}`;
  const code = (x: number) =>
    `<rect x="${x - 60}" y="418" width="60" height="8" rx="4" fill="#ffd166"/><rect x="${x - 48}" y="436" width="80" height="8" rx="4" fill="#06d6a0"/><rect x="${x - 48}" y="454" width="50" height="8" rx="4" fill="#ef476f"/><rect x="${x - 60}" y="472" width="70" height="8" rx="4" fill="#8ecae6"/>`;
  const robot =
    `<rect x="980" y="450" width="90" height="70" rx="16" fill="#ffb703"/><rect x="995" y="470" width="60" height="26" rx="8" fill="#1d3557"/><circle cx="1012" cy="483" r="7" fill="#8ecae6"/><circle cx="1038" cy="483" r="7" fill="#8ecae6"/>` +
    `<path d="M1025 450v-22" stroke="#1d3557" stroke-width="6"/><circle cx="1025" cy="424" r="8" fill="#ef476f"/><circle cx="1000" cy="530" r="14" fill="#1d3557"/><circle cx="1050" cy="530" r="14" fill="#1d3557"/>`;
  return (
    room('#e0fbfc', '#98c1d9', 560, '#c2dfe3') +
    `<rect x="120" y="70" width="420" height="230" rx="12" fill="#fff"/><text x="150" y="150" font-family="monospace" font-size="40" fill="#3d5a80">repeat 4:</text><text x="190" y="210" font-family="monospace" font-size="40" fill="#ee6c4d">move(10)</text><text x="190" y="265" font-family="monospace" font-size="40" fill="#293241">turn(90)</text>` +
    `<path d="M780 120l60-40 60 40v80h-120z" fill="#ee6c4d" opacity="0.85"/><rect x="640" y="90" width="100" height="100" rx="50" fill="#3d5a80" opacity="0.8"/>` +
    person(290, 530, 0.85, look(4), POSES.sitting) +
    person(640, 530, 0.85, look(3), POSES.sitting) +
    `<rect x="160" y="528" width="900" height="22" rx="8" fill="#3d5a80"/><rect x="190" y="550" width="18" height="120" fill="#3d5a80"/><rect x="1010" y="550" width="18" height="120" fill="#3d5a80"/>` +
    laptop(440, code(440)) +
    laptop(790, code(790)) +
    robot
  );
}

function photography(): string {
  const mountains = `<path d="M0 470L220 260l150 140 180-230 240 300 170-150 240 150V600H0z" fill="#52796f"/><path d="M550 170l60 75-40-10-40 30-30-20z" fill="#fff"/>`;
  const camera = (x: number, y: number) =>
    `<rect x="${x - 34}" y="${y - 22}" width="68" height="46" rx="8" fill="#212529"/><circle cx="${x}" cy="${y + 2}" r="15" fill="#495057"/><circle cx="${x}" cy="${y + 2}" r="8" fill="#8ecae6"/><rect x="${x - 20}" y="${y - 30}" width="20" height="10" rx="3" fill="#212529"/>`;
  return (
    `<rect width="${W}" height="${H}" fill="#ffe5d9"/>` +
    glow(900, 170, 110, '#ffb4a2', 0.7) +
    glow(900, 170, 70, '#ffcdb2', 1) +
    mountains +
    `<path d="M0 560Q300 520 600 560T1200 550V750H0z" fill="#84a98c"/>` +
    `<path d="M880 750l-60-190h40l70 190z" fill="#cad2c5"/>` +
    `<path d="M300 690l40-130M340 560l40 130M340 560v130" stroke="#343a40" stroke-width="8"/>` +
    camera(340, 545) +
    person(440, 560, 0.9, look(0), POSES.hold, -1) +
    person(1000, 580, 0.9, look(1), POSES.present, -1) +
    camera(900, 490)
  );
}

function choir(): string {
  const curtains = `<path d="M0 0h200q-40 300 0 560H0z" fill="#9d0208"/><path d="M1200 0h-200q40 300 0 560h200z" fill="#9d0208"/><path d="M0 0h${W}v50H0z" fill="#6a040f"/>`;
  const riser = (y: number, w: number) => `<rect x="${600 - w / 2}" y="${y}" width="${w}" height="40" fill="#bc6c25"/>`;
  const singers = [
    ...[0, 1, 2, 3].map((i) => person(390 + i * 140, 360, 0.62, look(i), POSES.sing)),
    ...[0, 1, 2, 3, 4].map((i) => person(320 + i * 140, 480, 0.66, look(i + 3), POSES.sing)),
  ].join('');
  return (
    room('#370617', '#6f1d1b', 600, '#6a040f') +
    glow(600, 280, 330, '#ffba08', 0.18) +
    curtains +
    riser(420, 700) +
    riser(540, 860) +
    singers +
    `<rect x="200" y="600" width="800" height="150" fill="#432818"/>` +
    notes(180, 250, '#ffd166', 1) +
    notes(960, 230, '#ffd166', 0.9)
  );
}

function outdoorEvent(): string {
  const bunting = Array.from({ length: 12 }, (_, i) => {
    const x = 40 + i * 100;
    return `<path d="M${x} ${120 + Math.abs(6 - i) * 6}l40 0-20 44z" fill="${['#ef476f', '#ffd166', '#06d6a0', '#118ab2'][i % 4]}"/>`;
  }).join('');
  const tent = (x: number, c: string) =>
    `<path d="M${x - 120} 470L${x} 330l120 140z" fill="${c}"/><rect x="${x - 110}" y="470" width="220" height="90" fill="#fff"/><path d="M${x - 110} 470h220" stroke="${c}" stroke-width="12" stroke-dasharray="22 22"/>`;
  const lights = Array.from(
    { length: 14 },
    (_, i) => `<circle cx="${60 + i * 82}" cy="${100 + Math.sin(i / 2) * 18}" r="8" fill="#fff3b0"/>`,
  ).join('');
  return (
    `<rect width="${W}" height="${H}" fill="#a2d2ff"/>` +
    glow(1060, 90, 60, '#ffe066', 1) +
    `<path d="M0 100q600 80 1200 0" fill="none" stroke="#6c757d" stroke-width="3"/>` +
    bunting +
    lights +
    `<path d="M0 430q300-60 600 0t600 0V750H0z" fill="#95d5b2"/><path d="M0 560q300-40 600 0t600 0V750H0z" fill="#74c69d"/>` +
    tent(220, '#e76f51') +
    tent(980, '#2a9d8f') +
    `<rect x="450" y="350" width="300" height="40" rx="8" fill="#3d405b"/><rect x="470" y="390" width="16" height="150" fill="#3d405b"/><rect x="714" y="390" width="16" height="150" fill="#3d405b"/><text x="600" y="380" text-anchor="middle" font-family="system-ui, sans-serif" font-size="26" font-weight="700" fill="#fff">Summer festival</text>` +
    person(420, 640, 0.8, look(0), POSES.cheer) +
    person(600, 650, 0.85, look(1), POSES.armsUp) +
    person(780, 640, 0.8, look(2), POSES.wave, -1) +
    person(170, 680, 0.7, look(4), POSES.stand) +
    person(1040, 680, 0.7, look(5), POSES.dance)
  );
}

export const SCENES: Scene[] = [
  { file: '01-yoga.svg', title: 'A yoga class in a sunny studio', body: yoga },
  { file: '02-dance.svg', title: 'A dance class on a lit stage', body: dance },
  { file: '03-music.svg', title: 'A music lesson with piano and guitar', body: music },
  { file: '04-languages.svg', title: 'A language course in a classroom', body: languages },
  { file: '05-climbing.svg', title: 'A climbing course at a bouldering wall', body: climbing },
  { file: '06-cooking.svg', title: 'A cooking class in a kitchen', body: cooking },
  { file: '07-painting.svg', title: 'A painting workshop with easels', body: painting },
  { file: '08-pottery.svg', title: 'A pottery course at the wheel', body: pottery },
  { file: '09-swimming.svg', title: 'Swimming lessons in a pool', body: swimming },
  { file: '10-coding.svg', title: 'A coding course for kids', body: coding },
  { file: '11-photography.svg', title: 'A photography walk in the mountains', body: photography },
  { file: '12-choir.svg', title: 'A choir concert on stage', body: choir },
  { file: '13-outdoor-event.svg', title: 'An outdoor summer festival', body: outdoorEvent },
];

export const SIZE = { width: W, height: H };
