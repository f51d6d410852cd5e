//! A decision's writes ([`Write`]) as statements, applied in order inside the session's
//! transaction (a later write of the same row wins, as the engine expects).
//!
//! Counters move by deltas (`value = value + d`). A reward's issue order is taken from the
//! `issue_order` sequence the first time it is written as issued, and never cleared.

use super::connection::{Conn, Pipeline};
use super::copies::{forget_copies, mention_in, MENTION_EMAIL, MENTION_EVENT};
use super::marks::{mark, Mark};
use super::merged::Merged;
use super::rows::rate_key;
use super::{codec, sql_id, StoreError};
use crate::domain::email;
use crate::domain::engine::{Inconsistent, Write};
use crate::domain::outgoing_email::{EmailDelivery, OutgoingEmail};
use crate::domain::participant::search_haystack;
use crate::domain::{Participant, Reward, RewardStatus};

/// The writes as statements, in order, added to `pipe` for the caller to send in one round
/// trip (a few, for a large decision), with the commit or ahead of the brand's next
/// decision's reads (see `session_end.rs`). Only an erasure's writes run statements here
/// (what `pipe` holds first), because they read. Counter and daily deltas and standings are
/// merged into one statement each (`merged.rs`), last. Codes added to a pool are inserted
/// together (an import adds thousands at once).
pub(super) async fn pipeline(
    conn: &mut Conn,
    pipe: &mut Pipeline,
    brand_id: i64,
    lease: super::outboxes::Lease,
    writes: &[Write],
) -> Result<(), StoreError> {
    let mut codes = NewCodes::default();
    let mut merged = Merged::default();
    for write in writes {
        if let Write::NewCoupon { campaign_id, seq, coupon } = write {
            codes.add(*campaign_id, *seq, &coupon.code);
            continue;
        }
        codes.insert(pipe, brand_id);
        apply_one(conn, pipe, &mut merged, brand_id, lease, write).await?;
    }
    codes.insert(pipe, brand_id);
    merged.send(pipe, brand_id);
    Ok(())
}

/// Codes added to a pool, not yet inserted.
#[derive(Default)]
struct NewCodes {
    campaigns: Vec<i64>,
    seqs: Vec<i64>,
    codes: Vec<String>,
}

impl NewCodes {
    fn add(&mut self, campaign_id: u64, seq: u64, code: &str) {
        self.campaigns.push(sql_id(campaign_id));
        self.seqs.push(sql_id(seq));
        self.codes.push(code.to_owned());
    }

    /// One statement for all of them. A code already in the pool breaks its unique key and
    /// fails the whole decision: the engine checks codes before it adds them.
    fn insert(&mut self, pipe: &mut Pipeline, brand_id: i64) {
        if self.codes.is_empty() {
            return;
        }
        pipe.push(
            "INSERT INTO coupons (brand_id, campaign_id, seq, code)
             SELECT $1, c, s, code FROM unnest($2::bigint[], $3::bigint[], $4::text[]) AS n (c, s, code)",
            owned![&brand_id, &self.campaigns, &self.seqs, &self.codes],
        );
        *self = Self::default();
    }
}

/// The participant's columns that are looked up: normalised email, inbox, domain.
fn participant_keys(p: &Participant) -> (Option<String>, Option<String>) {
    if p.is_erased() {
        return (None, None);
    }
    (Some(email::normalize(&p.email)), Some(email::canonical(&p.email)))
}

