import type { UserEntity } from '@outils/server-db';
import type { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import type { UsersRepository } from './users.repository';
import { AccountRateLimits } from './account-rate-limits';
import { LoginFailedError } from './auth.errors';
import { AuthService } from './auth.service';
import { PasswordHasher } from './password-hasher';
import type { SessionsRepository } from '../../common/auth/sessions.repository';

/** Login rules with the repositories swapped for fakes (the real ones are covered by the integration tests). */
describe('AuthService.login', () => {
  const hasher = new PasswordHasher();
  let users: Map<string, UserEntity>;
  let sessions: { create: jest.Mock };
  let rateLimits: { consume: jest.Mock; reset: jest.Mock; slowDown: jest.Mock; countAttempt: jest.Mock; countedAttempts: jest.Mock };
  let service: AuthService;

  beforeAll(async () => {
    users = new Map();
    const base = { firstName: 'Camille', lastName: 'Martin', isAdmin: false, passwordHash: await hasher.hash('Bonjour-2026!') };
    users.set('actif@exemple.fr', { ...base, id: 'u1', email: 'actif@exemple.fr', activatedAt: new Date() } as UserEntity);
    users.set('attente@exemple.fr', { ...base, id: 'u2', email: 'attente@exemple.fr', activatedAt: null } as UserEntity);
  });

  beforeEach(() => {
    sessions = { create: jest.fn().mockResolvedValue('jeton') };
    rateLimits = {
      consume: jest.fn().mockResolvedValue(undefined), reset: jest.fn().mockResolvedValue(undefined),
      slowDown: jest.fn().mockResolvedValue(0), countAttempt: jest.fn().mockResolvedValue(undefined),
      countedAttempts: jest.fn().mockResolvedValue(0),
    };
    const repo = { findByEmail: async (email: string) => users.get(email) ?? null } as unknown as UsersRepository;
    service = new AuthService(repo, sessions as unknown as SessionsRepository, hasher, rateLimits as unknown as RateLimitService);
  });

  it('opens a session and forgives the address’s earlier attempts', async () => {
    await expect(service.login({ username: 'actif@exemple.fr', password: 'Bonjour-2026!' }, '1.2.3.4')).resolves.toEqual({ user: 'actif@exemple.fr', token: 'jeton' });
    expect(rateLimits.consume).toHaveBeenCalledWith(AccountRateLimits.login, { ip: '1.2.3.4', address: 'actif@exemple.fr' });
    expect(rateLimits.reset).toHaveBeenCalledWith(AccountRateLimits.login, 'actif@exemple.fr', '1.2.3.4');
    expect(rateLimits.countAttempt).not.toHaveBeenCalled();
  });

  it('answers a message without session for an account not yet activated', async () => {
    const result = await service.login({ username: 'attente@exemple.fr', password: 'Bonjour-2026!' }, '1.2.3.4');
    expect(result).toEqual({ message: expect.stringContaining('pas encore activé') });
    expect(sessions.create).not.toHaveBeenCalled();
  });

  it('refuses a wrong password and an unknown address alike, spending a hash verification on both', async () => {
    const dummy = jest.spyOn(hasher, 'verifyDummy');
    await expect(service.login({ username: 'actif@exemple.fr', password: 'Faux-2026!' }, 'ip')).rejects.toEqual(new LoginFailedError('Identifiants incorrects.'));
    await expect(service.login({ username: 'personne@exemple.fr', password: 'Faux-2026!' }, 'ip')).rejects.toEqual(new LoginFailedError('Identifiants incorrects.'));
    expect(dummy).toHaveBeenCalledTimes(1);
    expect(sessions.create).not.toHaveBeenCalled();
    expect(rateLimits.reset).not.toHaveBeenCalled();
    // Both count towards the address's slowdown, which is applied before the password check.
    expect(rateLimits.countAttempt).toHaveBeenCalledTimes(2);
    expect(rateLimits.slowDown).toHaveBeenCalledWith(AccountRateLimits.login, 'actif@exemple.fr', { count: false });
  });

  it('stops before looking at the password when the rate limit refuses', async () => {
    rateLimits.consume.mockRejectedValueOnce(new Error('429'));
    const verify = jest.spyOn(hasher, 'verify');
    await expect(service.login({ username: 'actif@exemple.fr', password: 'Bonjour-2026!' }, 'ip')).rejects.toThrow('429');
    expect(verify).not.toHaveBeenCalled();
  });
});
