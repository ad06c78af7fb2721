import request from 'supertest';
import { SeoMessages } from '@outils/contracts';
import { createTestTool, TestTool } from '../factories/tool.factory';
import { useTestApp } from '../support/suite-app';

/** The JSON-LD objects of a head fragment. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script data-static-meta type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}
const metaContent = (html: string, key: string) => new RegExp(`<meta data-static-meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('previews without JavaScript, sitemap and robots.txt (docs/product/rules.md#R400–R403)', () => {
  const t = useTestApp({ env: { PUBLISHER_NAME: 'Conseil Numérique Lyonnais' }, emptyCatalogue: true });
  let sheet: TestTool;
  let hostile: TestTool;
  let plain: TestTool;

  beforeAll(async () => {
    sheet = await createTestTool(t, { name: 'Diagnostic de sécurité', slug: 'diagnostic-de-securite', description: 'Vérifiez vos sauvegardes.\nEt vos mots de passe.', images: 2 });
    hostile = await createTestTool(t, {
      name: '</script><script>alert(1)</script> "Outil" <b>',
      slug: 'outil-hostile',
      description: '"><img src=x onerror=alert(1)> & </title>',
    });
    plain = await createTestTool(t, { slug: 'outil-sans-image', file: { body: Buffer.from('PK\u0003\u0004 test'), ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
  });

  it('gives a sheet its title, description, canonical URL, Open Graph and Twitter tags with its image, and a DigitalDocument', async () => {
    const res = await request(t.http).get('/api/seo/head').query({ path: '/toolspage/diagnostic-de-securite' }).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const html = res.text;
    const web = t.config.urls.web;
    const image = `${t.config.urls.api}/tools/images/${sheet.imageIds[0]}`;
    expect(html).toContain('<title>Diagnostic de sécurité — Outils</title>');
    expect(metaContent(html, 'description')).toBe('Vérifiez vos sauvegardes. Et vos mots de passe.');
    expect(html).toContain(`<link data-static-meta rel="canonical" href="${web}/toolspage/diagnostic-de-securite" />`);
    expect(metaContent(html, 'og:title')).toBe('Diagnostic de sécurité — Outils');
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:url')).toBe(`${web}/toolspage/diagnostic-de-securite`);
    expect(metaContent(html, 'og:image')).toBe(image);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(image);
    const [doc] = jsonLd(html);
    expect(doc).toMatchObject({
      '@context': 'https://schema.org', '@type': 'DigitalDocument', name: 'Diagnostic de sécurité', url: `${web}/toolspage/diagnostic-de-securite`,
      image, encodingFormat: 'application/pdf', isAccessibleForFree: true, inLanguage: 'fr-FR',
      publisher: { '@type': 'Organization', name: 'Conseil Numérique Lyonnais' },
    });
    expect(new Date(doc.datePublished as string).getTime()).not.toBeNaN();
  });

  it('finds the same tool by id, by /tools/{slug} and by a former slug, always with the current canonical URL', async () => {
    await t.dataSource.query(`INSERT INTO tool_slug_history (slug, tool_id) VALUES ('ancien-diagnostic', $1)`, [sheet.id]);
    for (const path of [`/toolspage/details/${sheet.id}`, '/tools/diagnostic-de-securite', '/toolspage/ancien-diagnostic']) {
      const { text } = await request(t.http).get('/api/seo/head').query({ path }).expect(200);
      expect(text).toContain(`rel="canonical" href="${t.config.urls.web}/toolspage/diagnostic-de-securite"`);
    }
  });

  it('escapes what the catalogue says: a hostile name or description never becomes markup or closes the JSON-LD', async () => {
    const { text } = await request(t.http).get('/api/seo/head').query({ path: '/toolspage/outil-hostile' }).expect(200);
    expect(text).not.toContain('<script>alert');
    expect(text).not.toContain('<img');
    expect(text).not.toContain('<b>');
    expect(text.match(/<\/script>/g)).toHaveLength(1);
    expect(text.match(/<\/title>/g)).toHaveLength(1);
    expect(metaContent(text, 'description')).toBe('&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &lt;/title&gt;');
    expect(jsonLd(text)[0].name).toBe(hostile.name);
  });

  it('uses the site image for a tool without one, and gives the listing and the home page their own tags', async () => {
    const noImage = await request(t.http).get('/api/seo/head').query({ path: `/toolspage/${plain.slug}` }).expect(200);
    expect(metaContent(noImage.text, 'og:image')).toBe(`${t.config.urls.web}/images/og-image.png`);
    expect(jsonLd(noImage.text)[0].encodingFormat).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

    const listing = await request(t.http).get('/api/seo/head').query({ path: '/toolspage' }).expect(200);
    expect(listing.text).toContain(`rel="canonical" href="${t.config.urls.web}/toolspage"`);
    expect(jsonLd(listing.text)[0]['@type']).toBe('CollectionPage');
    const home = await request(t.http).get('/api/seo/head').query({ path: '/' }).expect(200);
    expect(jsonLd(home.text)[0]['@type']).toBe('WebSite');
  });

  it('keeps an unknown tool out of search engines, and refuses a path that is not one', async () => {
    const { text } = await request(t.http).get('/api/seo/head').query({ path: '/toolspage/outil-qui-n-existe-pas' }).expect(200);
    expect(metaContent(text, 'robots')).toBe('noindex');
    expect(text).not.toContain('rel="canonical"');
    const favourites = await request(t.http).get('/api/seo/head').query({ path: '/toolspage/favorites' }).expect(200);
    expect(favourites.text).not.toContain('noindex');
    // 'Pour vous' is a page of its own, not the sheet of a tool named « for-you » (docs/product/rules.md#R800).
    expect((await request(t.http).get('/api/seo/head').query({ path: '/toolspage/for-you' }).expect(200)).text).not.toContain('noindex');
    // A path the app has no page for shows its 404 page: not to index either.
    expect(metaContent((await request(t.http).get('/api/seo/head').query({ path: '/zzz' }).expect(200)).text, 'robots')).toBe('noindex');
    for (const path of [undefined, 'toolspage', `/${'a'.repeat(600)}`]) {
      const res = await request(t.http).get('/api/seo/head').query(path === undefined ? {} : { path }).expect(400);
      expect(res.body.message).toBe(SeoMessages.invalidPath);
    }
  });

  it('lists every published tool in the sitemap with its lastmod, and robots.txt points to it', async () => {
    const res = await request(t.http).get('/api/seo/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = res.text;
    const [{ total }] = await t.dataSource.query(`SELECT count(*)::int AS total FROM tool`);
    const toolUrls = [...xml.matchAll(/<loc>[^<]*\/toolspage\/([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g)];
    expect(toolUrls.map((m) => m[1]).sort()).toEqual([sheet.slug, hostile.slug, plain.slug].sort());
    expect(toolUrls).toHaveLength(total);
    expect(xml).toContain(`<loc>${t.config.urls.web}/info/accessibility</loc>`);
    await request(t.http).get('/api/seo/sitemap.xml').query({ page: 2 }).expect(404);
    await request(t.http).get('/api/seo/sitemap.xml').query({ page: 'x' }).expect(400);

    const robots = await request(t.http).get('/api/seo/robots.txt').expect(200);
    expect(robots.text).toContain(`Sitemap: ${t.config.urls.web}/sitemap.xml`);
    for (const path of ['/admin', '/profile', '/login']) expect(robots.text).toContain(`Disallow: ${path}\n`);
  });
});
