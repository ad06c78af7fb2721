import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { CatalogueMessages, TOOL_IMAGE_SIZES, TOOL_IMAGE_WIDTHS, toolImageSrcSet } from '@outils/contracts';
import { imageVariantKey } from '../../src/modules/tools/image-variant-keys';
import { binary } from '../factories/downloads';
import { createTestTool, TestTool } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { useTestApp } from '../support/suite-app';

/** docs/product/rules.md#R700: smaller copies of the tools' images, made once, served from storage. */
describe('catalogue: image copies at 320, 640 and 960 pixels (real PostgreSQL)', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let tool: TestTool;
  let admin: TestUser;
  const stored = (key: string) => join(resolve(t.config.storage.dir), key);

  beforeAll(async () => {
    tool = await createTestTool(t, { name: 'Plan de trésorerie', images: 2, imageSize: { width: 1200, height: 750 } });
    admin = await createTestUser(t.dataSource, { isAdmin: true });
  }, 90_000);

  const get = (path: string) => request(t.http).get(path).buffer(true).parse(binary);

  it('answers each width in WebP with the image’s ratio, cacheable for a year, and stores the copy on the first request', async () => {
    const id = tool.imageIds[0];
    for (const width of TOOL_IMAGE_WIDTHS) {
      expect(existsSync(stored(imageVariantKey(id, width)))).toBe(false);
      const res = await get(`/tools/images/${id}?w=${width}`).expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-length']).toBe(String((res.body as Buffer).length));
      const meta = await sharp(res.body as Buffer).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width, height: Math.round((width * 750) / 1200) });
      expect(existsSync(stored(imageVariantKey(id, width)))).toBe(true);
    }
    // The smallest copy weighs far less than the original.
    const original = await get(`/tools/images/${id}`).expect(200);
    expect(original.headers['content-type']).toBe('image/png');
    const small = await get(`/tools/images/${id}?w=320`).expect(200);
    expect((small.body as Buffer).length).toBeLessThan((original.body as Buffer).length / 4);
  });

  it('answers the same copy to requests that arrive together and to later ones', async () => {
    const id = tool.imageIds[1];
    const answers = await Promise.all([1, 2, 3].map(() => get(`/tools/images/${id}?w=640`).expect(200)));
    const bodies = answers.map((a) => a.body as Buffer);
    expect(bodies.every((b) => Buffer.compare(b, bodies[0]) === 0)).toBe(true);
    const again = await get(`/tools/images/${id}?w=640`).expect(200);
    expect(Buffer.compare(again.body as Buffer, bodies[0])).toBe(0);
  });

  it('never enlarges: a small image keeps its own size', async () => {
    const small = await createTestTool(t, { images: 1, imageSize: { width: 200, height: 100 } });
    const res = await get(`/tools/images/${small.imageIds[0]}?w=960`).expect(200);
    const meta = await sharp(res.body as Buffer).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 200, height: 100 });
  });

  it.each(['100', '0', '-320', '320px', 'abc', '3200'])('answers 400 in French to the width %p', async (w) => {
    const res = await request(t.http).get(`/tools/images/${tool.imageIds[0]}?w=${encodeURIComponent(w)}`).expect(400);
    expect(res.body).toEqual({ message: CatalogueMessages.imageWidthInvalid });
  });

  it('answers 400 to a repeated width and 404 to an unknown image at any width', async () => {
    expect((await request(t.http).get(`/tools/images/${tool.imageIds[0]}?w=320&w=640`).expect(400)).body).toEqual({ message: CatalogueMessages.imageWidthInvalid });
    expect((await request(t.http).get('/tools/images/00000000-0000-4000-8000-000000000000?w=320').expect(404)).body).toEqual({ message: CatalogueMessages.imageNotFound });
  });

  it('lists every copy in the srcset the web uses, each of them served', async () => {
    const src = `/tools/images/${tool.imageIds[0]}`;
    const urls = toolImageSrcSet(src).split(', ').map((entry) => entry.split(' ')[0]);
    expect(urls).toEqual(TOOL_IMAGE_WIDTHS.map((w) => `${src}?w=${w}`));
    for (const url of urls) await get(url).expect(200);
  });

  it('preloads the sheet’s first image in the page’s head with the gallery’s srcset and sizes, so that one copy is fetched (docs/product/rules.md#R421)', async () => {
    const { text } = await request(t.http).get('/api/seo/head').query({ path: `/toolspage/${tool.slug}` }).expect(200);
    const preload = /<link data-static-meta rel="preload" as="image" [^>]+>/.exec(text)?.[0] ?? '';
    const src = `${t.config.urls.api}/tools/images/${tool.imageIds[0]}`;
    expect(preload).toContain(`href="${src}"`);
    expect(preload).toContain(`imagesrcset="${toolImageSrcSet(src)}"`);
    expect(preload).toContain(`imagesizes="${TOOL_IMAGE_SIZES.gallery}"`);
    expect(preload).toContain('fetchpriority="high"');
  });

  it('deletes the copies with their tool', async () => {
    const doomed = await createTestTool(t, { images: 1, imageSize: { width: 800, height: 500 } });
    const id = doomed.imageIds[0];
    await get(`/tools/images/${id}?w=320`).expect(200);
    expect(existsSync(stored(imageVariantKey(id, 320)))).toBe(true);
    await request(t.http).post('/admin/tools/delete').set(admin.headers).send({ toolId: doomed.id }).expect(200);
    expect(existsSync(stored(imageVariantKey(id, 320)))).toBe(false);
    expect(existsSync(stored(doomed.imageKeys[0]))).toBe(false);
  });
});
