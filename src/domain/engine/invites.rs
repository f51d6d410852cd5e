//! Invitations a participant sends by email: each address once per participant.

use super::{BrandReads, Write};
use crate::domain::{email, EmailAddress, Invite, Participant};

/// Decides the invitations `participant` sends to `emails`: addresses they already invited,
/// or that repeat in `emails`, are skipped. `ids` holds a fresh id for each of `emails`.
/// Returns the new invitations and their writes.
pub fn decide_invites<R: BrandReads + ?Sized>(
    reads: &R,
    participant: &Participant,
    emails: &[EmailAddress],
    ids: &[u64],
    now: &str,
) -> Result<(Vec<Invite>, Vec<Write>), R::Error> {
    let mut seen: std::collections::HashSet<String> =
        reads.invites_of(participant.id)?.into_iter().map(|i| email::normalize(&i.email)).collect();
    let mut created = Vec::new();
    for (email, &id) in emails.iter().zip(ids) {
        if !seen.insert(email.normalized()) {
            continue;
        }
        created.push(Invite {
            id,
            participant_id: participant.id,
            email: email.as_str().to_owned(),
            accepted_by: None,
            created_at: now.to_owned(),
            accepted_at: None,
        });
    }
    let writes = created.iter().cloned().map(Write::Invite).collect();
    Ok((created, writes))
}
