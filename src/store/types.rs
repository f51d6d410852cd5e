//! Values that cross the storage interface in both directions and belong to no single
//! backend: conflicts a write reports, idempotency records, finished webhook attempts, the
//! snapshot a backup streams.

use std::fs::File;

use serde::{Deserialize, Serialize};

use crate::domain::engine::Signed;
use crate::domain::webhook::{Attempt, PendingDelivery};

/// The email is already registered (compared case-insensitively).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmailTaken;

/// The member already has a brand on this domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DomainTaken {
    pub brand_id: u64,
}

/// The account already has as many brands or campaigns as the limit it was created under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AtLimit;

/// Why a brand was not created.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrandRefused {
    DomainTaken(DomainTaken),
    AtLimit,
}

/// A stored answer for an `Idempotency-Key`: the outcome of the first request, which http
/// renders again for a replay (the store keeps outcomes, never rendered answers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdempotencyRecord {
    pub request_hash: [u8; 32],
    pub created_at: String,
    pub outcome: IdempotentOutcome,
}

/// What the first request with a key did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum IdempotentOutcome {
    /// A signup that created a participant.
    Signed(Box<Signed>),
    /// An answer rendered by a release before outcomes were stored: sent again as it was.
    Rendered { status: u16, body: String },
}

impl IdempotencyRecord {
    /// The participants the outcome keeps a copy of.
    pub fn participant_ids(&self) -> Vec<u64> {
        match &self.outcome {
            IdempotentOutcome::Signed(signed) => signed.participant_ids(),
            IdempotentOutcome::Rendered { body, .. } => {
                let mut ids = Vec::new();
                if let Ok(mut answer) = serde_json::from_str::<serde_json::Value>(body) {
                    rendered_participants(&mut answer, &mut |id, _| ids.push(id));
                }
                ids
            }
        }
    }

    /// Erases the copies of participant `id` (see [`Participant::erase`]); whether there were
    /// any.
    ///
    /// [`Participant::erase`]: crate::domain::Participant::erase
    pub fn forget(&mut self, id: u64) -> bool {
        match &mut self.outcome {
            IdempotentOutcome::Signed(signed) => signed.forget(id),
            IdempotentOutcome::Rendered { body, .. } => {
                let Ok(mut answer) = serde_json::from_str::<serde_json::Value>(body) else { return false };
                let mut found = false;
                rendered_participants(&mut answer, &mut |pid, object| {
                    if pid == id {
                        found = true;
                        for field in ["email", "name"] {
                            if object.contains_key(field) {
                                object.insert(field.into(), serde_json::Value::String(String::new()));
                            }
                        }
                        if object.contains_key("domain") {
                            object.insert("domain".into(), serde_json::Value::Null);
                        }
                    }
                });
                if found {
                    *body = answer.to_string();
                }
                found
            }
        }
    }
}

/// Calls `visit` with every participant in an answer rendered by an older release: each
/// object with a numeric `id` and a string `email`.
fn rendered_participants(
    value: &mut serde_json::Value,
    visit: &mut dyn FnMut(u64, &mut serde_json::Map<String, serde_json::Value>),
) {
    match value {
        serde_json::Value::Object(object) => {
            if let (Some(id), Some(true)) =
                (object.get("id").and_then(serde_json::Value::as_u64), object.get("email").map(|e| e.is_string()))
            {
                visit(id, object);
            }
            for child in object.values_mut() {
                rendered_participants(child, visit);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(|item| rendered_participants(item, visit)),
        _ => {}
    }
}

/// What a request with an `Idempotency-Key` must record.
#[derive(Debug, Clone)]
pub struct IdempotencyWrite {
    /// member id ++ SHA-256 of the key.
    pub key: Vec<u8>,
    pub request_hash: [u8; 32],
}

/// A domain participant found through the global domain index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DomainReferrer {
    pub campaign_id: u64,
    pub participant_id: u64,
    pub brand_id: u64,
}

/// An attempt the dispatcher finished, with the delivery that follows it (a retry) or none.
#[derive(Debug, Clone)]
pub struct FinishedAttempt {
    pub webhook_id: u64,
    pub attempt: Attempt,
    pub next: Option<PendingDelivery>,
}

/// A contest whose window has ended, and where it lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueContest {
    pub brand_id: u64,
    pub member_id: u64,
    pub campaign_id: u64,
    /// The end of the window that is due (Unix ms).
    pub ends_ms: i64,
}

/// A reward whose hold period has ended, and where it lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueHold {
    pub brand_id: u64,
    pub member_id: u64,
    pub participant_id: u64,
    pub reward_id: u64,
}

/// What a backup holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BackupSummary {
    /// Trees in the file (sled's default tree included).
    pub trees: u64,
    /// Key-value entries across all trees.
    pub entries: u64,
    /// Bytes of the whole file.
    pub bytes: u64,
}

/// A snapshot written to an unlinked temporary file, rewound and ready to stream.
pub struct Snapshot {
    pub file: File,
    pub summary: BackupSummary,
    /// The longest time writers waited for the backup (one of its two pauses).
    pub paused: std::time::Duration,
}
