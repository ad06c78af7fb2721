import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoutes, MyDataExportLimits, NewsletterDelays } from '@outils/contracts';
import type { SiteResponse } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';

/**
 * `GET /api/site`: the publisher's legal identity as configured (docs/web-accounts.md, « Identité
 * de l’éditeur », docs/product/rules.md#R195). The same for everyone and rarely changed: browsers and
 * proxies may keep it a while.
 */
@ApiTags('site')
@Controller()
export class SiteController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get(ApiRoutes.site)
  @Header('Cache-Control', 'public, max-age=300')
  site(): SiteResponse {
    const { publisher } = this.config;
    return {
      publisher: {
        ...publisher, hosting: { ...publisher.hosting }, social: { ...publisher.social },
        // The legal pages name configuration variables only in a demonstration: never in
        // production, whatever the configuration holds (docs/product/rules.md#R747).
        demo: this.config.env !== 'production' && publisher.demo,
      },
      // What housekeeping does, said by the privacy page (docs/product/rules.md#R480).
      retention: {
        downloadLogMonths: this.config.downloads.logRetentionMonths,
        activationHours: this.config.auth.activationHours,
        newsletterConfirmationDays: NewsletterDelays.confirmationDays,
        newsletterProofYears: NewsletterDelays.unsubscribedProofYears,
        dataExportHours: MyDataExportLimits.mailedLinkHours,
      },
      // docs/product/rules.md#R990: the tools' licence, on each sheet and in the open catalogue.
      licence: { ...this.config.licence },
    };
  }
}
