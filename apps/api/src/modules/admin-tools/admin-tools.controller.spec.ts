import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { CatalogueMessages, CommonMessages } from '@outils/contracts';
import { ADMIN, controllerApp, fakeService, FORGED, MEMBER } from '../../testing/controller-app';
import { AdminToolsController } from './admin-tools.controller';
import { AdminToolsService } from './admin-tools.service';

const admin = fakeService(AdminToolsService, ['create', 'update', 'delete']);
const fakes = Object.values(admin.useValue);

describe('AdminToolsController: 401, 403 and 400 contracts (docs/product/api.md#administration)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await controllerApp(AdminToolsController, [admin]);
  });
  afterAll(() => app.close());
  beforeEach(() => fakes.forEach((fn) => fn.mockClear()));

  const rows = ['/admin/tools/create', '/admin/tools/update', '/admin/tools/delete'].flatMap((path) => [
    [path, 'without credentials', 401, {}, { message: CommonMessages.unauthorized }],
    [path, 'with a forged token', 401, FORGED, { message: CommonMessages.sessionInvalid }],
    [path, 'as a member', 403, MEMBER, { message: CommonMessages.forbidden }],
  ]) as Array<[string, string, number, Record<string, string>, object]>;

  it.each(rows)('%s %s → %i', async (path, _label, status, headers, answer) => {
    const res = await request(app.getHttpServer()).post(path).set(headers).send({ toolId: 1, title: 'Outil' }).expect(status);
    expect(res.body).toEqual(answer);
    for (const fn of fakes) expect(fn).not.toHaveBeenCalled();
  });

  it('refuses a member\'s upload before reading any file part', async () => {
    const res = await request(app.getHttpServer()).post('/admin/tools/create')
      .field('storedMail', MEMBER.userEmail).field('storedToken', MEMBER.userToken).field('title', 'Outil')
      .attach('toolFile', Buffer.alloc(64 * 1024, 1), 'outil.pdf').expect(403);
    expect(res.body).toEqual({ message: CommonMessages.forbidden });
    expect(admin.useValue.create).not.toHaveBeenCalled();
  });

  it.each<[string, unknown]>([['abc', 'abc'], ['a list', ['1', '2']], ['null', null], ['0', 0]])('refuses to delete toolId %s → 400', async (_label, toolId) => {
    const res = await request(app.getHttpServer()).post('/admin/tools/delete').set(ADMIN).send({ toolId }).expect(400);
    expect(res.body).toEqual({ errors: { toolId: [CatalogueMessages.invalidToolId] } });
    expect(admin.useValue.delete).not.toHaveBeenCalled();
  });

  it('hands an admin\'s delete the tool id as a number', async () => {
    await request(app.getHttpServer()).post('/admin/tools/delete').set(ADMIN).type('form').send({ toolId: '7' }).expect(200);
    expect(admin.useValue.delete).toHaveBeenCalledWith(7);
  });
});
