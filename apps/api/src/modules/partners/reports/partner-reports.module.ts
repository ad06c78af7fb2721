import { Module } from '@nestjs/common';
import { PartnersRepository } from '../partners.repository';
import { PartnerEventsRepository } from './partner-events.repository';
import { PartnerReportsService } from './partner-reports.service';

/** Crediting partners and reading their figures (docs/product/rules.md#R997–R1002), for the catalogue, downloads and sign-ups too. */
@Module({ providers: [PartnersRepository, PartnerEventsRepository, PartnerReportsService], exports: [PartnerReportsService] })
export class PartnerReportsModule {}
