import request from 'supertest';
import { CatalogueMessages } from '@outils/contracts';
import { createCategory, createToolType, NamedRow, SAMPLE_PDF, samplePng } from '../factories/tool.factory';
import { createTestUser, TestUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../setup/test-app';

// The tool form's size limits, on an API started with small ones (the rest of the tool
// administration is in catalogue-admin.int-spec.ts).
describe('catalogue: upload size limits (MAX_TOOL_FILE_MB=1, MAX_IMAGE_MB=3)', () => {
  let t: TestApp;
  let admin: TestUser;
  let category: NamedRow;
  let type: NamedRow;
  beforeAll(async () => {
    t = await createTestApp({ MAX_TOOL_FILE_MB: '1', MAX_IMAGE_MB: '3' });
    admin = await createTestUser(t.dataSource, { isAdmin: true });
    category = await createCategory(t.dataSource);
    type = await createToolType(t.dataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (file: Buffer) =>
    request(t.http).post('/admin/tools/create').set(admin.headers)
      .field('title', 'Gros fichier').field('description', 'D.').field('type', String(type.id)).field('category', String(category.id))
      .field('difficulty', 'Simple').attach('toolFile', file, 'gros.pdf');

  it('refuses a tool file over its own limit with a French 413', async () => {
    const big = Buffer.concat([SAMPLE_PDF, Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const res = await create(big).expect(413);
    expect(res.body).toEqual({ message: CatalogueMessages.fileTooLarge(1) });
  });

  it('refuses an image over the image limit with its own French 413, whatever the tool-file limit', async () => {
    const huge = Buffer.concat([samplePng(), Buffer.alloc(4 * 1024 * 1024, 0x20)]);
    const res = await create(SAMPLE_PDF).attach('images[]', huge, 'grande.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: CatalogueMessages.imageTooLarge(3) });
  });
});
