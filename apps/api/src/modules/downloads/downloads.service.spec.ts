import { HttpStatus } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { CatalogueMessages } from '@outils/contracts';
import type { AppConfig } from '@outils/server-config';
import { LinkSigner } from '@outils/server-signing';
import type { Transaction } from '@outils/server-db';
import { FakeStore, FakeTransactionRunner, Shape } from '../../../test/fakes/persistence.fakes';
import { FakeStorage } from '../../../test/fakes/storage.fakes';
import { NotFoundError } from '../../common/errors/domain-error';
import type { AuthUser } from '../../common/auth/auth-user';
import { DownloadsRepository, ToolFileRow } from './downloads.repository';
import { BrokenDownloadLink, DownloadsService } from './downloads.service';

/** Fast tier: signed links, counted downloads and broken links on an in-memory catalogue (no database). */

interface DownloadLog {
  toolId: number;
  userId: string | null;
  email: string | null;
  linkId: string;
  excludedReason?: string;
}
interface DownloadsState {
  tools: Map<number, ToolFileRow & { downloadCount: number }>;
  logs: DownloadLog[];
}

/** The counter and the log rows, with the database's "one row per link" unique index. */
class FakeDownloads implements FakeStore, Shape<DownloadsRepository> {
  state: DownloadsState = { tools: new Map(), logs: [] };
  /** Members by id, for the address a log row keeps (docs/product/rules.md#R104). */
  readonly users = new Map<string, string>();
  /** Fails once the log row is written, before the counter moves (the database goes away mid-transaction). */
  failBeforeCountWith?: Error;

  snapshot(): unknown {
    return structuredClone(this.state);
  }
  restore(snapshot: unknown): void {
    this.state = snapshot as DownloadsState;
  }

  seed(id: number, name: string, slug: string, fileKey = `tools/files/${id}.pdf`): ToolFileRow {
    const row = { id, slug, name, file_key: fileKey, file_mime: 'application/pdf', file_size: 4, version_number: 1, downloadCount: 0 };
    this.state.tools.set(id, row);
    return row;
  }
  count(toolId: number): number | undefined {
    return this.state.tools.get(toolId)?.downloadCount;
  }
  /** The counted log rows (docs/product/rules.md#R670). */
  counted(): DownloadLog[] {
    return this.state.logs.filter((log) => !log.excludedReason);
  }

  async findFile(toolId: number): Promise<ToolFileRow | null> {
    const tool = this.state.tools.get(toolId);
    if (!tool) return null;
    const { downloadCount: _count, ...row } = tool;
    return row;
  }
  /** No alternative in this store: the integration test serves one (docs/product/rules.md#R946). */
  async findAlternativeFile(): Promise<ToolFileRow | null> {
    return null;
  }
  async findVersionFile(toolId: number, version: number): Promise<ToolFileRow | null> {
    const row = await this.findFile(toolId);
    return row && row.version_number === version ? row : null;
  }
  async record(_tx: Transaction, toolId: number, userId: string | null, linkId: string, exclusion: 'bot' | 'head' | null = null): Promise<'counted' | 'excluded' | 'repeat' | 'missing'> {
    const tool = this.state.tools.get(toolId);
    if (!tool) return 'missing';
    const email = userId ? this.users.get(userId) ?? null : null;
    const flagged = (reason: string) => this.state.logs.push({ toolId, userId: email ? userId : null, email, linkId, excludedReason: reason });
    if (exclusion) return flagged(exclusion), 'excluded';
    if (this.state.logs.some((log) => log.linkId === linkId && !log.excludedReason)) return flagged('repeat'), 'repeat';
    this.state.logs.push({ toolId, userId: email ? userId : null, email, linkId });
    if (this.failBeforeCountWith) throw this.failBeforeCountWith;
    tool.downloadCount += 1;
    return 'counted';
  }
}

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const config = {
  downloads: { secret: SECRET, ttlSeconds: 300 },
  urls: { api: 'https://api.outils.test', web: 'https://outils.test' },
} as AppConfig;
const T0 = new Date('2026-03-02T10:00:00Z');
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const member: AuthUser = { id: '7d3f1a52-1f7c-4c53-9a55-0d3b9d2f9e10', email: 'camille@exemple.fr', isAdmin: false, sessionId: 's1' };

function setup() {
  const downloads = new FakeDownloads();
  const storage = new FakeStorage();
  const transactions = new FakeTransactionRunner([downloads]);
  const service = new DownloadsService(downloads as never, storage, transactions as never, config, new LinkSigner(SECRET));
  downloads.seed(7, 'Plan de trésorerie', 'plan-de-tresorerie', 'tools/files/0b8f.pdf');
  storage.seed('tools/files/0b8f.pdf', '%PDF');
  downloads.users.set(member.id, member.email);
  return { service, downloads, storage, transactions };
}

