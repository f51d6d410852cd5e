-- A brand's connections to Paddle and Shopify (see `domain::sales_source`): the signing secret
-- sealed, per brand and source. Gone with the brand; part of backups.
CREATE TABLE source_connections (
    brand_id bigint NOT NULL,
    source   text   NOT NULL,
    body     bytea  NOT NULL,
    PRIMARY KEY (brand_id, source)
);
