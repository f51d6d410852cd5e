//! Emails to participants (and the member's daily digest) as the outbox keeps them: the
//! message as it was composed when its cause was decided (so every attempt sends the same
//! thing, under the same `Message-ID`), the entry that says it is still to be sent, and what
//! became of it (the delivery log). No I/O here: the engine composes them (`engine::emails`,
//! `engine::digest`), the store keeps them, the mailer (`crate::emails`) sends.

use serde::{Deserialize, Serialize};

use super::campaign_emails::{EmailKind, RenderedEmail};

/// An email composed for a participant, immutable once written except by an erasure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutgoingEmail {
    pub id: u64,
    pub campaign_id: u64,
    pub brand_id: u64,
    pub kind: EmailKind,
    /// The participant it is to; 0 for an email to the campaign's member (the digest: see
    /// [`OutgoingEmail::participant`]).
    pub participant_id: u64,
    /// Another participant whose data it carries: the friend who joined.
    pub about: Option<u64>,
    /// The address, as the participant (or member) gave it; empty once they are erased.
    pub to: String,
    pub message: RenderedEmail,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// The link that unsubscribes the participant from the campaign's emails, for the
    /// `List-Unsubscribe` header.
    pub unsubscribe_link: String,
}

impl OutgoingEmail {
    /// The participant it is to, if it is to one.
    pub fn participant(&self) -> Option<u64> {
        (!self.kind.to_member()).then_some(self.participant_id)
    }

    /// The participants whose data the email carries.
    pub fn participant_ids(&self) -> Vec<u64> {
        self.participant().into_iter().chain(self.about).collect()
    }

    /// Erases what the email keeps of participant `id`: the whole message (it names them),
    /// and the address when it is to them. Whether there was anything of them.
    pub fn forget(&mut self, id: u64) -> bool {
        if !self.participant_ids().contains(&id) {
            return false;
        }
        if self.participant() == Some(id) {
            self.to.clear();
            self.unsubscribe_link.clear();
        }
        self.message = RenderedEmail { subject: String::new(), text: String::new(), html: String::new() };
        true
    }

    /// Whether an erasure emptied it: such an email is never sent.
    pub fn is_erased(&self) -> bool {
        self.to.is_empty() || self.message.text.is_empty()
    }

    /// The `Message-ID`: one per email, the same at every attempt, so a receiver can drop the
    /// copy a retry after a crash may send.
    pub fn message_id(&self, host: &str) -> String {
        format!("<email-{}.c{}@{host}>", self.id, self.campaign_id)
    }
}

/// An email still to be sent: the outbox. Written with the decision that caused the email,
/// replaced by the mailer after a temporary failure, removed once the email is sent or given
/// up on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueuedEmail {
    pub email_id: u64,
    /// Where the email's row is.
    pub campaign_id: u64,
    /// Attempts made so far.
    pub attempts: u32,
    /// When the next attempt is due, Unix milliseconds.
    pub due_ms: i64,
}

/// Where an email stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EmailStatus {
    /// Still to be sent (maybe after a temporary failure).
    Queued,
    /// The SMTP server accepted it.
    Sent,
    /// The SMTP server refused it for good (5xx), or temporary failures ran out of retries.
    Failed,
    /// Not sent: the participant unsubscribed or was erased before it left.
    Cancelled,
}

impl EmailStatus {
    pub fn name(self) -> &'static str {
        match self {
            EmailStatus::Queued => "queued",
            EmailStatus::Sent => "sent",
            EmailStatus::Failed => "failed",
            EmailStatus::Cancelled => "cancelled",
        }
    }
}

/// What became of an email: the delivery log's record, written by the mailer only. An email
/// the mailer has not tried yet has none (it is queued).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailDelivery {
    pub status: EmailStatus,
    pub attempts: u32,
    /// RFC 3339, UTC: when the last attempt was made.
    pub last_attempt_at: Option<String>,
    /// The SMTP server's answer or the connection's error at the last failed attempt. Never
    /// a credential.
    pub last_error: Option<String>,
    /// RFC 3339, UTC.
    pub sent_at: Option<String>,
}

impl EmailDelivery {
    /// The record of an email not tried yet.
    pub fn queued() -> Self {
        Self { status: EmailStatus::Queued, attempts: 0, last_attempt_at: None, last_error: None, sent_at: None }
    }
}

/// An email the mailer finished an attempt of: the log's new record, and the outbox entry that
/// follows (a retry) or none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAttempt {
    /// The entry the attempt was made from (its key in the outbox).
    pub queued: QueuedEmail,
    /// `None` when the email is gone (its campaign was deleted): only the entry goes.
    pub delivery: Option<EmailDelivery>,
    pub next: Option<QueuedEmail>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn email() -> OutgoingEmail {
        OutgoingEmail {
            id: 7,
            campaign_id: 3,
            brand_id: 2,
            kind: EmailKind::FriendJoined,
            participant_id: 10,
            about: Some(11),
            to: "ref@example.com".into(),
            message: RenderedEmail { subject: "Bo joined".into(), text: "Bo joined".into(), html: "<p>Bo</p>".into() },
            created_at: "2026-01-01T00:00:00Z".into(),
            unsubscribe_link: "https://r.example/unsubscribe/x".into(),
        }
    }

    #[test]
    fn forgetting_the_friend_empties_the_message_and_keeps_the_address() {
        let mut e = email();
        assert!(!e.forget(12));
        assert!(!e.is_erased());
        assert!(e.forget(11));
        assert_eq!(e.to, "ref@example.com");
        assert!(e.message.subject.is_empty() && e.message.html.is_empty());
        assert!(e.is_erased());
    }

    #[test]
    fn forgetting_the_recipient_empties_the_address_too() {
        let mut e = email();
        assert!(e.forget(10));
        assert!(e.to.is_empty() && e.unsubscribe_link.is_empty() && e.is_erased());
        assert_eq!(e.message_id("r.example"), "<email-7.c3@r.example>");
    }
}
