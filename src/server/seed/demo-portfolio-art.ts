import { bracket, corrugated, dome, fin, glassWall, ground, ledge, minaret, tree } from './svg-buildings.ts';
import {
  acUnit,
  courses,
  flock,
  linear,
  net,
  palm,
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
} from './svg-kit.ts';

/** Pictures of finished projects for the portfolio cards (1200×900). */

const W = 1200;
const H = 900;

export function portfolioMallRiyadh(): string {
  const s = scene(W, H);
  const rand = rng(301);
  sky(s, { top: '#4f92d0', mid: '#9fc7e6', horizon: '#f2e4c8' }, { x: 1040, y: 90, r: 220, color: '#fffae6' });
  skyline(s, rand, 700, '#d5d9da', { minH: 80, maxH: 260 });
  s.add(ground(s, 760, ['#e9e0cf', '#c9bba1']));
  s.add(
    `<rect x="40" y="140" width="1120" height="620" fill="${STONE.sand}"/>`,
    glassWall(s, { x: 110, y: 170, w: 980, h: 430 }, 12, 5),
  );
  for (const y of [250, 336, 422, 508]) s.add(fin(s, 110, y, 980, 16, 18));
  s.add(
    `<rect x="40" y="130" width="1120" height="26" fill="${STONE.light}"/>`,
    spikes(44, 1156, 131, { len: 20 }),
    `<rect x="40" y="156" width="70" height="604" fill="${STONE.warm}"/><rect x="1090" y="156" width="70" height="604" fill="${STONE.warm}"/>`,
    `<rect x="110" y="600" width="980" height="160" fill="${STONE.light}"/>`,
    courses(110, 600, 980, 160, 32),
    glassWall(s, { x: 420, y: 640, w: 360, h: 120 }, 6, 1, ['#cfe3ee', '#4b6f86']),
    shadowBand(s, 360, 636, 480, 30, 0.4),
    `<rect x="360" y="614" width="480" height="22" fill="#5f666d"/>`,
    spikes(364, 836, 615, { len: 16 }),
  );
  for (const x of [150, 310, 890, 1050]) s.add(palm(x, 800, 280));
  return render(s);
}

export function portfolioMosqueMadinah(): string {
  const s = scene(W, H);
  const rand = rng(311);
  sky(s, { top: '#6c9fd0', mid: '#efc9a2', horizon: '#f8e2bd' }, { x: 980, y: 300, r: 300, color: '#fff0c8' });
  s.add(ground(s, 780, ['#f4f0ea', '#d6cfc2']));
  s.add(minaret(110, 780, 660), minaret(1090, 780, 660));
  s.add(dome(s, 360, 480, 78), dome(s, 840, 480, 78), dome(s, 600, 480, 150));
  s.add(
    `<rect x="170" y="470" width="860" height="310" fill="#f3eee5"/>`,
    `<rect x="160" y="462" width="880" height="20" fill="#e6ddcd"/>`,
    spikes(164, 1036, 463, { len: 16 }),
    shadowBand(s, 170, 482, 860, 26, 0.2),
  );
  let arches = '';
  for (let i = 0; i < 8; i++) {
    const x = 196 + i * 104;
    arches += `M${x},780V650A38,38 0 0 1 ${x + 76},650V780Z`;
    s.add(`<rect x="${x + 14}" y="520" width="48" height="70" rx="24" fill="#8fa7b5"/>`);
  }
  s.add(
    `<path d="${arches}" fill="${linear(s, 'arch', [
      [0, '#6b5a48'],
      [1, '#a08a70'],
    ])}"/>`,
    `<rect x="170" y="600" width="860" height="14" fill="#e6ddcd"/>`,
    spikes(174, 1026, 601, { len: 12 }),
  );
  s.add(flock(rand, 14, { x: 200, y: 60, w: 800, h: 220 }, 0.7, '#4d4a52'));
  s.add(
    pigeon(300, 850, 1.2),
    pigeon(420, 866, 1.1, { flip: true }),
    pigeon(760, 858, 1.2),
    pigeon(880, 846, 1, { flip: true }),
  );
  return render(s);
}

export function portfolioTowerJeddah(): string {
  const s = scene(W, H);
  const rand = rng(321);
  sky(s, { top: '#3f8cd0', mid: '#92c4e8', horizon: '#e9f1f2' }, { x: 160, y: 120, r: 220, color: '#fffbe8' });
  s.add(
    `<rect x="0" y="600" width="520" height="300" fill="${linear(s, 'sea', [
      [0, '#5da4c9'],
      [1, '#1f5e86'],
    ])}"/>`,
    `<path d="M0,600H520" stroke="#e8f3f7" stroke-width="2"/>`,
    `<path d="M0,820 Q260,790 520,812 V900 H0 Z" fill="#e7d7b6"/>`,
  );
  s.add(flock(rand, 8, { x: 60, y: 180, w: 360, h: 260 }, 0.9, '#3d4852'));
  s.add(
    `<path d="M460,0 L520,30 V900 H460 Z" fill="#b7b4ac"/>`,
    `<rect x="520" y="30" width="700" height="870" fill="${linear(
      s,
      'tower',
      [
        [0, '#f4f2ed'],
        [1, '#d9d5cb'],
      ],
      false,
    )}"/>`,
  );
  for (let f = 0; f < 6; f++) {
    const y = 60 + f * 150;
    s.add(`<rect x="520" y="${y + 124}" width="700" height="12" fill="#c9c4b8"/>`);
    for (const x of [555, 880]) s.add(windowPane(s, x, y + 6, 190, 100, false, '#8b8a84'));
    for (const x of [765, 1088]) {
      s.add(bracket(x, y + 118, 104), acUnit(x, y + 42, 104, 76), spikes(x + 2, x + 102, y + 43, { len: 20 }));
    }
  }
  return render(s);
}

