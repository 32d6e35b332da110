import { linear, n, spikes, STEEL, STONE, type Box, type Scene } from './svg-kit.ts';

/** Larger architectural pieces for the portfolio pictures. */

/** A glass curtain wall: a grid of panels reflecting the sky, with a diagonal sheen. */
export function glassWall(
  s: Scene,
  b: Box,
  cols: number,
  rows: number,
  tint: [string, string] = ['#a9cfe6', '#37607e'],
): string {
  const fill = linear(s, `glass-${Math.round(b.x)}-${Math.round(b.y)}`, [
    [0, tint[0]],
    [1, tint[1]],
  ]);
  let grid = '';
  for (let c = 1; c < cols; c++) grid += `M${n(b.x + (b.w * c) / cols)},${n(b.y)}V${n(b.y + b.h)}`;
  for (let r = 1; r < rows; r++) grid += `M${n(b.x)},${n(b.y + (b.h * r) / rows)}H${n(b.x + b.w)}`;
  return (
    `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}" fill="${fill}"/>` +
    `<path d="M${n(b.x + b.w * 0.15)},${n(b.y + b.h)}L${n(b.x + b.w * 0.55)},${n(b.y)}H${n(b.x + b.w * 0.72)}L${n(b.x + b.w * 0.32)},${n(b.y + b.h)}Z" fill="#ffffff" opacity="0.12"/>` +
    `<path d="${grid}" stroke="#dfe7ec" stroke-width="2.5" opacity="0.85"/>`
  );
}

/** A horizontal concrete or stone fin along a facade, protected by a row of spikes. */
export function fin(
  s: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  spikeLen: number,
  color = STONE.light,
): string {
  if (!s.defs.some((d) => d.includes('id="fin-shade"')))
    linear(s, 'fin-shade', [
      [0, '#2b2118', 0.45],
      [1, '#2b2118', 0],
    ]);
  return (
    `<rect x="${n(x)}" y="${n(y + h)}" width="${n(w)}" height="${n(h * 1.4)}" fill="url(#fin-shade)"/>` +
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${color}"/>` +
    `<rect x="${n(x)}" y="${n(y + h - 2)}" width="${n(w)}" height="2" fill="#000" opacity="0.15"/>` +
    spikes(x + 4, x + w - 4, y + 1, { len: spikeLen })
  );
}

/** A dome on a drum, lit from the left. */
export function dome(s: Scene, cx: number, baseY: number, r: number, color = '#f4efe6'): string {
  const id = `dome-${Math.round(cx)}`;
  s.defs.push(
    `<radialGradient id="${id}" cx="0.35" cy="0.35" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="${color}"/><stop offset="1" stop-color="#c9bfae"/></radialGradient>`,
  );
  return (
    `<rect x="${n(cx - r * 1.05)}" y="${n(baseY - r * 0.35)}" width="${n(r * 2.1)}" height="${n(r * 0.35)}" fill="${color}"/>` +
    `<path d="M${n(cx - r)},${n(baseY - r * 0.35)}A${n(r)},${n(r * 1.05)} 0 0 1 ${n(cx + r)},${n(baseY - r * 0.35)}Z" fill="url(#${id})"/>` +
    `<path d="M${n(cx)},${n(baseY - r * 1.4)}V${n(baseY - r * 1.75)}" stroke="#c8a24a" stroke-width="${n(r * 0.06)}"/>` +
    `<circle cx="${n(cx)}" cy="${n(baseY - r * 1.52)}" r="${n(r * 0.06)}" fill="#c8a24a"/>`
  );
}

