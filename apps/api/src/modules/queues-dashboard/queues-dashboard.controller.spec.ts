import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { CommonMessages } from '@outils/contracts';
import { ADMIN, controllerApp, fakeService, FORGED, MEMBER } from '../../testing/controller-app';
import { QueuesDashboardController } from './queues-dashboard.controller';
import { QueuesDashboardService } from './queues-dashboard.service';

const dashboard = fakeService(QueuesDashboardService, ['createLink', 'openLink']);

describe('QueuesDashboardController: 401 and 403 contracts (docs/product/api.md#operations)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await controllerApp(QueuesDashboardController, [dashboard]);
  });
  afterAll(() => app.close());
  beforeEach(() => dashboard.useValue.createLink.mockClear());

  it.each<[string, number, Record<string, string>, object]>([
    ['without credentials', 401, {}, { message: CommonMessages.unauthorized }],
    ['with a forged token', 401, FORGED, { message: CommonMessages.sessionInvalid }],
    ['as a member', 403, MEMBER, { message: CommonMessages.forbidden }],
  ])('asks for a dashboard link %s → %i', async (_label, status, headers, answer) => {
    const res = await request(app.getHttpServer()).post('/admin/queues/link').set(headers).expect(status);
    expect(res.body).toEqual(answer);
    expect(dashboard.useValue.createLink).not.toHaveBeenCalled();
  });

  it('gives an admin the link', async () => {
    dashboard.useValue.createLink.mockReturnValueOnce({ url: 'http://127.0.0.1:3999/admin/queues/link?token=t' });
    const res = await request(app.getHttpServer()).post('/admin/queues/link').set(ADMIN).expect(200);
    expect(res.body).toEqual({ url: 'http://127.0.0.1:3999/admin/queues/link?token=t' });
  });
});
