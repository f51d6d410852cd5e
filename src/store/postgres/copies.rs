//! The copies of a participant kept outside their own rows (webhook events, the outcomes of
//! idempotent requests, emails), recorded in `mentions` as they are written, so that an
//! erasure finds and erases every one.

use super::connection::Conn;
use super::{body, codec, sql_id, StoreError};
use crate::domain::event::Event;
use crate::domain::outgoing_email::OutgoingEmail;
use crate::store::IdempotencyRecord;

/// Kinds of `mentions`: where a copy of a participant is kept outside their rows.
pub(super) const MENTION_EVENT: i16 = 1;
pub(super) const MENTION_IDEMPOTENCY: i16 = 2;
pub(super) const MENTION_EMAIL: i16 = 3;

const MENTION: &str = "INSERT INTO mentions (participant_id, kind, key) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";

/// Records that a copy of the participant is kept under `key` of `kind`.
pub(super) async fn mention(conn: &mut Conn, participant_id: u64, kind: i16, key: &[u8]) -> Result<(), StoreError> {
    conn.execute(MENTION, &[&sql_id(participant_id), &kind, &key]).await?;
    Ok(())
}

/// Erases every copy of the participant kept outside their rows (events, idempotency records,
/// emails): each is rewritten with the copy erased. One that is gone is skipped.
pub(super) async fn forget_copies(conn: &mut Conn, participant_id: u64) -> Result<(), StoreError> {
    let mentions =
        conn.rows("SELECT kind, key FROM mentions WHERE participant_id = $1", &[&sql_id(participant_id)]).await?;
    for row in mentions {
        let (kind, key): (i16, Vec<u8>) = (row.get("kind"), row.get("key"));
        let id = key.get(..8).and_then(|k| k.try_into().ok()).map(i64::from_be_bytes);
        match (kind, id) {
            (MENTION_EVENT, Some(event_id)) => {
                let Some(row) = conn.row("SELECT body FROM events WHERE event_id = $1", &[&event_id]).await? else {
                    continue;
                };
                let mut event: Event = body(&row, "body")?;
                if event.forget(participant_id) {
                    conn.execute(
                        "UPDATE events SET body = $2 WHERE event_id = $1",
                        &[&event_id, &codec::encode(&event)?],
                    )
                    .await?;
                }
            }
            (MENTION_EMAIL, Some(email_id)) => {
                let Some(row) = conn.row("SELECT body FROM emails WHERE email_id = $1", &[&email_id]).await? else {
                    continue;
                };
                let mut email: OutgoingEmail = body(&row, "body")?;
                if email.forget(participant_id) {
                    conn.execute(
                        "UPDATE emails SET body = $2 WHERE email_id = $1",
                        &[&email_id, &codec::encode(&email)?],
                    )
                    .await?;
                }
            }
            (MENTION_IDEMPOTENCY, _) => forget_in_idempotency(conn, &key, participant_id).await?,
            _ => return Err(StoreError::Decode(format!("malformed mention of participant {participant_id}"))),
        }
    }
    Ok(())
}

/// Erases the participant from the idempotency record under `key`, if it is still there: the
/// record keeps answering replays, anonymously.
pub(super) async fn forget_in_idempotency(conn: &mut Conn, key: &[u8], participant_id: u64) -> Result<(), StoreError> {
    let Some(row) = conn.row("SELECT body FROM idempotency WHERE key = $1", &[&key]).await? else { return Ok(()) };
    let mut record: IdempotencyRecord = body(&row, "body")?;
    if record.forget(participant_id) {
        conn.execute("UPDATE idempotency SET body = $2 WHERE key = $1", &[&key, &codec::encode(&record)?]).await?;
    }
    Ok(())
}
