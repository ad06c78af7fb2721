import { readFileSync } from 'node:fs';
import { BUNDLE } from './web-server-process';

/**
 * docs/product/rules.md#R898: the web server holds its own program's source for as long as it runs,
 * and V8 keeps a source with one character beyond Latin-1 at two bytes a character.
 */
describe('the web server bundle (dist/apps/web-server/main.js)', () => {
  it('is written in Latin-1 characters only, so its source is held one byte a character', () => {
    const text = readFileSync(BUNDLE, 'utf8');
    const beyondLatin1 = text.split('\n').flatMap((line, i) => (/[^\x00-\xff]/.test(line) ? [`${i + 1}: ${line.trim().slice(0, 100)}`] : []));
    expect(beyondLatin1).toEqual([]);
    // The French texts it serves are still in it, escaped.
    expect(text).toContain('\\u2019');
  });
});
