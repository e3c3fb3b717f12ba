// Demo gig pictures, painted at seed time: a landscape (sky, sun, layered hills, optional water)
// in one of a few palettes, encoded as a real PNG with node:zlib. Deterministic: the same
// scene number always gives the same bytes, so a re-run of the seed writes the same images.
import { deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

export interface ScenePalette {
  skyTop: Rgb;
  skyHorizon: Rgb;
  sun: Rgb;
  /** Farthest hills first. */
  hills: Rgb[];
  /** Water at the bottom (coast, river, lake), or none. */
  water?: Rgb;
}

/** Palettes by mood; the seed picks one per gig so each category has its own look. */
export const PALETTES = {
  dawn: {
    skyTop: [120, 160, 214],
    skyHorizon: [252, 214, 170],
    sun: [255, 236, 190],
    hills: [
      [164, 150, 182],
      [112, 116, 150],
      [66, 84, 112],
    ],
    water: [96, 134, 170],
  },
  golden: {
    skyTop: [244, 162, 97],
    skyHorizon: [255, 221, 148],
    sun: [255, 246, 214],
    hills: [
      [214, 140, 92],
      [160, 96, 72],
      [96, 62, 56],
    ],
  },
  desert: {
    skyTop: [86, 148, 204],
    skyHorizon: [242, 206, 160],
    sun: [255, 248, 224],
    hills: [
      [222, 170, 112],
      [200, 132, 80],
      [156, 94, 58],
    ],
  },
  coast: {
    skyTop: [64, 150, 200],
    skyHorizon: [190, 226, 236],
    sun: [255, 252, 236],
    hills: [
      [120, 170, 150],
      [70, 130, 104],
    ],
    water: [30, 120, 160],
  },
  alpine: {
    skyTop: [52, 98, 168],
    skyHorizon: [176, 206, 232],
    sun: [255, 255, 246],
    hills: [
      [196, 206, 226],
      [110, 140, 150],
      [48, 92, 84],
    ],
    water: [60, 110, 140],
  },
  dusk: {
    skyTop: [46, 44, 104],
    skyHorizon: [236, 120, 110],
    sun: [255, 206, 150],
    hills: [
      [136, 78, 120],
      [86, 54, 96],
      [40, 32, 62],
    ],
    water: [70, 60, 110],
  },
  tropical: {
    skyTop: [40, 170, 210],
    skyHorizon: [200, 240, 236],
    sun: [255, 250, 220],
    hills: [
      [86, 176, 120],
      [34, 128, 86],
    ],
    water: [20, 160, 170],
  },
  vineyard: {
    skyTop: [104, 156, 210],
    skyHorizon: [236, 226, 196],
    sun: [255, 246, 220],
    hills: [
      [150, 170, 110],
      [108, 138, 74],
      [76, 100, 56],
    ],
    water: [80, 120, 140],
  },
} satisfies Record<string, ScenePalette>;

export type PaletteName = keyof typeof PALETTES;

export const IMAGE_WIDTH = 480;
export const IMAGE_HEIGHT = 300;

const mix = (a: number, b: number, t: number) => a + (b - a) * t;

/** mulberry32: a small PRNG, the same sequence for the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Raw RGB pixels of one landscape. */
export function paintScene(
  palette: ScenePalette,
  seed: number,
  width = IMAGE_WIDTH,
  height = IMAGE_HEIGHT,
) {
  const random = prng(seed);
  const pixels = new Uint8Array(width * height * 3);
  const horizon = height * (0.55 + random() * 0.12);
  const sunX = width * (0.18 + random() * 0.64);
  const sunY = horizon * (0.35 + random() * 0.4);
  const sunRadius = height * (0.06 + random() * 0.05);
  const hills = palette.hills.map((color, index) => {
    const depth = (index + 1) / palette.hills.length;
    const waves = [0, 1, 2].map(() => ({
      frequency: (0.5 + random() * 2.5) / width,
      phase: random() * Math.PI * 2,
      amplitude: height * (0.03 + random() * 0.07) * (1.2 - depth * 0.5),
    }));
    const base =
      horizon - height * (0.2 - depth * 0.16) + (palette.water ? 0 : height * depth * 0.12);
    return { color, waves, base };
  });
  const waterLine = palette.water ? horizon + height * 0.12 : height + 1;

  const ridge = (hill: (typeof hills)[number], x: number) =>
    hill.base +
    hill.waves.reduce(
      (sum, w) => sum + Math.sin(x * w.frequency * Math.PI * 2 + w.phase) * w.amplitude,
      0,
    );

  // Scalar arithmetic only in the loop (no arrays per pixel): the seed paints dozens of these.
  const [topR, topG, topB] = palette.skyTop;
  const [horR, horG, horB] = palette.skyHorizon;
  const [sunR, sunG, sunB] = palette.sun;
  const glowRadius = sunRadius * 4;
  const ridges = new Float64Array(hills.length);
  for (let x = 0; x < width; x++) {
    for (const [index, hill] of hills.entries()) ridges[index] = ridge(hill, x);
    const band = Math.max(0, 1 - Math.abs(x - sunX) / (sunRadius * 1.6));
    for (let y = 0; y < height; y++) {
      // Sky: a gradient to the horizon, and the sun's disc with a soft glow.
      const t = Math.min(1, y / horizon);
      const s = t * t * (3 - 2 * t);
      let r = mix(topR, horR, s);
      let g = mix(topG, horG, s);
      let b = mix(topB, horB, s);
      const distance = Math.hypot(x - sunX, y - sunY);
      if (distance < glowRadius) {
        const glow = 1 - distance / glowRadius;
        const k = Math.max(
          glow * glow * 0.45,
          Math.min(1, Math.max(0, sunRadius - distance + 0.5)),
        );
        r = mix(r, sunR, k);
        g = mix(g, sunG, k);
        b = mix(b, sunB, k);
      }
      // Hills, far to near, each edge anti-aliased over one pixel.
      for (let index = 0; index < hills.length; index++) {
        const top = ridges[index]!;
        const cover = Math.min(1, Math.max(0, y - top + 0.5));
        if (cover > 0) {
          const dark = 1 - Math.min(1, Math.max(0, (y - top) / (height * 0.5))) * 0.25;
          const [hr, hg, hb] = hills[index]!.color;
          r = mix(r, hr * dark, cover);
          g = mix(g, hg * dark, cover);
          b = mix(b, hb * dark, cover);
        }
      }
      // Water: darker with depth, with a band of the sun's reflection.
      if (palette.water && y >= waterLine) {
        const depth = (y - waterLine) / (height - waterLine);
        const dark = 1 - depth * 0.35;
        const ripple = (Math.floor((y - waterLine) / 6) % 2 === 0 ? 1 : 0.6) * (1 - depth);
        const k = band * ripple * 0.5;
        const edge = Math.min(1, y - waterLine + 0.5);
        r = mix(r, mix(palette.water[0] * dark, sunR, k), edge);
        g = mix(g, mix(palette.water[1] * dark, sunG, k), edge);
        b = mix(b, mix(palette.water[2] * dark, sunB, k), edge);
      }
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round(r);
      pixels[offset + 1] = Math.round(g);
      pixels[offset + 2] = Math.round(b);
    }
  }
  return { width, height, pixels };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const body = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

/** An 8-bit RGB PNG; each row gets the filter (None, Sub, Up) with the smallest output. */
export function encodePng(width: number, height: number, pixels: Uint8Array): Buffer {
  const stride = width * 3;
  const raw = new Uint8Array((stride + 1) * height);
  const filtered = (filter: number, y: number, i: number) => {
    const value = pixels[y * stride + i]!;
    if (filter === 1) return (value - (i >= 3 ? pixels[y * stride + i - 3]! : 0)) & 0xff;
    if (filter === 2) return (value - (y > 0 ? pixels[(y - 1) * stride + i]! : 0)) & 0xff;
    return value;
  };
  for (let y = 0; y < height; y++) {
    let best = 0;
    let bestScore = Infinity;
    for (let filter = 0; filter < 3; filter++) {
      let score = 0;
      for (let i = 0; i < stride && score < bestScore; i++) {
        const value = filtered(filter, y, i);
        score += value < 128 ? value : 256 - value;
      }
      if (score < bestScore) {
        bestScore = score;
        best = filter;
      }
    }
    const start = y * (stride + 1);
    raw[start] = best;
    for (let i = 0; i < stride; i++) raw[start + 1 + i] = filtered(best, y, i);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** One demo picture as PNG bytes. */
export function sceneImage(palette: PaletteName, seed: number): Buffer {
  const { width, height, pixels } = paintScene(PALETTES[palette], seed);
  return encodePng(width, height, pixels);
}