/** The query of a link as the browser sends it back to `/tools/file`. */
function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries());
}

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

async function brokenLink(promise: Promise<unknown>): Promise<BrokenDownloadLink> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BrokenDownloadLink);
  return error as BrokenDownloadLink;
}

describe('DownloadsService (fake catalogue and storage)', () => {
  describe('createLink', () => {
    it('answers an absolute link to the API that expires after the configured time, naming a member by id only (docs/product/rules.md#R100)', async () => {
      const { service } = setup();
      const { url } = await service.createLink(7, member, T0);

      expect(url.startsWith('https://api.outils.test/tools/file?')).toBe(true);
      expect(queryOf(url)).toMatchObject({ toolId: '7', expires: String(T0.getTime() / 1000 + 300), u: member.id });
      expect(url).not.toContain('camille');
    });

    it('hands out two different links for two requests in the same second (each counts its download, docs/product/rules.md#R103)', async () => {
      const { service } = setup();
      const a = await service.createLink(7, undefined, T0);
      const b = await service.createLink(7, undefined, T0);
      expect(a.url).not.toBe(b.url);
      expect(queryOf(a.url)).not.toHaveProperty('u');
    });

    it('answers 404 for an unknown tool (docs/product/rules.md#R100)', async () => {
      const { service } = setup();
      await expect(service.createLink(99, undefined, T0)).rejects.toEqual(new NotFoundError(CatalogueMessages.toolNotFound));
    });
  });

  describe('openSignedFile', () => {
    it('serves the file named after the tool and counts one download with its log row, in one transaction (docs/product/rules.md#R102, R104)', async () => {
      const { service, downloads, transactions } = setup();
      const { url } = await service.createLink(7, member, T0);
      const file = await service.openSignedFile(queryOf(url), { exclusion: null }, later(10));

      expect({ body: await read(file.body as Readable), headers: file.headers() }).toEqual({
        body: '%PDF',
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="plan-de-tresorerie.pdf"; filename*=UTF-8''plan-de-tresorerie.pdf`,
          'Cache-Control': 'private, no-store',
          'Content-Length': '4',
        },
      });
      expect(downloads.count(7)).toBe(1);
      expect(downloads.state.logs).toEqual([{ toolId: 7, userId: member.id, email: member.email, linkId: expect.any(String) }]);
      expect(transactions.commits).toBe(1);
    });

    it('counts one download per link however often it is fetched, logging the repeats as such; another link counts again (docs/product/rules.md#R103, R670)', async () => {
      const { service, downloads } = setup();
      const first = queryOf((await service.createLink(7, undefined, T0)).url);
      await service.openSignedFile(first, { exclusion: null }, later(1));
      await service.openSignedFile({ ...first }, { exclusion: null }, later(2));
      await service.openSignedFile(first, { exclusion: null }, later(3));
      expect([downloads.count(7), downloads.counted().length]).toEqual([1, 1]);
      expect(downloads.state.logs.map((log) => log.excludedReason)).toEqual([undefined, 'repeat', 'repeat']);

      const second = queryOf((await service.createLink(7, undefined, T0)).url);
      await service.openSignedFile(second, { exclusion: null }, later(4));
      expect([downloads.count(7), downloads.counted().length]).toEqual([2, 2]);
    });

    it('keeps no user on the log row of a guest, nor of a member deleted since the link was made (docs/product/rules.md#R104)', async () => {
      const { service, downloads } = setup();
      const guest = queryOf((await service.createLink(7, undefined, T0)).url);
      const gone = queryOf((await service.createLink(7, member, T0)).url);
      downloads.users.delete(member.id);
      await service.openSignedFile(guest, { exclusion: null }, later(1));
      await service.openSignedFile(gone, { exclusion: null }, later(1));

      expect(downloads.state.logs.map(({ userId, email }) => ({ userId, email }))).toEqual([
        { userId: null, email: null }, { userId: null, email: null },
      ]);
      expect(downloads.count(7)).toBe(2);
    });

    it.each(['head', 'bot'] as const)('counts nothing for a %s fetch but logs it with its reason, and leaves the link unused (docs/product/rules.md#R670)', async (exclusion) => {
      const { service, downloads } = setup();
      const query = queryOf((await service.createLink(7, undefined, T0)).url);
      const file = await service.openSignedFile(query, { exclusion }, later(1));

      expect(file.options.fileName).toBe('plan-de-tresorerie.pdf');
      expect([downloads.count(7), downloads.counted().length]).toEqual([0, 0]);
      expect(downloads.state.logs.map((log) => log.excludedReason)).toEqual([exclusion]);
      // The same link, fetched for real afterwards, still counts its one download.
      await service.openSignedFile(query, { exclusion: null }, later(2));
      expect(downloads.count(7)).toBe(1);
    });

    it('refuses an expired link with 410, counting nothing and opening no file (docs/product/rules.md#R204)', async () => {
      const { service, downloads, storage } = setup();
      const query = queryOf((await service.createLink(7, undefined, T0)).url);
      const error = await brokenLink(service.openSignedFile(query, { exclusion: null }, later(301)));

      expect(error).toMatchObject({ status: HttpStatus.GONE, message: CatalogueMessages.downloadLinkInvalid, problem: 'expire', toolId: 7 });
      expect([downloads.count(7), downloads.state.logs.length, storage.opened.length]).toEqual([0, 0, 0]);
    });

    it('still serves a link in its last second (docs/product/rules.md#R100)', async () => {
      const { service, downloads } = setup();
      const query = queryOf((await service.createLink(7, undefined, T0)).url);
      await service.openSignedFile(query, { exclusion: null }, later(300));
      expect(downloads.count(7)).toBe(1);
    });

    it.each([
      ['another tool', { toolId: '8' }],
      ['a later expiry', { expires: String(T0.getTime() / 1000 + 99_999) }],
      ['another member', { u: '00000000-0000-4000-8000-000000000000' }],
      ['no signature', { signature: undefined }],
    ])('refuses a link changed to %s with 403, counting nothing (docs/product/rules.md#R204)', async (_label, change) => {
      const { service, downloads } = setup();
      downloads.seed(8, 'Devis', 'devis');
      const query = { ...queryOf((await service.createLink(7, member, T0)).url), ...change };
      const error = await brokenLink(service.openSignedFile(query, { exclusion: null }, later(1)));

      expect(error).toMatchObject({ status: HttpStatus.FORBIDDEN, message: CatalogueMessages.downloadLinkInvalid, problem: 'invalide' });
      expect([downloads.count(7), downloads.count(8), downloads.state.logs.length]).toEqual([0, 0, 0]);
    });

    it('answers 404 "indisponible" and counts nothing when the file is missing from storage (docs/product/rules.md#R204)', async () => {
      const { service, downloads, storage } = setup();
      const query = queryOf((await service.createLink(7, undefined, T0)).url);
      storage.objects.clear();
      const error = await brokenLink(service.openSignedFile(query, { exclusion: null }, later(1)));

      expect(error).toMatchObject({ status: HttpStatus.NOT_FOUND, message: CatalogueMessages.fileMissing, problem: 'indisponible', toolId: 7 });
      expect([downloads.count(7), downloads.state.logs.length]).toEqual([0, 0]);
    });

    it('answers 404 "introuvable" when the tool was deleted after the link was made (docs/product/rules.md#R204)', async () => {
      const { service, downloads } = setup();
      const query = queryOf((await service.createLink(7, undefined, T0)).url);
      downloads.state.tools.delete(7);
      const error = await brokenLink(service.openSignedFile(query, { exclusion: null }, later(1)));

      expect(error).toMatchObject({ status: HttpStatus.NOT_FOUND, message: CatalogueMessages.toolNotFound, problem: 'introuvable', toolId: 7 });
      expect(downloads.state.logs).toEqual([]);
    });

    it('leaves the counter and the log both unchanged when the count fails, and closes the file (docs/product/rules.md#R102)', async () => {
      const { service, downloads, storage, transactions } = setup();
      const query = queryOf((await service.createLink(7, member, T0)).url);
      downloads.failBeforeCountWith = new Error('connection lost');

      await expect(service.openSignedFile(query, { exclusion: null }, later(1))).rejects.toThrow('connection lost');
      expect([downloads.count(7), downloads.state.logs.length, transactions.rollbacks]).toEqual([0, 0, 1]);
      expect(storage.opened[0].destroyed).toBe(true);

      // The same link works once the database is back, and counts its download then.
      downloads.failBeforeCountWith = undefined;
      await service.openSignedFile(query, { exclusion: null }, later(2));
      expect([downloads.count(7), downloads.state.logs.length]).toEqual([1, 1]);
    });
  });

  describe('pageForBrokenLink', () => {
    it('sends a browser to the tool’s sheet with the problem, or to the 404 sheet of a deleted tool (docs/product/rules.md#R204)', async () => {
      const { service } = setup();
      await expect(service.pageForBrokenLink(new BrokenDownloadLink(HttpStatus.GONE, '', 'expire', 7)))
        .resolves.toBe('https://outils.test/toolspage/plan-de-tresorerie?telechargement=expire');
      await expect(service.pageForBrokenLink(new BrokenDownloadLink(HttpStatus.NOT_FOUND, '', 'introuvable', 12)))
        .resolves.toBe('https://outils.test/toolspage/details/12?telechargement=introuvable');
      await expect(service.pageForBrokenLink(new BrokenDownloadLink(HttpStatus.FORBIDDEN, '', 'invalide', null)))
        .resolves.toBe('https://outils.test/toolspage?telechargement=invalide');
    });
  });
});
