-- Passed domain checks of brands and partner sites, one per subject ('brand:<id>' or
-- 'participant:<id>'). Part of backups: a restore keeps what was proven.
CREATE TABLE domain_proofs (
    subject text PRIMARY KEY,
    body    bytea NOT NULL
);
