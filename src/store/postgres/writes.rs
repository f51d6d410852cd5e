//! A decision's writes ([`Write`]) as statements inside the session's transaction, with
//! what applying them in order would leave (a later write of the same row wins, as the
//! engine expects). The rows written most are held by table and written a statement a kind
//! (`write_set.rs`); the rarer writes each have a statement of their own, sent after those.

use super::connection::{Conn, Pipeline};
use super::copies::forget_copies;
use super::marks::Mark;
use super::merged::Merged;
use super::write_set::WriteSet;
use super::{codec, sql_id, StoreError};
use crate::domain::email;
use crate::domain::engine::{Inconsistent, Write};
use crate::domain::participant::search_haystack;

/// The writes as statements, in order, added to `pipe` for the caller to send in one round
/// trip (a few, for a large decision), with the commit or ahead of the brand's next
/// decision's reads (see `session_end.rs`). The rows held by table go first, then the rarer
/// writes in their order. A write that replaces rows wholesale (a board, a waitlist) or reads
/// (an erasure, which finds the participant's copies) goes after everything before it is
/// sent, and only an erasure runs statements here (what `pipe` holds first).
///
/// `numbers` are those the brand's decisions before this one in the transaction moved and
/// did not send, with the campaigns' held rows (see `merged.rs`, `held.rs`): this decision's
/// are added to them, and all are sent with its rows when `send_numbers` (the windows to
/// their table, the rest to the held rows), or else left in `numbers` for the next decision.
/// A write sent early (a board, a waitlist, an erasure) sends the windows first whatever
/// `send_numbers` says; the rest waits for the end (a board replaced forgets its held
/// standings).
pub(super) async fn pipeline(
    conn: &mut Conn,
    pipe: &mut Pipeline,
    brand_id: i64,
    lease: super::outboxes::Lease,
    writes: &[Write],
    numbers: &mut Merged,
    send_numbers: bool,
) -> Result<(), StoreError> {
    let mut rows = WriteSet::new(brand_id, lease);
    *rows.numbers() = std::mem::take(numbers);
    let mut held = Held { rows, codes: NewCodes::default(), after: Pipeline::default() };
    for write in writes {
        match write {
            Write::NewParticipant(p) => held.rows.new_participant(p)?,
            Write::Participant(p) => held.rows.participant(p)?,
            Write::Reward(r) => held.rows.reward(r)?,
            Write::Count { campaign_id, counter, delta } => {
                held.rows.numbers().count(sql_id(*campaign_id), i16::from(*counter as u8), *delta)
            }
            Write::Daily { campaign_id, series, day, delta } => held.rows.numbers().daily(
                sql_id(*campaign_id),
                super::held::series_code(*series),
                *day as i32,
                sql_id(*delta),
            ),
            Write::Rollup { campaign_id, partner_id, slot, measure, n } => {
                held.rows.numbers().rollup(*campaign_id, *partner_id, *slot, *measure, *n)
            }
            Write::Standing { campaign_id, board, participant_id, now, .. } => held.rows.numbers().standing(
                sql_id(*campaign_id),
                board.key().to_vec(),
                sql_id(*participant_id),
                now.rank_key(*participant_id).to_vec(),
            ),
            Write::Rate { campaign_id, key, times } => held.rows.numbers().rate(*campaign_id, key, times)?,
            Write::Visit { campaign_id, participant_id, visitor } => {
                held.rows.visit(*campaign_id, *participant_id, visitor)
            }
            Write::Event(event) => held.rows.event(event)?,
            Write::Delivery(delivery) => held.rows.delivery(delivery),
            Write::Email(email) => held.rows.email(email)?,
            Write::Converted { campaign_id, participant_id } => {
                held.rows.mark(*campaign_id, *participant_id, Mark::Converted)
            }
            Write::Qualified { campaign_id, participant_id, count } => {
                held.rows.mark(*campaign_id, *participant_id, Mark::Qualified(*count))
            }
            Write::Unsubscribed { campaign_id, participant_id } => {
                held.rows.mark(*campaign_id, *participant_id, Mark::Unsubscribed)
            }
            Write::SignupPrint { campaign_id, participant_id, print } => {
                let mark = Mark::Print(codec::encode(print)?, print.at_ms);
                held.rows.mark(*campaign_id, *participant_id, mark)
            }
            Write::ReferralHolds { campaign_id, participant_id, holds } => {
                held.rows.mark(*campaign_id, *participant_id, Mark::Holds(codec::encode(holds)?))
            }
            Write::Blocked { campaign_id, participant_id, at } => {
                held.rows.mark(*campaign_id, *participant_id, Mark::Blocked(at.clone()))
            }
            Write::Admitted { campaign_id, participant_id, at } => {
                held.rows.mark(*campaign_id, *participant_id, Mark::Admitted(at.clone()))
            }
            Write::NewCoupon { campaign_id, seq, coupon } => held.codes.add(*campaign_id, *seq, &coupon.code),
            Write::Board { .. } | Write::Line { .. } | Write::Erased { .. } => {
                if let Write::Board { campaign_id, board, .. } = write {
                    held.rows.numbers().forget_board(sql_id(*campaign_id), &board.key());
                }
                held.send(pipe, brand_id)?;
                replace(conn, pipe, brand_id, write).await?;
            }
            other => apply_after(&mut held.after, brand_id, other)?,
        }
    }
    match send_numbers {
        true => {
            let rows = super::held::settle(pipe, brand_id, held.rows.numbers())?;
            held.rows.held_rows(rows);
        }
        false => *numbers = held.rows.take_numbers(),
    }
    held.send(pipe, brand_id)
}

