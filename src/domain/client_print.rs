//! What the service remembers of the client a signup came from, for the fraud rules that
//! compare clients (`fraud.same_address`, the per-address velocity limit): keyed hashes only.
//!
//! A print is two HMACs under a key derived from the server secret (`auth::client_print`):
//! one of the client's address, one of its address and user agent. The address itself, the
//! user agent, and any unkeyed digest of them (which a brute force over the IPv4 space would
//! reverse) are never stored. A participant's print is forgotten [`PRINT_KEPT_MS`] after
//! their signup, and with the participant when they are erased.

use serde::{Deserialize, Serialize};

use super::moment::DAY_MS;

/// How long a signup's print is kept: 30 days.
pub const PRINT_KEPT_MS: i64 = 30 * DAY_MS;

/// A client, as keyed hashes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClientPrint {
    /// The client's address (an IPv6 client by its /64: one household's or phone's network).
    pub address: [u8; 16],
    /// The address and the user agent: one device, nearly.
    pub device: [u8; 16],
}

/// A participant's print as stored: the client of their signup, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPrint {
    pub print: ClientPrint,
    /// Unix milliseconds of the signup.
    pub at_ms: i64,
}

impl StoredPrint {
    /// Whether the print is past its keeping at `now_ms` (a sweep removes it; until then the
    /// rules ignore it).
    pub fn forgotten_at(&self, now_ms: i64) -> bool {
        now_ms.saturating_sub(self.at_ms) >= PRINT_KEPT_MS
    }
}

/// Whose recent times a velocity limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RateKey {
    /// Referrals credited to this referrer.
    Referrer(u64),
    /// Signups from this client address ([`ClientPrint::address`]).
    Address([u8; 16]),
}
