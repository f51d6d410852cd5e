-- A campaign's numbers held between batches (see held.rs): the counter and daily deltas its
-- decisions moved since those were last written to counters and daily. One row a campaign,
-- rewritten in place by every decision that moves them: room on each page keeps those
-- updates on the page (no index holds the column they change).
CREATE TABLE held_numbers (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    numbers     bytea NOT NULL,
    PRIMARY KEY (brand_id, campaign_id)
) WITH (fillfactor = 50);
