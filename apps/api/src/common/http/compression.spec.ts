import type { Request } from 'express';
import { answersEncodedItself } from './compression';

const get = (path: string, method = 'GET') => ({ method, path }) as Request;

describe('answersEncodedItself: the reads that keep their own gzip bytes skip the compression middleware', () => {
  it('names the listing, its filters and suggestions, the tool of the month and a sheet', () => {
    for (const path of ['/api/tools', '/api/filters', '/api/tools/featured', '/api/tools/suggestions', '/tools/outil-7', '/tools/42']) {
      expect(answersEncodedItself(get(path))).toBe(true);
    }
    expect(answersEncodedItself(get('/tools/outil-7', 'HEAD'))).toBe(true);
  });

  it('leaves every other answer to the middleware: download links, files, images, previews, other reads, writes', () => {
    for (const path of ['/tools/download', '/tools/file', '/tools/images/abc', '/tools/previews/abc', '/api/tools/accessibility', '/api/seo/sitemap.xml', '/api/user']) {
      expect(answersEncodedItself(get(path))).toBe(false);
    }
    expect(answersEncodedItself(get('/api/tools', 'POST'))).toBe(false);
  });
});