/** A slender minaret with two balconies, each ringed with spikes. */
export function minaret(cx: number, baseY: number, h: number, color = '#f1ebe0'): string {
  const w = h * 0.07;
  const b1 = baseY - h * 0.55;
  const b2 = baseY - h * 0.8;
  const top = baseY - h;
  return (
    `<rect x="${n(cx - w / 2)}" y="${n(b1)}" width="${n(w)}" height="${n(baseY - b1)}" fill="${color}"/>` +
    `<rect x="${n(cx - w * 0.42)}" y="${n(b2)}" width="${n(w * 0.84)}" height="${n(b1 - b2)}" fill="${color}"/>` +
    `<rect x="${n(cx - w * 0.3)}" y="${n(top + h * 0.06)}" width="${n(w * 0.6)}" height="${n(b2 - top - h * 0.06)}" fill="${color}"/>` +
    `<path d="M${n(cx - w * 0.3)},${n(top + h * 0.06)}L${n(cx)},${n(top - h * 0.05)}L${n(cx + w * 0.3)},${n(top + h * 0.06)}Z" fill="#c8a24a"/>` +
    `<rect x="${n(cx - w * 0.85)}" y="${n(b1)}" width="${n(w * 1.7)}" height="${n(h * 0.025)}" fill="#e2d8c6"/>` +
    `<rect x="${n(cx - w * 0.72)}" y="${n(b2)}" width="${n(w * 1.44)}" height="${n(h * 0.022)}" fill="#e2d8c6"/>` +
    `<rect x="${n(cx - w * 0.1)}" y="${n(b1 + h * 0.05)}" width="${n(w * 0.2)}" height="${n(h * 0.08)}" rx="${n(w * 0.1)}" fill="#6f7f88"/>` +
    spikes(cx - w * 0.85, cx + w * 0.85, b1, { len: h * 0.018 }) +
    spikes(cx - w * 0.72, cx + w * 0.72, b2, { len: h * 0.016 })
  );
}

/** A corrugated metal wall (industrial buildings). */
export function corrugated(s: Scene, b: Box, color: string, pitch = 14): string {
  const id = `ribs-${Math.round(b.x)}`;
  s.defs.push(
    `<pattern id="${id}" width="${pitch}" height="10" patternUnits="userSpaceOnUse"><rect width="${pitch}" height="10" fill="${color}"/><rect width="${n(pitch * 0.3)}" height="10" fill="#000" opacity="0.12"/><rect x="${n(pitch * 0.5)}" width="${n(pitch * 0.15)}" height="10" fill="#fff" opacity="0.18"/></pattern>`,
  );
  return `<rect x="${n(b.x)}" y="${n(b.y)}" width="${n(b.w)}" height="${n(b.h)}" fill="url(#${id})"/>`;
}

/** Ground plane with a slight gradient towards the viewer. */
export function ground(s: Scene, y: number, colors: [string, string]): string {
  return `<rect x="0" y="${n(y)}" width="${s.width}" height="${n(s.height - y)}" fill="${linear(s, 'ground', [
    [0, colors[0]],
    [1, colors[1]],
  ])}"/>`;
}

export function tree(x: number, y: number, r: number, color = '#5e7d44'): string {
  return (
    `<rect x="${n(x - r * 0.08)}" y="${n(y - r * 0.9)}" width="${n(r * 0.16)}" height="${n(r * 0.9)}" fill="#6b5036"/>` +
    `<circle cx="${n(x)}" cy="${n(y - r * 1.3)}" r="${n(r * 0.75)}" fill="${color}"/>` +
    `<circle cx="${n(x - r * 0.45)}" cy="${n(y - r * 1.05)}" r="${n(r * 0.5)}" fill="${color}"/>` +
    `<circle cx="${n(x + r * 0.5)}" cy="${n(y - r * 1.1)}" r="${n(r * 0.55)}" fill="${color}"/>` +
    `<circle cx="${n(x - r * 0.2)}" cy="${n(y - r * 1.55)}" r="${n(r * 0.4)}" fill="#ffffff" opacity="0.08"/>`
  );
}

/** A metal bracket under an air-conditioning unit, as fixed to tower facades. */
export function bracket(x: number, y: number, w: number): string {
  const t = Math.max(3, w * 0.02);
  return (
    `<rect x="${n(x - w * 0.03)}" y="${n(y)}" width="${n(w * 1.06)}" height="${n(t)}" fill="${STEEL.dark}"/>` +
    `<path d="M${n(x + w * 0.14)},${n(y)}v${n(w * 0.16)}M${n(x + w * 0.86)},${n(y)}v${n(w * 0.16)}" stroke="${STEEL.dark}" stroke-width="${n(t)}"/>`
  );
}

export interface LedgeEnd {
  x: number;
  y: number;
  s: number;
}

/**
 * A ledge or parapet seen at an angle, running from a near end (large scale) to a far end,
 * optionally protected by spikes or a tensioned-wire system along its top.
 */
