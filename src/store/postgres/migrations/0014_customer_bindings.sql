-- Who a payment processor's customer is in a campaign (`Write::CustomerBinding`): a Stripe
-- customer or subscription (`stripe:cus_…`, `stripe:sub_…`) bound to the participant its first
-- conversion was credited to, so its later payments follow whatever email they carry. The first
-- binding stays (inserted with ON CONFLICT DO NOTHING). Forgotten with the participant's
-- erasure and the campaign's deletion; part of backups.
CREATE TABLE customer_bindings (
    brand_id       bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    customer       text   NOT NULL,
    participant_id bigint NOT NULL,
    PRIMARY KEY (brand_id, campaign_id, customer)
);
CREATE INDEX customer_bindings_by_participant ON customer_bindings (brand_id, participant_id);
