//! Brands: a website a member runs referral campaigns on.

use serde::{Deserialize, Serialize};

/// A brand as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Brand {
    pub id: u64,
    pub member_id: u64,
    pub url: String,
    pub domain: String,
    pub description: String,
    pub logo_url: Option<String>,
    /// Background image of the default lander.
    pub background_url: Option<String>,
    /// Token network the brand is linked to (set by an operator); enables token rewards.
    pub token_network: Option<String>,
    pub created_at: String,
}

/// Longest brand description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 2_000;
