/**
 * The SQL of the PostgreSQL outbox's queue: fanning an event out to its endpoints, claiming due
 * deliveries with a cap per endpoint across proxies, and the worker's next time to look.
 */

/** Every active endpoint that takes events of type $3 gets a pending delivery of seq $1. */
export const FAN_OUT = `INSERT INTO webhook_deliveries (event_seq, endpoint_id, state,
  next_attempt_at, created_at)
  SELECT $1, id, 'pending', $2, $2 FROM webhook_endpoints
  WHERE deleted_at IS NULL AND (event_types IS NULL OR event_types ? $3::text)`;

/**
 * The first step of a claim: the endpoints with a due delivery ($1 now) and a free place under
 * the cap $3, earliest first, at most $2, each locked until the claim commits. Another proxy
 * claiming for one of them at the same time skips it (SKIP LOCKED), so one proxy at a time
 * counts an endpoint's claims and adds to them: the cap holds across proxies. (An endpoint at
 * its cap is left out here so that it cannot take the places of the others.)
 */
export const LOCK_DUE_ENDPOINTS = `SELECT p.id FROM webhook_endpoints p
  JOIN LATERAL (SELECT MIN(next_attempt_at) AS due FROM webhook_deliveries
    WHERE endpoint_id = p.id AND state = 'pending' AND next_attempt_at <= $1
      AND (claimed_until IS NULL OR claimed_until <= $1)) d ON d.due IS NOT NULL
  WHERE (SELECT COUNT(*) FROM webhook_deliveries WHERE endpoint_id = p.id
    AND state = 'pending' AND claimed_until > $1) < $3
  ORDER BY d.due, p.id LIMIT $2 FOR NO KEY UPDATE OF p SKIP LOCKED`;

/** Claims in force per endpoint (by any proxy): a lease not yet run out at $1. */
const IN_FLIGHT = `in_flight AS (SELECT endpoint_id, COUNT(*) AS claims,
    MIN(claimed_until) AS first_lease_end FROM webhook_deliveries
    WHERE state = 'pending' AND claimed_until > $1 GROUP BY endpoint_id)`;

/**
 * The second step, a statement of its own so that its snapshot sees every claim committed
 * before the endpoints' locks were ours: of the locked endpoints ($4), each one's earliest due
 * deliveries up to its free places under $5, at most $3 in all, leased until $2 and counted, with
 * their event and endpoint. PostgreSQL takes no FOR UPDATE beside a window function: the
 * candidates are locked (SKIP LOCKED) in `due`, ranked in `placed`.
 */
export const CLAIM = `WITH ${IN_FLIGHT},
  due AS (SELECT c.id, c.endpoint_id, c.next_attempt_at FROM unnest($4::text[]) AS p (id)
    CROSS JOIN LATERAL (SELECT id, endpoint_id, next_attempt_at FROM webhook_deliveries
      WHERE endpoint_id = p.id AND state = 'pending' AND next_attempt_at <= $1
        AND (claimed_until IS NULL OR claimed_until <= $1)
      ORDER BY next_attempt_at, id LIMIT $5 FOR UPDATE SKIP LOCKED) c),
  placed AS (SELECT due.id, due.next_attempt_at, COALESCE(f.claims, 0)
      + ROW_NUMBER() OVER (PARTITION BY due.endpoint_id ORDER BY due.next_attempt_at, due.id)
      AS place FROM due LEFT JOIN in_flight f USING (endpoint_id)),
  chosen AS (SELECT id FROM placed WHERE place <= $5 ORDER BY next_attempt_at, id LIMIT $3),
  claimed AS (
    UPDATE webhook_deliveries d SET claimed_until = $2, attempt = d.attempt + 1
    FROM chosen WHERE d.id = chosen.id RETURNING d.id, d.attempt, d.event_seq, d.endpoint_id)
  SELECT c.id AS delivery_id, c.attempt, e.id AS event_id, e.type AS event_type,
    e.created_at AS event_created_at, e.data AS event_data, p.*
  FROM claimed c JOIN webhook_events e ON e.seq = c.event_seq
  JOIN webhook_endpoints p ON p.id = c.endpoint_id ORDER BY c.id`;

/**
 * A delivery's time ($1 now, $2 the cap), not before its own lease ends, nor before its
 * endpoint has a free place.
 */
export const NEXT_DUE = `WITH ${IN_FLIGHT}
  SELECT MIN(GREATEST(d.next_attempt_at, COALESCE(d.claimed_until, 0),
    CASE WHEN f.claims >= $2 THEN f.first_lease_end ELSE 0 END)) AS due
  FROM webhook_deliveries d LEFT JOIN in_flight f USING (endpoint_id) WHERE d.state = 'pending'`;
