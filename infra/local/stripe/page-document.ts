/**
 * The hosted pages' HTML document: plain HTML with inline CSS, no script and no external
 * assets, so the pages work by keyboard, with a screen reader and with JavaScript off.
 */
import type { PageLanguage } from './page-texts';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5;color:#111827;background:#f3f4f6}
body{margin:0;padding:1.5rem 1rem}
main{max-width:40rem;margin:0 auto;background:#fff;border:1px solid #d1d5db;border-radius:.75rem;padding:1.5rem}
header{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem;margin-bottom:.5rem}
h1{font-size:1.5rem;margin:0}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border:1px solid #b45309;border-radius:999px;padding:0 .6rem;font-size:.8125rem;font-weight:600;text-transform:uppercase;letter-spacing:.03em}
.due{font-size:2rem;font-weight:700;margin:.25rem 0 0}
table{width:100%;border-collapse:collapse}
th,td{padding:.5rem .25rem;text-align:left;vertical-align:top;border-bottom:1px solid #e5e7eb}
thead th{font-size:.875rem;color:#374151}
.num{text-align:right;white-space:nowrap}
.desc{display:block;font-weight:400;font-size:.875rem;color:#4b5563}
tfoot th{font-weight:400}
tfoot tr.total th,tfoot tr.total td{font-weight:700;border-bottom:0}
fieldset{border:0;margin:0;padding:0}
legend{font-size:1.125rem;font-weight:600;margin:1.5rem 0 .5rem;padding:0}
.field{margin-bottom:1rem}
.row{display:grid;grid-template-columns:1fr 2fr;gap:0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input,select{width:100%;font:inherit;padding:.55rem .65rem;border:1px solid #6b7280;border-radius:.375rem;background:#fff;color:#111827}
input[readonly]{background:#f3f4f6;border-color:#9ca3af}
input[aria-invalid="true"],select[aria-invalid="true"]{border:2px solid #b42318}
.error{color:#b42318;font-size:.875rem;margin:.25rem 0 0}
.alert{border:2px solid #b42318;background:#fef2f2;color:#7f1d1d;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
.alert p{margin:0;font-weight:600}
.alert ul{margin:.5rem 0 0;padding-left:1.25rem}
.alert a{color:#7f1d1d}
.hint{color:#374151;font-size:.9375rem;margin:0 0 1rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.1rem;border-radius:.5rem;border:2px solid #1f2937;background:#fff;color:#111827;cursor:pointer}
button.primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff;flex:1 1 100%}
button:hover{background:#f3f4f6}
button.primary:hover{background:#1e40af}
a{color:#1d4ed8}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (max-width:30rem){.row{grid-template-columns:1fr}}
`;

export function documentHtml(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