/// What a decision's writes hold until they are sent: rows by table, codes added to a pool,
/// and the rarer writes, in order.
struct Held {
    rows: WriteSet,
    codes: NewCodes,
    after: Pipeline,
}

impl Held {
    fn send(&mut self, pipe: &mut Pipeline, brand_id: i64) -> Result<(), StoreError> {
        self.rows.send(pipe)?;
        self.codes.insert(pipe, brand_id);
        pipe.append(&mut self.after);
        Ok(())
    }
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
            taken![
                brand_id,
                std::mem::take(&mut self.campaigns),
                std::mem::take(&mut self.seqs),
                std::mem::take(&mut self.codes)
            ],
        );
    }
}

/// A write that replaces rows wholesale (a leaderboard, a waitlist), or an erasure, which
/// reads the participant's copies to erase them: everything before it is sent already.
async fn replace(conn: &mut Conn, pipe: &mut Pipeline, brand_id: i64, write: &Write) -> Result<(), StoreError> {
    match write {
        Write::Board { campaign_id, board, standings } => {
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
        Write::Erased { participant: p, email, .. } => {
            pipe.push(
                "UPDATE participants SET email = NULL, inbox = NULL, domain = NULL, search = $3, body = $4
                 WHERE brand_id = $1 AND participant_id = $2",
                owned![
                    &sql_id(p.brand_id),
                    &sql_id(p.id),
                    &search_haystack(p).into_bytes(),
                    &codec::encode_participant(p)?
                ],
            );
            pipe.push(
                "UPDATE participant_marks SET print = NULL, print_at_ms = NULL WHERE brand_id = $1 AND participant_id = $2",
                owned![&sql_id(p.brand_id), &sql_id(p.id)],
            );
            // A domain proof names the website too.
            pipe.push("DELETE FROM domain_proofs WHERE subject = $1", owned![&format!("participant:{}", p.id)]);
            // And the processor's customer ids name the person who paid, as does the email a
            // source told of them.
            pipe.push(
                "DELETE FROM customer_bindings WHERE brand_id = $1 AND participant_id = $2",
                owned![&sql_id(p.brand_id), &sql_id(p.id)],
            );
            pipe.push(
                "DELETE FROM source_customers WHERE brand_id = $1 AND email = $2",
                owned![&sql_id(p.brand_id), email],
            );
            // The copies are found by reading: what is queued goes first.
            conn.run(pipe).await?;
            forget_copies(conn, p.id).await?;
        }
        _ => return Err(Inconsistent("only writes that replace rows or read reach `replace`".into()).into()),
    }
    Ok(())
}

/// A rarer write's statement, sent after the rows held (see [`pipeline`]).
fn apply_after(pipe: &mut Pipeline, brand_id: i64, write: &Write) -> Result<(), StoreError> {
    match write {
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
        Write::Commission(c) => super::commissions::write(pipe, c)?,
        Write::PromoCode(code) => {
            pipe.push(
                "INSERT INTO promo_codes (brand_id, code_key, campaign_id, participant_id, stripe_promotion_code, body)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (brand_id, code_key) DO UPDATE SET body = $6",
                owned![
                    &brand_id,
                    &code.key(),
                    &sql_id(code.campaign_id),
                    &sql_id(code.participant_id),
                    &code.stripe_promotion_code,
                    &codec::encode(code.as_ref())?,
                ],
            );
        }
        Write::CustomerBinding { campaign_id, customer, participant_id } => {
            pipe.push(
                "INSERT INTO customer_bindings (brand_id, campaign_id, customer, participant_id)
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                owned![&brand_id, &sql_id(*campaign_id), customer, &sql_id(*participant_id)],
            );
        }
        Write::DigestMark { campaign_id, mark } => {
            pipe.push(
                "INSERT INTO digest_marks (brand_id, campaign_id, day, body) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (brand_id, campaign_id) DO UPDATE SET day = $3, body = $4",
                owned![&brand_id, &sql_id(*campaign_id), &(mark.day as i32), &codec::encode(mark)?],
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
        Write::NewPayout(_) | Write::Payout(_) | Write::PayoutDetails { .. } | Write::Owed { .. } => {
            super::payouts::write(pipe, brand_id, write)?
        }
        Write::Announce { kind, .. } => {
            return Err(Inconsistent(format!("a {} event was committed unpublished", kind.name())).into())
        }
        _ => return Err(Inconsistent("a write of rows held by table reached the rarer writes".into()).into()),
    }
    Ok(())
}

/// The contest window ending at `ends_ms` is decided: no longer due.
fn settle_contest(pipe: &mut Pipeline, brand_id: i64, campaign_id: u64, ends_ms: i64) {
    pipe.push(
        "UPDATE campaigns SET contest_due_ms = NULL WHERE brand_id = $1 AND campaign_id = $2 AND contest_due_ms = $3",
        owned![&brand_id, &sql_id(campaign_id), &ends_ms],
    );
}