export function ledge(
  a: LedgeEnd,
  b: LedgeEnd,
  opts: {
    depth: number;
    face: number;
    top?: string;
    front?: string;
    guard?: 'spikes' | 'wire' | 'none';
    spikeLen?: number;
    baseColor?: string;
    /** Fan angles of one spike unit; more angles draw a wider strip. */
    fan?: number[];
  },
): string {
  const top = opts.top ?? STONE.light;
  const front = opts.front ?? STONE.warm;
  const at = (t: number) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, s: a.s + (b.s - a.s) * t });
  let out =
    `<path d="M${n(a.x)},${n(a.y)}L${n(b.x)},${n(b.y)}L${n(b.x)},${n(b.y - opts.depth * b.s)}L${n(a.x)},${n(a.y - opts.depth * a.s)}Z" fill="${top}"/>` +
    `<path d="M${n(a.x)},${n(a.y)}L${n(b.x)},${n(b.y)}L${n(b.x)},${n(b.y + opts.face * b.s)}L${n(a.x)},${n(a.y + opts.face * a.s)}Z" fill="${front}"/>` +
    `<path d="M${n(a.x)},${n(a.y)}L${n(b.x)},${n(b.y)}" stroke="#fff8ea" stroke-width="${n(Math.max(1, a.s * 1.5))}" opacity="0.7"/>`;
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const guard = opts.guard ?? 'none';
  if (guard === 'spikes') {
    const len = opts.spikeLen ?? opts.depth * 1.4;
    let dark = '';
    let bright = '';
    for (let t = 0; t <= 1; t += (len * 0.42 * at(t).s) / length) {
      const p = at(t);
      const cy = p.y - opts.depth * p.s * 0.5;
      for (const ang of opts.fan ?? [-0.6, -0.22, 0.22, 0.6]) {
        // The fan leans across the ledge, so its spread shows as a slight sideways and depthwise offset.
        const tx = p.x + Math.sin(ang) * len * p.s * 0.55;
        const ty = cy - Math.cos(ang) * len * p.s + Math.sin(ang) * opts.depth * p.s * 0.25;
        dark += `M${n(p.x + p.s)},${n(cy)}L${n(tx + p.s)},${n(ty)}`;
        bright += `M${n(p.x)},${n(cy)}L${n(tx)},${n(ty)}`;
      }
    }
    const base = `M${n(a.x)},${n(a.y - opts.depth * a.s * 0.35)}L${n(b.x)},${n(b.y - opts.depth * b.s * 0.35)}L${n(b.x)},${n(b.y - opts.depth * b.s * 0.62)}L${n(a.x)},${n(a.y - opts.depth * a.s * 0.62)}Z`;
    const w = Math.max(0.8, (len / 24) * ((a.s + b.s) / 2));
    out +=
      `<path d="${base}" fill="${opts.baseColor ?? STEEL.mid}" opacity="0.9"/>` +
      `<path d="${dark}" stroke="${STEEL.dark}" stroke-width="${n(w * 1.1)}" stroke-linecap="round"/>` +
      `<path d="${bright}" stroke="${STEEL.light}" stroke-width="${n(w * 0.85)}" stroke-linecap="round"/>`;
  } else if (guard === 'wire') {
    // Short stainless posts about a metre apart carry three tensioned wires at rising heights.
    const postH = opts.depth * 1.5;
    let posts = '';
    for (let t = 0; t <= 1.0001; t += (opts.depth * 3.2 * at(t).s) / length) {
      const p = at(t);
      const cy = p.y - opts.depth * p.s * 0.5;
      posts += `M${n(p.x)},${n(cy)}V${n(cy - postH * p.s)}`;
    }
    const pw = Math.max(1.5, a.s * 2.4);
    out +=
      `<path d="${posts}" stroke="${STEEL.dark}" stroke-width="${n(pw * 1.5)}" stroke-linecap="round"/>` +
      `<path d="${posts}" stroke="${STEEL.mid}" stroke-width="${n(pw)}" stroke-linecap="round"/>`;
    for (const h of [0.4, 0.7, 1]) {
      const d = `M${n(a.x)},${n(a.y - opts.depth * a.s * 0.5 - postH * a.s * h)}L${n(b.x)},${n(b.y - opts.depth * b.s * 0.5 - postH * b.s * h)}`;
      out += `<path d="${d}" stroke="${STEEL.dark}" stroke-width="${n(Math.max(1.2, a.s * 1.4))}"/><path d="${d}" stroke="${STEEL.light}" stroke-width="${n(Math.max(0.6, a.s * 0.6))}"/>`;
    }
  }
  return out;
}
