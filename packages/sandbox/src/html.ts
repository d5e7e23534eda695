/** HTML for the hosted pages and the dashboard: escaping and one shared layout, no scripts. */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Markup already escaped: what the `html` tag returns, inserted as it is by another `html`. */
export class RawHtml {
  constructor(readonly html: string) {}
  toString() {
    return this.html;
  }
}

/** A tagged template whose interpolations are escaped unless they are `RawHtml` (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): RawHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    const items = Array.isArray(value) ? value : [value];
    out += items.map((item) => (item instanceof RawHtml ? item.html : escapeHtml(item))).join('');
    out += strings[index + 1]!;
  });
  return new RawHtml(out);
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.5rem} table{border-collapse:collapse;width:100%;margin:0 0 2rem;font-size:.875rem}
th,td{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
.scroll{overflow-x:auto;max-width:100%;margin:0 0 2rem} .scroll table{margin:0}
.banner{background:#fff4ce;border:1px solid #e0c25c;padding:.5rem 1rem;border-radius:.5rem}
.amount{font-size:2rem;font-weight:600} fieldset{border:1px solid #ccc;border-radius:.5rem;margin:1rem 0}
button{font:inherit;padding:.5rem 1rem;margin:.25rem .25rem .25rem 0;border-radius:.5rem;border:1px solid #888;cursor:pointer}
button.primary{background:#1d4ed8;color:#fff;border-color:#1d4ed8} code{word-break:break-all}
.status{display:inline-block;padding:0 .5rem;border-radius:1rem;background:#eee}
a:focus-visible,button:focus-visible,input:focus-visible,.scroll:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
`;

/**
 * The tab's icon, inline so the browser asks the server for no `/favicon.ico`: the banner's
 * yellow, so a sandbox tab stands out among real ones.
 */
const ICON = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' height='16' rx='4' fill='#e0c25c'/><text x='8' y='12' font-family='sans-serif' font-size='11' font-weight='bold' text-anchor='middle' fill='#1d1d1f'>S</text></svg>",
)}`;

/**
 * A whole page: the sandbox banner first, so nobody takes it for a real payment. The banner
 * sits in the page's header landmark, the content in `main`: nothing outside a landmark.
 */
export function page(title: string, body: RawHtml): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="${escapeHtml(ICON)}" type="image/svg+xml"><style>${STYLE}</style></head>
<body><header><p class="banner" role="note">Sandbox: no real money moves here.</p></header>
<main>
${body.html}
</main>
</body></html>`;
}
