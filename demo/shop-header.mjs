// The header every demo page shares, written into each page where it says
// `<!-- shop-header -->` (by vite.config.ts, when serving and when building), with the page
// itself marked as the current one.

const PAGES = [
  ['/product.html', 'Product'],
  ['/checkout.html', 'Cart (session)'],
  ['/donate.html', 'Donate'],
  ['/spa.html', 'SPA (React)'],
  ['/theme.html', 'Theming'],
  ['/orders.html', 'Orders'],
];

/** The header's markup for the page at `path` (e.g. `/product.html`). */
export function shopHeader(path) {
  const links = PAGES.map(([href, name]) => {
    const current = href === path ? ' aria-current="page"' : '';
    return `    <a href="${href}"${current}>${name}</a>`;
  });
  return [
    '<header class="shop-header">',
    '  <a class="brand" href="/">☕ Kettle &amp; Co.</a>',
    '  <nav aria-label="Demo pages">',
    ...links,
    '  </nav>',
    '</header>',
  ].join('\n');
}
