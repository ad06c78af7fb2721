import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { CatalogueMessages } from '@outils/contracts';
import { NotFoundError } from '../../common/errors/domain-error';
import { controllerApp, fakeService, FORGED, MEMBER } from '../../testing/controller-app';
import { DownloadsService } from '../downloads/downloads.service';
import { ToolsController } from './tools.controller';
import { ToolsService } from './tools.service';

const tools = fakeService(ToolsService, ['filters', 'list', 'featured', 'openImage', 'sheet']);
const downloads = fakeService(DownloadsService, ['createLink', 'openSignedFile', 'pageForBrokenLink']);
const fakes = [...Object.values(tools.useValue), ...Object.values(downloads.useValue)];

describe('ToolsController: routes and 400 contracts (docs/product/api.md#catalogue)', () => {
  let app: NestExpressApplication;
  beforeAll(async () => {
    app = await controllerApp(ToolsController, [tools, downloads]);
    // Streams are not faked: the file and image handlers end in a 404.
    downloads.useValue.openSignedFile.mockRejectedValue(new NotFoundError(CatalogueMessages.toolNotFound));
    tools.useValue.openImage.mockRejectedValue(new NotFoundError(CatalogueMessages.toolNotFound));
  });
  afterAll(() => app.close());
  beforeEach(() => fakes.forEach((fn) => fn.mockClear()));
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
    expect(tools.useValue.list).toHaveBeenCalledWith(expect.anything(), undefined);
  });

  it('hands the listing service typed, deduplicated parameters and the caller', async () => {
    await get('/api/tools?page=2&categories[]=3&categories[]=3&difficulties=moyen&onlyFavorites=1&token=x', MEMBER).expect(200);
    expect(tools.useValue.list).toHaveBeenCalledWith(
      { page: 2, categories: [3], types: [], difficulties: ['Moyen'], onlyFavorites: true },
      expect.objectContaining({ email: MEMBER.userEmail }),
    );
  });

  it.each<[string, string, () => jest.Mock]>([
    ['/tools/download?toolId=4', 'the download link', () => downloads.useValue.createLink],
    ['/tools/file?toolId=4', 'the signed file', () => downloads.useValue.openSignedFile],
    ['/tools/images/3f1c2b9e-0000-4000-8000-000000000000', 'an image', () => tools.useValue.openImage],
    ['/tools/featured-tool', 'the sheet of a slug', () => tools.useValue.sheet],
  ])('routes %s to %s, not to another /tools path', async (path, _what, handler) => {
    await get(path);
    expect(handler()).toHaveBeenCalledTimes(1);
    const others = fakes.filter((fn) => fn !== handler() && fn.mock.calls.length > 0);
    expect(others).toEqual([]);
  });
});
