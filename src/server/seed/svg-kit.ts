/**
 * Drawing primitives for the demo pictures: plain SVG strings, rendered by sharp at seed time.
 * Coordinates are in pixels of the final image; every shape is a few path elements at most so
 * rendering stays fast.
 */

export type Rand = () => number;

/** A small seeded generator (mulberry32): the same item always gets the same picture. */
export function rng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const STONE = { light: '#efe3cc', sand: '#dcc6a0', warm: '#c9a878', deep: '#a9855a', shadow: '#7d6244' };
export const STEEL = { light: '#f4f7fa', mid: '#b9c3cc', dark: '#5f6b76' };

/** Collects gradient definitions and shapes; `toString` closes the document. */
export interface Scene {
  readonly width: number;
  readonly height: number;
  defs: string[];
  body: string[];
  add(...parts: string[]): void;
}

export function scene(width: number, height: number): Scene {
  return {
    width,
    height,
    defs: [],
    body: [],
    add(...parts) {
      this.body.push(...parts);
    },
  };
}

export function render(s: Scene): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s.width}" height="${s.height}" viewBox="0 0 ${s.width} ${s.height}">` +
    `<defs>${s.defs.join('')}</defs>${s.body.join('')}</svg>`
  );
}

/** Coordinates rounded to a tenth of a pixel keep the SVG text short. */
export const n = (v: number): number => Math.round(v * 10) / 10;

export function linear(s: Scene, id: string, stops: [number, string, number?][], vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  s.defs.push(
    `<linearGradient id="${id}" ${dir}>${stops.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`).join('')}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** Sky with a warm haze at the horizon and a soft sun glow. */
