/**
 * The columns of the webhooks page's endpoints table: the address, its event types, how it is
 * doing (in words, failing since when, what waits for it) and, for an operator, its buttons.
 */
import { html, nothing } from 'lit';
import { formatTime } from '../format.ts';
import { strings } from '../strings.ts';
import type { Column } from '../table.ts';
import type { WebhookBacklog, WebhookEndpoint } from '../types.ts';

const t = strings.webhooks;

/** What an endpoint's buttons do (given to operators only). */
export interface EndpointActions {
  test(id: string): void;
  enable(id: string): void;
  /** Asks first: what waits for it is dropped (`opener`: the button that asked). */
  disable(id: string, url: string, opener: EventTarget | null): void;
  /** An owner's: secrets are. */
  rotate(id: string, url: string): void;
  /** Asks first (`opener`: the button that asked, focused again after). */
  remove(id: string, url: string, opener: EventTarget | null): void;
}

/** A disabled endpoint's state is that word alone; an enabled one's says more. */
function stateOf(endpoint: WebhookEndpoint, backlog: WebhookBacklog | undefined) {
  if (endpoint.status === 'disabled') return strings.endpointStatuses.disabled;
  const waiting = backlog?.endpoints?.find((entry) => entry.endpoint_id === endpoint.id);
  return html`${strings.endpointStatuses[endpoint.status]}
    ${endpoint.failing_since ? html`<br />${t.failingSince(formatTime(endpoint.failing_since))}` : nothing}
    ${
      waiting && waiting.pending > 0
        ? html`<br />${
            waiting.oldest_pending_at === undefined
              ? t.backlog(waiting.pending)
              : t.backlogSince(waiting.pending, formatTime(waiting.oldest_pending_at))
          }`
        : nothing
    }`;
}

/** A button named by its word and, for screen readers, the endpoint's address. */
const button = (word: string, url: string, run: (event: Event) => void, kind = 'secondary') =>
  html`<button class=${kind} @click=${run}>${word}<span class="visually-hidden"> ${url}</span></button>`;

export function endpointColumns(options: {
  actions: EndpointActions | undefined;
  owner: boolean;
  backlog: WebhookBacklog | undefined;
}): (Column<WebhookEndpoint> | false)[] {
  const { actions, owner, backlog } = options;
  return [
    { heading: t.address, cell: (endpoint) => endpoint.url, address: true },
    { heading: t.types, cell: (endpoint) => endpoint.event_types?.join(', ') ?? t.allTypes },
    { heading: t.state, cell: (endpoint) => stateOf(endpoint, backlog) },
    { heading: t.created, cell: (endpoint) => formatTime(endpoint.created_at) },
    actions !== undefined && {
      heading: t.endpointActions,
      headingHidden: true,
      cell: (endpoint) => {
        const { id, url, disabled = false } = endpoint;
        // An endpoint from WEBHOOK_URL is changed where it is set, not here.
        const own = endpoint.source === 'merchant_api';
        return html`<div class="fields">${disabled ? nothing : button(t.test, url, () => actions.test(id))}
          ${own ? (disabled ? button(t.enable, url, () => actions.enable(id)) : button(t.disable, url, (event) => actions.disable(id, url, event.currentTarget))) : nothing}
          ${own && owner ? button(t.rotate, url, () => actions.rotate(id, url)) : nothing}
          ${own ? button(t.remove, url, (event) => actions.remove(id, url, event.currentTarget), 'danger') : nothing}</div>`;
      },
    },
  ];
}
