import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { AccountFieldLabels as L, AccountMessages, CommonMessages } from '@outils/contracts';
import { controllerApp, fakeService, FORGED, MEMBER } from '../../testing/controller-app';
import { AccountsController } from './accounts.controller';
import { AuthService } from './auth.service';
import { PasswordResetService } from './password-reset.service';
import { PartnerReportsService } from '../partners/reports/partner-reports.service';
import { ProfileService } from './profile.service';
import { RegistrationService } from './registration.service';

const auth = fakeService(AuthService, ['login', 'logout']);
const passwords = fakeService(PasswordResetService, ['sendForgotEmail', 'checkLink', 'reset']);
const registration = fakeService(RegistrationService, ['signUp', 'confirm', 'resendActivation']);
const profile = fakeService(ProfileService, ['show', 'update', 'delete']);
const partnerReports = fakeService(PartnerReportsService, ['creditAttributed']);
const services = [auth.useValue, passwords.useValue, registration.useValue, profile.useValue];

type Call = { method: 'get' | 'post'; path: string; headers?: Record<string, string>; body?: object };

describe('AccountsController: 401 and 400 contracts (docs/product/api.md#accounts)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await controllerApp(AccountsController, [auth, passwords, registration, profile, partnerReports]);
  });
  afterAll(() => app.close());
  beforeEach(() => services.forEach((service) => Object.values(service).forEach((fn) => fn.mockClear())));

  const send = ({ method, path, headers = {}, body }: Call) => {
    const req = request(app.getHttpServer())[method](path).set(headers);
    return body ? req.send(body) : req;
  };

  it.each<[string, number, Call, object]>([
    ['show without credentials', 401, { method: 'get', path: '/api/user/show' }, { message: CommonMessages.unauthorized }],
    ['show with a forged token', 401, { method: 'get', path: '/api/user/show', headers: FORGED }, { message: CommonMessages.sessionInvalid }],
    ['update without credentials', 401, { method: 'post', path: '/api/user/update', body: { firstName: 'A' } }, { message: CommonMessages.unauthorized }],
    ['logout without credentials', 401, { method: 'post', path: '/api/logout' }, { message: CommonMessages.unauthorized }],
    ['delete without credentials', 401, { method: 'post', path: '/api/user/delete', body: { oldPassword: 'x' } },
      { success: false, message: CommonMessages.unauthorized }],
    ['delete without a password', 400, { method: 'post', path: '/api/user/delete', headers: MEMBER, body: {} },
      { success: false, message: AccountMessages.deletePasswordRequired }],
    ['login without a password', 400, { method: 'post', path: '/api/login', body: { username: 'camille@example.com' } },
      { errors: { password: [CommonMessages.required(L.password)] }, error: CommonMessages.required(L.password) }],
    ['forgot with a malformed address', 400, { method: 'post', path: '/api/password/send_forgot_email', body: { email: 'pas-une-adresse' } },
      { message: CommonMessages.invalidEmail, errors: { email: [CommonMessages.invalidEmail] } }],
    ['resend without an address', 400, { method: 'post', path: '/api/login/new/email', body: {} },
      { message: CommonMessages.required(L.email), errors: { email: [CommonMessages.required(L.email)] } }],
    ['reset with a weak password', 400, { method: 'post', path: '/api/password/reset',
      body: { email: 'camille@example.com', token: 't', password: 'court', passwordConfirm: 'court' } },
      { message: AccountMessages.passwordRule, errors: { password: [AccountMessages.passwordRule] } }],
  ])('%s → %i', async (_label, status, call, body) => {
    const res = await send(call).expect(status);
    expect(res.body).toEqual(body);
    for (const service of services) for (const fn of Object.values(service)) expect(fn).not.toHaveBeenCalled();
  });

  it('lets a member through to the profile service, as that member', async () => {
    await send({ method: 'get', path: '/api/user/show', headers: MEMBER }).expect(200);
    expect(profile.useValue.show).toHaveBeenCalledWith(expect.objectContaining({ email: MEMBER.userEmail, isAdmin: false }));
  });

  it('drops unknown sign-up fields such as isAdmin', async () => {
    await send({ method: 'post', path: '/api/user/new', body: {
      lastName: 'Martin', firstName: 'Camille', mail: 'camille@example.com', password: 'Motdepasse1!', passwordConfirm: 'Motdepasse1!', isAdmin: true,
    } });
    expect(registration.useValue.signUp).toHaveBeenCalledTimes(1);
    expect(registration.useValue.signUp.mock.calls[0][0]).not.toHaveProperty('isAdmin');
  });
});
