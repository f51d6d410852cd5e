//! The JSON shape of a portal sign-in link, as the member's product asks for one.

use serde::Serialize;
use utoipa::ToSchema;

/// A one-time link that signs a participant in to their campaign's portal.
#[derive(Debug, Serialize, ToSchema)]
pub struct PortalLink {
    /// Opens the portal's sign-in button; works once.
    pub url: String,
    /// When it stops working: 15 minutes after it was made (RFC 3339).
    pub expires_at: String,
    /// The portal's own address, where the participant signs in by email another time.
    pub portal_url: String,
}
