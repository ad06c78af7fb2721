'use strict';
// What a PDF says about its accessibility (docs/product/rules.md#R930), read with pdf.js inside the
// isolated thread of `pdf-engine.js` (docs/product/rules.md#R785). Only facts here; what they
// mean (passed, failed, not applicable) is decided by `pdf-criteria.ts`.

/** Pages read at most: a longer document is judged on its first pages, and says so. */
const MAX_PAGES_READ = 300;

const HEADING = /^H[1-6]?$/;

/** Walks one page's structure tree, counting what the criteria need. */
function walk(node, page, facts) {
  if (!node || typeof node !== 'object') return;
  const role = typeof node.role === 'string' ? node.role : '';
  if (HEADING.test(role)) facts.headings += 1;
  if (role === 'Figure') {
    facts.figures += 1;
    if (!(typeof node.alt === 'string' && node.alt.trim())) facts.figuresWithoutAlt.push(page);
  }
  if (role === 'Table') {
    facts.tables += 1;
    if (!hasRole(node, 'TH')) facts.tablesWithoutHeader.push(page);
  }
  for (const child of node.children || []) walk(child, page, facts);
}

function hasRole(node, role) {
  if (!node || typeof node !== 'object') return false;
  if (node.role === role) return true;
  return (node.children || []).some((child) => hasRole(child, role));
}

/**
 * Text of a page and whether some of it lies outside the structure: a non-empty text item not
 * enclosed in marked content that the structure tree points to (an id), nor in an artifact.
 */
function readText(items) {
  let chars = 0;
  let outside = false;
  const stack = [];
  for (const item of items) {
    if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') stack.push(item);
    else if (item.type === 'endMarkedContent') stack.pop();
    else if (typeof item.str === 'string' && item.str.trim()) {
      chars += item.str.trim().length;
      const inStructure = stack.some((m) => m.id || m.tag === 'Artifact');
      if (!inStructure) outside = true;
    }
  }
  return { chars, outside };
}

/** @param {import('pdfjs-dist').PDFDocumentProxy} document */
async function readAccessibilityFacts(document) {
  const [markInfo, metadata, preferences] = await Promise.all([
    document.getMarkInfo().catch(() => null),
    document.getMetadata().catch(() => ({ info: {}, metadata: null })),
    document.getViewerPreferences().catch(() => null),
  ]);
  const info = metadata.info || {};
  const xmp = metadata.metadata;
  const title = (typeof info.Title === 'string' && info.Title.trim()) || (xmp && typeof xmp.get === 'function' && xmp.get('dc:title')) || null;
  const facts = {
    pages: document.numPages,
    pagesRead: Math.min(document.numPages, MAX_PAGES_READ),
    marked: Boolean(markInfo && markInfo.Marked),
    structured: false,
    language: typeof info.Language === 'string' && info.Language.trim() ? info.Language.trim() : null,
    title: title ? String(title) : null,
    displayDocTitle: Boolean(preferences && preferences.DisplayDocTitle),
    pdfUaPart: (xmp && typeof xmp.get === 'function' && xmp.get('pdfuaid:part')) || null,
    textChars: 0,
    pagesWithoutText: [],
    headings: 0,
    figures: 0,
    figuresWithoutAlt: [],
    tables: 0,
    tablesWithoutHeader: [],
    pagesOutsideStructure: [],
  };
  for (let n = 1; n <= facts.pagesRead; n += 1) {
    const page = await document.getPage(n);
    try {
      const tree = await page.getStructTree().catch(() => null);
      if (tree && Array.isArray(tree.children) && tree.children.length > 0) {
        facts.structured = true;
        walk(tree, n, facts);
      }
      const text = readText((await page.getTextContent({ includeMarkedContent: true })).items);
      facts.textChars += text.chars;
      if (text.chars === 0) facts.pagesWithoutText.push(n);
      if (text.outside) facts.pagesOutsideStructure.push(n);
    } finally {
      page.cleanup();
    }
  }
  if (facts.pdfUaPart !== null) facts.pdfUaPart = String(facts.pdfUaPart);
  return facts;
}

module.exports = { MAX_PAGES_READ, readAccessibilityFacts };
