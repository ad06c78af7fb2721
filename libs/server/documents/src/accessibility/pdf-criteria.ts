import type { PdfAccessibilityFacts } from './pdf-facts';
import { criterion, type CriterionResult, pagesWhere } from './report';
import { CRITERIA } from './texts';

const c = (id: string, status: CriterionResult['status'], where: string[] = []) => criterion(CRITERIA, id, status, where);
const passedUnless = (failed: boolean) => (failed ? 'failed' : 'passed') as CriterionResult['status'];

/**
 * What a PDF's facts mean (docs/product/rules.md#R941). A criterion that needs the structure
 * (headings, figures, tables, reading order) fails on an untagged PDF where it can be told it
 * applies (headings, reading order: any document with text), and is not applicable where nothing
 * can be told (figures, tables: none are known without a structure).
 */
export function pdfCriteria(facts: PdfAccessibilityFacts): CriterionResult[] {
  const tagged = facts.marked && facts.structured;
  const hasText = facts.textChars > 0;
  const textless = facts.pagesWithoutText.length === facts.pagesRead ? [] : pagesWhere(facts.pagesWithoutText);
  const results: CriterionResult[] = [
    c('pdf-tagged', passedUnless(!tagged), tagged ? [] : [!facts.structured ? 'aucun arbre de structure' : 'MarkInfo absent ou à faux']),
    c('pdf-language', passedUnless(!facts.language), ['propriétés du document']),
    c('pdf-title', passedUnless(!facts.title || !facts.displayDocTitle), [!facts.title ? 'aucun titre dans les propriétés' : 'le nom du fichier s’affiche à la place du titre']),
    c('pdf-text', passedUnless(!hasText), hasText ? textless : ['tout le document']),
  ];
  if (!hasText) results.push(c('pdf-headings', 'not-applicable'));
  else results.push(c('pdf-headings', passedUnless(!tagged || facts.headings === 0), ['aucun titre balisé']));
  results.push(c('pdf-figures', facts.figures === 0 ? 'not-applicable' : passedUnless(facts.figuresWithoutAlt.length > 0), figureWhere(facts.figuresWithoutAlt)));
  results.push(c('pdf-tables', facts.tables === 0 ? 'not-applicable' : passedUnless(facts.tablesWithoutHeader.length > 0), tableWhere(facts.tablesWithoutHeader)));
  if (!hasText) results.push(c('pdf-reading-order', 'not-applicable'));
  else if (!tagged) results.push(c('pdf-reading-order', 'failed', ['aucune structure : l’ordre de lecture ne peut pas être connu']));
  else results.push(c('pdf-reading-order', passedUnless(facts.pagesOutsideStructure.length > 0), pagesWhere(facts.pagesOutsideStructure)));
  results.push(c('pdf-ua', passedUnless(facts.pdfUaPart === null), ['aucune identification PDF/UA dans les métadonnées']));
  return results;
}

const figureWhere = (pages: number[]) => pages.map((page, i) => `image ${i + 1} (page ${page})`).slice(0, 10);
const tableWhere = (pages: number[]) => pages.map((page, i) => `tableau ${i + 1} (page ${page})`).slice(0, 10);
