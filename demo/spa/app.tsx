/** The shop as one React component: a product, the checkout, and a thank-you screen. */
import { useCallback, useState } from 'react';

type Screen = 'product' | 'checkout' | 'thanks' | 'sorry';

const EVENTS = [
  'crypto-pay-ready',
  'crypto-pay-created',
  'crypto-pay-status',
  'crypto-pay-success',
  'crypto-pay-failure',
  'crypto-pay-error',
] as const;

export function App({ proxy }: { proxy: string }) {
  const [screen, setScreen] = useState<Screen>('product');
  const [events, setEvents] = useState<{ id: number; line: string }[]>([]);

  // A callback ref: listeners go on when the widget mounts and come off when it unmounts.
  const listenTo = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const listener = (event: Event) => {
      const { detail } = event as CustomEvent<Record<string, unknown>>;
      const line = `${event.type} ${JSON.stringify(detail ?? {})}`;
      setEvents((seen) => [...seen, { id: seen.length, line }]);
      if (event.type === 'crypto-pay-success' || event.type === 'crypto-pay-failure') {
        // The app navigates itself; the widget must not leave the page.
        event.preventDefault();
        setScreen(event.type === 'crypto-pay-success' ? 'thanks' : 'sorry');
      }
    };
    for (const type of EVENTS) element.addEventListener(type, listener);
    return () => {
      for (const type of EVENTS) element.removeEventListener(type, listener);
    };
  }, []);

  return (
    <div className="layout">
      <section>
        {screen === 'product' && (
          <>
            <h1>Burr grinder</h1>
            <p className="price">129.00 USD</p>
            <p className="muted">This page is a React app. The widget is an npm import.</p>
            <button type="button" className="button primary" onClick={() => setScreen('checkout')}>
              Buy with crypto
            </button>
          </>
        )}
        {screen === 'checkout' && (
          <>
            <h1>Checkout</h1>
            <button type="button" className="button" onClick={() => setScreen('product')}>
              Back to the product
            </button>
          </>
        )}
        {screen === 'thanks' && <h1 data-screen="thanks">Thanks! Your grinder is on its way.</h1>}
        {screen === 'sorry' && <h1 data-screen="sorry">The payment did not complete.</h1>}
        <h2>Events the app received</h2>
        <ol className="event-log" aria-label="Widget events">
          {events.map((event) => (
            <li key={event.id}>{event.line}</li>
          ))}
        </ol>
      </section>
      {screen === 'checkout' && (
        <section className="card" aria-label="Pay with crypto">
          <crypto-pay ref={listenTo} proxy={proxy} product="grinder" />
        </section>
      )}
    </div>
  );
}
