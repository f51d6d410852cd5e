-- Which server holds an email's lease (its id, as deliveries.leased_by): a server started
-- again takes back at once the sends it held when it stopped, instead of waiting out its own
-- lease. A backup of an earlier schema restores with 0 here (`legacy_columns`, backup.rs).
ALTER TABLE email_outbox ADD COLUMN leased_by bigint NOT NULL DEFAULT 0;
