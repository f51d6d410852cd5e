-- Participants' portal passes (sign-in links and sessions), under the SHA-256 digest of
-- their secret. Like dashboard sessions, not part of backups.
CREATE TABLE portal_passes (
    digest         bytea PRIMARY KEY,
    participant_id bigint NOT NULL,
    expires_at_ms  bigint NOT NULL,
    body           bytea NOT NULL
);
CREATE INDEX portal_passes_of_participant ON portal_passes (participant_id);
