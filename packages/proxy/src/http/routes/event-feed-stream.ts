/**
 * `GET /admin/events/stream`: the webhook events as Server-Sent Events, as they are committed
 * (by this proxy or another on the same database): each event one message, `id:` its id and
 * `data:` its payload as `GET /admin/events` lists it and webhooks send it. A client resumes
 * with `Last-Event-ID` (or `?after=`): the backlog from the store first, a page at a time, then
 * the live events of the process's one reader (`webhooks/event-feed.ts`), with no gap and no
 * duplicate between them. Written, capped and kept alive as every stream (`../sse.ts`); ends
 * when the proxy shuts down, for the client to resume elsewhere or after the restart.
 */

import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import { errors, storeUnreadable } from '../../openapi/operations.ts';
import type { EventStreamWriter, StreamLimits } from '../../process/config.ts';
import type { Log } from '../../process/logger.ts';
import { EVENT_ID, type StoredEvent } from '../../store/outbox.ts';
import type { Store } from '../../store/store.ts';
import { committedAfter, type EventFeed } from '../../webhooks/event-feed.ts';
import { eventBody } from '../../webhooks/send.ts';
import type { AppEnv } from '../context.ts';
import { DEFAULT_PAGE_SIZE } from '../request-schemas.ts';
import { encoder, type Heartbeats, heartbeats, STREAM_HEADERS, streamAnswer } from '../sse.ts';
import type { EventSink } from '../sse-node.ts';
import { streamCounter } from '../stream-limits.ts';
import { queryOf } from '../validation.ts';
import { eventStreamQuerySchema } from '../webhook-schemas.ts';

export interface EventFeedStreamDeps {
  store: Pick<Store, 'listEvents' | 'lastEventId' | 'hasEvent'>;
  feed: EventFeed;
  heartbeatMs: number;
  limits: StreamLimits;
  clientOf: (c: Context<AppEnv>) => string;
  writer: EventStreamWriter;
  log: Log;
  /** The most one stream may hold in memory for a slow client (default `MAX_HELD_BYTES`). */
  maxHeldBytes?: number;
}

/**
 * What one stream may hold for its client: the events the feed handed out while its backlog was
 * read, and what was written but has not gone out. Past it the stream ends, and the client
 * resumes with Last-Event-ID from what it really got: a client that stops reading costs the
 * proxy this much, not every event written meanwhile.
 */
export const MAX_HELD_BYTES = 4 << 20;

/**
 * Written once the stream's start is fixed: every event committed from then on is sent (a
 * client that makes an event happen waits for it, or the event may come before its start).
 * With `id:` the start point and no data, which an EventSource (and eventsource-parser) takes
 * as its last event id without an event: a client that loses the stream before the first
 * event resumes from there, not from a later "now".
 */
/**
 * The start point before every event: what `: ready` carries as its id when the store has no
 * event yet, and what a client sends back as Last-Event-ID to be given every event from the
 * first. Without it, a client that lost the stream before the first event came would resume
 * "now" and miss what was written while it was away.
 */
export const BEFORE_EVERY_EVENT = '0';

function readyOf(start: string | undefined): Uint8Array {
  return encoder.encode(`id: ${start ?? BEFORE_EVERY_EVENT}\n: ready\n\n`);
}

/** An event's message, as bytes: formatted once for all the streams the feed hands it to. */
const messages = new WeakMap<StoredEvent, Uint8Array>();
function messageOf(event: StoredEvent): Uint8Array {
  let message = messages.get(event);
  if (!message) {
    message = encoder.encode(`id: ${event.id}\ndata: ${eventBody(event)}\n\n`);
    messages.set(event, message);
  }
  return message;
}

/** Where a stream resumes: after Last-Event-ID (a reconnecting client's), else `?after=`. */
interface Resume {
  id: string;
  field: 'Last-Event-ID' | 'after';
}

function resumeFrom(c: Context<AppEnv>, after: string | undefined): Resume | undefined {
  const last = c.req.header('Last-Event-ID')?.trim();
  if (last === undefined || last === '')
    return after === undefined ? undefined : { id: after, field: 'after' };
  if (last !== BEFORE_EVERY_EVENT && !EVENT_ID.test(last)) {
    throw new ApiError(
      422,
      'invalid_request',
      'The Last-Event-ID header must be an event id (evt_…) or 0, as this stream gave it.',
      { field: 'Last-Event-ID' },
    );
  }
  return { id: last, field: 'Last-Event-ID' };
}

/**
 * Refuses a resume point the store never wrote: an id of another database (same number,
 * another suffix), one ahead of the newest event or one pruned by retention would otherwise
 * start a stream that silently skips events.
 */
async function checkResume(store: EventFeedStreamDeps['store'], resume: Resume): Promise<void> {
  if (await store.hasEvent(resume.id)) return;
  throw new ApiError(
    409,
    'event_not_found',
    `The proxy has no event with this id (another database's, or pruned after RETENTION_DAYS): start again without ${resume.field === 'after' ? 'after' : 'Last-Event-ID'}, or page GET /admin/events to catch up.`,
    { field: resume.field },
  );
}

