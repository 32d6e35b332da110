import { facade } from './demo-slides-art.ts';
import { bracket, ledge } from './svg-buildings.ts';
import {
  acUnit,
  courses,
  flock,
  flyingBird,
  linear,
  net,
  pigeon,
  render,
  rng,
  scene,
  shadowBand,
  sky,
  skyline,
  spikes,
  STONE,
  windowPane,
  type Scene,
} from './svg-kit.ts';

/** Pictures for the product cards and their detail items (1200×900). */

const W = 1200;
const H = 900;

export function productStainlessSpikes(): string {
  const s = scene(W, H);
  const rand = rng(101);
  sky(s, { top: '#5d9bd0', mid: '#a9cde6', horizon: '#efe2c9' }, { x: 980, y: 150, r: 260, color: '#fff8e2' });
  skyline(s, rand, 620, '#cfd5d8', { minH: 120, maxH: 300 });
  s.add(flyingBird(260, 190, 1.6, 0.9, '#454f59'), flyingBird(380, 130, 1.1, 0.5, '#454f59'));
  s.add(
    ledge(
      { x: -60, y: 760, s: 3.4 },
      { x: W + 60, y: 470, s: 1.3 },
      { depth: 34, face: 400, top: '#f1e6d0', front: STONE.warm, guard: 'spikes', spikeLen: 34 },
    ),
  );
  return render(s);
}

export function productPolycarbonateSpikes(): string {
  const s = scene(W, H);
  const wall = linear(s, 'wall', [
    [0, '#e8c99d'],
    [1, '#c99f6e'],
  ]);
  s.add(`<rect width="${W}" height="${H}" fill="${wall}"/>`, courses(0, 0, W, H, 48, '#7a5634'));
  s.add(
    `<rect x="120" y="40" width="330" height="400" fill="${STONE.deep}" opacity="0.35"/>`,
    windowPane(s, 140, 60, 290, 370, false, '#6b4a2c'),
    `<rect x="700" y="40" width="330" height="400" fill="${STONE.deep}" opacity="0.35"/>`,
    windowPane(s, 720, 60, 290, 370, false, '#6b4a2c'),
  );
  s.add(shadowBand(s, 0, 470, W, 60, 0.25));
  s.add(
    ledge(
      { x: W + 60, y: 800, s: 3.2 },
      { x: -60, y: 500, s: 1.4 },
      {
        depth: 32,
        face: 200,
        top: '#f3dfbf',
        front: '#b8895a',
        guard: 'spikes',
        spikeLen: 30,
        baseColor: '#eef6fa',
      },
    ),
  );
  s.add(pigeon(150, 420, 1.6, { flip: false }));
  return render(s);
}

export function productBirdNet(): string {
  const s = scene(W, H);
  const rand = rng(131);
  const wall = linear(s, 'wall', [
    [0, STONE.light],
    [1, STONE.sand],
  ]);
  s.add(`<rect width="${W}" height="${H}" fill="${wall}"/>`, courses(0, 0, W, H, 40));
  const opening = { x: 160, y: 110, w: 880, h: 600 };
  const inside = linear(s, 'inside', [
    [0, '#2c2620'],
    [1, '#4a3f33'],
  ]);
  s.add(
    `<rect x="${opening.x}" y="${opening.y}" width="${opening.w}" height="${opening.h}" fill="${inside}"/>`,
    `<rect x="${opening.x}" y="${opening.y}" width="${opening.w}" height="180" fill="#000" opacity="0.2"/>`,
    acUnit(260, 470, 230, 170),
    acUnit(760, 500, 180, 140),
    `<path d="M600,710 q-30,-120 10,-200 q20,60 -2,200 Z M620,710 q40,-100 90,-150 q-10,80 -70,150 Z" fill="#4e6b3c"/>`,
  );
  s.add(
    net(opening, 34, { color: '#14171a', width: 2, opacity: 0.85 }),
    `<rect x="${opening.x}" y="${opening.y}" width="${opening.w}" height="${opening.h}" fill="none" stroke="#1b1e21" stroke-width="6"/>`,
    shadowBand(s, 120, 736, 960, 40, 0.4),
    `<rect x="120" y="710" width="960" height="28" fill="${STONE.light}"/>`,
    `<rect x="120" y="734" width="960" height="4" fill="${STONE.deep}" opacity="0.5"/>`,
  );
  s.add(pigeon(900, 708, 2.2, { flip: true }), flock(rand, 3, { x: 100, y: 20, w: 500, h: 60 }, 0.8, '#5b5249'));
  return render(s);
}

export function productWireSystem(): string {
  const s = scene(W, H);
  const rand = rng(151);
  sky(s, { top: '#79aee0', mid: '#bcd8ec', horizon: '#f6e6cc' }, { x: 220, y: 180, r: 240, color: '#fffbe6' });
  skyline(s, rand, 640, '#d7d6cf', { minH: 60, maxH: 220 });
  s.add(
    `<rect x="840" y="250" width="26" height="390" fill="#e8e1d2"/>`,
    `<path d="M836,250 L853,200 L870,250 Z" fill="#c8a24a"/>`,
    `<rect x="826" y="380" width="54" height="10" fill="#ddd3c0"/>`,
  );
  s.add(flock(rand, 5, { x: 500, y: 110, w: 500, h: 140 }, 0.9, '#4c5660'));
  s.add(
    ledge(
      { x: -60, y: 720, s: 3.6 },
      { x: W + 60, y: 560, s: 1.6 },
      { depth: 30, face: 200, top: '#efe3cc', front: STONE.warm, guard: 'wire' },
    ),
  );
  return render(s);
}

