import { Injectable } from '@nestjs/common';
import type { ActivitiesResponse } from '@outils/contracts';
import { ActivitiesRepository } from './activities.repository';

@Injectable()
export class ActivitiesService {
  constructor(private readonly activities: ActivitiesRepository) {}

  /** docs/product/rules.md#R59: `{ activities: [{ id, name }] }`; the web adds the 'Aucun' option itself. */
  async list(): Promise<ActivitiesResponse> {
    return { activities: await this.activities.list() };
  }
}