export function sky(
  s: Scene,
  colors: { top: string; mid: string; horizon: string },
  sun: { x: number; y: number; r: number; color: string },
): void {
  const fill = linear(s, 'sky', [
    [0, colors.top],
    [0.55, colors.mid],
    [1, colors.horizon],
  ]);
  s.defs.push(
    `<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${sun.color}" stop-opacity="0.95"/><stop offset="0.12" stop-color="${sun.color}" stop-opacity="0.7"/><stop offset="1" stop-color="${sun.color}" stop-opacity="0"/></radialGradient>`,
  );
  s.add(
    `<rect width="${s.width}" height="${s.height}" fill="${fill}"/>`,
    `<circle cx="${sun.x}" cy="${sun.y}" r="${sun.r}" fill="url(#sun)"/>`,
  );
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A distant skyline in one hazy colour; answers the towers' boxes so callers can light windows. */
export function skyline(
  s: Scene,
  rand: Rand,
  baseY: number,
  color: string,
  opts: { minH: number; maxH: number; x0?: number; x1?: number; peaks?: number },
): Box[] {
  let x = opts.x0 ?? -20;
  const end = opts.x1 ?? s.width + 20;
  let d = '';
  const boxes: Box[] = [];
  while (x < end) {
    const w = 30 + rand() * 70;
    const h = opts.minH + rand() * (opts.maxH - opts.minH);
    const top = baseY - h;
    boxes.push({ x, y: top, w, h });
    if (rand() < (opts.peaks ?? 0.12)) {
      const mid = x + w / 2;
      d += `M${n(x)},${baseY}V${n(top)}L${n(mid)},${n(top - h * 0.25)}L${n(x + w)},${n(top)}V${baseY}Z`;
    } else {
      d += `M${n(x)},${baseY}V${n(top)}H${n(x + w)}V${baseY}Z`;
    }
    x += w + rand() * 14;
  }
  s.add(`<path d="${d}" fill="${color}"/>`);
  return boxes;
}

/** Small lit or reflecting windows scattered over tower boxes. */
export function litWindows(rand: Rand, boxes: Box[], count: number, color: string, opacity = 0.7): string {
  let d = '';
  for (let i = 0; i < count && boxes.length > 0; i++) {
    const b = boxes[Math.floor(rand() * boxes.length)]!;
    if (b.w < 20) continue;
    d += `M${n(b.x + 6 + rand() * (b.w - 14))},${n(b.y + 10 + rand() * (b.h - 20))}h3v4h-3Z`;
  }
  return `<path d="${d}" fill="${color}" opacity="${opacity}"/>`;
}

/**
 * A row of anti-bird spikes standing on a ledge from x1 to x2, base at y:
 * fans of stainless rods every `step` px with a dark side and a bright side so they read as metal.
 */
export function spikes(
  x1: number,
  x2: number,
  y: number,
  opts: { len: number; step?: number; width?: number; base?: string; opacity?: number },
): string {
  const step = opts.step ?? Math.max(4, opts.len * 0.38);
  const angles = [-0.55, -0.2, 0.2, 0.55];
  let dark = '';
  let bright = '';
  for (let x = x1 + step / 2; x < x2; x += step) {
    for (const a of angles) {
      const tx = x + Math.sin(a) * opts.len;
      const ty = y - Math.cos(a) * opts.len;
      dark += `M${n(x + 0.8)},${n(y)}L${n(tx + 0.8)},${n(ty)}`;
      bright += `M${n(x)},${n(y)}L${n(tx)},${n(ty)}`;
    }
  }
  const w = opts.width ?? Math.max(0.8, opts.len / 22);
  const baseH = Math.max(2, opts.len / 9);
  return (
    `<g opacity="${opts.opacity ?? 1}"><path d="${dark}" stroke="${STEEL.dark}" stroke-width="${n(w)}" stroke-linecap="round"/>` +
    `<path d="${bright}" stroke="${STEEL.light}" stroke-width="${n(w * 0.8)}" stroke-linecap="round"/>` +
    `<rect x="${n(x1)}" y="${n(y - baseH)}" width="${n(x2 - x1)}" height="${n(baseH)}" rx="${n(baseH / 2)}" fill="${opts.base ?? STEEL.mid}" stroke="${STEEL.dark}" stroke-width="0.6"/></g>`
  );
}

/** A pigeon perched, facing right; `flip` faces it left. About 60 px long at scale 1. */
export function pigeon(
  x: number,
  y: number,
  scale: number,
  opts: { color?: string; flip?: boolean; shade?: string } = {},
): string {
  const color = opts.color ?? '#5d6670';
  const sx = opts.flip ? -scale : scale;
  return (
    `<g transform="translate(${n(x)},${n(y)}) scale(${n(sx * 100) / 100},${n(scale * 100) / 100})">` +
    `<path d="M-30,-6 L-12,-12 C-6,-22 10,-25 17,-19 C19,-28 29,-30 33,-23 L40,-21 L33,-18 C33,-12 29,-8 24,-5 C22,3 10,8 -3,8 C-13,8 -21,4 -30,-6 Z" fill="${color}"/>` +
    `<path d="M-10,-8 C0,-14 12,-14 20,-8 C12,-2 0,0 -10,-8 Z" fill="${opts.shade ?? '#3f474f'}" opacity="0.55"/>` +
    `<circle cx="29" cy="-22" r="1.6" fill="#e9a23b"/>` +
    `<path d="M2,8 L0,16 M10,7 L11,16" stroke="#b4675a" stroke-width="2.2" stroke-linecap="round"/></g>`
  );
}

/** A pigeon in flight seen from below or behind: an M-shaped wing silhouette. */
export function flyingBird(x: number, y: number, scale: number, lift: number, color: string): string {
  const l = n(lift);
  return (
    `<path transform="translate(${n(x)},${n(y)}) scale(${n(scale * 100) / 100})" fill="${color}" ` +
    `d="M0,0 C-8,${-6 * l} -18,${-14 * l} -34,${-12 * l} C-24,${-7 * l} -13,-1 -4,4 C-2,7 2,7 4,4 C13,-1 24,${-7 * l} 34,${-12 * l} C18,${-14 * l} 8,${-6 * l} 0,0 Z"/>`
  );
}

export function flock(
  rand: Rand,
  count: number,
  area: { x: number; y: number; w: number; h: number },
  scale: number,
  color: string,
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const s = scale * (0.55 + rand() * 0.6);
    out += flyingBird(area.x + rand() * area.w, area.y + rand() * area.h, s, 0.3 + rand() * 0.9, color);
  }
  return out;
}

/**
 * A diamond-mesh bird net over a rectangle: two families of 45° lines clipped by hand
 * (one path; an SVG pattern renders several times slower). With `knots`, dots mark the crossings.
 */
export function net(
  rect: Box,
  mesh: number,
  opts: { color?: string; width?: number; opacity?: number; knots?: number } = {},
): string {
  const step = mesh * Math.SQRT2;
  const x0 = rect.x;
  const y0 = rect.y;
  const x1 = rect.x + rect.w;
  const y1 = rect.y + rect.h;
  let d = '';
  const down: number[] = [];
  const up: number[] = [];
  for (let c = y0 - x1; c <= y1 - x0; c += step) {
    down.push(c);
    const lo = Math.max(x0, y0 - c);
    const hi = Math.min(x1, y1 - c);
    if (lo < hi) d += `M${n(lo)},${n(lo + c)}L${n(hi)},${n(hi + c)}`;
  }
  for (let c = x0 + y0; c <= x1 + y1; c += step) {
    up.push(c);
    const lo = Math.max(x0, c - y1);
    const hi = Math.min(x1, c - y0);
    if (lo < hi) d += `M${n(lo)},${n(c - lo)}L${n(hi)},${n(c - hi)}`;
  }
  const color = opts.color ?? '#2b2f33';
  let knots = '';
  if (opts.knots) {
    const r = opts.knots;
    for (const a of down) {
      for (const b of up) {
        const x = (b - a) / 2;
        const y = (a + b) / 2;
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1)
          knots += `M${n(x - r)},${n(y)}a${r},${r} 0 1 0 ${2 * r},0a${r},${r} 0 1 0 ${-2 * r},0`;
      }
    }
    knots = `<path d="${knots}" fill="${color}"/>`;
  }
  return `<g opacity="${opts.opacity ?? 0.75}"><path d="${d}" stroke="${color}" stroke-width="${opts.width ?? 1.2}" fill="none"/>${knots}</g>`;
}

