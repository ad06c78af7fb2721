import { Inject, Injectable } from '@nestjs/common';
import {
  FolderWebRoutes, PARTNER_ATTRIBUTION_PARAM, PARTNER_EMBED_MAX_TOOLS, PartnerMessages, WebRoutes,
  type EmbedResponse, type EmbedTool, type Partner, type PartnerInput, type Tool, type ToolFileFormat,
} from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { LinkPurposes, LinkSigner } from '@outils/server-signing';
import { ForbiddenError, NotFoundError } from '../../common/errors/domain-error';
import { UUID_EXACT } from '../../common/validation/patterns';
import { CatalogueRepository } from '../tools/catalogue.repository';
import { assertKnownFilters } from '../tools/listing/listing-spec';
import { IndexedTool, toolJson } from '../tools/read-model/catalogue-index';
import type { EmbedQueryDto } from './dto/embed-query.dto';
import type { PartnerDto } from './dto/partner.dto';
import { hostAllowed, hostOfOrigin, normaliseHostRule } from './host-rules';
import { attributionOf } from './partner-attribution';
import { PartnersRepository } from './partners.repository';

const FORMAT_NAMES: Record<ToolFileFormat, string> = { pdf: 'PDF', excel: 'Excel', word: 'Word', csv: 'CSV', image: 'Image' };
const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
/** « 1,2 Mo », « 350 ko »: the sizes the site shows (docs/product/rules.md#R631). */
export function frenchSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${oneDecimal.format(bytes / 1_000_000)}\u00a0Mo`;
  return `${Math.max(1, Math.round(bytes / 1000))}\u00a0ko`;
}

/**
 * Partners (docs/product/rules.md#R993–R996): the admin's list and form, and what each partner's
 * embed shows — a slice of the published catalogue, read through the catalogue's one read path,
 * for the pages of the sites the partner allows, each link carrying its signed attribution.
 */
@Injectable()
export class PartnersService {
  constructor(
    private readonly partners: PartnersRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly signer: LinkSigner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(): Promise<Partner[]> {
    return this.partners.list();
  }

  create(dto: PartnerDto): Promise<Partner> {
    return this.partners.insert(cleaned(dto));
  }

  async update(id: string, dto: PartnerDto): Promise<Partner> {
    return (await this.partners.update(id, cleaned(dto))) ?? notFound();
  }

  async delete(id: string): Promise<void> {
    if (!(await this.partners.delete(id))) notFound();
  }

  /** The partner the page's `Origin` may show, or the French refusal (docs/product/rules.md#R995). */
  async allowedPartner(id: string, origin: string | undefined): Promise<Partner> {
    const partner = UUID_EXACT.test(id) ? await this.partners.find(id) : null;
    if (!partner) notFound();
    const host = hostOfOrigin(origin);
    if (!host) throw new ForbiddenError(PartnerMessages.originMissing);
    if (!hostAllowed(host, partner.allowedHosts)) throw new ForbiddenError(PartnerMessages.hostNotAllowed);
    return partner;
  }

  async embed(id: string, origin: string | undefined, query: EmbedQueryDto): Promise<EmbedResponse> {
    const partner = await this.allowedPartner(id, origin);
    const attribution = attributionOf(this.signer.key(LinkPurposes.partnerAttribution), partner.id);
    const web = this.config.urls.web;
    const attributed = (path: string) => `${web}${path}?${PARTNER_ATTRIBUTION_PARAM}=${encodeURIComponent(attribution)}`;
    const kit = query.kit ? await this.partners.kit(query.kit) : undefined;
    if (kit === null) throw new NotFoundError(PartnerMessages.kitNotFound);
    const tools = (kit ? await this.published(kit.toolIds) : await this.slice(query)).map((indexed): EmbedTool => {
      const tool = JSON.parse(toolJson(indexed, false)) as Tool;
      return {
        id: tool.id,
        name: tool.name,
        description: tool.description,
        category: tool.category.name,
        type: tool.type.name,
        file: tool.download.format ? `${FORMAT_NAMES[tool.download.format]} · ${frenchSize(tool.download.size)}` : null,
        url: attributed(WebRoutes.toolBySlug(tool.slug)),
      };
    });
    return {
      partner: { name: partner.name, website: partner.website, logoUrl: partner.logoUrl }, tools, siteUrl: attributed('/'),
      ...(kit && query.kit ? { kit: { name: kit.name, url: attributed(FolderWebRoutes.shared(query.kit)) } } : {}),
    };
  }

  /** The published ones of `ids`, in that order, 12 at most (unknown, draft or scheduled tools left out). */
  private async published(ids: number[]): Promise<IndexedTool[]> {
    const found = await Promise.all([...new Set(ids)].map((id) => this.catalogue.sheet(String(id), false)));
    return found.flatMap((lookup) => (lookup && 'tool' in lookup ? [lookup.tool] : [])).slice(0, PARTNER_EMBED_MAX_TOOLS);
  }

  /** A list of tools in the order given (unknown or unpublished ones left out), else a topic and/or a type, newest first. */
  private async slice(query: EmbedQueryDto): Promise<IndexedTool[]> {
    if (query.outils) {
      const ids = [...new Set(query.outils.split(',').map((id) => id.trim()))].slice(0, PARTNER_EMBED_MAX_TOOLS);
      const found = await Promise.all(ids.map((id) => this.catalogue.sheet(id, false)));
      return found.flatMap((lookup) => (lookup && 'tool' in lookup ? [lookup.tool] : []));
    }
    const spec = {
      categories: query.sujet ? [Number(query.sujet)] : [],
      types: query.type ? [Number(query.type)] : [],
      difficulties: [], page: 1, pageSize: PARTNER_EMBED_MAX_TOOLS, admin: false,
    };
    assertKnownFilters(spec, await this.catalogue.filterLists());
    return (await this.catalogue.list(spec)).tools;
  }
}

function notFound(): never {
  throw new NotFoundError(PartnerMessages.notFound);
}

function cleaned(dto: PartnerDto): Required<PartnerInput> {
  return {
    name: dto.name.trim(),
    logoUrl: dto.logoUrl?.trim() || null,
    website: dto.website.trim(),
    contactEmail: dto.contactEmail.trim().toLowerCase(),
    allowedHosts: [...new Set(dto.allowedHosts.map((host) => normaliseHostRule(host)!))],
  };
}
