import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { ToolsCoreModule } from '../tools/tools-core.module';
import { FavouritesController } from './favourites.controller';
import { FavouritesRepository } from './favourites.repository';
import { FavouritesService } from './favourites.service';

@Module({
  imports: [AuthModule, RateLimitModule, ToolsCoreModule],
  controllers: [FavouritesController],
  providers: [FavouritesRepository, FavouritesService],
})
export class FavouritesModule {}
