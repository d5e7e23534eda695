// Where a payment opens in the proxy's dashboard, for the orders page: under the proxy's own
// address, path prefix included (a proxy behind https://shop.example/pay/ serves it at /pay/dashboard/).

/** The dashboard's page of checkout `checkoutId` on the proxy at `proxyUrl`. */
export function dashboardPaymentUrl(proxyUrl, checkoutId) {
  const base = proxyUrl.endsWith('/') ? proxyUrl : `${proxyUrl}/`;
  return new URL(`dashboard/payments/${encodeURIComponent(checkoutId)}`, base).href;
}
