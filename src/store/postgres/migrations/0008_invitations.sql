-- Invitations to register (members.registration = "invite" or "closed"), under the SHA-256
-- digest of their secret. Like sessions and portal passes, not part of backups.
CREATE TABLE invitations (
    digest        bytea PRIMARY KEY,
    expires_at_ms bigint NOT NULL,
    body          bytea NOT NULL
);
