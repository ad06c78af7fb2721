/**
 * The one test of "this tool is public" (docs/product/rules.md#R651): published, and its moment
 * has come. Every public read of the catalogue writes it into its SQL, for the tool alias it
 * uses (`publishedTool('t')`); admins' reads leave it out. `published_at` is NULL for a draft
 * and in the future for a scheduled tool (migration 1766600000000).
 */
export const publishedTool = (alias: string): string => `${alias}.published_at <= now()`;
