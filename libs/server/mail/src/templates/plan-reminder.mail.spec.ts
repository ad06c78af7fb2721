import { renderPlanReminderMail } from './plan-reminder.mail';

const base = {
  firstName: 'Camille',
  week: 2,
  planUrl: 'http://localhost:4200/diagnostic/mon-plan',
  diagnosticUrl: 'http://localhost:4200/diagnostic',
  unsubscribeUrl: 'http://localhost:4200/diagnostic/plan/desinscription?plan=7&token=u',
  oneClickUrl: 'https://api.example.fr/api/plan/unsubscribe?plan=7&token=u',
};

/** docs/product/rules.md#R979–R981: the weekly plan mail and the last one. */
describe('plan reminder mail', () => {
  it('names the week and the next step, gives the three one-click answers and both ways out', () => {
    const mail = renderPlanReminderMail({
      ...base,
      step: {
        toolName: 'Plan de trésorerie',
        toolUrl: 'http://localhost:4200/toolspage/plan-de-tresorerie',
        answers: [
          { label: 'Fait', url: 'http://localhost:4200/diagnostic/plan/reponse?answer=done' },
          { label: 'Pas encore', url: 'http://localhost:4200/diagnostic/plan/reponse?answer=not_yet' },
          { label: 'Pas utile', url: 'http://localhost:4200/diagnostic/plan/reponse?answer=not_useful' },
        ],
      },
    });
    expect(mail.subject).toBe('Votre plan, semaine 2 : Plan de trésorerie');
    expect(mail.text).toContain('Fait : http://localhost:4200/diagnostic/plan/reponse?answer=done');
    expect(mail.text).toContain('Pas utile : http://localhost:4200/diagnostic/plan/reponse?answer=not_useful');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://api.example.fr/api/plan/unsubscribe?plan=7&token=u>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('Ne plus recevoir les e-mails de mon plan : http://localhost:4200/diagnostic/plan/desinscription?plan=7&token=u');
  });

  it('invites to retake the diagnostic at the end, without a step', () => {
    const mail = renderPlanReminderMail({ ...base, week: 8, step: null });
    expect(mail.subject).toBe('Votre plan est terminé : mesurez vos progrès');
    expect(mail.text).toContain('Refaire le diagnostic : http://localhost:4200/diagnostic');
    expect(mail.text).not.toContain('reponse?');
  });
});
