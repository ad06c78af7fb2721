import { DiagnosticMessages } from '@outils/contracts';
import { scoreAnswers, ScoringAxis, ScoringQuestion } from './scoring';

const axes: ScoringAxis[] = [
  { id: 1, key: 'outils', name: 'Outils', position: 1 },
  { id: 2, key: 'donnees', name: 'Données', position: 2 },
  { id: 3, key: 'clients', name: 'Clients', position: 3 },
];
const questions: ScoringQuestion[] = [
  { id: 10, axisId: 1, text: 'Q1', multiple: false, answers: [{ id: 100, points: 0 }, { id: 101, points: 2 }, { id: 102, points: 4 }] },
  { id: 11, axisId: 1, text: 'Q2', multiple: true, answers: [{ id: 110, points: 1 }, { id: 111, points: 1 }, { id: 112, points: 2 }] },
  { id: 20, axisId: 2, text: 'Q3', multiple: false, answers: [{ id: 200, points: 0 }, { id: 201, points: 4 }] },
  { id: 30, axisId: 3, text: 'Q4', multiple: false, answers: [{ id: 300, points: 0 }, { id: 301, points: 4 }] },
];

describe('diagnostic scoring (docs/product/rules.md#R552)', () => {
  it('scores each axis over the answered questions and picks the weakest as priorities', () => {
    const outcome = scoreAnswers(axes, questions, [301, 101, 110, 112, 200]);
    if ('error' in outcome) throw new Error(outcome.error);
    // Outils: (2 + 3) / (4 + 4) = 63 %; Données 0 %; Clients 100 %.
    expect(outcome.scores.map((s) => [s.key, s.score])).toEqual([['outils', 63], ['donnees', 0], ['clients', 100]]);
    expect(outcome.overall).toBe(54);
    expect(outcome.priorityAxisIds).toEqual([2, 1]);
    expect(outcome.answerIds).toEqual([101, 110, 112, 200, 301]);
  });

  it('leaves a skipped axis without a score and never makes it a priority', () => {
    const outcome = scoreAnswers(axes, questions, [102, 201]);
    if ('error' in outcome) throw new Error(outcome.error);
    expect(outcome.scores.find((s) => s.key === 'clients')).toMatchObject({ score: null, answered: 0, questions: 1 });
    // Nothing under 75: the two lowest evaluated axes are still named.
    expect(outcome.priorityAxisIds).toEqual([1, 2]);
  });

  it('refuses an unknown answer and two answers to a single-choice question', () => {
    expect(scoreAnswers(axes, questions, [999])).toEqual({ error: DiagnosticMessages.unknownAnswer });
    expect(scoreAnswers(axes, questions, [100, 101])).toEqual({ error: DiagnosticMessages.oneAnswerOnly('Q1') });
  });
});
