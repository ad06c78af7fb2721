import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { MyDataController } from './my-data.controller';
import { personalDataRepositoryProvider } from '@outils/server-db/personal-data';
import { DataExportsRepository } from './my-data.repository';
import { MyDataService } from './my-data.service';

/** 'Mes téléchargements' and 'Télécharger mes données' (docs/product/rules.md#R470, #R968). */
@Module({
  imports: [RateLimitModule],
  controllers: [MyDataController],
  providers: [personalDataRepositoryProvider, DataExportsRepository, MyDataService],
})
export class MyDataModule {}
