import request from 'supertest';
import type { DocumentsAccessibilityResponse } from '@outils/contracts';
import { sampleDocx, untaggedPdf } from '@outils/server-documents/testing';
import { waitUntil } from '@outils/server-testing';
import { useApiAndWorker } from './support/api-and-worker';
import { useToolFilesUpload } from './support/tool-files-upload';

/**
 * docs/product/rules.md#R943, docs/product/rules.md#R947: an admin adds a declared accessible
 * alternative (the DOCX of an untagged PDF); the worker checks it exactly like the main file and the
 * admin reads its own result beside the main file's.
 */
describe('a declared accessible alternative checked by the worker (API + worker, real PostgreSQL and Redis)', () => {
  const stack = useApiAndWorker('altfile', { smtp: false });
  const { form, create, sheet } = useToolFilesUpload(stack);
  const adminSheet = (id: number) => sheet(id, true);

  it('checks the alternative on its own, keeps the main file’s check, and forgets both file and check when removed', async () => {
    const id = await create(`Plan non balisé ${Date.now().toString(36)}`, await untaggedPdf(), 'plan.pdf');
    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un modèle.')
      .attach('altFile', await sampleDocx(), 'plan-accessible.docx').expect(200);

    await waitUntil(async () => {
      const tool = await adminSheet(id);
      return tool.accessibility?.outcome === 'partial' && Boolean(tool.file?.alternative?.accessibility);
    });
    const tool = await adminSheet(id);
    expect(tool.file!.alternative).toEqual({
      name: 'plan-accessible.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: expect.any(Number),
      accessibility: { outcome: 'accessible', checked: expect.any(Number), checkedAt: expect.any(String), issues: [] },
    });
    // The main file's check is still the untagged PDF's.
    expect(tool.accessibility!.issues.length).toBeGreaterThan(0);

    // docs/product/rules.md#R945, docs/product/rules.md#R947: a visitor reads the alternative and its verdict, and the document conforms (RGAA 13.3).
    await waitUntil(async () => (await sheet(id)).documentAccessible === true);
    expect((await sheet(id)).alternative).toMatchObject({ format: 'word', accessibility: { outcome: 'accessible', issues: [] } });
    const statement: DocumentsAccessibilityResponse = (await request(stack.api.http).get('/api/tools/accessibility').expect(200)).body;
    expect(statement.nonConforming.some((doc) => doc.slug === tool.slug)).toBe(false);
    expect(statement.accessibleVersions).toContainEqual({ name: tool.name, slug: tool.slug, format: 'word' });

    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Un modèle.').field('altFileRemove', 'true').expect(200);
    expect((await adminSheet(id)).file!.alternative).toBeNull();
    const checks = await stack.dataSource.query(`SELECT count(*)::int AS n FROM tool_file_accessibility WHERE tool_id = $1`, [id]);
    expect(checks[0].n).toBe(1);
  });
});
