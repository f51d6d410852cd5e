-- Promo codes (see `domain::promo_code`): unique in their brand by `code_key` (the code in
-- upper case), never given twice (a disabled code stays), and by their Stripe promotion code.
-- The row's `body` holds the code with its counts; written only in the brand's decisions. Gone
-- with their campaign; part of backups.
CREATE TABLE promo_codes (
    brand_id              bigint NOT NULL,
    code_key              text   NOT NULL,
    campaign_id           bigint NOT NULL,
    participant_id        bigint NOT NULL,
    stripe_promotion_code text,
    body                  bytea  NOT NULL,
    PRIMARY KEY (brand_id, code_key)
);
CREATE UNIQUE INDEX promo_codes_by_stripe ON promo_codes (brand_id, stripe_promotion_code)
    WHERE stripe_promotion_code IS NOT NULL;
CREATE INDEX promo_codes_by_participant ON promo_codes (brand_id, participant_id);
