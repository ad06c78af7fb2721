import { Module } from '@nestjs/common';
import { ActivitiesController } from './activities.controller';
import { ActivitiesRepository } from './activities.repository';
import { ActivitiesService } from './activities.service';

/** Activity areas (secteurs d'activité, docs/product/rules.md#R59); the repository is reused by the account forms. */
@Module({
  controllers: [ActivitiesController],
  providers: [ActivitiesRepository, ActivitiesService],
  exports: [ActivitiesRepository],
})
export class ActivitiesModule {}
