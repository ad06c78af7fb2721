import { layoutMail, oneClickUnsubscribeHeaders, RenderedMail } from '../render-mail';

export interface PlanReminderData {
  firstName: string;
  /** The plan's week (1–8). */
  week: number;
  /** The next step, or null when the plan is over (the last mail invites to retake the diagnostic). */
  step: { toolName: string; toolUrl: string; answers: Array<{ label: string; url: string }> } | null;
  planUrl: string;
  diagnosticUrl: string;
  unsubscribeUrl: string;
  oneClickUrl: string;
}

/**
 * The followed plan's weekly mail (docs/product/rules.md#R979): the next step with its one-click
 * answers (each opens a page that asks to confirm, docs/product/rules.md#R980), or, at the end,
 * the invitation to retake the diagnostic (docs/product/rules.md#R981); the one-click way out in
 * the headers and a visible one.
 */
export function renderPlanReminderMail(data: PlanReminderData): RenderedMail {
  const layout = data.step
    ? layoutMail({
        title: `Bonjour ${data.firstName},`,
        paragraphs: [
          `Semaine ${data.week} de votre plan : l’étape suivante est « ${data.step.toolName} ».`,
          `La fiche de l’outil : ${data.step.toolUrl}`,
          ['Où en êtes-vous ? Répondez en un clic :', ...data.step.answers.map((a) => `${a.label} : ${a.url}`)].join('\n'),
        ],
        action: { label: 'Voir mon plan', url: data.planUrl },
        after: ['Vous recevez cet e-mail parce que vous suivez le plan de votre diagnostic. Un e-mail par semaine, 8 semaines au plus.'],
        unsubscribe: { label: 'Ne plus recevoir les e-mails de mon plan', url: data.unsubscribeUrl },
      })
    : layoutMail({
        title: `Bonjour ${data.firstName},`,
        paragraphs: [
          'Votre plan est terminé. Refaites le diagnostic : vous verrez, axe par axe, le chemin parcouru depuis votre premier diagnostic.',
        ],
        action: { label: 'Refaire le diagnostic', url: data.diagnosticUrl },
        after: [`Vos réponses restent dans « Mon plan » : ${data.planUrl}`],
        unsubscribe: { label: 'Ne plus recevoir les e-mails de mon plan', url: data.unsubscribeUrl },
      });
  return {
    subject: data.step ? `Votre plan, semaine ${data.week} : ${data.step.toolName}` : 'Votre plan est terminé : mesurez vos progrès',
    headers: oneClickUnsubscribeHeaders(data.oneClickUrl),
    ...layout,
  };
}