export function portfolioWarehouseDammam(): string {
  const s = scene(W, H);
  const rand = rng(331);
  sky(s, { top: '#8fb8d8', mid: '#c9dbe6', horizon: '#f4e7cf' }, { x: 900, y: 160, r: 280, color: '#fff6dc' });
  s.add(ground(s, 700, ['#e3cfa6', '#c8ab7c']));
  s.add(
    `<path d="M80,330 L600,270 L1120,330 Z" fill="#9aa1a8"/>`,
    corrugated(s, { x: 80, y: 330, w: 1040, h: 370 }, '#c9ced2'),
    `<rect x="74" y="322" width="1052" height="14" fill="#e4e7ea"/>`,
    spikes(78, 1122, 323, { len: 18 }),
  );
  for (const x of [170, 480, 790]) {
    s.add(
      `<rect x="${x}" y="520" width="240" height="180" fill="#7d858c"/>`,
      corrugated(s, { x: x + 8, y: 528, w: 224, h: 172 }, '#9aa2a9', 8),
    );
  }
  // Loading-dock canopy: the net under it keeps birds out of the steel beams.
  s.add(
    `<rect x="130" y="470" width="940" height="22" fill="#5b6168"/>`,
    `<rect x="130" y="492" width="940" height="24" fill="#2f3438"/>`,
    net({ x: 130, y: 492, w: 940, h: 24 }, 10, { color: '#c9d0d5', width: 1, opacity: 0.8 }),
    spikes(134, 1066, 471, { len: 14 }),
  );
  s.add(
    `<path d="M60,700 V560 M1140,700 V560" stroke="#6b7278" stroke-width="6"/>`,
    flock(rand, 6, { x: 200, y: 120, w: 500, h: 100 }, 0.8, '#55606a'),
  );
  return render(s);
}

export function portfolioHospital(): string {
  const s = scene(W, H);
  const rand = rng(341);
  sky(s, { top: '#5598d4', mid: '#a8cde8', horizon: '#eef2ee' }, { x: 200, y: 110, r: 220, color: '#fffbea' });
  s.add(ground(s, 760, ['#dfe3dc', '#b9c1b4']));
  s.add(
    `<rect x="80" y="160" width="1040" height="600" fill="#f7f8f6"/>`,
    glassWall(s, { x: 140, y: 190, w: 920, h: 480 }, 10, 4, ['#a6dcd8', '#2d6f78']),
  );
  for (const y of [170, 290, 410, 530]) s.add(fin(s, 110, y, 980, 20, 18, '#fbfbf9'));
  s.add(
    `<rect x="80" y="650" width="1040" height="110" fill="#eceee9"/>`,
    `<path d="M420,650 L780,650 L820,610 L380,610 Z" fill="#8f9aa0"/>`,
    spikes(384, 816, 611, { len: 14 }),
    glassWall(s, { x: 460, y: 660, w: 280, h: 100 }, 4, 1, ['#cfeaf0', '#4f8793']),
  );
  for (const [x, r] of [
    [180, 80],
    [320, 64],
    [900, 70],
    [1040, 84],
  ] as const)
    s.add(tree(x, 820, r));
  s.add(flock(rand, 5, { x: 700, y: 40, w: 400, h: 90 }, 0.8, '#4a5560'));
  return render(s);
}

export function portfolioSchool(): string {
  const s = scene(W, H);
  const rand = rng(351);
  sky(s, { top: '#5f94c8', mid: '#e9c99f', horizon: '#f6e2c2' }, { x: 1000, y: 260, r: 280, color: '#fff1cc' });
  s.add(ground(s, 720, ['#ecdcbd', '#d2b78a']));
  s.add(
    `<rect x="60" y="370" width="1080" height="350" fill="${linear(
      s,
      'school',
      [
        [0, '#e4c89c'],
        [1, '#cfae7c'],
      ],
      false,
    )}"/>`,
    courses(60, 370, 1080, 350, 34),
  );
  let arches = '';
  for (let i = 0; i < 9; i++) {
    const x = 90 + i * 116;
    arches += `M${x},720V630A40,40 0 0 1 ${x + 80},630V720Z`;
    s.add(windowPane(s, x + 14, 420, 52, 90, false, '#7a5a36'));
  }
  s.add(
    `<path d="${arches}" fill="${linear(s, 'arch', [
      [0, '#5a4330'],
      [1, '#7b5e43'],
    ])}"/>`,
    `<rect x="60" y="548" width="1080" height="16" fill="${STONE.light}"/>`,
  );
  s.add(
    ledge(
      { x: 40, y: 378, s: 1.35 },
      { x: 1160, y: 372, s: 1.25 },
      { depth: 14, face: 6, top: '#f0dfc0', front: '#bf9a68', guard: 'wire' },
    ),
  );
  s.add(
    palm(600, 800, 330),
    palm(140, 790, 240),
    `<rect x="860" y="700" width="220" height="10" fill="#6e6257"/><path d="M850,640 L1090,640 L1070,610 L870,610 Z" fill="#3c7f8c"/><path d="M870,640 V700 M1070,640 V700" stroke="#6e6257" stroke-width="6"/>`,
  );
  s.add(flock(rand, 9, { x: 140, y: 90, w: 600, h: 170 }, 0.8, '#4c4650'));
  return render(s);
}
