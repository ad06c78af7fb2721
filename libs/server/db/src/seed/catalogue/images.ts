import { PNG } from 'pngjs';

/**
 * Illustration cards for the demo tools, drawn pixel by pixel with pngjs: a coloured
 * background, a stylised document and the tool type in a 5×7 bitmap font, with its accents
 * (« MODÈLE »).
 */

const WIDTH = 960;
const HEIGHT = 540;

/**
 * Where words may go: the middle 4:3 of the 16:9 image. Cards and the home page crop the sides
 * (16:10, `object-fit: cover`); a 4:3 crop would still show every letter (docs/product/rules.md#R211).
 */
export const TEXT_SAFE_AREA = { left: (WIDTH - (HEIGHT * 4) / 3) / 2, right: WIDTH - (WIDTH - (HEIGHT * 4) / 3) / 2 } as const;
const TEXT_LEFT = 470;

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

/** Marks drawn above (rows −3 and −2) or below (rows 7 and 8) a capital, from their NFD code point. */
const MARKS: Record<string, { rows: string[]; above: boolean }> = {
  '\u0300': { rows: ['01000', '00100'], above: true }, // grave: È, À
  '\u0301': { rows: ['00010', '00100'], above: true }, // acute: É
  '\u0302': { rows: ['00100', '01010'], above: true }, // circumflex: Ê, Â
  '\u0308': { rows: ['01010', '00000'], above: true }, // diaeresis: Ë, Ï
  '\u0327': { rows: ['00100', '01000'], above: false }, // cedilla: Ç
};

/** One drawn character: a capital and its marks. */
export interface Glyph {
  base: string;
  marks: string[];
}

/** The text as capitals with their accents; characters without a glyph become spaces. */
export function glyphsOf(text: string): Glyph[] {
  const glyphs: Glyph[] = [];
  for (const ch of text.toUpperCase().normalize('NFD')) {
    if (MARKS[ch]) {
      glyphs[glyphs.length - 1]?.marks.push(ch);
      continue;
    }
    if (/[\u0300-\u036f]/.test(ch)) continue;
    glyphs.push({ base: FONT[ch] ? ch : ' ', marks: [] });
  }
  return glyphs;
}

/** The type's label: where it goes and at which scale, so that it fits in `TEXT_SAFE_AREA`. */
export function labelLayout(typeName: string): { glyphs: Glyph[]; x: number; y: number; scale: number; width: number } {
  const glyphs = glyphsOf(typeName.trim());
  const room = TEXT_SAFE_AREA.right - TEXT_LEFT;
  // n glyphs are 6n − 1 pixels wide (one blank column between them).
  const scale = Math.max(2, Math.min(9, Math.floor(room / (6 * Math.max(glyphs.length, 1) - 1))));
  return { glyphs, x: TEXT_LEFT, y: 340, scale, width: (6 * glyphs.length - 1) * scale };
}

type Rgb = [number, number, number];

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

  text(glyphs: Glyph[], x: number, y: number, scale: number, colour: Rgb) {
    let cursor = x;
    const draw = (rows: string[], top: number) =>
      rows.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx += 1) if (row[gx] === '1') this.rect(cursor + gx * scale, top + gy * scale, scale, scale, colour);
      });
    for (const glyph of glyphs) {
      draw(FONT[glyph.base], y);
      for (const mark of glyph.marks) draw(MARKS[mark].rows, MARKS[mark].above ? y - 3 * scale : y + 7 * scale);
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
  const label = labelLayout(typeName);
  canvas.text(label.glyphs, label.x, label.y, label.scale, [255, 255, 255]);
  canvas.text(glyphsOf('OUTILS'), TEXT_LEFT, 440, 5, accent);
  // No PNG filter + zlib's default strategy: the work stays in native zlib (pngjs's adaptive filters are slow JS).
  return PNG.sync.write(canvas.png, { deflateLevel: 6, filterType: 0, deflateStrategy: 0 });
}
