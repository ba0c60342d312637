-- The checkout places a direct order in ONE statement, outside any explicit transaction
-- (order-write.repo.ts `placeOrderAtOnce`, docs/decisions/014-checkout-one-statement.md).
--
-- bookla_take_seats: the tickets' row locks in ascending id order, then — as a new statement with
-- a new snapshot, which a VOLATILE function's statements get under READ COMMITTED — sold += n
-- where sold + n + live reservations ≤ stock. A conditional UPDATE alone would re-check only the
-- ticket row after waiting for its lock, not the reservations committed meanwhile. Returns the id
-- of every ticket it sold. The reservation count is the one `reservedSql()` in tickets.repo.ts
-- writes; the race tests run against both.
CREATE FUNCTION bookla_take_seats(p_team_id integer, p_ticket_ids integer[], p_quantities integer[])
RETURNS integer[] LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  taken integer[];
BEGIN
  PERFORM 1 FROM tickets WHERE team_id = p_team_id AND id = ANY (p_ticket_ids) ORDER BY id FOR NO KEY UPDATE;
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
--> statement-breakpoint
-- bookla_checkout_refused: ends the statement that calls it with SQLSTATE BK409 and `detail` as
-- its message (what was short), so that everything the statement wrote is undone.
CREATE FUNCTION bookla_checkout_refused(detail text)
RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'BK409', MESSAGE = detail;
END
$$;
