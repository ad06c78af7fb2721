import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/activities.module';
import { AuthModule } from '../auth/auth.module';
import { ProfileService } from './profile.service';
import { RegistrationService } from './registration.service';
import { UsersController } from './users.controller';

/** Account life cycle: sign-up, activation, profile, deletion (issue 3). */
@Module({
  imports: [AuthModule, ActivitiesModule],
  controllers: [UsersController],
  providers: [RegistrationService, ProfileService],
})
export class UsersModule {}
