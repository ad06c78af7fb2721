import { PartnerReportsModule } from '../partners/reports/partner-reports.module';
import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { ActivitiesModule } from '../activities/activities.module';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { AccountMailsService } from './account-mails.service';
import { AccountsController } from './accounts.controller';
import { EmailChangeController } from './email-change.controller';
import { AuthService } from './auth.service';
import { EmailChangeService } from './email-change.service';
import { LoginLinkController } from './login-link.controller';
import { LoginLinkService } from './login-link.service';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { PasswordHasher } from './password-hasher';
import { PasswordResetService } from './password-reset.service';
import { ProfileService } from './profile.service';
import { RegistrationService } from './registration.service';
import { UsersRepository } from './users.repository';

/**
 * Accounts: sign-up, activation, login, logout, forgotten password, profile, deletion.
 * The guard and the sessions it reads live in common/auth, shared with every feature.
 */
@Module({
  imports: [AuthModule, RateLimitModule, ActivitiesModule, NewsletterModule, PartnerReportsModule],
  controllers: [AccountsController, EmailChangeController, LoginLinkController],
  providers: [
    UsersRepository, OneTimeTokensRepository, PasswordHasher, AccountMailsService,
    AuthService, PasswordResetService, RegistrationService, ProfileService, EmailChangeService, LoginLinkService,
  ],
})
export class AccountsModule {}
