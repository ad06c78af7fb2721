import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { CatalogueMessages, CommonMessages } from '@outils/contracts';
import { controllerApp, fakeService, FORGED, MEMBER } from '../../testing/controller-app';
import { FavouritesController } from './favourites.controller';
import { FavouritesService } from './favourites.service';

const favourites = fakeService(FavouritesService, ['add', 'remove']);

describe('FavouritesController: 401 and 400 contracts (docs/product/api.md#favourites)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await controllerApp(FavouritesController, [favourites]);
  });
  afterAll(() => app.close());
  beforeEach(() => Object.values(favourites.useValue).forEach((fn) => fn.mockClear()));

  describe.each(['/api/favorites/create', '/api/favorites/delete'])('%s', (path) => {
    it.each<[string, number, Record<string, string>, object, object]>([
      ['without credentials', 401, {}, { toolId: 1 }, { message: CommonMessages.unauthorized }],
      ['with a forged token', 401, FORGED, { toolId: 1 }, { message: CommonMessages.sessionInvalid }],
      ['without toolId', 400, MEMBER, {}, { errors: { toolId: [CommonMessages.required('toolId')] } }],
      ['with a malformed toolId', 400, MEMBER, { toolId: '1 OR 1=1' }, { errors: { toolId: [CatalogueMessages.invalidToolId] } }],
      ['with a toolId past int4', 400, MEMBER, { toolId: 2_147_483_648 }, { errors: { toolId: [CatalogueMessages.invalidToolId] } }],
    ])('%s → %i', async (_label, status, headers, body, answer) => {
      const res = await request(app.getHttpServer()).post(path).set(headers).send(body).expect(status);
      expect(res.body).toEqual(answer);
      expect(favourites.useValue.add).not.toHaveBeenCalled();
      expect(favourites.useValue.remove).not.toHaveBeenCalled();
    });
  });

  it('accepts the form fields email, token, toolId as text (docs/product/rules.md#R17)', async () => {
    await request(app.getHttpServer()).post('/api/favorites/create').type('form')
      .send({ email: MEMBER.userEmail, token: MEMBER.userToken, toolId: ' 12 ' }).expect(200);
    expect(favourites.useValue.add).toHaveBeenCalledWith(expect.objectContaining({ email: MEMBER.userEmail }), 12);
  });
});
