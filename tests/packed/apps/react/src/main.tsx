/** A merchant's React app: one import registers <crypto-pay> and types it in JSX. */
import '@crypto-pay/widget/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Checkout } from './checkout.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Checkout proxy="/pay" />
  </StrictMode>,
);