async fn apply_one(
    conn: &mut Conn,
    pipe: &mut Pipeline,
    merged: &mut Merged,
    brand_id: i64,
    lease: super::outboxes::Lease,
    write: &Write,
) -> Result<(), StoreError> {
    match write {
        Write::NewParticipant(p) => {
            let (email, inbox) = participant_keys(p);
            pipe.push_row(
                "INSERT INTO participants (brand_id, participant_id, campaign_id, member_id, seq, email, inbox,
                     domain, referred_by, search, body)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                owned![
                    &sql_id(p.brand_id),
                    &sql_id(p.id),
                    &sql_id(p.campaign_id),
                    &sql_id(p.member_id),
                    &sql_id(p.seq),
                    &email,
                    &inbox,
                    &p.domain,
                    &p.referred_by.map(sql_id),
                    &search_haystack(p).into_bytes(),
                    &codec::encode(p)?,
                ],
                p.id,
            );
        }
        // Its email, inbox and domain stay: only an erasure changes them (below).
        Write::Participant(p) => {
            pipe.push_row(
                "UPDATE participants SET search = $3, body = $4 WHERE brand_id = $1 AND participant_id = $2",
                owned![&sql_id(p.brand_id), &sql_id(p.id), &search_haystack(p).into_bytes(), &codec::encode(p)?],
                p.id,
            );
        }
        Write::Reward(r) => save_reward(pipe, r)?,
        Write::QueuePending { campaign_id, reward_id, participant_id } => {
            pipe.push(
                "INSERT INTO pending_rewards (brand_id, campaign_id, reward_id, participant_id)
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                owned![&brand_id, &sql_id(*campaign_id), &sql_id(*reward_id), &sql_id(*participant_id)],
            );
        }
        Write::Dequeue { campaign_id, reward_id } => {
            pipe.push(
                "DELETE FROM pending_rewards WHERE brand_id = $1 AND campaign_id = $2 AND reward_id = $3",
                owned![&brand_id, &sql_id(*campaign_id), &sql_id(*reward_id)],
            );
        }
        Write::NewCoupon { .. } => unreachable!("inserted together by `apply`"),
        Write::Coupon { campaign_id, seq, coupon } => {
            // The unique (campaign, reward) key refuses a second coupon for one reward.
            pipe.push(
                "UPDATE coupons SET reward_id = $4, participant_id = $5, used_at = $6
                 WHERE brand_id = $1 AND campaign_id = $2 AND seq = $3",
                owned![
                    &brand_id,
                    &sql_id(*campaign_id),
                    &sql_id(*seq),
                    &coupon.reward_id.map(sql_id),
                    &coupon.participant_id.map(sql_id),
                    &coupon.used_at,
                ],
            );
        }
        Write::Pool { campaign_id, pool } => {
            pipe.push(
                "INSERT INTO coupon_pools (brand_id, campaign_id, uploaded, assigned) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (brand_id, campaign_id) DO UPDATE SET uploaded = $3, assigned = $4",
                owned![&brand_id, &sql_id(*campaign_id), &sql_id(pool.uploaded), &sql_id(pool.assigned)],
            );
        }
        Write::Count { campaign_id, counter, delta } => {
            merged.count(sql_id(*campaign_id), i16::from(*counter as u8), *delta)
        }
        Write::Daily { campaign_id, series, day, delta } => {
            merged.daily(sql_id(*campaign_id), super::brands::series_code(*series), *day as i32, sql_id(*delta))
        }
        Write::Visit { campaign_id, participant_id, visitor } => {
            pipe.push(
                "INSERT INTO visits (brand_id, campaign_id, participant_id, visitor) VALUES ($1, $2, $3, $4)
                 ON CONFLICT DO NOTHING",
                owned![&brand_id, &sql_id(*campaign_id), &sql_id(*participant_id), &visitor.to_vec()],
            );
        }
        Write::Invite(invite) => {
            pipe.push(
                "INSERT INTO invites (brand_id, invite_id, participant_id, campaign_id, inbox, body)
                 SELECT $1, $2, $3, campaign_id, $4, $5 FROM participants WHERE brand_id = $1 AND participant_id = $3
                 ON CONFLICT (brand_id, invite_id) DO UPDATE SET inbox = $4, body = $5",
                owned![
                    &brand_id,
                    &sql_id(invite.id),
                    &sql_id(invite.participant_id),
                    &email::canonical(&invite.email),
                    &codec::encode(invite)?,
                ],
            );
        }
        // Leased to this server, which hands it to its dispatcher once the commit is durable.
        Write::Delivery(delivery) => super::outboxes::queue_in(pipe, delivery, lease),
        Write::Event(event) => {
            for participant_id in event.participant_ids() {
                mention_in(pipe, participant_id, MENTION_EVENT, &event.id.to_be_bytes());
            }
            pipe.push(
                "INSERT INTO events (brand_id, event_id, campaign_id, body) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (brand_id, event_id) DO UPDATE SET body = $4",
                owned![&brand_id, &sql_id(event.id), &sql_id(event.campaign_id), &codec::encode(event.as_ref())?],
            );
        }
        Write::Erased { participant: p, .. } => {
            pipe.push(
                "UPDATE participants SET email = NULL, inbox = NULL, domain = NULL, search = $3, body = $4
                 WHERE brand_id = $1 AND participant_id = $2",
                owned![&sql_id(p.brand_id), &sql_id(p.id), &search_haystack(p).into_bytes(), &codec::encode(p)?],
            );
            pipe.push("UPDATE participant_marks SET print = NULL, print_at_ms = NULL WHERE brand_id = $1 AND participant_id = $2", owned![&sql_id(p.brand_id), &sql_id(p.id)]);
            // The copies are found by reading: what is queued goes first.
            conn.run(pipe).await?;
            forget_copies(conn, p.id).await?;
        }
        Write::Conversion(c) => {
            let id = sql_id(c.id);
            pipe.push(
                "INSERT INTO conversions (brand_id, conversion_id, campaign_id, member_id, participant_id,
                     external_id, body)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (brand_id, conversion_id) DO UPDATE SET body = $7",
                owned![
                    &sql_id(c.brand_id),
                    &id,
                    &sql_id(c.campaign_id),
                    &sql_id(c.member_id),
                    &sql_id(c.participant_id),
                    &c.external_id,
                    &codec::encode(c)?,
                ],
            );
            for reference in &c.payment_references {
                pipe.push(
                    "INSERT INTO payment_references (brand_id, campaign_id, reference, conversion_id)
                     VALUES ($1, $2, $3, $4)
                     ON CONFLICT (brand_id, campaign_id, reference) DO UPDATE SET conversion_id = $4",
                    owned![&sql_id(c.brand_id), &sql_id(c.campaign_id), reference, &id],
                );
            }
        }
        Write::Converted { campaign_id, participant_id } => {
            mark(pipe, brand_id, *campaign_id, *participant_id, Mark::Converted)
        }
        Write::Qualified { campaign_id, participant_id, count } => {
            mark(pipe, brand_id, *campaign_id, *participant_id, Mark::Qualified(*count))
        }
        Write::Email(email) => save_email(pipe, email)?,
        Write::Unsubscribed { campaign_id, participant_id } => {
            mark(pipe, brand_id, *campaign_id, *participant_id, Mark::Unsubscribed)
        }
        Write::DigestMark { campaign_id, mark } => {
            pipe.push(
                "INSERT INTO digest_marks (brand_id, campaign_id, day, body) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (brand_id, campaign_id) DO UPDATE SET day = $3, body = $4",
                owned![&brand_id, &sql_id(*campaign_id), &(mark.day as i32), &codec::encode(mark)?],
            );
        }
        Write::SignupPrint { campaign_id, participant_id, print } => {
            mark(pipe, brand_id, *campaign_id, *participant_id, Mark::Print(codec::encode(print)?, print.at_ms))
        }
        Write::Rate { campaign_id, key, times } => {
            pipe.push(
                "INSERT INTO rates (brand_id, campaign_id, key, last_ms, times) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (brand_id, campaign_id, key) DO UPDATE SET last_ms = $4, times = $5",
                owned![
                    &brand_id,
                    &sql_id(*campaign_id),
                    &rate_key(key),
                    &times.last().copied().unwrap_or(0),
                    &codec::encode(times)?,
                ],
            );
        }
        Write::ReferralHolds { campaign_id, participant_id, holds } => {
            mark(pipe, brand_id, *campaign_id, *participant_id, Mark::Holds(codec::encode(holds)?))
        }
        Write::Blocked { campaign_id, participant_id, at } => {
            mark(pipe, brand_id, *campaign_id, *participant_id, Mark::Blocked(at.clone()))
        }
        Write::Admitted { campaign_id, participant_id, at } => {
            mark(pipe, brand_id, *campaign_id, *participant_id, Mark::Admitted(at.clone()))
        }
        Write::Standing { campaign_id, board, participant_id, now, .. } => merged.standing(
            sql_id(*campaign_id),
            board.key().to_vec(),
            sql_id(*participant_id),
            now.rank_key(*participant_id).to_vec(),
        ),
        Write::Board { campaign_id, board, standings } => {
            merged.send_standings(pipe, brand_id);
            pipe.push(
                "DELETE FROM standings WHERE brand_id = $1 AND campaign_id = $2 AND board = $3",
                owned![&brand_id, &sql_id(*campaign_id), &board.key().to_vec()],
            );
            let participants: Vec<i64> = standings.iter().map(|(id, _)| sql_id(*id)).collect();
            let ranks: Vec<Vec<u8>> = standings.iter().map(|(id, s)| s.rank_key(*id).to_vec()).collect();
            pipe.push(
                "INSERT INTO standings (brand_id, campaign_id, board, participant_id, rank)
                 SELECT $1, $2, $3, p, r FROM unnest($4::bigint[], $5::bytea[]) AS n (p, r)",
                owned![&brand_id, &sql_id(*campaign_id), &board.key().to_vec(), &participants, &ranks],
            );
        }
        Write::ContestResult { campaign_id, result } => {
            pipe.push(
                "INSERT INTO contest_results (brand_id, campaign_id, body) VALUES ($1, $2, $3)
                 ON CONFLICT (brand_id, campaign_id) DO UPDATE SET body = $3",
                owned![&brand_id, &sql_id(*campaign_id), &codec::encode(result.as_ref())?],
            );
            if let Ok(ends) = result.ends_at.parse::<chrono::DateTime<chrono::Utc>>() {
                settle_contest(pipe, brand_id, *campaign_id, ends.timestamp_millis());
            }
        }
        Write::ContestSettled { campaign_id, ends_ms } => settle_contest(pipe, brand_id, *campaign_id, *ends_ms),
        Write::Place { campaign_id, participant_id, now, .. } => match now {
            Some(place) => {
                pipe.push(
                    "INSERT INTO places (brand_id, campaign_id, participant_id, place) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (brand_id, campaign_id, participant_id) DO UPDATE SET place = $4",
                    owned![&brand_id, &sql_id(*campaign_id), &sql_id(*participant_id), &place.key().to_vec()],
                );
            }
            None => {
                pipe.push(
                    "DELETE FROM places WHERE brand_id = $1 AND campaign_id = $2 AND participant_id = $3",
                    owned![&brand_id, &sql_id(*campaign_id), &sql_id(*participant_id)],
                );
            }
        },
        Write::Line { campaign_id, places } => {
            pipe.push(
                "DELETE FROM places WHERE brand_id = $1 AND campaign_id = $2",
                owned![&brand_id, &sql_id(*campaign_id)],
            );
            let participants: Vec<i64> = places.iter().map(|(id, _)| sql_id(*id)).collect();
            let keys: Vec<Vec<u8>> = places.iter().map(|(_, place)| place.key().to_vec()).collect();
            pipe.push(
                "INSERT INTO places (brand_id, campaign_id, participant_id, place)
                 SELECT $1, $2, p, k FROM unnest($3::bigint[], $4::bytea[]) AS n (p, k)",
                owned![&brand_id, &sql_id(*campaign_id), &participants, &keys],
            );
        }
        Write::Announce { kind, .. } => {
            return Err(Inconsistent(format!("a {} event was committed unpublished", kind.name())).into())
        }
    }
    Ok(())
}

