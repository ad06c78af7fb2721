import { checkDocumentAccessibility } from '@outils/server-documents';
import { DEMO_TOOLS } from './data';
import { generateToolFile } from './files';

/**
 * docs/product/rules.md#R936: the demo files are generated accessible, except the tools left
 * inaccessible on purpose (at least two), so the demo shows both states of the check.
 */
describe('demo files and the accessibility check', () => {
  it('gives « accessible » for every demo file but those left inaccessible on purpose', async () => {
    const outcomes: Array<[string, string, string[]]> = [];
    for (const tool of DEMO_TOOLS) {
      const file = await generateToolFile(tool);
      const report = await checkDocumentAccessibility(file.body, file.mime);
      outcomes.push([tool.name, report.outcome, report.criteria.filter((c) => c.status === 'failed').map((c) => c.id)]);
    }
    const expected = DEMO_TOOLS.map((tool) => [tool.name, tool.inaccessible ? 'partial' : 'accessible']);
    expect(outcomes.map(([name, outcome]) => [name, outcome])).toEqual(expected);
    expect(DEMO_TOOLS.filter((tool) => tool.inaccessible).length).toBeGreaterThanOrEqual(2);
    expect(outcomes.find(([name]) => name === 'Infographie : bien choisir son hébergement cloud')![2]).toEqual(
      ['pdf-tagged', 'pdf-language', 'pdf-title', 'pdf-headings', 'pdf-reading-order', 'pdf-ua'],
    );
    expect(outcomes.find(([name]) => name === 'Modèle de conditions générales de vente')![2]).toEqual(['docx-language', 'docx-title']);
  }, 120_000);
});