/** An outdoor air-conditioning unit with a round fan grille. */
export function acUnit(x: number, y: number, w: number, h: number): string {
  const r = Math.min(w, h) * 0.34;
  const cx = x + w * 0.42;
  const cy = y + h / 2;
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(w * 0.03)}" fill="#e9ecee" stroke="#9aa3ab" stroke-width="1.2"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="#c5ccd2" stroke="#8e979f" stroke-width="1.5"/>` +
    `<path d="M${n(cx - r)},${n(cy)}H${n(cx + r)}M${n(cx)},${n(cy - r)}V${n(cy + r)}" stroke="#8e979f" stroke-width="1"/>` +
    `<rect x="${n(x + w * 0.8)}" y="${n(y + h * 0.2)}" width="${n(w * 0.12)}" height="${n(h * 0.6)}" fill="#d4d9dd"/>`
  );
}

export function palm(x: number, y: number, h: number, color = '#4f6b3a'): string {
  const top = y - h;
  let fronds = '';
  for (const [dx, dy] of [
    [-1, 0.15],
    [-0.8, -0.25],
    [-0.3, -0.45],
    [0.3, -0.45],
    [0.8, -0.25],
    [1, 0.15],
    [0.5, 0.3],
    [-0.5, 0.3],
  ] as const) {
    const ex = x + dx * h * 0.42;
    const ey = top + dy * h * 0.42 + h * 0.12;
    fronds += `M${n(x)},${n(top)}Q${n(x + dx * h * 0.25)},${n(top - h * 0.12)} ${n(ex)},${n(ey)}Q${n(x + dx * h * 0.2)},${n(top - h * 0.02)} ${n(x)},${n(top)}Z`;
  }
  return (
    `<path d="M${n(x - h * 0.025)},${y}Q${n(x + h * 0.04)},${n(y - h / 2)} ${n(x)},${n(top)}L${n(x + h * 0.02)},${n(top)}Q${n(x + h * 0.07)},${n(y - h / 2)} ${n(x + h * 0.025)},${y}Z" fill="#7a5e3f"/>` +
    `<path d="${fronds}" fill="${color}"/>`
  );
}

/** A glazed window reflecting the sky, square or arched. */
export function windowPane(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  arched = false,
  frame = '#6b5438',
): string {
  if (!s.defs.some((d) => d.includes('id="glass"')))
    linear(s, 'glass', [
      [0, '#9cc3dc'],
      [0.5, '#4f7893'],
      [1, '#2f4a5c'],
    ]);
  const top = arched
    ? `M${n(x)},${n(y + w / 2)}A${n(w / 2)},${n(w / 2)} 0 0 1 ${n(x + w)},${n(y + w / 2)}`
    : `M${n(x)},${n(y)}H${n(x + w)}`;
  const d = `${top}V${n(y + h)}H${n(x)}Z`;
  return (
    `<path d="${d}" fill="url(#glass)" stroke="${frame}" stroke-width="${n(Math.max(1.5, w / 30))}"/>` +
    `<path d="M${n(x + w / 2)},${n(y)}V${n(y + h)}" stroke="${frame}" stroke-width="${n(Math.max(1, w / 45))}" opacity="0.8"/>` +
    `<path d="M${n(x + w * 0.12)},${n(y + h * 0.85)}L${n(x + w * 0.42)},${n(y + h * 0.35)}" stroke="#ffffff" stroke-width="${n(w / 14)}" opacity="0.18"/>`
  );
}

/** A soft vertical shadow band under a ledge or cornice. */
export function shadowBand(s: Scene, x: number, y: number, w: number, h: number, strength = 0.35): string {
  if (!s.defs.some((d) => d.includes('id="shade"')))
    linear(s, 'shade', [
      [0, '#3b2c1c', 1],
      [1, '#3b2c1c', 0],
    ]);
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#shade)" opacity="${strength}"/>`;
}

/** Faint horizontal stone courses across a wall. */
export function courses(x: number, y: number, w: number, h: number, step: number, color = STONE.shadow): string {
  let d = '';
  for (let yy = y + step; yy < y + h; yy += step) d += `M${n(x)},${n(yy)}H${n(x + w)}`;
  return `<path d="${d}" stroke="${color}" stroke-width="1" opacity="0.12"/>`;
}
