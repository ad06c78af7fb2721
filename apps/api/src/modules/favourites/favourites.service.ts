import { Injectable } from '@nestjs/common';
import { CatalogueMessages, FavoriteResponse } from '@outils/contracts';
import { NotFoundError } from '../../common/errors/domain-error';
import type { AuthUser } from '../../common/auth/auth-user';
import { CatalogueChangesRepository } from '../tools/read-model/catalogue-changes.repository';
import { FavouritesRepository } from './favourites.repository';

/** A caller only ever touches their own favourites: the user comes from the guard, never the body. */
@Injectable()
export class FavouritesService {
  constructor(
    private readonly favourites: FavouritesRepository,
    private readonly changes: CatalogueChangesRepository,
  ) {}

  async add(caller: AuthUser, toolId: number): Promise<FavoriteResponse> {
    if (!(await this.favourites.add(caller.id, toolId))) throw new NotFoundError(CatalogueMessages.toolNotFound);
    // Read-your-write for isFavorite; other instances hear it from the database (docs/product/rules.md#R302).
    await this.changes.committed({ kind: 'favorites', userIds: [caller.id] });
    return { success: true };
  }

  async remove(caller: AuthUser, toolId: number): Promise<FavoriteResponse> {
    if (!(await this.favourites.remove(caller.id, toolId))) throw new NotFoundError(CatalogueMessages.toolNotFound);
    await this.changes.committed({ kind: 'favorites', userIds: [caller.id] });
    return { success: true };
  }
}
