import request from 'supertest';
import { SeoMessages } from '@outils/contracts';
import { createTestTool, TestTool } from '../factories/tool.factory';
import { useTestApp } from '../support/suite-app';

/** docs/product/rules.md#R800: what the web servers ask before answering a page 200 or 404. */
describe('page status for the web servers: 404 for a sheet of no tool and for a path of no page', () => {
  const t = useTestApp({ emptyCatalogue: true });
  let tool: TestTool;

  beforeAll(async () => {
    tool = await createTestTool(t, { name: 'Plan de continuité', slug: 'plan-de-continuite' });
  });

  const status = (path: string) => request(t.http).get('/api/seo/page-status').query({ path });

  it('answers 204 for a tool’s sheet by any of its paths, and for every page of the app that is not a sheet', async () => {
    for (const path of [`/toolspage/${tool.slug}`, `/toolspage/${tool.slug}/`, `/toolspage/details/${tool.id}`, `/tools/${tool.id}`, `/tools/${tool.slug}`, '/', '/toolspage', '/toolspage/favorites', '/toolspage/folders', '/toolspage/for-you', '/profile', '/admin/stats']) {
      const res = await status(path);
      expect({ path, status: res.status }).toEqual({ path, status: 204 });
    }
  });

  it('answers 404 in French for a sheet naming no tool and for a path the app has no page for', async () => {
    for (const path of ['/toolspage/outil-inconnu', '/toolspage/details/999999', '/tools/999999', '/toolspage/%E9%E9', '/toolspage/Majuscules', '/nimporte/quoi', '/zzz', '/info/404']) {
      const res = await status(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { message: SeoMessages.pageNotFound } });
    }
  });

  it('answers 400 to a path that is not one', async () => {
    expect((await request(t.http).get('/api/seo/page-status').expect(400)).body).toEqual({ message: SeoMessages.invalidPath });
    expect((await status('toolspage/x').expect(400)).body).toEqual({ message: SeoMessages.invalidPath });
  });
});
