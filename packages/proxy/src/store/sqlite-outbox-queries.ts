/**
 * The SQL of the SQLite outbox's queue: fanning an event out to its endpoints, claiming due
 * deliveries with a cap per endpoint, and the worker's next time to look.
 */

/** Every active endpoint that takes events of `@type` gets a pending delivery of `@seq`. */
export const FAN_OUT = `INSERT INTO webhook_deliveries (event_seq, endpoint_id, state,
  next_attempt_at, created_at)
  SELECT @seq, id, 'pending', @now, @now FROM webhook_endpoints
  WHERE deleted_at IS NULL AND (event_types IS NULL
    OR EXISTS (SELECT 1 FROM json_each(event_types) WHERE value = @type))`;

/**
 * Claims in force per endpoint (by any worker): a lease not yet run out. The index named, as the
 * planner without statistics would rather walk every pending row by state.
 */
const IN_FLIGHT = `in_flight AS (SELECT endpoint_id, COUNT(*) AS claims,
    MIN(claimed_until) AS first_lease_end FROM webhook_deliveries
    INDEXED BY webhook_deliveries_claimed
    WHERE state = 'pending' AND claimed_until > @now GROUP BY endpoint_id)`;

/**
 * The earliest due deliveries, each endpoint's up to its free places under @per, claimed in one
 * statement (SQLite's writer lock covers the read too, so two workers cannot both fill a place).
 * `due` walks each endpoint's index for @per rows at most, however long its backlog.
 */
export const CLAIM = `WITH ${IN_FLIGHT},
  due AS (SELECT d.id, d.endpoint_id, d.next_attempt_at FROM webhook_endpoints p
    JOIN webhook_deliveries d ON d.id IN (SELECT id FROM webhook_deliveries
      WHERE endpoint_id = p.id AND state = 'pending' AND next_attempt_at <= @now
        AND (claimed_until IS NULL OR claimed_until <= @now)
      ORDER BY next_attempt_at, id LIMIT @per)),
  placed AS (SELECT due.id, due.next_attempt_at, COALESCE(in_flight.claims, 0)
      + ROW_NUMBER() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at, due.id)
      AS place FROM due LEFT JOIN in_flight USING (endpoint_id))
  UPDATE webhook_deliveries SET claimed_until = @until, attempt = attempt + 1
  WHERE id IN (SELECT id FROM placed WHERE place <= @per ORDER BY next_attempt_at, id
    LIMIT @limit)
  AND (claimed_until IS NULL OR claimed_until <= @now)
  RETURNING id, attempt, event_seq, endpoint_id`;

/** A delivery's time, not before its own lease ends, nor before its endpoint has a free place. */
export const NEXT_DUE = `WITH ${IN_FLIGHT}
  SELECT MIN(MAX(d.next_attempt_at, COALESCE(d.claimed_until, 0),
    CASE WHEN f.claims >= @per THEN f.first_lease_end ELSE 0 END)) AS due
  FROM webhook_deliveries d LEFT JOIN in_flight f USING (endpoint_id) WHERE d.state = 'pending'`;
