/**
 * The SPA page: a React app that imports `@crypto-pay/widget` as a package (its React entry,
 * which also types `<crypto-pay>` in JSX), listens to its events, and keeps navigation to itself
 * (it cancels the widget's own redirects).
 */
import '@crypto-pay/widget/react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

const root = document.getElementById('app')!;
createRoot(root).render(<App proxy={root.dataset.proxy!} />);