/// A reward's row with its indexed columns: the hold's end while held, and the issue order
/// the first time it is issued (no move leads back to issued).
fn save_reward(pipe: &mut Pipeline, r: &Reward) -> Result<(), StoreError> {
    let held_until = r.release_at_ms.filter(|_| r.status == RewardStatus::Held);
    let issued = r.status == RewardStatus::Issued;
    pipe.push_row(
        "INSERT INTO rewards (brand_id, reward_id, participant_id, campaign_id, member_id, status, release_at_ms,
             issue_seq, body)
         VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8 THEN nextval('issue_order') END, $9)
         ON CONFLICT (brand_id, reward_id) DO UPDATE SET status = $6, release_at_ms = $7, body = $9,
             issue_seq = coalesce(rewards.issue_seq, EXCLUDED.issue_seq)",
        owned![
            &sql_id(r.brand_id),
            &sql_id(r.id),
            &sql_id(r.participant_id),
            &sql_id(r.campaign_id),
            &sql_id(r.member_id),
            &i16::from(r.status.byte()),
            &held_until,
            &issued,
            &codec::encode(r)?,
        ],
        r.id,
    );
    Ok(())
}

/// A composed email: its row, what became of it (queued), its mentions, and its outbox entry,
/// due at once.
fn save_email(pipe: &mut Pipeline, email: &OutgoingEmail) -> Result<(), StoreError> {
    for participant_id in email.participant_ids() {
        mention_in(pipe, participant_id, MENTION_EMAIL, &email.id.to_be_bytes());
    }
    let (brand_id, email_id, campaign_id) = (sql_id(email.brand_id), sql_id(email.id), sql_id(email.campaign_id));
    pipe.push(
        "INSERT INTO emails (brand_id, email_id, campaign_id, participant_id, body, delivery)
         VALUES ($1, $2, $3, $4, $5, $6)",
        owned![
            &brand_id,
            &email_id,
            &campaign_id,
            &sql_id(email.participant_id),
            &codec::encode(email)?,
            &codec::encode(&EmailDelivery::queued())?,
        ],
    );
    pipe.push(
        "INSERT INTO email_outbox (brand_id, email_id, campaign_id, attempts, due_ms) VALUES ($1, $2, $3, 0, 0)",
        owned![&brand_id, &email_id, &campaign_id],
    );
    Ok(())
}

/// The contest window ending at `ends_ms` is decided: no longer due.
fn settle_contest(pipe: &mut Pipeline, brand_id: i64, campaign_id: u64, ends_ms: i64) {
    pipe.push(
        "UPDATE campaigns SET contest_due_ms = NULL WHERE brand_id = $1 AND campaign_id = $2 AND contest_due_ms = $3",
        owned![&brand_id, &sql_id(campaign_id), &ends_ms],
    );
}
