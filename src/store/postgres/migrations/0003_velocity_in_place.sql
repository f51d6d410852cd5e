-- Velocity rows updated in place (found with BENCH_PG_STATS, see README "PostgreSQL, measured").
--
-- A referral signup whose campaign has velocity rules rewrites its referrer's `rates` row,
-- and `rates_by_age` indexed the column every such write changes (`last_ms`): no update of
-- the row could be a HOT update, so each one wrote a new entry into both of the table's
-- indexes. Its only reader was the hourly sweep of keys with no time in the last hour, which
-- now reads the table whole: one row per key counted in the last hour or so, a small table
-- read once an hour, against an index entry on every counted signup.
DROP INDEX rates_by_age;
