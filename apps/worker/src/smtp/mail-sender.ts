import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG, AppConfig } from '@outils/server-config';
import { createSmtpTransport, RenderedMail } from '@outils/server-mail';

/** The SMTP server, behind one small class so that handler tests can swap it. */
@Injectable()
export class MailSender implements OnApplicationShutdown {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.transport = createSmtpTransport(config.smtp.url);
    this.from = config.smtp.from;
  }

  async send(to: string, mail: RenderedMail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, attachments: mail.attachments });
  }

  onApplicationShutdown() {
    this.transport.close();
  }
}
