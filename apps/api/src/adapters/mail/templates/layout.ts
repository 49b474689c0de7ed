import type { MailMessage } from '../mail-adapter.ts';
import type { Locale } from '../../../lib/locale.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escape a value for HTML text and attribute positions. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** One block of a mail body. Every string is plain text: the HTML renderer escapes it. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** `text` is the sentence carrying the code (the text part); the HTML part also shows the code large. */
  | { kind: 'code'; text: string; code: string }
  | { kind: 'action'; label: string; url: string }
  | { kind: 'details'; rows: [label: string, value: string][] };

export interface MailContent {
  locale: Locale;
  subject: string;
  heading: string;
  blocks: MailBlock[];
  /** Closing line (e.g. "If this was not you…"). */
  footer: string;
  appUrl: string;
}

function renderText(c: MailContent): string {
  const parts = c.blocks.map((b) => {
    switch (b.kind) {
      case 'paragraph':
        return b.text;
      case 'code':
        return b.text;
      case 'action':
        return `${b.label}: ${b.url}`;
      case 'details':
        return b.rows.map(([k, v]) => `${k}: ${v}`).join('\n');
    }
  });
  return `${[...parts, c.footer, c.appUrl].join('\n\n')}\n`;
}

// Colours use letters on purpose: no six-digit run in a mail may look like a one-time code.
function renderHtml(c: MailContent): string {
  const e = escapeHtml;
  const body = c.blocks
    .map((b) => {
      switch (b.kind) {
        case 'paragraph':
          return `<p style="margin:0 0 16px">${e(b.text)}</p>`;
        case 'code':
          return `<p style="margin:0 0 8px">${e(b.text)}</p><p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${e(b.code)}</p>`;
        case 'action':
          return `<p style="margin:0 0 16px"><a href="${e(b.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${e(b.label)}</a></p><p style="margin:0 0 16px;font-size:12px;word-break:break-all">${e(b.url)}</p>`;
        case 'details':
          return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${b.rows
            .map(
              ([k, v]) =>
                `<tr><th scope="row" style="text-align:left;padding:2px 12px 2px 0">${e(k)}</th><td style="padding:2px 0">${e(v)}</td></tr>`,
            )
            .join('')}</table>`;
      }
    })
    .join('\n');
  return `<!doctype html>
<html lang="${e(c.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(c.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2a37">
<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-radius:8px">
<h1 style="font-size:20px;margin:0 0 16px">${e(c.heading)}</h1>
${body}
<p style="margin:16px 0 0;font-size:13px;color:#4b5a6b">${e(c.footer)}</p>
<p style="margin:16px 0 0;font-size:13px"><a href="${e(c.appUrl)}">${e(c.appUrl)}</a></p>
</div>
</body>
</html>
`;
}

/** A mail with a plain-text and an HTML part from the same content. */
export function renderMail(to: string, c: MailContent): MailMessage {
  return { to, subject: c.subject, text: renderText(c), html: renderHtml(c) };
}
