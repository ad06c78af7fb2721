/** A rendered e-mail: always both HTML and plain text. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** Extra headers (the newsletter's `List-Unsubscribe`, docs/product/rules.md#R744). */
  headers?: Record<string, string>;
  /** Files joined to the mail (a partner's monthly CSV, docs/product/rules.md#R1001). */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

/**
 * RFC 2369 and RFC 8058 headers of every newsletter-related mail: a mail client's
 * "Se désabonner" POSTs `List-Unsubscribe=One-Click` to the HTTPS address, no login, no page
 * (docs/product/rules.md#R744).
 */
export function oneClickUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Every account mail ends with the team's friendly sign-off. */
export const SIGNATURE = 'À très vite,\nL’équipe Outils';

/**
 * The brand's mail layout: a friendly header, the message, one clear button, and the link
 * spelled out for mail clients that block buttons.
 */
export function layoutMail(input: {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button (what to do if the mail was not expected…). */
  after?: string[];
  /** The newsletter's visible way out, a real link in the HTML part (docs/product/rules.md#R744). */
  unsubscribe?: { label: string; url: string };
  footer?: string;
}): { html: string; text: string } {
  const toHtml = (list: string[]) => list.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
  const paragraphs = toHtml(input.paragraphs);
  const after = toHtml([...(input.after ?? []), SIGNATURE]);
  const action = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#1f5eff;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(input.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br><a href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.url)}</a></p>`
    : '';
  const unsubscribe = input.unsubscribe
    ? `<p style="margin:0 0 16px;font-size:13px;color:#555"><a href="${escapeHtml(input.unsubscribe.url)}" style="color:#1f5eff">${escapeHtml(input.unsubscribe.label)}</a></p>`
    : '';
  const footer = input.footer ?? 'Outils — la bibliothèque la plus cool pour digitaliser son activité soi-même.';
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1b1f2a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="font-size:22px;margin:0 0 20px">${escapeHtml(input.title)}</h1>${paragraphs}${action}${after}${unsubscribe}
<p style="margin:32px 0 0;font-size:12px;color:#777">${escapeHtml(footer)}</p></div></body></html>`;
  const text = [
    input.title,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(input.action ? [`${input.action.label} : ${input.action.url}`, ''] : []),
    ...[...(input.after ?? []), SIGNATURE].flatMap((p) => [p, '']),
    ...(input.unsubscribe ? [`${input.unsubscribe.label} : ${input.unsubscribe.url}`, ''] : []),
    '--',
    footer,
  ].join('\n');
  return { html, text };
}

/** What a mail says inside the brand's layout. */
export type MailLayout = Parameters<typeof layoutMail>[0];

/**
 * A mail to a known member about their account: greeted by first name, in the brand's layout.
 * The one place the greeting is written, so every account mail says hello the same way.
 */
export function accountMail(subject: string, firstName: string, body: Omit<MailLayout, 'title'>): RenderedMail {
  return { subject, ...layoutMail({ title: `Bonjour ${firstName},`, ...body }) };
}
