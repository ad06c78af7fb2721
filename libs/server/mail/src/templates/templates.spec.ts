import {
  renderAccountDeletedMail, renderActivationMail, renderEmailChangeConfirmMail, renderEmailChangedMail, renderEmailChangeRequestedMail,
  renderLoginLinkMail, renderNewsletterConfirmationMail, renderPasswordChangedMail, renderPasswordResetMail,
} from '.';

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

describe('newsletter confirmation mail (docs/product/rules.md#R451, docs/product/rules.md#R744)', () => {
  const mail = renderNewsletterConfirmationMail({
    confirmUrl: 'http://localhost:4200/newsletter/confirmed?id=1&token=a',
    unsubscribeUrl: 'http://localhost:4200/newsletter/unsubscribe?id=1&token=b',
    oneClickUrl: 'https://api.example.fr/api/newsletter/unsubscribe?id=1&token=b',
  });

  it('carries the one-click unsubscribe headers and a visible way out, in French', () => {
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://api.example.fr/api/newsletter/unsubscribe?id=1&token=b>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('Confirmer mon inscription : http://localhost:4200/newsletter/confirmed?id=1&token=a');
    expect(mail.text).toContain('Ne plus recevoir nos e-mails : http://localhost:4200/newsletter/unsubscribe?id=1&token=b');
    expect(mail.text).toContain('30 jours');
    expect(mail.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(ENGLISH);
  });

  it('makes the way out a real link in the HTML part, not plain text', () => {
    expect(mail.html).toContain('<a href="http://localhost:4200/newsletter/unsubscribe?id=1&amp;token=b" style="color:#1f5eff">Ne plus recevoir nos e-mails</a>');
    expect(mail.html).not.toContain('Ne plus recevoir nos e-mails :');
  });
});

describe('mails of a proven e-mail change and of the owner’s notices (docs/product/rules.md#R760, #R766, #R770)', () => {
  const confirm = renderEmailChangeConfirmMail({ firstName: 'Zoé', confirmUrl: 'http://localhost:4200/profile/email-confirmed?email=zoe%40neuf.fr&token=abc' });
  const requested = renderEmailChangeRequestedMail({ firstName: 'Zoé', newEmail: 'zoe@neuf.fr' });
  const passwordReset = renderPasswordChangedMail({ firstName: 'Zoé', how: 'reset' });
  const passwordProfile = renderPasswordChangedMail({ firstName: 'Zoé', how: 'profile' });
  const deleted = renderAccountDeletedMail({ firstName: 'Zoé' });
  const loginLink = renderLoginLinkMail({ firstName: 'Zoé', loginUrl: 'http://localhost:4200/login/link?email=zoe%40exemple.fr&token=def' });

  it('puts each link behind its button and says how long it lasts', () => {
    expect(confirm.text).toContain('Confirmer ma nouvelle adresse : http://localhost:4200/profile/email-confirmed?email=zoe%40neuf.fr&token=abc');
    expect(confirm.text).toContain('24 heures');
    expect(loginLink.text).toContain('Me connecter : http://localhost:4200/login/link?email=zoe%40exemple.fr&token=def');
    expect(loginLink.text).toContain('15 minutes');
  });

  it('tells the address in force what was asked, and says how the password changed', () => {
    expect(requested.text).toContain('zoe@neuf.fr');
    expect(requested.text).toContain('Rien ne change');
    expect(passwordReset.text).toContain('réinitialisé');
    expect(passwordProfile.text).toContain('depuis votre profil');
  });

  it('is French and signed by the team', () => {
    for (const mail of [confirm, requested, passwordReset, passwordProfile, deleted, loginLink]) {
      expect(mail.subject).not.toMatch(ENGLISH);
      expect(mail.text.replace(/https?:\/\/\S+/g, '')).not.toMatch(ENGLISH);
      expect(mail.text).toContain('L’équipe Outils');
    }
  });
});
