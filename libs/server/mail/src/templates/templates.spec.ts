import { renderActivationMail, renderEmailChangedMail, renderPasswordResetMail } from '.';

const ENGLISH = /\b(the|your|click|password|account)\b/i;

describe('account mail templates (French, HTML + text)', () => {
  const activation = renderActivationMail({ firstName: 'Zoé <b>', activationUrl: 'http://localhost:4200/profile/confirmed?email=zoe%40exemple.fr&token=abc' });
  const reset = renderPasswordResetMail({ firstName: 'Zoé', resetUrl: 'http://localhost:4200/login/password/reset?email=zoe%40exemple.fr&token=def' });
  const changed = renderEmailChangedMail({ firstName: 'Zoé', newEmail: 'nouvelle@exemple.fr' });

  it('spells the link out in the text part and puts it behind a button in the HTML part', () => {
    expect(activation.text).toContain('Activer mon compte : http://localhost:4200/profile/confirmed?email=zoe%40exemple.fr&token=abc');
    expect(activation.html).toContain('href="http://localhost:4200/profile/confirmed?email=zoe%40exemple.fr&amp;token=abc"');
    expect(reset.text).toContain('Choisir un nouveau mot de passe : http://localhost:4200/login/password/reset?email=zoe%40exemple.fr&token=def');
    expect(activation.text).toContain('48 heures');
    expect(reset.text).toContain('1 heure');
  });

  it('escapes what the member typed', () => {
    expect(activation.html).toContain('Bienvenue Zoé &lt;b&gt; !');
    expect(activation.html).not.toContain('Zoé <b>');
  });

  it('is French, signed by the team, with a subject for each mail', () => {
    for (const mail of [activation, reset, changed]) {
      expect(mail.subject).not.toMatch(ENGLISH);
      expect(mail.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(ENGLISH);
      expect(mail.text).toContain('L’équipe Outils');
      expect(mail.html).toContain('<html lang="fr">');
    }
    expect(changed.text).toContain('nouvelle@exemple.fr');
    expect([activation.subject, reset.subject, changed.subject]).toEqual([
      'Activez votre compte Outils', 'Réinitialisez votre mot de passe Outils', 'Votre adresse e-mail Outils a changé',
    ]);
  });
});
