-- The commission of each invoice of a `percent` campaign (see `domain::invoice`), found by
-- its conversion and by its subscription: a new invoice reads its subscription's others to
-- learn which came first by period. Part of backups.
CREATE TABLE commissions (
    brand_id        bigint NOT NULL,
    conversion_id   bigint NOT NULL,
    campaign_id     bigint NOT NULL,
    subscription_id text   NOT NULL,
    -- Its cash reward, when it earned one.
    reward_id       bigint,
    -- Held for want of an exchange rate: rated when the owner gives one.
    unrated         boolean NOT NULL,
    body            bytea  NOT NULL,
    PRIMARY KEY (brand_id, conversion_id)
);
CREATE INDEX commissions_of_subscription ON commissions (brand_id, campaign_id, subscription_id);
CREATE INDEX commissions_unrated ON commissions (brand_id, campaign_id) WHERE unrated;
CREATE INDEX commissions_by_reward ON commissions (brand_id, reward_id) WHERE reward_id IS NOT NULL;
