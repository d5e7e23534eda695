// What every demo page shares, written into each page by vite.config.ts (when serving and when
// building): the head's common lines where it says `<!-- shop-head -->`, and the header where it
// says `<!-- shop-header -->`, with the page itself marked as the current one.

/** The lines of every page's head besides its title and its own scripts and styles. */
export const SHOP_HEAD = [
  '<meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  '<link rel="icon" href="/shared/favicon.svg" type="image/svg+xml">',
  '<link rel="stylesheet" href="/shared/shop.css">',
].join('\n  ');

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

/** `html` (a demo page's source) with the shared head and the header written in, as at `path`. */
export function withShopParts(html, path) {
  return html
    .replace('<!-- shop-head -->', SHOP_HEAD)
    .replace('<!-- shop-header -->', shopHeader(path));
}
