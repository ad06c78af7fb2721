import type { Difficulty } from '@outils/contracts';

/** The words of the demo catalogue (docs/product/rules.md#R171): its topics, types and what a demo tool holds. */

export const DEMO_CATEGORIES = [
  'Stratégie numérique',
  'Marketing et communication',
  'Gestion et finance',
  'Cybersécurité',
  'Organisation et outils collaboratifs',
  'Relation client et ventes',
] as const;
export type DemoCategory = (typeof DEMO_CATEGORIES)[number];

export const DEMO_TYPES = ['Diagnostic', 'Checklist', 'Modèle', 'Kit', 'Infographie'] as const;
export type DemoType = (typeof DEMO_TYPES)[number];

export type DemoFormat = 'pdf' | 'xlsx' | 'docx' | 'csv';

export interface DemoSection {
  title: string;
  items: string[];
}

export interface DemoTool {
  name: string;
  category: DemoCategory;
  type: DemoType;
  difficulty: Difficulty | null;
  /** Hours. */
  duration: number | null;
  goal: string;
  people: string;
  description: string;
  format: DemoFormat;
  /** Left not accessible on purpose (docs/product/rules.md#R936): the demo shows both states of the check. */
  inaccessible?: true;
  /** The file's content: a title per section and its lines (questions, steps, rows…). */
  sections: DemoSection[];
  /** Number of PNG illustrations (0 to 3). */
  images: number;
  /** Age at seed time, in hours: today (< 24), 1–9 days, or months. */
  ageHours: number;
  featured?: boolean;
}


/** Ages are in hours. */
export const DAY = 24;
export const MONTH = 30 * DAY;
