/** `<cp-balances>`: the merchant's balances at the service (`GET /admin/balances`). */
import { currencyOfCode } from '@crypto-pay/protocol';
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement } from 'lit/decorators.js';
import { api } from '../../api.ts';
import { formatCurrency } from '../../format.ts';
import { strings } from '../../strings.ts';
import { shared, tokens } from '../../styles.ts';
import { dataTable } from '../../table.ts';
import type { Balance } from '../../types.ts';
import { whenLoaded } from '../../ui.ts';

const t = strings.money;

/**
 * `USDT on Tron (USDTT)`: the asset and its network as the customer reads them, with the
 * service's code, which withdrawals take, when it is not the ISO code itself.
 */
function currencyCell(code: string): string {
  const currency = currencyOfCode(code);
  const named = formatCurrency(currency);
  return currency.iso === code ? named : `${named} (${code})`;
}

@customElement('cp-balances')
export class Balances extends LitElement {
  static override styles = [tokens, shared];

  private readonly balances = new Task(this, {
    task: (_args, { signal }) => api<{ data: Balance[] }>('/admin/balances', { signal }),
    args: () => [],
  });

  override render() {
    return html`<h2>${t.balances}</h2>
      ${whenLoaded(this.balances, ({ data }) =>
        dataTable(
          t.balances,
          [
            { heading: t.currency, cell: (entry) => currencyCell(entry.currency) },
            { heading: t.balance, cell: (entry) => entry.balance },
          ],
          data,
        ),
      )}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-balances': Balances;
  }
}
