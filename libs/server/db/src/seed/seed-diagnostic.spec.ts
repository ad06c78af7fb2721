import { DEMO_TOOLS } from './catalogue/data';
import { DEMO_DIAGNOSTIC, diagnosticToolNames } from './seed-diagnostic';

describe('the demo questionnaire (docs/product/rules.md#R559)', () => {
  it('has five axes and 10 to 15 questions, every answer scored 0 to 4', () => {
    expect(DEMO_DIAGNOSTIC).toHaveLength(5);
    const questions = DEMO_DIAGNOSTIC.flatMap((a) => a.questions);
    expect(questions.length).toBeGreaterThanOrEqual(10);
    expect(questions.length).toBeLessThanOrEqual(15);
    for (const answer of questions.flatMap((q) => q.answers)) expect(answer.points).toBeGreaterThanOrEqual(0);
    for (const answer of questions.flatMap((q) => q.answers)) expect(answer.points).toBeLessThanOrEqual(4);
  });

  it('names only tools of the demo catalogue', () => {
    const catalogue = new Set(DEMO_TOOLS.map((t) => t.name));
    expect(diagnosticToolNames().filter((name) => !catalogue.has(name))).toEqual([]);
  });
});
