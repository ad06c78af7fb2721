import { PNG } from 'pngjs';

/**
 * Illustration cards for the demo tools, drawn pixel by pixel with pngjs: a coloured
 * background, a stylised document and the tool type in a 5×7 bitmap font (accents folded).
 */

const WIDTH = 960;
const HEIGHT = 540;

/** 5×7 glyphs, one string of 5 bits per row. */
const FONT: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01111', '10000', '10000', '10011', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};

type Rgb = [number, number, number];

function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z ]/g, ' ');
}

class Canvas {
  readonly png = new PNG({ width: WIDTH, height: HEIGHT });

  rect(x: number, y: number, w: number, h: number, [r, g, b]: Rgb) {
    const x0 = Math.max(0, x);
    const x1 = Math.min(WIDTH, x + w);
    if (x1 <= x0) return;
    // Buffer.fill with a 4-byte pattern: native, one call per row.
    const pixel = Buffer.from([r, g, b, 255]);
    for (let yy = Math.max(0, y); yy < Math.min(HEIGHT, y + h); yy += 1) {
      this.png.data.fill(pixel, (yy * WIDTH + x0) * 4, (yy * WIDTH + x1) * 4);
    }
  }

  circle(cx: number, cy: number, radius: number, colour: Rgb) {
    for (let y = -radius; y <= radius; y += 1) {
      const half = Math.floor(Math.sqrt(radius * radius - y * y));
      this.rect(cx - half, cy + y, half * 2 + 1, 1, colour);
    }
  }

  text(text: string, x: number, y: number, scale: number, colour: Rgb) {
    let cursor = x;
    for (const ch of fold(text)) {
      const glyph = FONT[ch] ?? FONT[' '];
      glyph.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx += 1) if (row[gx] === '1') this.rect(cursor + gx * scale, y + gy * scale, scale, scale, colour);
      });
      cursor += 6 * scale;
    }
  }
}

/** Palette per card variant (first image, second, third). */
const PALETTES: Array<{ background: Rgb; accent: Rgb }> = [
  { background: [31, 92, 153], accent: [255, 196, 61] },
  { background: [38, 70, 83], accent: [42, 157, 143] },
  { background: [231, 111, 81], accent: [255, 240, 214] },
];

/** One 960×540 PNG card; `variant` 0, 1 or 2 changes colours and layout. */
export function illustrationPng(typeName: string, variant: number, seed: number): Buffer {
  const canvas = new Canvas();
  const { background, accent } = PALETTES[variant % PALETTES.length];
  canvas.rect(0, 0, WIDTH, HEIGHT, background);
  canvas.circle(820 - variant * 60, 110 + (seed % 5) * 12, 150, accent);
  // A stylised sheet of paper with lines and check boxes.
  canvas.rect(96, 120, 340, 340, [255, 255, 255]);
  for (let line = 0; line < 6; line += 1) {
    const y = 170 + line * 45;
    canvas.rect(126, y, 22, 22, line % 2 === 0 ? accent : background);
    canvas.rect(164, y + 6, 220 - ((seed + line) % 4) * 30, 10, [200, 208, 216]);
  }
  const label = fold(typeName).trim();
  const scale = Math.max(2, Math.min(9, Math.floor((WIDTH - 540) / (6 * Math.max(label.length, 1)))));
  canvas.text(label, 500, 300, scale, [255, 255, 255]);
  canvas.text('OUTILS', 500, 400, 5, accent);
  // No PNG filter + zlib's default strategy: the work stays in native zlib (pngjs's adaptive filters are slow JS).
  return PNG.sync.write(canvas.png, { deflateLevel: 6, filterType: 0, deflateStrategy: 0 });
}
