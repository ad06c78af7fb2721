import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { PNG } from 'pngjs';
import { DataSource } from 'typeorm';
import { loadConfig } from '@outils/server-config';
import { DiskStorage } from '@outils/server-storage';
import { createDataSource } from '../../data-source';
import { createTestDatabase, TestDatabase } from '../../testing/test-database';
import { seedCatalogue } from '../seed-catalogue';
import { DEMO_KITS, seedKits } from '../seed-kits';

const MAGIC: Record<string, Buffer> = {
  pdf: Buffer.from('%PDF-'),
  xlsx: Buffer.from('504b0304', 'hex'),
  docx: Buffer.from('504b0304', 'hex'),
  csv: Buffer.from([0xef, 0xbb, 0xbf]),
};

describe('demo catalogue seed (real PostgreSQL, disk storage)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let dir: string;
  let storage: DiskStorage;
  let lines: string[];
  const now = new Date();

  beforeAll(async () => {
    db = await createTestDatabase('seed');
    dataSource = createDataSource(db.url, 2);
    await dataSource.initialize();
    dir = await mkdtemp(join(tmpdir(), 'outils-seed-'));
    storage = new DiskStorage(dir);
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, STORAGE_DIR: dir });
    lines = await seedCatalogue(dataSource, config, storage, now);
  }, 120_000);
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('creates the categories, types and at least 30 tools (3 listing pages or more)', async () => {
    const [counts] = await dataSource.query(`SELECT (SELECT count(*)::int FROM category) AS categories,
      (SELECT count(*)::int FROM tool_type) AS types, (SELECT count(*)::int FROM tool) AS tools`);
    expect(counts.categories).toBeGreaterThanOrEqual(4);
    expect(counts.types).toBeGreaterThanOrEqual(4);
    expect(counts.tools).toBeGreaterThanOrEqual(30);
    expect(Math.ceil(counts.tools / 12)).toBeGreaterThanOrEqual(3);
    expect(lines.join('\n')).toMatch(/32 outils/);
  });

  it('gives every tool a real file with the right signature, readable through storage', async () => {
    const tools: Array<{ name: string; file_key: string; file_size: number }> = await dataSource.query(`SELECT name, file_key, file_size FROM tool`);
    const formats = new Set<string>();
    for (const tool of tools) {
      const ext = tool.file_key.split('.').pop()!;
      formats.add(ext);
      const body = await readFile(join(dir, tool.file_key));
      expect(body.length).toBe(tool.file_size);
      expect(body.subarray(0, MAGIC[ext].length)).toEqual(MAGIC[ext]);
      if (ext === 'docx') expect(body.includes('word/document.xml')).toBe(true);
      if (ext === 'xlsx') expect(body.includes('xl/workbook.xml')).toBe(true);
    }
    expect([...formats].sort()).toEqual(['csv', 'docx', 'pdf', 'xlsx']);
  });

  it('ends with the pages of every PDF and DOCX and a preview image of every PDF (docs/product/rules.md#R637)', async () => {
    const rows: Array<{ file_key: string; file_mime: string; file_pages: number | null; preview_key: string | null; preview_width: number | null; preview_height: number | null }> =
      await dataSource.query(`SELECT file_key, file_mime, file_pages, preview_key, preview_width, preview_height FROM tool`);
    for (const row of rows) {
      const ext = row.file_key.split('.').pop();
      if (ext === 'pdf' || ext === 'docx') expect(row.file_pages).toBeGreaterThanOrEqual(1);
      else expect(row.file_pages).toBeNull();
      if (ext !== 'pdf') {
        expect(row.preview_key).toBeNull();
        continue;
      }
      const png = PNG.sync.read(await readFile(join(dir, row.preview_key!)));
      expect([png.width, png.height]).toEqual([row.preview_width, row.preview_height]);
      expect(png.height).toBeGreaterThan(png.width);
    }
    // Each section of a demo DOCX starts a page: a title page plus one per section.
    const docx = rows.filter((r) => r.file_key.endsWith('.docx')).map((r) => r.file_pages!);
    expect(Math.min(...docx)).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).toMatch(/9 aperçus de PDF/);
  });

  it('writes workbooks that a spreadsheet library opens, with the tool’s rows', async () => {
    const [tool] = await dataSource.query(`SELECT name, file_key FROM tool WHERE file_key LIKE '%.xlsx' ORDER BY created_at DESC LIMIT 1`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(join(dir, tool.file_key))) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getCell('A1').value).toBe(tool.name);
    expect(workbook.worksheets[0].rowCount).toBeGreaterThan(4);
  });

  it('adds 1 to 3 PNG images to several tools', async () => {
    const perTool: Array<{ n: number }> = await dataSource.query(
      `SELECT count(i.id)::int AS n FROM tool t LEFT JOIN tool_image i ON i.tool_id = t.id GROUP BY t.id`,
    );
    const counts = perTool.map((r) => r.n);
    expect(counts).toEqual(expect.arrayContaining([0, 1, 2, 3]));
    expect(Math.max(...counts)).toBeLessThanOrEqual(3);
    const [image] = await dataSource.query(`SELECT storage_key FROM tool_image LIMIT 1`);
    const png = PNG.sync.read(await readFile(join(dir, image.storage_key)));
    expect([png.width, png.height]).toEqual([960, 540]);
  });

  it('spreads creation dates over today, the last 9 days and past months, with one recent tool of the month', async () => {
    const ages: Array<{ days: number }> = await dataSource.query(
      `SELECT EXTRACT(EPOCH FROM ($1::timestamptz - created_at)) / 86400 AS days FROM tool`,
      [now],
    );
    const days = ages.map((a) => Number(a.days));
    expect(days.some((d) => d < 1)).toBe(true);
    expect(days.filter((d) => d >= 1 && d < 10).length).toBeGreaterThanOrEqual(3);
    expect(days.some((d) => d > 60)).toBe(true);
    const featured: Array<{ days: number }> = await dataSource.query(
      `SELECT EXTRACT(EPOCH FROM ($1::timestamptz - created_at)) / 86400 AS days FROM tool WHERE is_featured`,
      [now],
    );
    expect(featured).toHaveLength(1);
    expect(Number(featured[0].days)).toBeLessThan(10);
  });

  it('makes unique slugs and French search work on the demo content', async () => {
    const [{ dupes }] = await dataSource.query(`SELECT count(*) - count(DISTINCT slug) AS dupes FROM tool`);
    expect(Number(dupes)).toBe(0);
    const found = await dataSource.query(
      `SELECT name FROM tool WHERE search_vector @@ websearch_to_tsquery('public.french_unaccent', 'tresorerie')`,
    );
    expect(found.map((r: { name: string }) => r.name)).toContain('Modèle de plan de trésorerie sur 12 mois');
  });

  it('adds nothing the second time', async () => {
    const again = await seedCatalogue(dataSource, loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, STORAGE_DIR: dir }), storage);
    expect(again.join('\n')).toMatch(/rien d’ajouté/);
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM tool`);
    expect(count).toBe(32);
  });

  it('adds the demo kit once, public and marked as a kit, owned by the demo admin, with its tools in order (docs/product/rules.md#R540)', async () => {
    expect(await seedKits(dataSource, undefined)).toEqual([]);
    const [admin] = await dataSource.query(
      `INSERT INTO app_user (email, first_name, last_name, is_admin, password_hash, activated_at, terms_accepted_at)
       VALUES ('admin-kit@example.com', 'Admin', 'Démo', true, 'x', now(), now()) RETURNING id`,
    );
    expect(await seedKits(dataSource, 'Admin-Kit@example.com')).toHaveLength(1);
    expect(await seedKits(dataSource, 'admin-kit@example.com')).toEqual([]);
    const kits = await dataSource.query(`SELECT id, user_id, name, share_token, is_kit FROM tool_folder`);
    expect(kits).toEqual([expect.objectContaining({ user_id: admin.id, name: DEMO_KITS[0].name, is_kit: true, share_token: expect.stringMatching(/^[\w-]{43}$/) })]);
    const items = await dataSource.query(`SELECT tool_name FROM tool_folder_item WHERE folder_id = $1 ORDER BY position`, [kits[0].id]);
    expect(items.map((i: { tool_name: string }) => i.tool_name)).toEqual([...DEMO_KITS[0].tools]);
  });
});
