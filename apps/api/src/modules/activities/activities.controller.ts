import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoutes } from '@outils/contracts';
import { ActivitiesService } from './activities.service';

@ApiTags('comptes')
@Controller()
export class ActivitiesController {
  constructor(private readonly service: ActivitiesService) {}

  /** Activity areas of the sign-up and profile forms. */
  @Get(ApiRoutes.activities)
  list() {
    return this.service.list();
  }
}
