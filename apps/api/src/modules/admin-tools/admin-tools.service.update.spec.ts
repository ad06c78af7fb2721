import { Logger } from '@nestjs/common';
import { CatalogueMessages } from '@outils/contracts';
import { adminToolsSetup as setup, UUID } from '../../../test/fakes/admin-tools.fakes';
import { FakeUploads, PDF, png } from '../../../test/fakes/uploads.fakes';
import { FieldValidationError, NotFoundError } from '../../common/errors/domain-error';
import { variantKeysOf } from '../tools/image-variant-keys';

/**
 * Fast tier: the tool administration rules on an in-memory catalogue and storage (no database).
 * Files are real temporary files, because the service checks them by content. Creation and deletion are in admin-tools.service.spec.ts.
 */
const uploads = new FakeUploads();
afterAll(() => uploads.cleanup());
// Storage failures are logged by the service; the specs assert on their outcome instead.
beforeAll(() => Logger.overrideLogger(false));

describe('AdminToolsService (fake catalogue and storage)', () => {
  describe('update', () => {
    function withTool() {
      const ctx = setup();
      const images = [{ id: '11111111-1111-4111-8111-111111111111', key: 'tools/images/11111111-1111-4111-8111-111111111111.png' }];
      const tool = ctx.tools.seed({ name: 'Plan de trésorerie', slug: 'plan-de-tresorerie', goal: 'Voir venir', duration: 2 }, images);
      ctx.storage.seed(tool.file.key, PDF);
      ctx.storage.seed(images[0].key, png(), 'image/png');
      return { ...ctx, tool, image: images[0] };
    }

    it('gives a renamed tool a new slug and keeps the former one for the redirect, with a warning (docs/product/rules.md#R99)', async () => {
      const { service, tools, tool } = withTool();
      const answer = await service.update({ toolId: String(tool.id), title: 'Prévisionnel de trésorerie', description: tool.description }, []);

      expect(answer).toEqual({
        message: CatalogueMessages.toolUpdated, id: tool.id, slug: 'previsionnel-de-tresorerie',
        warning: CatalogueMessages.warningSlugChanged('previsionnel-de-tresorerie'),
      });
      expect(tools.tool(tool.id)).toMatchObject({ name: 'Prévisionnel de trésorerie', slug: 'previsionnel-de-tresorerie' });
      expect(tools.formerSlugsOf(tool.id)).toEqual(['plan-de-tresorerie']);
    });

    it('gives the old slug back when the tool is renamed back (docs/product/rules.md#R99)', async () => {
      const { service, tools, tool } = withTool();
      await service.update({ toolId: tool.id, title: 'Prévisionnel', description: tool.description }, []);
      const answer = await service.update({ toolId: tool.id, title: 'Plan de trésorerie', description: tool.description }, []);

      expect(answer.slug).toBe('plan-de-tresorerie');
      expect(tools.formerSlugsOf(tool.id)).toEqual(['previsionnel']);
    });

    it('keeps the slug when the new title gives the same one, without a warning', async () => {
      const { service, tools, tool } = withTool();
      const answer = await service.update({ toolId: tool.id, title: 'PLAN DE TRÉSORERIE', description: tool.description }, []);
      expect(answer).toEqual({ message: CatalogueMessages.toolUpdated, id: tool.id, slug: 'plan-de-tresorerie' });
      expect(tools.formerSlugsOf(tool.id)).toEqual([]);
    });

    it('does not take a slug another tool holds or held: -2 (docs/product/rules.md#R98)', async () => {
      const { service, tools, tool } = withTool();
      tools.seed({ name: 'Budget', slug: 'budget' });
      const answer = await service.update({ toolId: tool.id, title: 'Budget', description: tool.description }, []);
      expect(answer.slug).toBe('budget-2');
      expect(tools.formerSlugsOf(tool.id)).toEqual(['plan-de-tresorerie']);
    });

    it('renames with the next free slug when a concurrent save takes the new one first (docs/product/rules.md#R98)', async () => {
      const { service, tools, tool, transactions } = withTool();
      tools.racesLeft = 1;
      const answer = await service.update({ toolId: tool.id, title: 'Budget', description: tool.description }, []);
      expect(answer.slug).toBe('budget-2');
      expect(tools.formerSlugsOf(tool.id)).toEqual(['plan-de-tresorerie']);
      expect([transactions.rollbacks, transactions.commits]).toEqual([1, 1]);
    });

    it('changes only the fields it carries; an empty goal or duration clears them (docs/product/rules.md#R207)', async () => {
      const { service, tools, tool } = withTool();
      await service.update({ toolId: tool.id, description: 'Nouvelle description.', goal: '', duration: '' }, []);
      expect(tools.tool(tool.id)).toMatchObject({
        name: 'Plan de trésorerie', slug: 'plan-de-tresorerie', description: 'Nouvelle description.', goal: null, duration: null,
        typeId: 1, categoryId: 1, difficulty: 'Simple', file: tool.file,
      });
    });

    it('refuses a required field sent empty and changes nothing (docs/product/rules.md#R207)', async () => {
      const { service, tools, tool, transactions } = withTool();
      const error = await service.update({ toolId: tool.id, title: '', type: '', description: tool.description }, []).catch((e: unknown) => e);
      expect((error as FieldValidationError).errors).toEqual({
        title: [CatalogueMessages.fieldRequired('Titre')],
        type: [CatalogueMessages.fieldRequired('Type d’outils')],
      });
      expect(tools.tool(tool.id)).toEqual(tool);
      expect(transactions.commits).toBe(0);
    });

    it('replaces the file as a new version and drops the images left out: their stored files go, after the commit; the earlier file stays (docs/product/rules.md#R168, #R902)', async () => {
      const { service, tools, storage, tool, image, versions } = withTool();
      const answer = await service.update(
        { toolId: tool.id, description: tool.description, versionNote: '  Nouvelle rubrique.\r\nChiffres 2026.  ', minorUpdate: 'true' },
        [uploads.toolFile('v2.pdf'), uploads.image('nouvelle.png')],
      );
      expect(versions.added).toEqual([{ toolId: tool.id, note: 'Nouvelle rubrique.\nChiffres 2026.', minor: true }]);

      const saved = tools.tool(answer.id)!;
      expect(saved.file).toMatchObject({ name: 'v2.pdf', mime: 'application/pdf' });
      expect(saved.file.key).not.toBe(tool.file.key);
      expect(saved.images).toHaveLength(1);
      expect(saved.images[0].id).not.toBe(image.id);
      expect(storage.keys()).toEqual([tool.file.key, saved.file.key, saved.images[0].key].sort());
      // The image goes with its copies (docs/product/rules.md#R700).
      expect(storage.deleted.sort()).toEqual([image.key, ...variantKeysOf(image.key)].sort());
    });

    it('refuses a new file without « Quoi de neuf ? » and changes nothing (docs/product/rules.md#R901)', async () => {
      const { service, tools, storage, tool, versions, transactions } = withTool();
      for (const note of [undefined, '   ', 'x'.repeat(1001)]) {
        const error = await service.update({ toolId: tool.id, description: tool.description, versionNote: note }, [uploads.toolFile('v2.pdf')]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(FieldValidationError);
        expect(Object.keys((error as FieldValidationError).errors)).toEqual(['versionNote']);
      }
      expect(tools.tool(tool.id)).toEqual(tool);
      expect(versions.added).toEqual([]);
      expect(storage.keys()).toEqual([tool.file.key, '11111111-1111-4111-8111-111111111111'].map((k) => (k.includes('/') ? k : `tools/images/${k}.png`)).sort());
      expect(transactions.commits).toBe(0);
    });

    it('makes no version when only the text changes, even with a note (docs/product/rules.md#R900)', async () => {
      const { service, versions, tool } = withTool();
      await service.update({ toolId: tool.id, description: 'Autre description.', versionNote: 'Ignorée' }, []);
      expect(versions.added).toEqual([]);
    });

    it('keeps the images listed in images[], in the order sent, and ignores ids of other tools with a warning (docs/product/rules.md#R131)', async () => {
      const { service, tools, storage, tool, image } = withTool();
      const foreign = '22222222-2222-4222-8222-222222222222';
      const answer = await service.update(
        { toolId: tool.id, description: tool.description, 'images[]': [foreign, image.id], imagesOrder: `new:0,${image.id}` },
        [uploads.image('premiere.png')],
      );

      expect(answer.warning).toBe(CatalogueMessages.warningImagesIgnored(1));
      const saved = tools.tool(tool.id)!;
      expect(saved.images.map((i) => i.id)).toEqual([expect.stringMatching(UUID), image.id]);
      expect(storage.objects.has(image.key)).toBe(true);
      expect(storage.deleted).toEqual([]);
    });

    it('leaves the tool, its slugs and its files as they were when the save fails, and removes the new files (docs/product/rules.md#R168)', async () => {
      const { service, tools, storage, tool, image, transactions } = withTool();
      tools.failImagesWith = new Error('connection lost');
      await expect(
        service.update({ toolId: tool.id, title: 'Prévisionnel', description: 'Autre.', versionNote: 'V2' }, [uploads.toolFile('v2.pdf'), uploads.image()]),
      ).rejects.toThrow('connection lost');

      expect(tools.tool(tool.id)).toEqual(tool);
      expect(tools.formerSlugsOf(tool.id)).toEqual([]);
      expect(storage.keys()).toEqual([tool.file.key, image.key].sort());
      expect(transactions.rollbacks).toBe(1);
    });

    it('answers 404 for an unknown tool and 400 for a malformed id, storing nothing (docs/product/rules.md#R125)', async () => {
      const { service, storage } = withTool();
      await expect(service.update({ toolId: '999', description: 'x' }, [uploads.toolFile()])).rejects.toEqual(new NotFoundError(CatalogueMessages.toolNotFound));
      const error = await service.update({ toolId: 'abc', description: 'x' }, []).catch((e: unknown) => e);
      expect((error as FieldValidationError).errors).toEqual({ toolId: [CatalogueMessages.invalidToolId] });
      expect(storage.keys()).toHaveLength(2);
    });
  });

});
