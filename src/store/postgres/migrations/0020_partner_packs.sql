-- The analytics' packs of partners (see domain/partner_packs.rs and store/partner_sums.rs):
-- each campaign's partners of a whole UTC day or month, summed and packed, made from the
-- rollups by the first question that needs them and kept as a cache (not in backups).
-- A pack is current while its tag equals the sum of its days' generations: how many times a
-- partner's rollup of that day moved after the day was over (a sale reported late), raised
-- by the transaction that moves it.
CREATE TABLE rollup_generations (
    brand_id    bigint  NOT NULL,
    campaign_id bigint  NOT NULL,
    day         integer NOT NULL,
    generation  bigint  NOT NULL,
    PRIMARY KEY (campaign_id, day)
);
CREATE TABLE partner_packs (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    -- `D` or `M` and the day's or month's number, as domain::partner_packs::PackPeriod::key.
    period      bytea  NOT NULL,
    tag         bigint NOT NULL,
    pack        bytea  NOT NULL,
    PRIMARY KEY (campaign_id, period)
);
-- Packed already: compressing them again gains little and costs every read.
ALTER TABLE partner_packs ALTER COLUMN pack SET STORAGE EXTERNAL;
