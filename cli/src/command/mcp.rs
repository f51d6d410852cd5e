//! `refctl mcp`: the MCP server over stdio, for an assistant on the member's own machine.
//! Its tools are read from the running server's OpenAPI document, and every call is made to
//! that server with the member's API key (`REFERRALS_API_KEY`), so the key's scopes decide
//! what the assistant may do. It needs no admin token: a member runs it, not the operator.

use std::time::Duration;

use referrals::mcp::{Caller, Credential};

/// Serves MCP on stdin and stdout until the client closes them.
pub fn serve(server: &str, api_key: Option<&str>) -> Result<(), String> {
    let key = api_key.map(str::trim).filter(|k| !k.is_empty()).ok_or(
        "no API key: set REFERRALS_API_KEY to the member's key (a scoped key that only reads is the safe start)",
    )?;
    let base = reqwest::Url::parse(server.trim_end_matches('/'))
        .map_err(|e| format!("the server's address {server:?} is not a URL: {e}"))?;
    let document = document(&base)?;
    let caller = Caller { base, credential: Credential::ApiKey(key.to_owned()) };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(referrals::mcp::serve_stdio(&document, caller))
}

/// The server's OpenAPI document, the tools' source.
fn document(base: &reqwest::Url) -> Result<serde_json::Value, String> {
    let url = base.join("/api/v1/openapi.json").map_err(|e| format!("the document's address: {e}"))?;
    let client = reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .map_err(|e| format!("cannot build an HTTP client: {e}"))?;
    let response =
        client.get(url).send().map_err(|e| format!("cannot reach the server at {base}: {}", e.without_url()))?;
    if !response.status().is_success() {
        return Err(format!("the server at {base} answered {} for its OpenAPI document", response.status()));
    }
    response.json().map_err(|e| format!("the server's OpenAPI document is not JSON: {}", e.without_url()))
}
