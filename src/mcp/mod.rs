//! The MCP server: a programme run from an assistant. Its tools are the API's operations,
//! read from the served OpenAPI document (`tools.rs`); a call is the API request it stands
//! for, made as the caller (`calls.rs`), so every rule of the API, a scoped key's scopes
//! among them, holds through MCP unchanged. Served two ways, with rmcp (the official SDK):
//! - `refctl mcp` speaks stdio, with the member's key from the environment ([`serve_stdio`]);
//! - the server's `/mcp` speaks Streamable HTTP, the key as a bearer token (`http::mcp`
//!   hands actix's request to [`http_service`]).
//!
//! It names nothing else of the crate: the document comes in as JSON.

pub mod calls;
pub mod server;
pub mod tools;

use std::sync::Arc;

use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::ServiceExt;

pub use calls::{Caller, Credential, Replays};
pub use server::ReferralsMcp;

/// The service `/mcp` hands its requests to.
pub type HttpService = StreamableHttpService<ReferralsMcp, NeverSessionManager>;

/// The Streamable HTTP service of `/mcp`, for the tools of `document`: stateless (each POST
/// answered on its own, so any server of several answers it), its answers JSON where they
/// can be. Each request's [`Caller`] comes in its extensions.
pub fn http_service(document: &serde_json::Value) -> HttpService {
    let tools = Arc::new(tools::catalogue(document));
    let replays = Arc::new(Replays::default());
    // Hosts and origins are not checked: nothing rides on a browser's ambient credentials
    // here (every request brings its key), so a rebound name or another origin gains nothing.
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .disable_allowed_hosts();
    StreamableHttpService::new(
        move || Ok(ReferralsMcp::new(tools.clone(), None, replays.clone())),
        Arc::new(NeverSessionManager::default()),
        config,
    )
}

/// Serves MCP over stdin and stdout until the client closes them, each call made as
/// `caller` against the server whose document is `document`.
pub async fn serve_stdio(document: &serde_json::Value, caller: Caller) -> Result<(), String> {
    let tools = Arc::new(tools::catalogue(document));
    let server = ReferralsMcp::new(tools, Some(caller), Arc::new(Replays::default()));
    let running = server.serve(rmcp::transport::stdio()).await.map_err(|e| format!("MCP over stdio: {e}"))?;
    running.waiting().await.map_err(|e| format!("MCP over stdio: {e}"))?;
    Ok(())
}
