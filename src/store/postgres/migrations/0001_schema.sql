-- Schema 1 of the PostgreSQL backend. Applied once, inside one transaction, by the first
-- server to start on an empty database (see migrate.rs); never edited once released: a change
-- is a new numbered file.
--
-- How the tables are keyed (see docs/scaling.md for distributing them with Citus):
-- * brand-owned tables carry brand_id first in their primary key, so one brand's rows live
--   together and a distributed database can co-locate them by brand;
-- * member-owned tables carry member_id first;
-- * plans, meta and the global indexes (member emails, API keys) are small reference tables.
--
-- Domain rows are kept whole in `body` (a one-byte schema version and bincode, the codec the
-- embedded store uses), beside the columns that are looked up, ordered or constrained. The
-- exactly-once rules rest on the unique constraints named below and on the brand lock that a
-- decision session holds (pg_advisory_xact_lock(brand_id), see session.rs).

-- Ids: one sequence per kind, so ids are unique across every server on the database.
CREATE SEQUENCE ids_member;
CREATE SEQUENCE ids_brand;
CREATE SEQUENCE ids_campaign;
CREATE SEQUENCE ids_participant;
CREATE SEQUENCE ids_reward;
CREATE SEQUENCE ids_invite;
CREATE SEQUENCE ids_webhook;
CREATE SEQUENCE ids_event;
CREATE SEQUENCE ids_conversion;
CREATE SEQUENCE ids_email;
-- The order in which rewards were issued (the automation platform's polling trigger).
CREATE SEQUENCE issue_order;

-- Now, on the database's clock, in Unix milliseconds: the servers sharing a database compare
-- their webhook delivery leases on this one clock.
CREATE FUNCTION now_ms() RETURNS bigint
    LANGUAGE sql VOLATILE
    AS $$ SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint $$;

-- Small markers: the server secret's check value, the plans' seeding.
CREATE TABLE meta (
    name  text PRIMARY KEY,
    value bytea NOT NULL
);

CREATE TABLE plans (
    plan_id bigint PRIMARY KEY,
    body    bytea NOT NULL
);

CREATE TABLE members (
    member_id bigint PRIMARY KEY,
    plan_id   bigint NOT NULL,
    -- Lower-cased email and name, for the admin's search.
    search    text NOT NULL,
    body      bytea NOT NULL
);
CREATE INDEX members_by_plan ON members (plan_id);

-- One member per normalised email (the unique key is what refuses a second registration).
CREATE TABLE member_emails (
    email     text PRIMARY KEY,
    member_id bigint NOT NULL
);

-- The digest of each member's current API key: replacing a key deletes the old digest in the
-- same transaction.
CREATE TABLE api_keys (
    digest    bytea PRIMARY KEY,
    member_id bigint NOT NULL UNIQUE
);

CREATE TABLE dashboard_sessions (
    digest        bytea PRIMARY KEY,
    member_id     bigint NOT NULL,
    expires_at_ms bigint NOT NULL,
    body          bytea NOT NULL
);
CREATE INDEX dashboard_sessions_of_member ON dashboard_sessions (member_id);

CREATE TABLE brands (
    brand_id  bigint PRIMARY KEY,
    member_id bigint NOT NULL,
    body      bytea NOT NULL
);
CREATE INDEX brands_of_member ON brands (member_id, brand_id);

-- One brand per domain per member.
CREATE TABLE member_domains (
    member_id bigint NOT NULL,
    domain    text NOT NULL,
    brand_id  bigint NOT NULL,
    PRIMARY KEY (member_id, domain)
);

CREATE TABLE stripe_connections (
    brand_id bigint PRIMARY KEY,
    body     bytea NOT NULL
);

-- One row per member, locked (FOR UPDATE) while a brand or campaign creation counts the
-- member's brands or campaigns against the plan's limit, so that concurrent creations on
-- several servers never pass it.
CREATE TABLE member_creations (
    member_id bigint PRIMARY KEY
);

CREATE TABLE campaigns (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    member_id   bigint NOT NULL,
    -- The end of the contest window still to be decided (Unix ms), none when no contest is due.
    contest_due_ms bigint,
    -- Whether a daily digest goes to the member.
    digest      boolean NOT NULL DEFAULT false,
    body        bytea NOT NULL,
    PRIMARY KEY (brand_id, campaign_id)
);
CREATE UNIQUE INDEX campaigns_by_id ON campaigns (campaign_id);
CREATE INDEX campaigns_of_member ON campaigns (member_id, campaign_id);
CREATE INDEX campaigns_with_contest_due ON campaigns (contest_due_ms) WHERE contest_due_ms IS NOT NULL;

CREATE TABLE landers (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    body        bytea NOT NULL,
    PRIMARY KEY (brand_id, campaign_id)
);

-- Campaign counters, moved by deltas (n = n + d).
CREATE TABLE counters (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    counter     smallint NOT NULL,
    value       bigint NOT NULL,
    PRIMARY KEY (brand_id, campaign_id, counter)
);

-- Daily series (signups, referrals, clicks, ...) per UTC day number.
CREATE TABLE daily (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    series      smallint NOT NULL,
    day         integer NOT NULL,
    value       bigint NOT NULL,
    PRIMARY KEY (brand_id, campaign_id, series, day)
);

CREATE TABLE coupon_pools (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    uploaded    bigint NOT NULL,
    assigned    bigint NOT NULL,
    PRIMARY KEY (brand_id, campaign_id)
);

-- The pool's codes in upload order. The unique code per campaign keeps a code from being
-- uploaded twice; the unique reward keeps one reward from taking two coupons.
CREATE TABLE coupons (
    brand_id       bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    seq            bigint NOT NULL,
    code           text NOT NULL,
    reward_id      bigint,
    participant_id bigint,
    used_at        text,
    PRIMARY KEY (brand_id, campaign_id, seq),
    UNIQUE (brand_id, campaign_id, code),
    UNIQUE (brand_id, campaign_id, reward_id)
);

-- Coupon rewards waiting for a coupon, read oldest reward first.
CREATE TABLE pending_rewards (
    brand_id       bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    reward_id      bigint NOT NULL,
    participant_id bigint NOT NULL,
    PRIMARY KEY (brand_id, campaign_id, reward_id)
);

-- Participants. One per email per campaign and one per domain per campaign are unique
-- indexes; an erased participant's email, inbox and domain are cleared.
CREATE TABLE participants (
    brand_id       bigint NOT NULL,
    participant_id bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    member_id      bigint NOT NULL,
    -- Position in the campaign's roster, from 1.
    seq            bigint NOT NULL,
    email          text,
    inbox          text,
    domain         text,
    referred_by    bigint,
    -- What a search reads (domain::participant::search_haystack, whose separator is a 0
    -- byte, which text cannot hold).
    search         bytea NOT NULL,
    body           bytea NOT NULL,
    PRIMARY KEY (brand_id, participant_id),
    UNIQUE (brand_id, campaign_id, seq),
    UNIQUE (brand_id, campaign_id, email),
    UNIQUE (brand_id, campaign_id, domain)
);
CREATE UNIQUE INDEX participants_by_id ON participants (participant_id);
CREATE INDEX participants_by_inbox ON participants (brand_id, campaign_id, inbox, participant_id);
CREATE INDEX participants_by_referrer ON participants (brand_id, campaign_id, referred_by, seq)
    WHERE referred_by IS NOT NULL;
CREATE INDEX participants_of_member ON participants (member_id, participant_id);
CREATE INDEX participants_by_domain ON participants (domain, campaign_id) WHERE domain IS NOT NULL;

-- What the engine keeps of a participant beside the row: conversions, suspicion, blocks,
-- emails, the waitlist's admission and the signup's client print.
CREATE TABLE participant_marks (
    brand_id        bigint NOT NULL,
    participant_id  bigint NOT NULL,
    campaign_id     bigint NOT NULL,
    converted       boolean NOT NULL DEFAULT false,
    qualified       bigint NOT NULL DEFAULT 0,
    unsubscribed    boolean NOT NULL DEFAULT false,
    blocked_at      text,
    admitted_at     text,
    referral_holds  bytea,
    print           bytea,
    print_at_ms     bigint,
    PRIMARY KEY (brand_id, participant_id)
);
CREATE INDEX participant_prints_by_age ON participant_marks (print_at_ms) WHERE print_at_ms IS NOT NULL;

CREATE TABLE rewards (
    brand_id       bigint NOT NULL,
    reward_id      bigint NOT NULL,
    participant_id bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    member_id      bigint NOT NULL,
    status         smallint NOT NULL,
    -- When a hold ends (Unix ms), while the reward is held.
    release_at_ms  bigint,
    -- The order in which it was first issued; never cleared.
    issue_seq      bigint,
    body           bytea NOT NULL,
    PRIMARY KEY (brand_id, reward_id)
);
CREATE UNIQUE INDEX rewards_by_id ON rewards (reward_id);
CREATE INDEX rewards_of_participant ON rewards (participant_id, reward_id);
CREATE INDEX rewards_of_member ON rewards (member_id, reward_id);
CREATE INDEX rewards_in_hold ON rewards (release_at_ms, reward_id) WHERE release_at_ms IS NOT NULL;
CREATE INDEX rewards_issued ON rewards (member_id, issue_seq) WHERE issue_seq IS NOT NULL;

CREATE TABLE invites (
    brand_id       bigint NOT NULL,
    invite_id      bigint NOT NULL,
    participant_id bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    -- The invited address's canonical form (any spelling of it).
    inbox          text NOT NULL,
    body           bytea NOT NULL,
    PRIMARY KEY (brand_id, invite_id)
);
CREATE INDEX invites_of_participant ON invites (participant_id, invite_id);
CREATE INDEX invites_to_inbox ON invites (brand_id, campaign_id, inbox);

-- Unique visits of a referral link (the key is what makes a second visit not count).
CREATE TABLE visits (
    brand_id       bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    participant_id bigint NOT NULL,
    visitor        bytea NOT NULL,
    PRIMARY KEY (brand_id, campaign_id, participant_id, visitor)
);

CREATE TABLE conversions (
    brand_id       bigint NOT NULL,
    conversion_id  bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    member_id      bigint NOT NULL,
    participant_id bigint NOT NULL,
    external_id    text NOT NULL,
    body           bytea NOT NULL,
    PRIMARY KEY (brand_id, conversion_id),
    UNIQUE (brand_id, campaign_id, external_id)
);
CREATE UNIQUE INDEX conversions_by_id ON conversions (conversion_id);
CREATE INDEX conversions_of_member ON conversions (member_id, conversion_id);
CREATE INDEX conversions_of_participant ON conversions (brand_id, campaign_id, participant_id, conversion_id);

-- The conversion that names a payment (a Stripe payment intent or invoice).
CREATE TABLE payment_references (
    brand_id      bigint NOT NULL,
    campaign_id   bigint NOT NULL,
    reference     text NOT NULL,
    conversion_id bigint NOT NULL,
    PRIMARY KEY (brand_id, campaign_id, reference)
);

-- Velocity limits: the recent times counted under a key.
CREATE TABLE rates (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    key         bytea NOT NULL,
    last_ms     bigint NOT NULL,
    times       bytea NOT NULL,
    PRIMARY KEY (brand_id, campaign_id, key)
);
CREATE INDEX rates_by_age ON rates (last_ms);

-- Leaderboard standings. `board` is the board's key and `rank` the standing's rank key (see
-- domain::leaderboard): bytea compares byte by byte, so ordering by `rank` is rank order (most
-- referrals first, then who got there first), exactly as the embedded store orders them.
CREATE TABLE standings (
    brand_id       bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    board          bytea NOT NULL,
    participant_id bigint NOT NULL,
    rank           bytea NOT NULL,
    PRIMARY KEY (brand_id, campaign_id, board, participant_id)
);
CREATE INDEX standings_in_rank_order ON standings (brand_id, campaign_id, board, rank);

CREATE TABLE contest_results (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    body        bytea NOT NULL,
    PRIMARY KEY (brand_id, campaign_id)
);

-- The waitlist: each place's key (see domain::waitlist) orders the line, front first.
CREATE TABLE places (
    brand_id       bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    participant_id bigint NOT NULL,
    place          bytea NOT NULL,
    PRIMARY KEY (brand_id, campaign_id, participant_id)
);
CREATE INDEX places_in_line ON places (brand_id, campaign_id, place);

CREATE TABLE digest_marks (
    brand_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    day         integer NOT NULL,
    body        bytea NOT NULL,
    PRIMARY KEY (brand_id, campaign_id)
);

-- Emails to participants, what became of each, and the outbox of those still to be sent.
CREATE TABLE emails (
    brand_id       bigint NOT NULL,
    email_id       bigint NOT NULL,
    campaign_id    bigint NOT NULL,
    participant_id bigint NOT NULL,
    body           bytea NOT NULL,
    delivery       bytea NOT NULL,
    PRIMARY KEY (brand_id, email_id)
);
CREATE UNIQUE INDEX emails_by_id ON emails (email_id);
CREATE INDEX emails_of_campaign ON emails (campaign_id, email_id);
CREATE INDEX emails_of_participant ON emails (participant_id, email_id);

CREATE TABLE email_outbox (
    brand_id    bigint NOT NULL,
    email_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    attempts    integer NOT NULL,
    due_ms      bigint NOT NULL,
    -- Which server is sending it, until when (a lease: a dead server's sends are taken over).
    leased_until_ms bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (brand_id, email_id)
);
CREATE INDEX email_outbox_by_due ON email_outbox (due_ms);

-- Webhook events, as their deliveries send them.
CREATE TABLE events (
    brand_id    bigint NOT NULL,
    event_id    bigint NOT NULL,
    campaign_id bigint NOT NULL,
    body        bytea NOT NULL,
    PRIMARY KEY (brand_id, event_id)
);
CREATE UNIQUE INDEX events_by_id ON events (event_id);

-- Where a copy of a participant is kept outside their own rows (an event, the outcome of an
-- idempotent request), so that an erasure finds every one.
CREATE TABLE mentions (
    participant_id bigint NOT NULL,
    kind           smallint NOT NULL,
    key            bytea NOT NULL,
    PRIMARY KEY (participant_id, kind, key)
);

-- The first answers of idempotent requests, under member id ++ SHA-256 of the key. The
-- primary key is what makes a retry on another server find the first answer.
CREATE TABLE idempotency (
    key  bytea PRIMARY KEY,
    body bytea NOT NULL
);

CREATE TABLE webhooks (
    member_id  bigint NOT NULL,
    webhook_id bigint NOT NULL,
    body       bytea NOT NULL,
    PRIMARY KEY (member_id, webhook_id)
);
CREATE UNIQUE INDEX webhooks_by_id ON webhooks (webhook_id);

-- The webhook outbox: one row per delivery still to be made. The server that queues a
-- delivery holds a lease on it (leased_until_ms, renewed while it lives); a delivery whose
-- lease ran out is claimed by another server (FOR UPDATE SKIP LOCKED: one claimant each),
-- which makes it with the same webhook-id.
CREATE TABLE deliveries (
    webhook_id      bigint NOT NULL,
    event_id        bigint NOT NULL,
    attempts        integer NOT NULL,
    due_ms          bigint NOT NULL,
    leased_until_ms bigint NOT NULL DEFAULT 0,
    -- The server holding the lease (its id, kept in its data directory across restarts).
    leased_by       bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (webhook_id, event_id)
);
CREATE INDEX deliveries_by_due ON deliveries (due_ms);

-- Every attempt, in the order made.
CREATE TABLE attempts (
    webhook_id bigint NOT NULL,
    seq        bigserial,
    event_id   bigint NOT NULL,
    body       bytea NOT NULL,
    PRIMARY KEY (webhook_id, seq)
);
CREATE INDEX attempts_of_delivery ON attempts (webhook_id, event_id);
