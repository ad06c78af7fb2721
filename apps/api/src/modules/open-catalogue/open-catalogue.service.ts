import { Inject, Injectable } from '@nestjs/common';
import { OpenCatalogue, OpenCatalogueMessages, type Tool } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { NotFoundError } from '../../common/errors/domain-error';
import { CatalogueRepository } from '../tools/catalogue.repository';
import { lastPageOf } from '../tools/listing/listing-spec';
import { toolJson } from '../tools/read-model/catalogue-index';
import type { JsonReply } from '../tools/public-reads.service';
import { dcatPage } from './dcat-document';
import { turtleOf } from './turtle';

/**
 * The open catalogue (docs/product/rules.md#R990–R992): every published tool, newest first, read
 * through the catalogue's one read path (memory, else the database); a draft or a scheduled tool
 * is not there because the public listing never holds one (#R651). Each page is kept as bytes
 * until the catalogue changes, like a guest's listing.
 */
@Injectable()
export class OpenCatalogueService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async page(page: number): Promise<JsonReply> {
    return this.kept(`dcat:${page}`, page, async (document) => JSON.stringify(document));
  }

  /** The same page in Turtle (docs/product/rules.md#R1003), its Hydra links to the Turtle pages. */
  async turtlePage(page: number): Promise<JsonReply> {
    return this.kept(`dcat-ttl:${page}`, page, turtleOf, `${this.config.urls.web}${OpenCatalogue.turtlePath}`);
  }

  private async kept(key: string, page: number, write: (document: object) => Promise<string>, pagesUrl?: string): Promise<JsonReply> {
    const hit = this.catalogue.reply(key);
    if (hit) return { ...hit, shared: true };
    const generation = this.catalogue.generation;
    const pageSize = OpenCatalogue.pageSize;
    const result = await this.catalogue.list({ categories: [], types: [], difficulties: [], page, pageSize, admin: false }, generation);
    const lastPage = lastPageOf(result.total, pageSize);
    if (page > lastPage) throw new NotFoundError(OpenCatalogueMessages.pageNotFound);
    const document = dcatPage({
      tools: result.tools.map((tool) => JSON.parse(toolJson(tool, false)) as Tool),
      page,
      lastPage,
      total: result.total,
      pageSize,
      catalogueUrl: `${this.config.urls.web}${OpenCatalogue.webPath}`,
      pagesUrl,
      webUrl: this.config.urls.web,
      publisher: this.config.publisher.name,
      licence: this.config.licence,
    });
    return { ...this.catalogue.keep(key, Buffer.from(await write(document)), generation), shared: true };
  }
}
