-- Password reset links, under the SHA-256 digest of their secret. Like sessions and
-- invitations, not part of backups.
CREATE TABLE password_resets (
    digest        bytea PRIMARY KEY,
    expires_at_ms bigint NOT NULL,
    body          bytea NOT NULL
);
