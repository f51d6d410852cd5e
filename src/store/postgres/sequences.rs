//! The sequences that number ids, one per kind of id (created by the migrations); ids are
//! taken from them alone, so no two servers ever take the same one. A sequence never gives a
//! number back, so a transaction rolled back after taking ids leaves a gap.

use crate::domain::ids::IdKind;

/// The sequence that numbers ids of `kind`.
pub(super) fn sequence_of(kind: IdKind) -> &'static str {
    match kind {
        IdKind::Member => "ids_member",
        IdKind::Brand => "ids_brand",
        IdKind::Campaign => "ids_campaign",
        IdKind::Participant => "ids_participant",
        IdKind::Reward => "ids_reward",
        IdKind::Invite => "ids_invite",
        IdKind::Webhook => "ids_webhook",
        IdKind::Event => "ids_event",
        IdKind::Conversion => "ids_conversion",
        IdKind::Email => "ids_email",
        IdKind::Payout => "ids_payout",
    }
}

/// The sequences of `kinds`, in order: the `text[]` that the statements taking several new
/// ids at once (`PgSession::take_ids`, a signup's ids named ahead in `ahead.rs`) unnest.
pub(super) fn sequences_of(kinds: &[IdKind]) -> Vec<&'static str> {
    kinds.iter().map(|&kind| sequence_of(kind)).collect()
}
