/** Registers `<crypto-pay-result>`. */
import ResultView from './result-view.component.ts';

export { ResultView };

if (!customElements.get('crypto-pay-result')) {
  customElements.define('crypto-pay-result', ResultView);
}

declare global {
  interface HTMLElementTagNameMap {
    'crypto-pay-result': ResultView;
  }
}
