import { Inject, Injectable } from '@nestjs/common';
import { CatalogueMessages, NewVersionsResponse, UpdateAlertsState, VersionMessages, VersionWebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LinkSigner, UpdateAlertLinks } from '@outils/server-signing';
import { BadRequestError, NotFoundError } from '../../common/errors/domain-error';
import { UpdateAlertsRepository } from './update-alerts.repository';

/** The member's update alerts: the profile's switch and the mails' one-click way out (docs/product/rules.md#R910, #R915). */
@Injectable()
export class UpdateAlertsService {
  private readonly links: UpdateAlertLinks;

  constructor(
    private readonly alerts: UpdateAlertsRepository,
    signer: LinkSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.links = new UpdateAlertLinks(signer);
  }

  async state(userId: string): Promise<UpdateAlertsState> {
    const enabled = await this.alerts.enabled(userId);
    if (enabled === null) throw new NotFoundError(CatalogueMessages.toolNotFound);
    return { enabled };
  }

  /** 'Mes téléchargements': « Nouvelle version disponible » (docs/product/rules.md#R917). */
  async newVersions(userId: string): Promise<NewVersionsResponse> {
    const rows = await this.alerts.newVersions(userId, 100);
    return {
      tools: rows.map((row) => ({ tool: { id: row.id, slug: row.slug, name: row.name }, version: row.version, downloadedVersion: row.downloaded, note: row.note })),
    };
  }

  async set(userId: string, enabled: boolean): Promise<UpdateAlertsState> {
    await this.alerts.set(userId, enabled);
    return { enabled, message: enabled ? VersionMessages.alertsOn : VersionMessages.alertsOff };
  }

  /** One click, from the mail's header or the page's button: the link alone says who (docs/product/rules.md#R915). */
  async unsubscribe(link: { id: string; token: string }): Promise<{ message: string }> {
    if (!this.links.unsubscribes(link.id, link.token)) throw new BadRequestError(VersionMessages.unsubscribeInvalid);
    await this.alerts.set(link.id, false);
    return { message: VersionMessages.unsubscribed };
  }

  /** A GET of the mail's address opens the page, whose button unsubscribes (a link scanner changes nothing). */
  unsubscribePageUrl(id: string, token: string): string {
    return `${this.config.urls.web}${VersionWebRoutes.alertsUnsubscribe}?${new URLSearchParams({ id, token }).toString()}`;
  }
}
