/** Demo catalogue content (docs/product/rules.md#R171): French SME tools with real, generated files. */
import { OLDER_DEMO_TOOLS } from './older-tools';
import { RECENT_DEMO_TOOLS } from './recent-tools';
import type { DemoTool } from './vocabulary';

export { DEMO_CATEGORIES, DEMO_TYPES } from './vocabulary';
export type { DemoCategory, DemoFormat, DemoSection, DemoTool, DemoType } from './vocabulary';

/** Every demo tool, newest first. */
export const DEMO_TOOLS: DemoTool[] = [...RECENT_DEMO_TOOLS, ...OLDER_DEMO_TOOLS];
