import request from 'supertest';
import { CatalogueReadModel } from '../../src/modules/tools/read-model/catalogue-read-model';
import { createTestTool, resetCatalogue } from '../factories/tool.factory';
import { createTestApp, TestApp } from '../setup/test-app';

/**
 * docs/product/rules.md#R831: the version the web servers read to keep a guest's rendered page
 * until the catalogue changes.
 */
describe('catalogue version for the web servers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await resetCatalogue(t.dataSource);
    await t.app.get(CatalogueReadModel).sync();
  });
  afterAll(async () => {
    await t.close();
  });

  const version = async () => {
    const res = await request(t.http).get('/api/seo/catalogue-version').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return (res.body as { version: string | null }).version;
  };

  it('stays the same while nothing changes, and changes with a tool written by anyone', async () => {
    const before = await version();
    expect(before).toEqual(expect.any(String));
    expect(await version()).toBe(before);
    await createTestTool(t, { name: 'Registre des traitements' });
    await t.app.get(CatalogueReadModel).sync();
    const after = await version();
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);
  });

  it('says null while the instance may lag behind the database (no change notification)', async () => {
    const model = t.app.get(CatalogueReadModel);
    model.disconnected();
    try {
      expect(await version()).toBeNull();
    } finally {
      model.connected();
      await model.sync();
    }
    expect(await version()).toEqual(expect.any(String));
  });
});
