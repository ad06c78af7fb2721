import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { CatalogueMessages, CommonMessages, PersonalDataMessages } from '@outils/contracts';
import { controllerApp, fakeService } from '../../testing/controller-app';
import { NewsletterController } from './newsletter.controller';
import { NewsletterService } from './newsletter.service';

const newsletter = fakeService(NewsletterService, ['register', 'confirm', 'unsubscribe', 'unsubscribePageUrl']);

describe('NewsletterController: 400 contracts (docs/product/api.md#newsletter)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await controllerApp(NewsletterController, [newsletter]);
  });
  afterAll(() => app.close());
  beforeEach(() => newsletter.useValue.register.mockClear());

  it.each<[string, object, object]>([
    ['no address', {}, { errors: { email: [CommonMessages.required('email')] } }],
    ['a malformed address', { email: 'camille@' }, { errors: { email: [CommonMessages.invalidEmail] } }],
    ['a consent that is not a yes or no', { email: 'camille@example.com', consent: 'peut-être' }, { errors: { consent: [CatalogueMessages.consentInvalid] } }],
    ['an unknown source', { email: 'camille@example.com', source: 'ailleurs' }, { errors: { source: [CatalogueMessages.newsletterSourceInvalid] } }],
  ])('answers %s with a French 400', async (_label, body, answer) => {
    const res = await request(app.getHttpServer()).post('/api/mailjet/register').send(body).expect(400);
    expect(res.body).toEqual(answer);
    expect(newsletter.useValue.register).not.toHaveBeenCalled();
  });

  it.each<[string, string, object]>([
    ['a confirmation without its token', '/api/newsletter/confirm', { id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f' }],
    ['a confirmation with a malformed id', '/api/newsletter/confirm', { id: '12', token: 'abc' }],
    ['an unsubscription without its link', '/api/newsletter/unsubscribe', {}],
  ])('answers %s with the link\'s French 400', async (_label, path, body) => {
    const res = await request(app.getHttpServer()).post(path).send(body).expect(400);
    expect(res.body).toEqual({ message: PersonalDataMessages.newsletterLinkIncomplete });
    expect(newsletter.useValue.confirm).not.toHaveBeenCalled();
    expect(newsletter.useValue.unsubscribe).not.toHaveBeenCalled();
  });

  it('hands the service a normalised address', async () => {
    await request(app.getHttpServer()).post('/api/mailjet/register').type('form').send({ email: ' Camille@Example.com ', consent: 'true' }).expect(200);
    expect(newsletter.useValue.register).toHaveBeenCalledWith(expect.objectContaining({ email: 'camille@example.com', consent: true }), expect.any(String));
  });
});
