import { Injectable } from '@nestjs/common';
import { AccountMessages, LoginResponse, MessageBody } from '@outils/contracts';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { UsersRepository } from './users.repository';
import { AccountRateLimits, LOGIN_PASSWORD_CEILING } from './account-rate-limits';
import type { AuthUser } from '../../common/auth/auth-user';
import { LoginFailedError } from './auth.errors';
import type { LoginDto } from './dto/login.dto';
import { PasswordHasher } from './password-hasher';
import { SessionsRepository } from '../../common/auth/sessions.repository';

/** Login and logout (docs/product/rules.md#R35, docs/product/rules.md#R38, docs/product/rules.md#R769). */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly rateLimits: RateLimitService,
  ) {}

  /**
   * Success: `{ user, token }`. Right password on an account not yet activated: 200 `{ message }`
   * without token. Anything else: 401 `{ error }`, the same for an unknown address and a wrong
   * password (and in about the same time).
   */
  async login(dto: LoginDto, ip: string): Promise<LoginResponse> {
    const rule = AccountRateLimits.login;
    await this.rateLimits.consume(rule, { ip, address: dto.username });
    // An address under attack from many IPs: every attempt waits a little, the owner's included,
    // before the password is even checked (an early hang-up tells a guesser nothing).
    await this.rateLimits.slowDown(rule, dto.username, { count: false });
    // Past the account's ceiling of wrong passwords, the password alone is refused before it is
    // checked, for a known and an unknown address alike (docs/product/rules.md#R769).
    if ((await this.rateLimits.countedAttempts(rule, dto.username)) >= LOGIN_PASSWORD_CEILING) {
      throw new LoginFailedError(AccountMessages.loginPasswordPaused, { loginLink: true });
    }
    const user = await this.users.findByEmail(dto.username);
    if (!user) {
      await this.hasher.verifyDummy(dto.password);
      await this.rateLimits.countAttempt(rule, dto.username);
      throw new LoginFailedError(AccountMessages.loginWrongCredentials);
    }
    if (!(await this.hasher.verify(user.passwordHash, dto.password))) {
      await this.rateLimits.countAttempt(rule, dto.username);
      throw new LoginFailedError(AccountMessages.loginWrongCredentials);
    }
    if (!user.activatedAt) return { message: AccountMessages.loginNotActivated };
    // A successful login forgives this IP's earlier typos on the address; the per-IP budget still counts.
    await this.rateLimits.reset(rule, dto.username, ip);
    const token = await this.sessions.create(user.id);
    return { user: user.email, token };
  }

  /** Revokes the presented session only; other devices stay signed in. */
  async logout(auth: AuthUser): Promise<MessageBody> {
    await this.sessions.revoke(auth.sessionId);
    return { message: AccountMessages.logoutDone };
  }
}
