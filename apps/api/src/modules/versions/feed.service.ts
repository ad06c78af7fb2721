import { Inject, Injectable } from '@nestjs/common';
import { VersionWebRoutes, WebRoutes } from '@outils/contracts';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { FeedRepository, FeedRow } from './feed.repository';

/** How many entries the feed holds. */
export const FEED_ENTRIES = 50;
/** A new tool's summary: the beginning of its description. */
const SUMMARY_CHARS = 500;

const xml = (value: string) =>
  value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * `/flux.xml` (docs/product/rules.md#R920): an Atom feed (RFC 4287) of the new tools and the new
 * versions with their notes, so that partners and readers can follow the library.
 */
@Injectable()
export class FeedService {
  constructor(
    private readonly feed: FeedRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async atom(): Promise<string> {
    const web = this.config.urls.web;
    const rows = await this.feed.latest(FEED_ENTRIES);
    const updated = rows.length ? new Date(rows[0].at).toISOString() : new Date(0).toISOString();
    const entries = rows.map((row) => this.entry(row, web)).join('');
    return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">
<id>${xml(web + VersionWebRoutes.feed)}</id>
<title>Outils — nouveaux outils et nouvelles versions</title>
<subtitle>Les outils ajoutés à la bibliothèque et ce qui change dans chaque nouvelle version.</subtitle>
<updated>${updated}</updated>
<link rel="self" type="application/atom+xml" href="${xml(web + VersionWebRoutes.feed)}"/>
<link rel="alternate" type="text/html" href="${xml(web + WebRoutes.tools)}"/>
<author><name>Outils</name><uri>${xml(web)}</uri></author>
${entries}</feed>
`;
  }

  private entry(row: FeedRow, web: string): string {
    const sheet = web + WebRoutes.toolBySlug(row.slug);
    const at = new Date(row.at).toISOString();
    const isTool = row.kind === 'tool';
    const title = isTool ? `Nouvel outil : ${row.name}` : `${row.name} — version ${row.number}`;
    const text = isTool ? (row.text ?? '').slice(0, SUMMARY_CHARS) : `Quoi de neuf ? ${row.text ?? ''}`;
    return `<entry>
<id>${xml(`${sheet}#version-${row.number}`)}</id>
<title>${xml(title)}</title>
<link rel="alternate" type="text/html" href="${xml(sheet)}"/>
<updated>${at}</updated>
<published>${at}</published>
<summary>${xml(text)}</summary>
</entry>
`;
  }
}
