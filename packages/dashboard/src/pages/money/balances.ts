/** `<cp-balances>`: the merchant's balances at the service (`GET /admin/balances`). */
import { currencyOfCode } from '@crypto-pay/protocol/merchant-rules';
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement } from 'lit/decorators.js';
import { api } from '../../api.ts';
import { formatAmount, formatCurrency } from '../../format.ts';
import { strings } from '../../strings.ts';
import { shared, tokens } from '../../styles.ts';
import { dataTable } from '../../table.ts';
import type { Balance } from '../../types.ts';
import { whenLoaded } from '../../ui.ts';

const t = strings.money;

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
            // The asset on its network as the customer reads it, and the service's code for it.
            {
              heading: t.currency,
              cell: (entry) => formatCurrency(currencyOfCode(entry.currency)),
            },
            {
              heading: t.currencyCodeHeading,
              cell: (entry) => entry.currency,
              cellClass: () => 'mono',
            },
            { heading: t.balance, cell: (entry) => formatAmount(entry.balance), numeric: true },
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
