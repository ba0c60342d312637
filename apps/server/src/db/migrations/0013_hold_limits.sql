-- 0013_hold_limits: written by hand (issue 20 items 1 and 13); the drizzle schema in db/schema mirrors it.
--
-- Who holds seats without having paid: a reservation or an unpaid order records its holder's
-- client key (an HMAC of the IP, an IPv6 address by its /64) and an unpaid order the holder's
-- normalised e-mail address, so that the seats one visitor holds of an activity can be counted in
-- SQL under the locks that take them (`bookla_held_by`). `activities.hold_limit` bounds that share
-- (null = the default of 10 seats); `activities.capacity` bounds the seats of all its tickets.
ALTER TABLE "activities" ADD COLUMN "hold_limit" integer;
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_hold_limit_ck" CHECK ("hold_limit" IS NULL OR "hold_limit" >= 1);
--> statement-breakpoint
ALTER TABLE "ticket_reservations" ADD COLUMN "holder_key" varchar(64);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "holder_key" varchar(64);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "holder_email" varchar(254);
--> statement-breakpoint
CREATE INDEX "ticket_reservations_holder_key_idx" ON "ticket_reservations" USING btree ("team_id", "holder_key", "expires_at") WHERE "holder_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_waiting_holder_key_idx" ON "orders" USING btree ("team_id", "holder_key") WHERE "payment_status" = 'waiting' AND "holder_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_waiting_holder_email_idx" ON "orders" USING btree ("team_id", "holder_email") WHERE "payment_status" = 'waiting' AND "holder_email" IS NOT NULL;
--> statement-breakpoint
-- Seats of the activity taken (sold, by orders that hold seats) or held by live reservations on
-- one date (`capacity` is per date, as the activity form says): its tickets for that date plus its
-- tickets for the whole activity (they take a seat on every date). Without a date (a ticket for the
-- whole activity): those plus the fullest date. Called under the activity's row lock, in a
-- statement of its own.
CREATE FUNCTION bookla_activity_used(p_activity_id integer, p_session_id integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  WITH per_ticket AS (
    SELECT t.session_id, t.sold + (SELECT coalesce(sum(r.quantity), 0) FROM ticket_reservations r
                                   WHERE r.ticket_id = t.id AND r.expires_at > now()) AS n
    FROM tickets t WHERE t.activity_id = p_activity_id
  )
  SELECT ((SELECT coalesce(sum(n), 0) FROM per_ticket WHERE session_id IS NULL)
        + CASE WHEN p_session_id IS NULL
            THEN (SELECT coalesce(max(s), 0) FROM (SELECT sum(n) AS s FROM per_ticket WHERE session_id IS NOT NULL GROUP BY session_id) d)
            ELSE (SELECT coalesce(sum(n), 0) FROM per_ticket WHERE session_id = p_session_id) END)::int
$$;
--> statement-breakpoint
-- Seats of the activity one visitor holds without having paid: live reservations under its client
-- key, unpaid (`waiting`) orders under its client key or its e-mail address (but `p_order_id`, the
-- order being placed: the statement that writes it may already show it to the function's queries).
CREATE FUNCTION bookla_held_by(p_team_id integer, p_activity_id integer, p_key text, p_email text, p_order_id integer DEFAULT NULL)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT (SELECT coalesce(sum(r.quantity), 0) FROM ticket_reservations r JOIN tickets t ON t.id = r.ticket_id
          WHERE r.team_id = p_team_id AND r.holder_key = p_key AND r.expires_at > now() AND t.activity_id = p_activity_id)::int
       + (SELECT coalesce(sum(i.quantity), 0) FROM orders o JOIN order_items i ON i.order_id = o.id
          WHERE o.team_id = p_team_id AND o.payment_status = 'waiting' AND (o.holder_key = p_key OR o.holder_email = p_email)
            AND o.id IS DISTINCT FROM p_order_id
            AND i.activity_id = p_activity_id)::int
$$;
--> statement-breakpoint
DROP FUNCTION bookla_take_seats(integer, integer[], integer[]);
--> statement-breakpoint
-- bookla_take_seats (replaces 0012's): the activities' row locks, then the tickets' (both in
-- ascending id order: every seat path locks activities before tickets), then — statements of
-- their own, so they see everything committed before the locks were ours — per activity its
-- capacity and the holder's share, then sold += n where sold + n + live reservations ≤ stock.
-- A refusal for capacity or the holder's share ends the calling statement with SQLSTATE BK409
-- (`bookla_checkout_refused`, JSON detail). Returns the id of every ticket it sold.
CREATE FUNCTION bookla_take_seats(p_team_id integer, p_ticket_ids integer[], p_quantities integer[],
                                  p_holder_key text DEFAULT NULL, p_holder_email text DEFAULT NULL,
                                  p_order_id integer DEFAULT NULL)
RETURNS integer[] LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken integer[];
  a record;
  used integer;
BEGIN
  PERFORM 1 FROM activities WHERE team_id = p_team_id
    AND id IN (SELECT activity_id FROM tickets WHERE team_id = p_team_id AND id = ANY (p_ticket_ids))
    ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM tickets WHERE team_id = p_team_id AND id = ANY (p_ticket_ids) ORDER BY id FOR NO KEY UPDATE;
  -- Capacity per activity and date: the request's seats of the activity (all of them: a cart that
  -- mixes dates is counted as if on one, stricter than needed, never looser) against each date it books.
  FOR a IN SELECT ac.id, ac.capacity, t.session_id, min(t.id) AS ticket_id,
                  (SELECT sum(w2.n) FROM unnest(p_ticket_ids, p_quantities) AS w2(id, n)
                   JOIN tickets t2 ON t2.id = w2.id WHERE t2.activity_id = ac.id)::int AS n
           FROM unnest(p_ticket_ids, p_quantities) AS w(id, n)
           JOIN tickets t ON t.id = w.id AND t.team_id = p_team_id
           JOIN activities ac ON ac.id = t.activity_id
           WHERE ac.capacity IS NOT NULL
           GROUP BY ac.id, t.session_id ORDER BY ac.id, t.session_id LOOP
    used := bookla_activity_used(a.id, a.session_id);
    IF used + a.n > a.capacity THEN
      PERFORM bookla_checkout_refused(json_build_object('capacity', json_build_object(
        'activity_id', a.id, 'ticket_id', a.ticket_id, 'available', greatest(a.capacity - used, 0)))::text);
    END IF;
  END LOOP;
  -- The holder's share per activity (all its dates; HOLD_LIMIT_DEFAULT = 10 in packages/shared).
  IF p_holder_key IS NOT NULL OR p_holder_email IS NOT NULL THEN
    FOR a IN SELECT ac.id, coalesce(ac.hold_limit, 10) AS hold_limit, sum(w.n)::int AS n
             FROM unnest(p_ticket_ids, p_quantities) AS w(id, n)
             JOIN tickets t ON t.id = w.id AND t.team_id = p_team_id
             JOIN activities ac ON ac.id = t.activity_id
             GROUP BY ac.id ORDER BY ac.id LOOP
      used := bookla_held_by(p_team_id, a.id, p_holder_key, p_holder_email, p_order_id);
      IF used + a.n > a.hold_limit THEN
        PERFORM bookla_checkout_refused(json_build_object('hold_limit', json_build_object(
          'activity_id', a.id, 'limit', a.hold_limit, 'held', used))::text);
      END IF;
    END LOOP;
  END IF;
  WITH sold AS (
    UPDATE tickets t SET sold = t.sold + w.n
    FROM unnest(p_ticket_ids, p_quantities) AS w(id, n)
    WHERE t.team_id = p_team_id AND t.id = w.id
      AND t.sold + w.n + (SELECT coalesce(sum(r.quantity), 0)::int FROM ticket_reservations r
                          WHERE r.ticket_id = t.id AND r.expires_at > now()) <= t.stock
    RETURNING t.id
  )
  SELECT coalesce(array_agg(id ORDER BY id), '{}') INTO taken FROM sold;
  RETURN taken;
END
$$;
