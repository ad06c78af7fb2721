import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoutes, FavoriteResponse } from '@outils/contracts';
import { PublicRateLimits } from '../../common/rate-limit/public-rate-limits';
import { RateLimit } from '../../common/rate-limit/rate-limit.guard';
import { Auth, Authenticated } from '../../common/auth/auth.decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { FavoriteDto } from './dto/favorite.dto';
import { FavouritesService } from './favourites.service';

@ApiTags('favourites')
@Controller()
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  @Post(ApiRoutes.favoriteCreate)
  @HttpCode(200)
  @RateLimit(PublicRateLimits.favourites)
  @Authenticated()
  create(@Auth() caller: AuthUser, @Body() body: FavoriteDto): Promise<FavoriteResponse> {
    return this.favourites.add(caller, body.toolId);
  }

  @Post(ApiRoutes.favoriteDelete)
  @HttpCode(200)
  @RateLimit(PublicRateLimits.favourites)
  @Authenticated()
  delete(@Auth() caller: AuthUser, @Body() body: FavoriteDto): Promise<FavoriteResponse> {
    return this.favourites.remove(caller, body.toolId);
  }
}
