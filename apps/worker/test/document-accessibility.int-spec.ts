import request from 'supertest';
import type { DocumentsAccessibilityResponse } from '@outils/contracts';
import { nestedArraysPdf, paddedPdf, sampleDocx, taggedPdf, tinyPng, untaggedPdf } from '@outils/server-documents/testing';
import { waitUntil } from '@outils/server-testing';
import { useApiAndWorker } from './support/api-and-worker';
import { useToolFilesUpload } from './support/tool-files-upload';

/**
 * docs/product/rules.md#R934: a file saved through the API is checked by the worker (outbox →
 * BullMQ `files` queue), and the report is stored for that tool and file.
 */
describe('document accessibility checked by the worker (API + worker, real PostgreSQL and Redis)', () => {
  const stack = useApiAndWorker('a11y', { smtp: false });
  const { form, create, sheet, checkOf } = useToolFilesUpload(stack);

  it('stores an accessible report for a tagged PDF, and a partial one saying where and how to fix for an untagged PDF', async () => {
    const good = await create(`Plan accessible ${Date.now().toString(36)}`, await taggedPdf(), 'plan.pdf');
    const bad = await create(`Plan non balisé ${Date.now().toString(36)}`, await untaggedPdf(), 'plan.pdf');
    await waitUntil(async () => (await checkOf(good)) !== undefined && (await checkOf(bad)) !== undefined);
    const [fileKey] = (await stack.dataSource.query(`SELECT file_key FROM tool WHERE id = $1`, [good])).map((r: { file_key: string }) => r.file_key);
    expect(await checkOf(good)).toMatchObject({ file_key: fileKey, format: 'pdf', outcome: 'accessible', failed_count: 0 });
    const partial = (await checkOf(bad))!;
    expect(partial).toMatchObject({ format: 'pdf', outcome: 'partial', failed_count: 6 });
    expect(partial.criteria.find((c) => c.id === 'pdf-tagged')).toMatchObject({ status: 'failed', where: ['aucun arbre de structure'], reference: 'PDF/UA-1 § 7.1 ; RGAA 13.3' });

    // docs/product/rules.md#R949: the public sheet carries it (the catalogue told by the check's notification).
    await waitUntil(async () => (await sheet(good)).accessibility?.outcome === 'accessible' && (await sheet(bad)).accessibility?.outcome === 'partial');
    expect((await sheet(good)).accessibility).toEqual({ outcome: 'accessible', checked: 9, checkedAt: expect.any(String), issues: [] });
    expect((await sheet(bad)).accessibility!.issues).toHaveLength(6);
    expect((await sheet(bad)).accessibility!.issues[0]).toEqual({
      label: 'Le PDF est balisé (arbre de structure et MarkInfo)', reference: 'PDF/UA-1 § 7.1 ; RGAA 13.3', where: ['aucun arbre de structure'], fix: expect.stringMatching(/^Exportez le PDF avec l’option « PDF balisé »/),
    });
    // docs/product/rules.md#R948: the statement lists the untagged PDF, not the accessible one.
    const statement: DocumentsAccessibilityResponse = (await request(stack.api.http).get('/api/tools/accessibility').expect(200)).body;
    const names = statement.nonConforming.map((doc) => doc.name);
    expect(names.some((name) => name.startsWith('Plan non balisé'))).toBe(true);
    expect(names.some((name) => name.startsWith('Plan accessible'))).toBe(false);
    expect(statement.checked).toBeGreaterThanOrEqual(2);
    expect(statement.lastCheckedAt).not.toBeNull();
  });

  it('checks a replaced file again and keeps only the check of the file the tool has', async () => {
    const id = await create(`Contrat ${Date.now().toString(36)}`, await sampleDocx({ imageAlt: null }), 'contrat.docx');
    await waitUntil(async () => (await checkOf(id)) !== undefined);
    expect(await checkOf(id)).toMatchObject({ format: 'docx', outcome: 'partial', failed_count: 1 });
    await form('/admin/tools/update').field('toolId', String(id)).field('description', 'Nouvelle version.').field('versionNote', 'Images décrites.')
      .attach('toolFile', await sampleDocx(), 'contrat.docx').expect(200);
    const [{ file_key: newKey }] = await stack.dataSource.query(`SELECT file_key FROM tool WHERE id = $1`, [id]);
    await waitUntil(async () => (await checkOf(id))?.file_key === newKey);
    expect(await checkOf(id)).toMatchObject({ outcome: 'accessible', failed_count: 0 });
    expect(Number((await stack.dataSource.query(`SELECT count(*) AS n FROM tool_file_accessibility WHERE tool_id = $1`, [id]))[0].n)).toBe(1);
  });

  it('a damaged file fails its own check only; the next file is checked as usual', async () => {
    const damaged = await create(`PDF abîmé ${Date.now().toString(36)}`, Buffer.from('%PDF-1.7\nrien de lisible\n%%EOF\n'), 'abime.pdf');
    await waitUntil(async () => (await checkOf(damaged)) !== undefined);
    expect(await checkOf(damaged)).toMatchObject({ outcome: 'partial', failed_count: 1, criteria: [{ id: 'readable', status: 'failed' }] });
    const next = await create(`Après ${Date.now().toString(36)}`, await taggedPdf(), 'suite.pdf');
    await waitUntil(async () => (await checkOf(next))?.outcome === 'accessible');
  });

  it('checks a 50 MB PDF made on the fly in the isolated reader, and a hostile PDF fails its own check only (docs/product/rules.md#R933)', async () => {
    // Just under the upload limit (50 MB): the same tagged document, grown by filler the reader skips.
    const heavy = paddedPdf(await taggedPdf(), 50 * 1024 * 1024 - 4096);
    expect(heavy.length).toBeGreaterThan(49 * 1024 * 1024);
    const big = await create(`Plan lourd ${Date.now().toString(36)}`, heavy, 'plan-lourd.pdf');
    const hostile = await create(`PDF piégé ${Date.now().toString(36)}`, nestedArraysPdf(), 'piege.pdf');
    const after = await create(`Après le piège ${Date.now().toString(36)}`, await taggedPdf(), 'suite.pdf');
    // The bounds of R933 (256 MB, 20 seconds per file) are the isolated reader's; the wait leaves room for the three files.
    const done = async (id: number) => (await checkOf(id)) !== undefined;
    await waitUntil(async () => (await done(big)) && (await done(hostile)) && (await done(after)), { timeoutMs: 90_000, what: 'the three checks' });
    expect(await checkOf(big)).toMatchObject({ format: 'pdf', outcome: 'accessible', failed_count: 0 });
    expect(await checkOf(hostile)).toMatchObject({ outcome: 'partial', failed_count: 1, criteria: [{ id: 'readable', status: 'failed', where: ['fichier illisible ou endommagé'] }] });
    expect(await checkOf(after)).toMatchObject({ outcome: 'accessible', failed_count: 0 });
  }, 120_000);

  it('judges an image file on the description its admin gave (docs/product/rules.md#R942)', async () => {
    const id = await create(`Infographie ${Date.now().toString(36)}`, tinyPng(16), 'infographie.png', { fileAlt: 'Les trois étapes d’une sauvegarde.' });
    await waitUntil(async () => (await checkOf(id)) !== undefined);
    expect(await checkOf(id)).toMatchObject({ format: 'image', outcome: 'accessible', failed_count: 0, criteria: [{ id: 'image-alt', status: 'passed' }] });
  });
});
