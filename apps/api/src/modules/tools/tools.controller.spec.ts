import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { CatalogueMessages } from '@outils/contracts';
import { NotFoundError } from '../../common/errors/domain-error';
import { controllerApp, fakeService, FORGED, MEMBER } from '../../testing/controller-app';
import { DownloadsService } from '../downloads/downloads.service';
import { PartnerReportsService } from '../partners/reports/partner-reports.service';
import { PublicReadsService } from './public-reads.service';
import { ToolsController } from './tools.controller';
import { ToolsService } from './tools.service';

const files = fakeService(ToolsService, ['openImage']);
const reads = fakeService(PublicReadsService, ['filters', 'list', 'featured', 'sheet']);
const downloads = fakeService(DownloadsService, ['createLink', 'openSignedFile', 'pageForBrokenLink']);
const partnerReports = fakeService(PartnerReportsService, ['creditAttributed']);
const fakes = [...Object.values(files.useValue), ...Object.values(reads.useValue), ...Object.values(downloads.useValue), ...Object.values(partnerReports.useValue)];
const GUEST_PAGE = Buffer.from('{"tools":[],"page":1,"lastPage":1,"total":0}');

describe('ToolsController: routes and 400 contracts (docs/product/api.md#catalogue)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await controllerApp(ToolsController, [files, reads, downloads, partnerReports]);
    // Streams are not faked: the file and image handlers end in a 404.
    downloads.useValue.openSignedFile.mockRejectedValue(new NotFoundError(CatalogueMessages.toolNotFound));
    files.useValue.openImage.mockRejectedValue(new NotFoundError(CatalogueMessages.toolNotFound));
  });
  afterAll(() => app.close());
  beforeEach(() => {
    fakes.forEach((fn) => fn.mockClear());
    for (const fn of Object.values(reads.useValue)) fn.mockResolvedValue({ body: GUEST_PAGE, etag: '"v1"', shared: true });
  });
  const get = (path: string, headers: Record<string, string> = {}) => request(app.getHttpServer()).get(path).set(headers);

  it.each<[string, number, string, object]>([
    ['a page that is not a number', 400, '/api/tools?page=abc', { message: CatalogueMessages.invalidPage }],
    ['a page past the last one served', 400, '/api/tools?page=1001', { message: CatalogueMessages.pageTooFar(1000) }],
    ['a repeated page', 400, '/api/tools?page=1&page=2', { message: CatalogueMessages.invalidPage }],
    ['an unknown sort', 400, '/api/tools?sort=name', { message: CatalogueMessages.invalidSort }],
    ['a search holding NUL', 400, '/api/tools?q=a%00b', { message: CatalogueMessages.invalidSearch }],
    ['a malformed category', 400, '/api/tools?categories[]=x', { message: CatalogueMessages.invalidFilter('Sujet') }],
    ['an admin page size out of range', 400, '/api/tools?max=101', { message: CatalogueMessages.invalidMax }],
    ['a malformed toolId for a download link', 400, '/tools/download?toolId=abc', { message: CatalogueMessages.invalidToolId }],
    ['no toolId for a download link', 400, '/tools/download', { message: CatalogueMessages.invalidToolId }],
  ])('%s → %i', async (_label, status, path, body) => {
    const res = await get(path).expect(status);
    expect(res.body).toEqual(body);
    for (const fn of fakes) expect(fn).not.toHaveBeenCalled();
  });

  it('serves optional routes to a caller with forged credentials as a guest, not a 401', async () => {
    await get('/api/tools', FORGED).expect(200);
    // Answered as a guest, but its query string is not one a guest's later read may be answered from.
    expect(reads.useValue.list).toHaveBeenCalledWith(expect.anything(), undefined, undefined);
  });

  it('gives the listing service a guest\'s query string as sent, to answer the next identical one from the kept answer (docs/product/rules.md#R841)', async () => {
    await get('/api/tools?categories%5B%5D=3&page=2').expect(200);
    expect(reads.useValue.list).toHaveBeenCalledWith(expect.objectContaining({ page: 2, categories: [3] }), undefined, 'categories%5B%5D=3&page=2');
  });

  it('hands the listing service typed, deduplicated parameters and the caller', async () => {
    await get('/api/tools?page=2&categories[]=3&categories[]=3&difficulties=moyen&onlyFavorites=1&token=x', MEMBER).expect(200);
    expect(reads.useValue.list).toHaveBeenCalledWith(
      { page: 2, categories: [3], types: [], difficulties: ['Moyen'], onlyFavorites: true, accessibleOnly: false },
      expect.objectContaining({ email: MEMBER.userEmail }),
      undefined,
    );
  });

  it.each<[string, string, () => jest.Mock]>([
    ['/tools/download?toolId=4', 'the download link', () => downloads.useValue.createLink],
    ['/tools/file?toolId=4', 'the signed file', () => downloads.useValue.openSignedFile],
    ['/tools/images/3f1c2b9e-0000-4000-8000-000000000000', 'an image', () => files.useValue.openImage],
    ['/tools/featured-tool', 'the sheet of a slug', () => reads.useValue.sheet],
  ])('routes %s to %s, not to another /tools path', async (path, _what, handler) => {
    await get(path);
    expect(handler()).toHaveBeenCalledTimes(1);
    const others = fakes.filter((fn) => fn !== handler() && fn.mock.calls.length > 0);
    expect(others).toEqual([]);
  });

  it('lets a guest keep a public answer and revalidate it: strong ETag, 304, shared-cache headers (docs/product/rules.md#R305)', async () => {
    const first = await get('/api/tools').expect(200);
    expect(first.body).toEqual({ tools: [], page: 1, lastPage: 1, total: 0 });
    expect(first.headers.etag).toBe('"v1"');
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
    expect(first.headers.vary).toMatch(/usertoken/i);
    const again = await get('/api/tools', { 'If-None-Match': '"v1"' }).expect(304);
    expect(again.text).toBe('');
    await get('/api/tools', { 'If-None-Match': '"v0"' }).expect(200);
  });

  it('never lets a shared cache keep an answer to a request that carried credentials', async () => {
    reads.useValue.list.mockResolvedValue({ body: GUEST_PAGE, shared: false });
    const member = await get('/api/tools', MEMBER).expect(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(member.headers.etag).toBeUndefined();
    // Forged credentials are served as a guest, but the answer is still not for a shared cache.
    reads.useValue.list.mockResolvedValue({ body: GUEST_PAGE, etag: '"v1"', shared: true });
    const forged = await get('/api/tools', { ...FORGED, 'If-None-Match': '"v1"' }).expect(200);
    expect(forged.headers['cache-control']).toBe('private, no-store');
  });
});
