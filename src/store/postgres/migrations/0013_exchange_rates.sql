-- A member's exchange rates (see `domain::exchange_rate`), one per pair and date: a
-- commission on an invoice in another currency reads the week before the invoice's date.
-- Part of backups.
CREATE TABLE exchange_rates (
    member_id     bigint NOT NULL,
    day           integer NOT NULL,
    from_currency text   NOT NULL,
    to_currency   text   NOT NULL,
    body          bytea  NOT NULL,
    PRIMARY KEY (member_id, day, from_currency, to_currency)
);
