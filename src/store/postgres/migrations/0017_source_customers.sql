-- The emails of a brand's customers at a source that names them only by id (Paddle's
-- transactions carry `customer_id`; `customer.created` and `customer.updated` carry the email).
-- The email is kept normalised, and its rows go with the participant's erasure and the brand;
-- part of backups.
CREATE TABLE source_customers (
    brand_id bigint NOT NULL,
    customer text   NOT NULL,
    email    text   NOT NULL,
    PRIMARY KEY (brand_id, customer)
);
CREATE INDEX source_customers_by_email ON source_customers (brand_id, email);
