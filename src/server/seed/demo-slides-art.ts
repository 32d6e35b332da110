import { ledge } from './svg-buildings.ts';
import {
  courses,
  flock,
  linear,
  litWindows,
  n,
  render,
  rng,
  scene,
  shadowBand,
  sky,
  skyline,
  spikes,
  STONE,
  windowPane,
  type Rand,
  type Scene,
} from './svg-kit.ts';

/** Wide pictures for the home slider (1600×1000); one side stays calm for the slide's text. */

const W = 1600;
const H = 1000;

/** A stone facade with a grid of windows; every sill and the cornice carry a row of spikes. */
export function facade(
  s: Scene,
  box: { x: number; y: number; w: number; h: number },
  opts: {
    cols: number;
    rows: number;
    arched?: boolean;
    tone?: [string, string];
    spikeLen?: number;
    id?: string;
  },
): void {
  const id = opts.id ?? 'facade';
  const fill = linear(
    s,
    id,
    [
      [0, opts.tone?.[0] ?? STONE.light],
      [1, opts.tone?.[1] ?? STONE.sand],
    ],
    false,
  );
  const { x, y, w, h } = box;
  const corniceH = Math.max(18, h * 0.035);
  const len = opts.spikeLen ?? 26;
  s.add(
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`,
    courses(x, y, w, h, len * 1.7),
    shadowBand(s, x, y + corniceH, w, corniceH * 1.6, 0.3),
    `<rect x="${x - 14}" y="${y}" width="${w + 28}" height="${corniceH}" fill="${STONE.light}"/>`,
    `<rect x="${x - 14}" y="${y + corniceH - 4}" width="${w + 28}" height="4" fill="${STONE.deep}" opacity="0.5"/>`,
    spikes(x - 10, x + w + 10, y, { len: len * 0.9 }),
  );
  const cellW = w / opts.cols;
  const cellH = (h - corniceH) / opts.rows;
  for (let r = 0; r < opts.rows; r++) {
    for (let c = 0; c < opts.cols; c++) {
      const ww = cellW * 0.46;
      const wh = cellH * 0.6;
      const wx = x + c * cellW + (cellW - ww) / 2;
      const wy = y + corniceH + r * cellH + cellH * 0.16;
      const sillY = wy + wh;
      const sillH = Math.max(10, cellH * 0.05);
      s.add(
        `<rect x="${wx - ww * 0.07}" y="${wy - ww * 0.07}" width="${ww * 1.14}" height="${wh + ww * 0.07}" fill="${STONE.warm}" opacity="0.45" rx="${ww * 0.57}" ry="${opts.arched ? ww * 0.57 : 0}"/>`,
        windowPane(s, wx, wy, ww, wh, opts.arched),
        shadowBand(s, wx - 22, sillY + sillH, ww + 44, sillH * 2.2, 0.35),
        `<rect x="${wx - 22}" y="${sillY}" width="${ww + 44}" height="${sillH}" fill="${STONE.light}"/>`,
        `<rect x="${wx - 22}" y="${sillY + sillH - 3}" width="${ww + 44}" height="3" fill="${STONE.deep}" opacity="0.45"/>`,
        spikes(wx - 16, wx + ww + 16, sillY + 2, { len }),
      );
    }
  }
}

export function slideFacade(): string {
  const s = scene(W, H);
  const rand = rng(11);
  sky(s, { top: '#5f9fd0', mid: '#a7cbe4', horizon: '#f3e3c6' }, { x: 330, y: 170, r: 300, color: '#fff7df' });
  skyline(s, rand, 1000, '#d3d8da', { minH: 200, maxH: 420, x1: 760 });
  skyline(s, rand, 1000, '#bec6ca', { minH: 80, maxH: 220, x1: 760 });
  s.add(flock(rand, 11, { x: 120, y: 120, w: 520, h: 300 }, 0.9, '#46505a'));
  s.add(
    `<path d="M700,60 L760,74 V1000 H700 Z" fill="${STONE.warm}"/>`,
    `<path d="M700,60 L760,74 V1000 H700 Z" fill="#000" opacity="0.08"/>`,
  );
  facade(s, { x: 760, y: 74, w: 860, h: 926 }, { cols: 3, rows: 3, arched: true, spikeLen: 30 });
  return render(s);
}

/** Lines of a bird net stretched level over a courtyard, drawn in perspective towards `v`. */
function perspectiveNet(
  v: { x: number; y: number },
  back: { x0: number; x1: number; y: number },
  opts: { cols: number; color: string },
): string {
  let d = '';
  for (let i = 0; i <= opts.cols; i++) {
    const bx = back.x0 + ((back.x1 - back.x0) * i) / opts.cols;
    const k = (v.y + 50) / (v.y - back.y); // extend each line away from v until well past the top edge
    d += `M${n(bx)},${back.y}L${n(v.x + (bx - v.x) * k)},-50`;
  }
  const z0 = 10;
  for (let z = z0; z > 3.5; z -= 0.32) {
    const y = v.y - ((v.y - back.y) * z0) / z;
    const f = (v.y - y) / (v.y - back.y);
    d += `M${n(v.x + (back.x0 - v.x) * f)},${n(y)}L${n(v.x + (back.x1 - v.x) * f)},${n(y)}`;
  }
  return `<path d="${d}" stroke="${opts.color}" stroke-width="1.1" fill="none" opacity="0.5"/>`;
}

/** One side wall of the courtyard with windows whose edges run to the vanishing point. */
function sideWall(
  s: Scene,
  v: { x: number; y: number },
  edgeX: number,
  topY: number,
  farX: number,
  tone: string,
): void {
  const k = (x: number, yb: number) => v.y + ((yb - v.y) * (v.x - x)) / (v.x - edgeX);
  s.add(`<path d="M${farX},${n(k(farX, topY))}L${edgeX},${topY}V${H}H${farX}Z" fill="${tone}"/>`);
  const dir = Math.sign(edgeX - farX);
  if (!s.defs.some((d) => d.includes('id="side-glass"')))
    linear(s, 'side-glass', [
      [0, '#7fa6c0'],
      [1, '#2f4a5c'],
    ]);
  for (const [a, b] of [
    [0.12, 0.42],
    [0.55, 0.8],
  ] as const) {
    const xa = farX + (edgeX - farX) * a;
    const xb = farX + (edgeX - farX) * b;
    for (const [t, bt] of [
      [400, 560],
      [700, 900],
    ] as const) {
      s.add(
        `<path d="M${n(xa)},${n(k(xa, t))}L${n(xb)},${n(k(xb, t))}L${n(xb)},${n(k(xb, bt))}L${n(xa)},${n(k(xa, bt))}Z" fill="url(#side-glass)" stroke="${STONE.light}" stroke-width="${dir > 0 ? 5 : 4}"/>`,
      );
    }
  }
}

export function slideCourtyardNet(): string {
  const s = scene(W, H);
  const rand = rng(23);
  const v = { x: 800, y: 620 };
  const back = { x0: 330, x1: 1270, y: 330 };
  sky(s, { top: '#4d8cc4', mid: '#8fbde0', horizon: '#eae4d2' }, { x: 1100, y: 110, r: 240, color: '#fffbe8' });
  s.add(flock(rand, 9, { x: 380, y: 30, w: 860, h: 170 }, 0.75, '#3f4852'));
  const wall = linear(s, 'back', [
    [0, STONE.light],
    [1, STONE.sand],
  ]);
  s.add(
    `<rect x="${back.x0}" y="${back.y}" width="${back.x1 - back.x0}" height="${H - back.y}" fill="${wall}"/>`,
    courses(back.x0, back.y, 940, 670, 44),
  );
  let arches = '';
  for (let i = 0; i < 5; i++) {
    const ax = 370 + i * 182;
    arches += `M${ax},${H}V820A58,58 0 0 1 ${ax + 116},820V${H}Z`;
    s.add(
      `<rect x="${ax + 18}" y="420" width="80" height="130" fill="${STONE.warm}" opacity="0.5" rx="40"/>`,
      windowPane(s, ax + 26, 428, 64, 118, true),
    );
  }
  s.add(
    `<path d="${arches}" fill="${linear(s, 'arch', [
      [0, '#3a2b1d'],
      [1, '#5a4530'],
    ])}"/>`,
    shadowBand(s, back.x0, 640, 940, 40, 0.3),
    `<rect x="${back.x0}" y="616" width="940" height="24" fill="${STONE.light}"/>`,
  );
  sideWall(s, v, back.x0, back.y, 0, STONE.warm);
  sideWall(s, v, back.x1, back.y, W, STONE.deep);
  s.add(
    `<rect x="${back.x0}" y="${back.y - 6}" width="940" height="14" fill="${STONE.light}"/>`,
    perspectiveNet(v, back, { cols: 34, color: '#23282c' }),
    `<path d="M${back.x0},${back.y}H${back.x1}M${back.x0},${back.y}L${n(v.x + (back.x0 - v.x) * 3)},${n(v.y + (back.y - v.y) * 3)}M${back.x1},${back.y}L${n(v.x + (back.x1 - v.x) * 3)},${n(v.y + (back.y - v.y) * 3)}" stroke="#1d2124" stroke-width="5"/>`,
  );
  return render(s);
}

