//! The kinds of numbered things. Each kind has its own dense sequence from 1, so the first
//! brand of a fresh server is brand 1 and its first participant is participant 1, and ids
//! stay consecutive across restarts.

/// A sequence of ids. Ids are unique within a kind only: every lookup names its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdKind {
    Member,
    Brand,
    Campaign,
    Participant,
    Reward,
    Invite,
    Webhook,
    /// Webhook events. Before events had a sequence, a signup event's id was its
    /// participant's: this one starts above them (migration `events.v1`).
    Event,
    Conversion,
    /// Emails to participants (the outbox).
    Email,
    Payout,
}

impl IdKind {
    pub const ALL: [IdKind; 11] = [
        IdKind::Member,
        IdKind::Brand,
        IdKind::Campaign,
        IdKind::Participant,
        IdKind::Reward,
        IdKind::Invite,
        IdKind::Webhook,
        IdKind::Event,
        IdKind::Conversion,
        IdKind::Email,
        IdKind::Payout,
    ];

    /// A stable name, for the stores that keep one counter per kind.
    pub fn name(self) -> &'static str {
        match self {
            IdKind::Member => "member",
            IdKind::Brand => "brand",
            IdKind::Campaign => "campaign",
            IdKind::Participant => "participant",
            IdKind::Reward => "reward",
            IdKind::Invite => "invite",
            IdKind::Webhook => "webhook",
            IdKind::Event => "event",
            IdKind::Conversion => "conversion",
            IdKind::Email => "email",
            IdKind::Payout => "payout",
        }
    }
}
