// rejects: Property 'payment_link' does not exist
import '@crypto-pay/widget/react';

export const misuse = (
  <crypto-pay
    proxy="/pay"
    product="grinder"
    oncrypto-pay-success={(event) => console.log(event.detail.payment_link)}
  />
);