/** Towers of a Gulf skyline at dusk, with the lit windows of a working evening. */
function duskTowers(s: Scene, rand: Rand, baseY: number): void {
  const far = skyline(s, rand, baseY, '#7a6176', { minH: 90, maxH: 260 });
  // A tall tower with a parabolic opening near its top and a pyramid tower with a sphere, as in Riyadh.
  const tx = 1010;
  s.add(
    `<path d="M${tx - 70},${baseY} L${tx - 34},180 Q${tx},120 ${tx + 34},180 L${tx + 70},${baseY} Z" fill="#4b3b55"/>`,
    `<path d="M${tx - 26},250 Q${tx},140 ${tx + 26},250 Z" fill="#e9a577" opacity="0.95"/>`,
    `<path d="M560,${baseY} L620,330 L680,${baseY} Z" fill="#54415e"/>`,
    `<circle cx="620" cy="420" r="14" fill="#f2c38a" opacity="0.85"/>`,
  );
  s.add(litWindows(rand, far, 60, '#ffd08a', 0.45));
  const near = skyline(s, rand, baseY + 20, '#3f3249', { minH: 50, maxH: 190 });
  s.add(litWindows(rand, near, 160, '#ffd08a', 0.75));
}

export function slideSkylineWire(): string {
  const s = scene(W, H);
  const rand = rng(37);
  sky(s, { top: '#2c3b6b', mid: '#c4756c', horizon: '#f7c680' }, { x: 1240, y: 660, r: 420, color: '#ffe2a6' });
  duskTowers(s, rand, 820);
  s.add(flock(rand, 12, { x: 140, y: 140, w: 700, h: 260 }, 0.8, '#2b2433'));
  // The viewer stands on a roof: its parapet hides the foot of the city and carries the wires.
  s.add(
    ledge(
      { x: -40, y: 872, s: 2.2 },
      { x: W + 40, y: 836, s: 1.7 },
      { depth: 24, face: 120, top: '#d9b68c', front: '#6e513c', guard: 'wire' },
    ),
  );
  return render(s);
}