/** A studio shot of one spike strip on a plain backdrop. */
function studioStrip(s: Scene, backdrop: [string, string], fan: number[], len: number): void {
  s.add(
    `<rect width="${W}" height="${H}" fill="${linear(s, 'studio', [
      [0, backdrop[0]],
      [1, backdrop[1]],
    ])}"/>`,
  );
  s.defs.push(
    `<radialGradient id="floor-shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  );
  s.add(`<ellipse cx="600" cy="640" rx="560" ry="90" fill="url(#floor-shadow)" transform="rotate(-12 600 640)"/>`);
  s.add(
    ledge(
      { x: 90, y: 740, s: 2.6 },
      { x: 1110, y: 520, s: 1.6 },
      {
        depth: 22,
        face: 2,
        top: '#d9dfe4',
        front: '#9aa5ae',
        guard: 'spikes',
        spikeLen: len,
        fan,
      },
    ),
  );
}

export function detailNarrowSpikes(): string {
  const s = scene(W, H);
  studioStrip(s, ['#f4f6f8', '#c7cfd6'], [-0.45, -0.15, 0.15, 0.45], 58);
  return render(s);
}

export function detailWideSpikes(): string {
  const s = scene(W, H);
  studioStrip(s, ['#f6efe4', '#d2c2a8'], [-0.85, -0.55, -0.25, 0.05, 0.35, 0.65, 0.9], 58);
  return render(s);
}

export function detailSillInstallation(): string {
  const s = scene(W, H);
  facade(
    s,
    { x: -40, y: -60, w: 1280, h: 1000 },
    { cols: 2, rows: 2, arched: false, spikeLen: 42, tone: ['#f0e4cd', '#d8bf97'] },
  );
  return render(s);
}

export function detailAcUnits(): string {
  const s = scene(W, H);
  const rand = rng(171);
  const wall = linear(s, 'wall', [
    [0, '#efe9df'],
    [1, '#d6cbb8'],
  ]);
  s.add(`<rect width="${W}" height="${H}" fill="${wall}"/>`, courses(0, 0, W, H, 56));
  for (const [x, y] of [
    [140, 170],
    [680, 140],
    [180, 560],
    [700, 540],
  ] as const) {
    s.add(
      shadowBand(s, x, y + 230, 360, 40, 0.25),
      bracket(x, y + 230, 340),
      acUnit(x, y, 340, 230),
      spikes(x + 6, x + 334, y + 1, { len: 48 }),
    );
  }
  s.add(flock(rand, 4, { x: 980, y: 20, w: 200, h: 90 }, 1.1, '#59616a'));
  return render(s);
}

export function detailWideMesh(): string {
  const s = scene(W, H);
  const rand = rng(191);
  sky(s, { top: '#5a97cc', mid: '#a4c8e2', horizon: '#ede0c6' }, { x: 300, y: 160, r: 240, color: '#fff8e0' });
  skyline(s, rand, H, '#c2c8cb', { minH: 200, maxH: 520 });
  // The birds stay outside, behind the net.
  s.add(
    flyingBird(760, 360, 3.2, 0.8, '#4a535c'),
    flyingBird(960, 250, 1.8, 0.5, '#4a535c'),
    net({ x: 0, y: 0, w: W, h: H }, 96, { color: '#1b1f22', width: 4, opacity: 0.9, knots: 5 }),
  );
  return render(s);
}

export function detailFineMesh(): string {
  const s = scene(W, H);
  const wall = linear(s, 'wall', [
    [0, '#ddd0bb'],
    [1, '#b9a587'],
  ]);
  s.add(`<rect width="${W}" height="${H}" fill="${wall}"/>`);
  const shaft = linear(s, 'shaft', [
    [0, '#d9e4ea'],
    [0.4, '#8e9ea8'],
    [1, '#3c4850'],
  ]);
  s.add(
    `<rect x="140" y="90" width="920" height="720" fill="${shaft}"/>`,
    acUnit(220, 560, 200, 140),
    acUnit(820, 300, 170, 120),
    `<path d="M140,90H1060V810H140Z" fill="none" stroke="#6a5a44" stroke-width="14"/>`,
  );
  s.add(net({ x: 140, y: 90, w: 920, h: 720 }, 16, { color: '#101315', width: 1.2 }));
  return render(s);
}

export function detailBalconyNets(): string {
  const s = scene(W, H);
  const rand = rng(211);
  sky(s, { top: '#6aa5d8', mid: '#b3d3ea', horizon: '#f0e3cb' }, { x: 1080, y: 80, r: 200, color: '#fff8e0' });
  const wall = linear(
    s,
    'wall',
    [
      [0, '#f3ece0'],
      [1, '#dccfb9'],
    ],
    false,
  );
  s.add(`<rect x="60" y="60" width="1080" height="840" fill="${wall}"/>`);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const x = 110 + c * 350;
      const y = 110 + r * 270;
      s.add(
        `<rect x="${x}" y="${y}" width="280" height="200" fill="#3b342c"/>`,
        acUnit(x + 150, y + 120, 110, 76),
        net({ x, y, w: 280, h: 200 }, 16, { color: '#0f1113', width: 1.3, opacity: 0.8 }),
        `<rect x="${x - 12}" y="${y + 200}" width="304" height="16" fill="${STONE.light}"/>`,
        shadowBand(s, x - 12, y + 216, 304, 24, 0.3),
      );
    }
  }
  s.add(flock(rand, 6, { x: 300, y: 0, w: 700, h: 50 }, 0.8, '#46505a'));
  return render(s);
}
