import nodemailer, { Transporter } from 'nodemailer';

/** One pooled SMTP transport per process, built from `SMTP_URL`. */
export function createSmtpTransport(url: string): Transporter {
  return nodemailer.createTransport(url);
}
