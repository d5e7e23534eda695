/** Every way a React app sets up <crypto-pay> and listens to it, as the typings allow. */
import type { CryptoPay, CryptoPayFailureEvent } from '@crypto-pay/widget/react';
import { useEffect, useRef, useState } from 'react';

export function Checkout({ proxy }: { proxy: string }) {
  const widget = useRef<CryptoPay>(null);
  const [result, setResult] = useState('');

  useEffect(() => {
    // The element's own type, for a page that listens without JSX.
    const element = document.querySelector('crypto-pay');
    const onStatus = (event: GlobalEventHandlersEventMap['crypto-pay-status']) =>
      setResult(event.detail.status);
    element?.addEventListener('crypto-pay-status', onStatus);
    return () => element?.removeEventListener('crypto-pay-status', onStatus);
  }, []);

  const onFailure = (event: CryptoPayFailureEvent) => {
    event.preventDefault();
    setResult(`${event.detail.status}: ${event.detail.id}`);
  };

  return (
    <section>
      <p data-result>{result}</p>
      <crypto-pay
        ref={widget}
        id="checkout"
        className="checkout"
        proxy={proxy}
        product="grinder"
        mode="link"
        locale="de"
        success-url="/thanks"
        failed-url="/sorry"
        oncrypto-pay-created={(event) => setResult(event.detail.payment_link)}
        oncrypto-pay-success={(event) => {
          event.preventDefault();
          setResult(`paid: ${event.detail.id}`);
        }}
        oncrypto-pay-failure={onFailure}
        oncrypto-pay-error={(event) => setResult(event.detail.code)}
      />
      <crypto-pay proxy={proxy} amount="20.00" currency="EUR" network={undefined} mode="redirect" />
      <crypto-pay proxy={proxy} checkout="ck_1" />
      <crypto-pay proxy={proxy} checkoutId="ck_1" successUrl="/thanks" />
    </section>
  );
}
