// @ts-check
// The bench and the drills write their figures into docs pages that also hold prose: a run may
// rewrite only its own marked section.
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeDocsSection } from '../lib/docs-section.mjs';

const section = { name: 'zip', title: 'Folder ZIP', command: 'bench', script: 'tools/bench/folder-zip.mjs' };

test('a page without the section keeps its text and gets the section appended, then only the section changes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-section-'));
  try {
    const file = join(dir, 'performance.md');
    writeFileSync(file, '# Performance\n\nWhat was measured and why.\n');
    writeDocsSection(file, section, 'first run: 120 MB/s');
    writeDocsSection(file, section, 'second run: 150 MB/s');
    const text = readFileSync(file, 'utf8');
    assert.match(text, /^# Performance\n\nWhat was measured and why\.\n/);
    assert.match(text, /second run: 150 MB\/s/);
    assert.doesNotMatch(text, /first run/);
    assert.equal(text.split('<!-- zip:start').length, 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing page is created around the section', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-section-'));
  try {
    const file = join(dir, 'new.md');
    writeDocsSection(file, section, 'figures');
    assert.match(readFileSync(file, 'utf8'), /^# Folder ZIP\n[\s\S]*<!-- zip:start[^\n]*\nfigures\n<!-- zip:end -->\n$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
