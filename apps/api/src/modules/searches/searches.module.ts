import { Module } from '@nestjs/common';
import { AuthModule } from '../../common/auth/auth.module';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { SearchesController } from './searches.controller';
import { SearchesRepository } from './searches.repository';
import { SearchesService } from './searches.service';

/** What visitors look for in the library (docs/product/rules.md#R970–R975). */
@Module({
  imports: [AuthModule, RateLimitModule],
  controllers: [SearchesController],
  providers: [SearchesRepository, SearchesService],
})
export class SearchesModule {}