export function eventFeedStreamRoutes(deps: EventFeedStreamDeps) {
  const beats = heartbeats(deps.heartbeatMs);
  const streams = streamCounter(deps.limits, {
    advice: 'Close one, or page GET /admin/events instead.',
  });
  return new Hono<AppEnv>().get(
    '/events/stream',
    queryOf(eventStreamQuerySchema),
    describeRoute({
      summary:
        'Follow the webhook events as they are written (Server-Sent Events; resume with Last-Event-ID)',
      parameters: [
        {
          in: 'header',
          name: 'Last-Event-ID',
          description:
            "Resume after this event id (what an EventSource sends when it reconnects); wins over `after`; `0` (the start a stream gives before any event exists) asks for every event from the first. Anything else but an event id is refused: 422 invalid_request, field Last-Event-ID; an id this proxy's store does not hold (another database's, or pruned after RETENTION_DAYS): 409 event_not_found, field Last-Event-ID (or after), start again without it or page GET /admin/events.",
          schema: { type: 'string', pattern: `^0$|${EVENT_ID.source}` },
        },
      ],
      responses: {
        200: {
          description:
            "A `: ready` comment once the start is fixed (every event committed from then on is sent), with `id:` the start point (the resumed id, or the newest event; `0` before every event, when there is none yet), a message without data that sets the client's last event id; then one message per event, oldest first: `id:` the event id, `data:` the event as a WebhookEvent (JSON), the default `message` type. `: heartbeat` comments while open. Ends when the proxy shuts down: reconnect with Last-Event-ID.",
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
        ...errors(409, 429),
        ...storeUnreadable,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const resumed = resumeFrom(c, query.after);
      const types = query.types === undefined ? undefined : new Set(query.types.split(','));
      // A HEAD asks for the head only: no stream to follow.
      if (c.req.method === 'HEAD') return c.body(null, 200, STREAM_HEADERS);
      // Read before the answer, so a store that cannot say is a 503, not a stream that ends.
      const fromFirst = resumed?.id === BEFORE_EVERY_EVENT;
      if (resumed && !fromFirst) await checkResume(deps.store, resumed);
      // Else now: after the newest event committed (every event, when there is none yet).
      const after = fromFirst ? undefined : (resumed?.id ?? (await deps.store.lastEventId()));
      const opening = { writer: deps.writer, streams, client: deps.clientOf(c) };
      return streamAnswer(c, opening, (sink, release) =>
        followEvents(deps, beats, { after, types }, sink, release),
      );
    },
  );
}

/**
 * Follows the events committed after `from.after` (every event when undefined) into `sink`:
 * joins the feed (keeping what it hands out meanwhile), pages the backlog from the store up to
 * where the feed's events begin, then sends what the feed kept and hands out, each event once,
 * in order. Returns the function that stops when the client leaves.
 */
export function followEvents(
  deps: Pick<EventFeedStreamDeps, 'store' | 'feed' | 'log' | 'maxHeldBytes'>,
  beats: Heartbeats,
  from: { after: string | undefined; types: Set<string> | undefined },
  sink: EventSink,
  release: () => void,
): () => void {
  let open = true;
  /** The last event sent or passed over (of another type). */
  let position = from.after;
  /** What the feed handed out while the backlog was read; undefined once it is sent. */
  let kept: StoredEvent[] | undefined = [];
  let keptBytes = 0;
  const maxHeld = deps.maxHeldBytes ?? MAX_HELD_BYTES;
  let leave = () => {};
  const stop = () => {
    if (!open) return;
    open = false;
    leave();
    beats.delete(sink);
    release();
  };
  const end = () => {
    if (!open) return;
    stop();
    sink.end();
  };
  /** Ends the stream once it holds more than it may (true then). */
  const overflowing = () => {
    const held = keptBytes + (sink.held?.() ?? 0);
    if (held <= maxHeld) return false;
    deps.log('warn', 'an events stream was ended: its client reads too slowly', {
      held_bytes: held,
      last_event_id: position,
    });
    end();
    return true;
  };
  const send = (events: StoredEvent[]) => {
    for (const event of events) {
      if (!open) return;
      if (!committedAfter(event.id, position)) continue;
      if (from.types && !from.types.has(event.type)) {
        position = event.id;
        continue;
      }
      // Checked before the write: the client's last id is then the last event it can get.
      if (overflowing()) return;
      position = event.id;
      sink.write(messageOf(event));
    }
  };
  const listener = {
    events(page: StoredEvent[]) {
      if (!kept) return send(page);
      kept.push(...page);
      for (const event of page) keptBytes += messageOf(event).length;
      overflowing();
    },
    close: end,
  };
  beats.add(sink);
  (async () => {
    const joined = await deps.feed.join(listener);
    leave = joined.leave;
    if (!open) return leave();
    // From here every event after `position` is in the backlog or handed out by the feed.
    sink.write(readyOf(position));
    // The backlog, up to where the feed's events begin (all of it when the feed had none).
    let cursor = position;
    while (open && (joined.after === undefined || committedAfter(joined.after, cursor))) {
      const page = await deps.store.listEvents({
        limit: DEFAULT_PAGE_SIZE,
        ...(cursor === undefined ? {} : { after: cursor }),
      });
      send(page);
      if (page.length < DEFAULT_PAGE_SIZE) break;
      cursor = page.at(-1)!.id;
      // A long backlog goes out as fast as the client reads it, not into the proxy's memory.
      await sink.drained?.();
    }
    const waiting = kept ?? [];
    kept = undefined;
    keptBytes = 0;
    send(waiting);
  })().catch(() => {
    // The store failed: the client resumes from the last id it got.
    end();
  });
  return stop;
}
