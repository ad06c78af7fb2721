/** Types of `pdf-facts.js` (plain CommonJS: it runs inside the isolated PDF thread). */
export interface PdfAccessibilityFacts {
  pages: number;
  /** Pages actually read (the first `MAX_PAGES_READ` at most). */
  pagesRead: number;
  /** `MarkInfo` says `Marked true`. */
  marked: boolean;
  /** Some page has a structure tree. */
  structured: boolean;
  language: string | null;
  title: string | null;
  displayDocTitle: boolean;
  pdfUaPart: string | null;
  textChars: number;
  pagesWithoutText: number[];
  headings: number;
  figures: number;
  /** One page number per figure without alternative text. */
  figuresWithoutAlt: number[];
  tables: number;
  tablesWithoutHeader: number[];
  /** Pages whose text lies partly outside the structure (its reading order cannot be told). */
  pagesOutsideStructure: number[];
}
export declare const MAX_PAGES_READ: number;
export declare function readAccessibilityFacts(document: unknown): Promise<PdfAccessibilityFacts>;
