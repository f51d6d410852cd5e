-- The programme's analytics (see domain/rollup.rs and rollups.rs): per campaign and quarter
-- hour of UTC (`slot`, numbered from the epoch), what happened then; `partner_id` 0 is the
-- campaign as a whole, any other the participant the events are credited to. Written at
-- the end of each of a brand's transactions, a row added to in place (no index holds a
-- measure, so those updates stay on the page); part of backups.
CREATE TABLE rollups (
    brand_id        bigint  NOT NULL,
    campaign_id     bigint  NOT NULL,
    partner_id      bigint  NOT NULL,
    slot            integer NOT NULL,
    clicks          bigint  NOT NULL DEFAULT 0,
    unique_visitors bigint  NOT NULL DEFAULT 0,
    signups         bigint  NOT NULL DEFAULT 0,
    referred        bigint  NOT NULL DEFAULT 0,
    conversions     bigint  NOT NULL DEFAULT 0,
    refunds         bigint  NOT NULL DEFAULT 0,
    revenue         bigint  NOT NULL DEFAULT 0,
    refunded        bigint  NOT NULL DEFAULT 0,
    unconverted     bigint  NOT NULL DEFAULT 0,
    rewards         bigint  NOT NULL DEFAULT 0,
    commissions     bigint  NOT NULL DEFAULT 0,
    PRIMARY KEY (campaign_id, partner_id, slot)
) WITH (fillfactor = 70);
-- A period's partners: their rows in time order, whoever they are.
CREATE INDEX rollups_of_partners ON rollups (campaign_id, slot) WHERE partner_id <> 0;
