//! Key encoding: big-endian integers, so that sled's byte order is numeric order and a prefix
//! (a brand, a campaign inside it) is one contiguous range.

/// An id as an 8-byte big-endian key.
pub fn id(id: u64) -> [u8; 8] {
    id.to_be_bytes()
}

/// Reads an 8-byte big-endian id back; `None` when the slice has another length.
pub fn read_id(bytes: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(bytes.try_into().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order_is_numeric_order() {
        assert!(id(255) < id(256));
        assert!(id(1) < id(u64::MAX));
        assert_eq!(read_id(&id(42)), Some(42));
        assert_eq!(read_id(&[1, 2, 3]), None);
    }
}

/// Tags of the `indexes` tree: each names one secondary index, so all of them share a tree
/// (fewer trees per transaction; sled commits every transaction under one global lock).
pub mod index {
    /// ++ member ++ day (i32, as u32 plus 2^31) ++ from ++ to → `ExchangeRate` : a member's
    /// exchange rates by date (see `exchange_rates.rs`).
    pub const EXCHANGE_RATE: u8 = b'x';
    /// member ++ brand → () : a member's brands.
    pub const MEMBER_BRAND: u8 = b'B';
    /// member ++ domain → brand : one brand per domain per member.
    pub const MEMBER_DOMAIN: u8 = b'D';
    /// member ++ campaign → brand : a member's campaigns.
    pub const MEMBER_CAMPAIGN: u8 = b'C';
    /// brand ++ campaign → () : a brand's campaigns.
    pub const BRAND_CAMPAIGN: u8 = b'c';
    /// member ++ participant → campaign : a member's participants.
    pub const MEMBER_PARTICIPANT: u8 = b'P';
    /// campaign → () : a deleted campaign whose rows are still being purged.
    pub const PURGE: u8 = b'X';
    /// member ++ webhook → () : a member's webhooks.
    pub const MEMBER_WEBHOOK: u8 = b'W';
    /// webhook ++ sequence → the attempt's `delivery_log` key : a webhook's attempts in the
    /// order they were made (the sequence only grows), for the newest-first log.
    pub const ATTEMPT_ORDER: u8 = b'L';
    /// domain ++ 0 ++ campaign ++ participant → brand : domain participants by their domain,
    /// across every member, for the click endpoint (see [`domain_participant`]).
    pub const DOMAIN_PARTICIPANT: u8 = b'R';
    /// member ++ reward → participant ++ campaign ++ status byte : a member's rewards, newest
    /// last, filtered by campaign and state without reading the rows.
    pub const MEMBER_REWARD: u8 = b'w';
    /// end of the hold (Unix ms) ++ reward → brand ++ member ++ participant : rewards in a
    /// hold period, by when it ends (see [`hold`]).
    pub const HOLD: u8 = b'h';
    /// participant → `StoredPrint` : the keyed print of the client a participant signed up
    /// from (see `fraud.rs`).
    pub const PRINT: u8 = b'F';
    /// time of the signup (Unix ms) ++ participant → () : the prints by age, for forgetting
    /// them after 30 days.
    pub const PRINT_AGE: u8 = b'G';
    /// campaign ++ kind ++ referrer id or address print → recent times : what a velocity
    /// limit counts (see `fraud.rs`).
    pub const RATE: u8 = b'T';
    /// member ++ issue sequence → participant ++ campaign ++ reward : rewards in the order
    /// they were issued, for the automation platform's polling trigger. The sequence is the
    /// store's increasing generator, taken as the issue is staged.
    pub const ISSUED: u8 = b'i';
    /// brand → the brand's Stripe connection (its sealed signing secret). Not an index, but
    /// a brand's small side row, kept here so the brand's own row keeps its shape.
    pub const STRIPE: u8 = b'S';
    /// member ++ conversion → campaign : a member's conversions.
    pub const MEMBER_CONVERSION: u8 = b'v';
    /// participant ++ kind ++ key → () : where a copy of the participant is kept outside
    /// their own rows, so that an erasure finds every one (see [`mention`]).
    pub const MENTION: u8 = b'M';
    /// due time (Unix ms) ++ email → the outbox entry : emails still to be sent, by when
    /// the next attempt is due (see `emails.rs`).
    pub const EMAIL_QUEUE: u8 = b'Q';
    /// window end (Unix ms, offset) ++ campaign → brand ++ member : contests due to be
    /// decided once their window ends (see `standings.rs`).
    pub const CONTEST_DUE: u8 = b'E';
    /// member ++ payout → campaign : a member's payouts.
    pub const MEMBER_PAYOUT: u8 = b'O';
    /// brand → the highest id of each kind its decisions used (see `ids.rs`).
    pub const BRAND_IDS: u8 = b'I';
    /// `b` (brand) or `p` (participant) ++ id → the subject's `DomainProof`. Not an index:
    /// a side row, as [`STRIPE`] is.
    pub const DOMAIN_PROOF: u8 = b'V';
    /// ++ brand ++ the code's key (upper case) → `PromoCode`. Not an index: the code's row,
    /// kept by brand because a code is unique in its brand.
    pub const PROMO_CODE: u8 = b'K';
    /// ++ participant ++ the code's key → brand : a participant's promo codes.
    pub const PARTICIPANT_PROMO: u8 = b'k';
    /// ++ brand ++ Stripe promotion code id → the code's key.
    pub const STRIPE_PROMO: u8 = b'Z';
    /// ++ brand ++ source tag → the brand's sealed connection to Paddle or Shopify. A side
    /// row, as [`STRIPE`] is.
    pub const SOURCE: u8 = b'N';
    /// ++ brand ++ a source's customer id (`paddle:ctm_…`) → their normalised email.
    pub const SOURCE_CUSTOMER: u8 = b'n';
}

/// Kinds of [`index::MENTION`]: a copy of a participant in a webhook event (key: event id),
/// in the outcome of an idempotent request (key: the record's key), or in an email to
/// participants (key: campaign ++ email).
pub mod mention {
    pub const EVENT: u8 = b'e';
    pub const IDEMPOTENCY: u8 = b'k';
    pub const EMAIL: u8 = b'm';
}

/// The [`index::MENTION`] key of a copy of `participant_id`.
pub fn mention(participant_id: u64, kind: u8, key: &[u8]) -> Vec<u8> {
    let mut entry = Vec::with_capacity(10 + key.len());
    entry.extend_from_slice(&tagged_prefix(index::MENTION, participant_id));
    entry.push(kind);
    entry.extend_from_slice(key);
    entry
}

/// The [`index::HOLD`] key of a reward whose hold period ends at `release_at_ms`.
pub fn hold(release_at_ms: i64, reward_id: u64) -> [u8; 17] {
    tagged(index::HOLD, release_at_ms.max(0) as u64, reward_id)
}

/// Tags of the `campaign_rows` tree (key: campaign ++ tag ++ rest).
pub mod campaign_row {
    /// ++ seq → participant ++ lower-cased email, 0, lower-cased name : the roster, dense
    /// from 1, with what a search reads (see `search.rs`; an erased participant's is the id
    /// alone).
    pub const ROSTER: u8 = b'r';
    /// ++ lower-cased email → participant.
    pub const EMAIL: u8 = b'e';
    /// ++ seq → as the roster's : what a search read before it moved into the roster (kept
    /// by releases before issue 56; moved by `SledStore::fold_haystacks`).
    pub const HAYSTACK: u8 = b'h';
    /// ++ seq → coupon: an assigned coupon (in pools from before blocks, every coupon; see
    /// `coupons.rs`).
    pub const COUPON: u8 = b'c';
    /// ++ seq / 64 → the codes of those 64 positions : the codes of the pool, in upload order
    /// (see `coupons.rs`).
    pub const COUPON_BLOCK: u8 = b'C';
    /// ++ code → seq : the pool's codes, for de-duplication, in databases written before that
    /// index moved into memory (see `coupon_codes.rs`). No longer written; removed at start-up
    /// by a migration.
    pub const COUPON_CODE: u8 = b'k';
    /// → pool state (uploaded, assigned).
    pub const COUPON_POOL: u8 = b'o';
    /// ++ reward → participant : coupon rewards waiting for a coupon, oldest first.
    pub const PENDING_REWARD: u8 = b'p';
    /// (nothing) → every counter of the campaign (see `counters.rs`).
    pub const COUNTERS: u8 = b'N';
    /// ++ day number → every daily series of the campaign on that UTC day (see `counters.rs`).
    pub const DAY: u8 = b'U';
    /// ++ counter kind → u64 : a counter, as older releases kept them; folded into
    /// [`COUNTERS`] by a migration.
    pub const COUNTER: u8 = b'n';
    /// ++ day number → u64 : signups per UTC day, as older releases kept them; folded into
    /// [`DAY`] rows by a migration.
    pub const DAILY_SIGNUPS: u8 = b'd';
    /// ++ series (1 referrals, 2 clicks, 3 impressions, 4 shares) ++ day number → u64 : the
    /// other daily series, as older releases kept them; folded into [`DAY`] rows.
    pub const DAILY: u8 = b'a';
    /// ++ participant ++ visitor digest → () : unique visits of a referral link.
    pub const VISIT: u8 = b'v';
    /// ++ domain → participant : the campaign's domain participants (one per domain).
    pub const DOMAIN: u8 = b'm';
    /// → lander : the campaign's landing page, when the member configured one.
    pub const LANDER: u8 = b'l';
    /// ++ conversion → conversion.
    pub const CONVERSION: u8 = b'f';
    /// ++ external id → conversion : one conversion per external id.
    pub const EXTERNAL_ID: u8 = b'g';
    /// ++ payment reference → conversion : the conversion that names a payment (a Stripe
    /// payment intent or invoice), for refunds and repeated reports.
    pub const PAYMENT: u8 = b'y';
    /// ++ customer (`stripe:cus_…`) → participant : who a payment processor's customer is in
    /// the campaign (the first participant their payments were credited to).
    pub const CUSTOMER: u8 = b'J';
    /// ++ conversion → `Commission` : the commission of an invoice (a `percent` campaign's).
    pub const COMMISSION: u8 = b'F';
    /// ++ reward → conversion : the commission a reward is.
    pub const COMMISSION_REWARD: u8 = b'E';
    /// ++ conversion → () : the commissions held for want of an exchange rate.
    pub const UNRATED: u8 = b'H';
    /// ++ subscription id's length (u16) ++ subscription id ++ conversion → () : the
    /// invoices of a subscription that have a commission.
    pub const SUBSCRIPTION: u8 = b'S';
    /// ++ participant → () : the participant has converted.
    pub const CONVERTED: u8 = b'u';
    /// ++ participant → u64 : how many of the participant's referrals converted.
    pub const QUALIFIED: u8 = b'q';
    /// ++ email → an email to a participant (see `emails.rs`).
    pub const OUTGOING_EMAIL: u8 = b's';
    /// ++ participant → () : the participant unsubscribed from the campaign's emails.
    pub const UNSUBSCRIBED: u8 = b'x';
    /// (nothing) → `DigestMark` : where the member's last daily digest left off.
    pub const DIGEST_MARK: u8 = b'j';
    /// ++ referrer ++ roster position of the referred → referred participant : whom each
    /// participant referred, in the order they joined.
    pub const REFERRED: u8 = b'R';
    /// ++ canonical email ++ 0 ++ participant → () : the participants reaching one inbox
    /// (several only when kept from before the campaign compared inboxes), oldest first.
    pub const INBOX: u8 = b'b';
    /// ++ participant → hold reasons : what the participant's referral was suspected of at
    /// their signup.
    pub const REFERRAL_HOLDS: u8 = b'z';
    /// ++ participant → RFC 3339 time : the participant is blocked since then.
    pub const BLOCKED: u8 = b't';
    /// ++ board ++ participant → standing : a participant's place on a leaderboard board,
    /// kept before boards moved into memory (`boards.rs`); removed by a migration.
    pub const STANDING: u8 = b'L';
    /// ++ board ++ rank key → () : a leaderboard board in rank order, kept before boards
    /// moved into memory; removed by a migration.
    pub const BOARD: u8 = b'K';
    /// (nothing) → `ContestResult` : the campaign's last recorded contest result.
    pub const CONTEST_RESULT: u8 = b'W';
    /// ++ place key → participant : the waitlist in line order (see `waitlist.rs`).
    pub const LINE: u8 = b'Q';
    /// ++ participant → place key : a participant's place in the waitlist.
    pub const PLACE: u8 = b'P';
    /// ++ bucket → u64 : how many of the line have a score in the bucket, for counting
    /// who is ahead without reading the whole line.
    pub const LINE_BUCKET: u8 = b'B';
    /// ++ group → u64 : the same, per group of buckets.
    pub const LINE_GROUP: u8 = b'G';
    /// ++ participant → RFC 3339 time : admitted from the waitlist then.
    pub const ADMITTED: u8 = b'A';
    /// ++ slot (u32) → the campaign's analytics of that quarter hour (see `rollups.rs`).
    pub const ROLLUP: u8 = b'T';
    /// ++ slot (u32) ++ partner → a partner's analytics of that quarter hour.
    pub const PARTNER_ROLLUP: u8 = b'Z';
    /// ++ day (u32) → u64 : how many times a partner's analytics moved in that UTC day
    /// after it had ended (the tag of the packs made from them, see `rollups.rs`).
    pub const ROLLUP_GENERATION: u8 = b'X';
    /// ++ payout → `Payout` : the campaign's payouts.
    pub const PAYOUT: u8 = b'O';
    /// ++ reward → payout : the payout that holds the reward, among those that have not
    /// failed (one at most, see `payouts.rs`).
    pub const PAYING: u8 = b'Y';
    /// ++ participant → `PayoutDetails` : where the participant asked to be paid.
    pub const PAYOUT_DETAILS: u8 = b'D';
    /// ++ participant → `Owed` : what the participant owes the campaign (refunds after payout).
    pub const OWED: u8 = b'V';
}

/// Tags of the `participant_rows` tree (key: participant ++ tag ++ id).
pub mod participant_row {
    pub const REWARD: u8 = b'w';
    pub const INVITE: u8 = b'i';
}

/// `tag ++ a ++ b`, the common shape of index keys.
pub fn tagged(tag: u8, a: u64, b: u64) -> [u8; 17] {
    let mut key = [0u8; 17];
    key[0] = tag;
    key[1..9].copy_from_slice(&a.to_be_bytes());
    key[9..].copy_from_slice(&b.to_be_bytes());
    key
}

/// `tag ++ a`: the prefix of every `tagged(tag, a, _)` key.
pub fn tagged_prefix(tag: u8, a: u64) -> [u8; 9] {
    let mut key = [0u8; 9];
    key[0] = tag;
    key[1..].copy_from_slice(&a.to_be_bytes());
    key
}

/// `tag ++ a ++ bytes`.
pub fn tagged_bytes(tag: u8, a: u64, bytes: &[u8]) -> Vec<u8> {
    let mut key = Vec::with_capacity(9 + bytes.len());
    key.extend_from_slice(&tagged_prefix(tag, a));
    key.extend_from_slice(bytes);
    key
}

/// `owner ++ tag ++ rest`: rows of a campaign or a participant.
pub fn row(owner: u64, tag: u8, rest: &[u8]) -> Vec<u8> {
    let mut key = Vec::with_capacity(9 + rest.len());
    key.extend_from_slice(&owner.to_be_bytes());
    key.push(tag);
    key.extend_from_slice(rest);
    key
}

/// A counter value as stored (8 bytes, big-endian); absent or malformed reads as 0.
pub fn read_counter(bytes: Option<&[u8]>) -> u64 {
    bytes.and_then(read_id).unwrap_or(0)
}

/// The value in `slot` of a row of big-endian u64s (0 when the row is shorter, or missing).
pub fn slot_value(row: Option<&[u8]>, slot: usize) -> u64 {
    read_counter(row.and_then(|r| r.get(slot * 8..slot * 8 + 8)))
}

/// The start of the [`index::DOMAIN_PARTICIPANT`] keys of `domain`. Domains never hold a 0
/// byte, so the terminator keeps `a.com` from matching `a.com.evil`.
pub fn domain_participants(domain: &str) -> Vec<u8> {
    let mut key = Vec::with_capacity(domain.len() + 2);
    key.push(index::DOMAIN_PARTICIPANT);
    key.extend_from_slice(domain.as_bytes());
    key.push(0);
    key
}

/// The [`index::DOMAIN_PARTICIPANT`] key of one domain participant.
pub fn domain_participant(domain: &str, campaign_id: u64, participant_id: u64) -> Vec<u8> {
    let mut key = domain_participants(domain);
    key.extend_from_slice(&campaign_id.to_be_bytes());
    key.extend_from_slice(&participant_id.to_be_bytes());
    key
}
