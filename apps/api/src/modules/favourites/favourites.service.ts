import { Injectable } from '@nestjs/common';
import { CatalogueMessages, FavoriteResponse } from '@outils/contracts';
import { NotFoundError } from '../../common/errors/domain-error';
import type { AuthUser } from '../../common/auth/auth-user';
import { FavouritesRepository } from './favourites.repository';

/** A caller only ever touches their own favourites: the user comes from the guard, never the body. */
@Injectable()
export class FavouritesService {
  constructor(private readonly favourites: FavouritesRepository) {}

  async add(caller: AuthUser, toolId: number): Promise<FavoriteResponse> {
    if (!(await this.favourites.add(caller.id, toolId))) throw new NotFoundError(CatalogueMessages.toolNotFound);
    return { success: true };
  }

  async remove(caller: AuthUser, toolId: number): Promise<FavoriteResponse> {
    if (!(await this.favourites.remove(caller.id, toolId))) throw new NotFoundError(CatalogueMessages.toolNotFound);
    return { success: true };
  }
}
