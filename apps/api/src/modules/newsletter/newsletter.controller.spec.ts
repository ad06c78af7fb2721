import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { CatalogueMessages, CommonMessages } from '@outils/contracts';
import { controllerApp, fakeService } from '../../testing/controller-app';
import { NewsletterController } from './newsletter.controller';
import { NewsletterService } from './newsletter.service';

const newsletter = fakeService(NewsletterService, ['register']);

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

  it('hands the service a normalised address', async () => {
    await request(app.getHttpServer()).post('/api/mailjet/register').type('form').send({ email: ' Camille@Example.com ', consent: 'true' }).expect(200);
    expect(newsletter.useValue.register).toHaveBeenCalledWith(expect.objectContaining({ email: 'camille@example.com', consent: true }));
  });
});
