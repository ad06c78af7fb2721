import { PNG } from 'pngjs';
import { DEMO_TYPES } from './data';
import { glyphsOf, illustrationPng, labelLayout, TEXT_SAFE_AREA } from './images';

const WHITE = (png: PNG, x: number, y: number) => {
  const i = (png.width * y + x) * 4;
  return png.data[i] === 255 && png.data[i + 1] === 255 && png.data[i + 2] === 255;
};

describe('cover images of the demo catalogue', () => {
  it('keep the accents of the type names on capitals', () => {
    expect(glyphsOf('Modèle').map((g) => g.base + g.marks.join('')).join('').normalize('NFC')).toBe('MODÈLE');
    expect(glyphsOf('Sécurité').filter((g) => g.marks.length)).toHaveLength(2);
    // The accent is drawn: « Modèle » and « Modele » do not give the same picture.
    expect(illustrationPng('Modèle', 0, 1).equals(illustrationPng('Modele', 0, 1))).toBe(false);
  });

  it.each(DEMO_TYPES)('draw « %s » whole inside the middle 4:3, which every crop of the site shows', (type) => {
    const layout = labelLayout(type);
    expect(layout.x).toBeGreaterThanOrEqual(TEXT_SAFE_AREA.left);
    expect(layout.x + layout.width).toBeLessThanOrEqual(TEXT_SAFE_AREA.right);
    expect(layout.scale).toBeGreaterThanOrEqual(4);

    // In the pixels: no white letter pixel right of the safe area, in the label's rows.
    const png = PNG.sync.read(illustrationPng(type, 0, 3));
    let outside = 0;
    let inside = 0;
    for (let y = layout.y - 3 * layout.scale; y < layout.y + 9 * layout.scale; y += 1) {
      for (let x = 440; x < png.width; x += 1) {
        if (!WHITE(png, x, y)) continue;
        if (x >= TEXT_SAFE_AREA.right) outside += 1;
        else inside += 1;
      }
    }
    expect(inside).toBeGreaterThan(0);
    expect(outside).toBe(0);
  });
});
