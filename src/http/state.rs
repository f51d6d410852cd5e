//! `AppState`: what every handler can reach (store, credentials keys, brand actors, settings).

use crate::actors::{BrandRegistry, Tallies};
use crate::auth::AuthKeys;
use crate::store::SharedStorage;
use crate::webhooks::WebhookDispatcher;

/// Shared by all workers behind `web::Data`.
pub struct AppState {
    pub store: SharedStorage,
    pub auth: AuthKeys,
    pub brands: BrandRegistry,
    /// Public root of the site, without a trailing slash ({site_url}).
    pub public_url: String,
    /// Largest JSON body accepted, in bytes.
    pub body_limit: usize,
    /// SHA-256 of the admin token; `None` disables the admin API.
    pub admin_token_digest: Option<[u8; 32]>,
    /// Delivers webhook events; signup handlers wake it.
    pub webhooks: actix::Addr<WebhookDispatcher>,
    /// Webhooks one member may register.
    pub max_webhooks_per_member: u64,
    /// Whether webhooks may target private addresses (`webhooks.allow_private_targets`).
    pub allow_private_webhook_targets: bool,
    /// Fetches the files brands and partners prove their domains with.
    pub domain_checks: crate::webhooks::domain_check::DomainChecker,
    /// Click, impression and share counts on their way to the brand actors.
    pub tallies: Tallies,
    /// Sign-in and per-member write limits.
    pub limiters: super::rate_limit::Limiters,
    /// Failures a test switched on (none in production).
    pub faults: crate::faults::Faults,
    /// Who may register (`members.registration`).
    pub registration: crate::config::Registration,
    /// The plan new members get (`members.default_plan`).
    pub default_plan: u64,
    /// Held while a registration checks for and makes the server's first account.
    pub first_account: tokio::sync::Mutex<()>,
    /// Sends the portal's sign-in links and invitations; `None` when email is not configured.
    pub portal_mail: Option<std::sync::Arc<crate::emails::SmtpSender>>,
    /// The MCP server `/mcp` hands its requests to, its tools read from this server's document.
    pub mcp: crate::mcp::HttpService,
}

impl AppState {
    /// Hands the deliveries of durable writes to the webhook dispatcher (nothing when there
    /// are none). Call only once the writes that queued them are durable.
    pub fn deliver(&self, deliveries: Vec<crate::domain::webhook::PendingDelivery>) {
        if !deliveries.is_empty() {
            self.webhooks.do_send(crate::webhooks::NewDeliveries(deliveries));
        }
    }
}
