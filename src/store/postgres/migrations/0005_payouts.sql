-- Payouts: the money a participant's approved cash rewards add up to, paid once.
CREATE SEQUENCE ids_payout;

CREATE TABLE payouts (
    brand_id       bigint NOT NULL,
    payout_id      bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    member_id      bigint NOT NULL,
    participant_id bigint NOT NULL,
    -- 1 requested, 2 paid, 3 failed.
    status         smallint NOT NULL,
    body           bytea NOT NULL,
    PRIMARY KEY (brand_id, payout_id)
);
CREATE UNIQUE INDEX payouts_by_id ON payouts (payout_id);
CREATE INDEX payouts_of_member ON payouts (member_id, payout_id);

-- The rewards of every payout that has not failed. The primary key is the rule that a
-- reward is in one such payout at most: a second payout of the same reward, from any
-- server, fails its whole transaction. A failed payout's rows are deleted.
CREATE TABLE payout_rewards (
    brand_id    bigint NOT NULL,
    reward_id   bigint NOT NULL,
    campaign_id bigint NOT NULL,
    payout_id   bigint NOT NULL,
    PRIMARY KEY (brand_id, reward_id)
);
CREATE INDEX payout_rewards_of_payout ON payout_rewards (brand_id, payout_id);

-- Where a participant asked to be paid (a PayPal or Wise account, or free text); gone when
-- they are erased.
CREATE TABLE payout_details (
    brand_id       bigint NOT NULL,
    participant_id bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    body           bytea NOT NULL,
    PRIMARY KEY (brand_id, participant_id)
);

-- What a participant owes the campaign: cash rewards paid to them whose conversions were
-- refunded since, taken off their next payouts.
CREATE TABLE payout_owed (
    brand_id       bigint NOT NULL,
    participant_id bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    body           bytea NOT NULL,
    PRIMARY KEY (brand_id, participant_id)
);
