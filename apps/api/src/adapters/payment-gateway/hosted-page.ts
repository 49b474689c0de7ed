import { createHash } from 'node:crypto';
import { toMajorString, type Money } from '@remit/contract';
import { TEST_CARDS, type CardField } from './test-cards.ts';

/**
 * The sandbox gateway's own pages (docs/product/payments.md#the-hosted-card-page): self-contained
 * HTML, English only (a third party's page), inline CSS allowed by its hash and nothing else. Every
 * interpolated value goes through `e()`.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}
const e = escapeHtml;

export const PAGE_TITLE = 'Sandbox card payment';

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a2e;background:#f3f4f8}
.banner{background:#5b2a86;color:#fff;padding:8px 16px;text-align:center;font-size:14px}
main{max-width:28rem;margin:24px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin:0 0 16px}
h2{font-size:1.05rem;margin:24px 0 8px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0 0 16px}
dt{color:#4a4a5e}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:12px 0 4px}
input{width:100%;padding:10px;font:inherit;border:1px solid #6b6b80;border-radius:6px}
input[aria-invalid=true]{border:2px solid #b00020}
input:focus,button:focus,a:focus{outline:3px solid #f5a623;outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.error{color:#b00020;margin:4px 0 0;font-size:14px}
.summary{border:2px solid #b00020;border-radius:6px;padding:8px 16px;margin:0 0 16px}
.summary a{color:#b00020}
button{display:block;width:100%;margin:20px 0 0;padding:12px;font:inherit;font-weight:600;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}
table{width:100%;border-collapse:collapse;font-size:14px}
caption{text-align:left;font-weight:600;padding:0 0 4px}
th,td{text-align:left;padding:4px 8px 4px 0;border-bottom:1px solid #e0e0ea}
code{font-family:ui-monospace,Menlo,Consolas,monospace}
.hint{color:#4a4a5e;font-size:14px}
`;

const STYLE_HASH = `sha256-${createHash('sha256').update(CSS).digest('base64')}`;

/** The page's own Content-Security-Policy: its inline style and forms to itself or back to the merchant. */
export function pageCsp(returnOrigin: string | null): string {
  const formAction = returnOrigin ? `'self' ${returnOrigin}` : "'self'";
  return [
    "default-src 'none'",
    `style-src '${STYLE_HASH}'`,
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** "GBP 1,250.50": exact minor units through the money module, grouped by thousands. */
export function formatAmount(m: Money): string {
  const major = toMajorString(m);
  const negative = major.startsWith('-');
  const [whole = '0', fraction] = (negative ? major.slice(1) : major).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${m.currency} ${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<style>${CSS}</style>
</head>
<body>
<p class="banner">Sandbox payment gateway: test cards only, no real money moves.</p>
<main>
${main}
</main>
</body>
</html>
`;
}

export interface PaymentSummary {
  merchantName: string;
  amount: Money;
  description: string | null;
}

function summary(s: PaymentSummary): string {
  const description = s.description ? `<dt>For</dt><dd>${e(s.description)}</dd>` : '';
  return `<dl>
<dt>Merchant</dt><dd>${e(s.merchantName)}</dd>
<dt>Amount</dt><dd>${e(formatAmount(s.amount))}</dd>
${description}
</dl>`;
}

export interface PayPageView extends PaymentSummary {
  action: string;
  token: string;
  errors?: Partial<Record<CardField, string>>;
  values?: { name?: string; card_number?: string; expiry?: string };
}

const FIELDS: readonly { id: CardField; label: string; attrs: string; hint?: string }[] = [
  { id: 'name', label: 'Name on card', attrs: 'autocomplete="cc-name" maxlength="100"' },
  {
    id: 'card_number',
    label: 'Card number',
    attrs: 'autocomplete="cc-number" inputmode="numeric" maxlength="23"',
  },
  {
    id: 'expiry',
    label: 'Expiry date',
    attrs: 'autocomplete="cc-exp" inputmode="numeric" maxlength="7"',
    hint: 'MM/YY',
  },
  { id: 'cvc', label: 'Security code (CVC)', attrs: 'autocomplete="cc-csc" inputmode="numeric" maxlength="4"' },
];

function field(f: (typeof FIELDS)[number], value: string, error: string | undefined): string {
  const described = [f.hint ? `${f.id}-hint` : '', error ? `${f.id}-error` : ''].filter(Boolean).join(' ');
  return `<div>
<label for="${f.id}">${e(f.label)}</label>
${f.hint ? `<p class="hint" id="${f.id}-hint">${e(f.hint)}</p>` : ''}
<input id="${f.id}" name="${f.id}" type="text" required ${f.attrs} value="${e(value)}"${
    described ? ` aria-describedby="${described}"` : ''
  }${error ? ' aria-invalid="true"' : ''}>
${error ? `<p class="error" id="${f.id}-error">${e(error)}</p>` : ''}
</div>`;
}

export function renderPayPage(v: PayPageView): string {
  const errors = v.errors ?? {};
  const listed = FIELDS.filter((f) => errors[f.id]);
  const errorSummary = listed.length
    ? `<div class="summary" role="alert" aria-labelledby="summary-title">
<h2 id="summary-title">There is a problem</h2>
<ul>${listed.map((f) => `<li><a href="#${f.id}">${e(errors[f.id] ?? '')}</a></li>`).join('')}</ul>
</div>`
    : '';
  const values = v.values ?? {};
  const [name, number, expiry, cvc] = FIELDS as [
    (typeof FIELDS)[number],
    (typeof FIELDS)[number],
    (typeof FIELDS)[number],
    (typeof FIELDS)[number],
  ];
  const cards = TEST_CARDS.map((c) => `<tr><td><code>${e(c.display)}</code></td><td>${e(c.label)}</td></tr>`).join(
    '\n',
  );
  return layout(
    PAGE_TITLE,
    `<h1>${e(PAGE_TITLE)}</h1>
${summary(v)}
${errorSummary}
<form method="post" action="${e(v.action)}" novalidate>
<input type="hidden" name="token" value="${e(v.token)}">
${field(name, values.name ?? '', errors.name)}
${field(number, values.card_number ?? '', errors.card_number)}
<div class="row">
${field(expiry, values.expiry ?? '', errors.expiry)}
${field(cvc, '', errors.cvc)}
</div>
<button type="submit">Pay ${e(formatAmount(v.amount))}</button>
</form>
<form method="post" action="${e(v.action)}">
<input type="hidden" name="token" value="${e(v.token)}">
<button type="submit" name="action" value="cancel" class="secondary">Cancel and return to ${e(v.merchantName)}</button>
</form>
<h2>Test cards</h2>
<table>
<caption>Use any future expiry date and any 3-digit CVC.</caption>
<thead><tr><th scope="col">Card number</th><th scope="col">Result</th></tr></thead>
<tbody>
${cards}
</tbody>
</table>`,
  );
}

export interface ChallengePageView extends PaymentSummary {
  action: string;
  token: string;
}

export function renderChallengePage(v: ChallengePageView): string {
  return layout(
    `3-D Secure authentication - ${PAGE_TITLE}`,
    `<h1>3-D Secure authentication</h1>
<p>Your card issuer asks you to confirm this payment. In the sandbox, choose the result.</p>
${summary(v)}
<form method="post" action="${e(v.action)}">
<input type="hidden" name="token" value="${e(v.token)}">
<button type="submit" name="decision" value="complete">Complete authentication</button>
<button type="submit" name="decision" value="fail" class="secondary">Fail authentication</button>
</form>`,
  );
}

export function renderMessagePage(heading: string, text: string): string {
  return layout(`${heading} - ${PAGE_TITLE}`, `<h1>${e(heading)}</h1>\n<p>${e(text)}</p>`);
}
