import nodemailer from 'nodemailer';
import { linkFrom, startSmtpCatcher } from './smtp-catcher';

describe('SMTP catcher (real MailDev)', () => {
  it('receives a mail sent over SMTP and finds its link', async () => {
    const catcher = await startSmtpCatcher({ web: true });
    try {
      await nodemailer.createTransport(catcher.url).sendMail({
        from: 'test@example.com',
        to: 'lea@example.com',
        subject: 'Bonjour',
        text: 'Cliquez ici : http://localhost:4200/profile/confirmed?email=lea%40example.com&token=xyz merci',
      });
      const mail = await catcher.waitFor((m) => m.to.some((t) => t.address === 'lea@example.com'));
      expect(mail.subject).toBe('Bonjour');
      expect(linkFrom(mail, 'http://localhost:4200/profile/confirmed')).toBe('http://localhost:4200/profile/confirmed?email=lea%40example.com&token=xyz');
      // The REST API the browser journeys read.
      const viaRest = await (await fetch(`${catcher.webUrl}/email`)).json();
      expect(viaRest).toHaveLength(1);
    } finally {
      await catcher.close();
    }
  });

  it('gives up waiting with a clear error', async () => {
    const catcher = await startSmtpCatcher();
    try {
      await expect(catcher.waitFor((m) => m.subject === 'Jamais envoyé', 300)).rejects.toThrow('Timed out after 300 ms waiting for: a matching mail');
    } finally {
      await catcher.close();
    }
  });
});
