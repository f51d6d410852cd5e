//! `/mcp`: the MCP server (`crate::mcp`) over Streamable HTTP, for an assistant that connects
//! over the network. The member's API key (any of their keys, a scoped one too) or a
//! signed-in token comes as `Authorization: Bearer` (or `X-API-Key`); a request without a
//! valid one is 401 before MCP reads it. The request is then handed to rmcp's service, which
//! speaks `http` 1, with the caller on it: each tool call is made as that caller, to this
//! server's own address, so the API's rules (a scoped key's scopes, the write allowance)
//! hold on every call.
//!
//! Not in the OpenAPI document: it is a protocol's endpoint, not an operation of the API.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use http_body_util::BodyDataStream;

use super::authenticated::identify;
use super::error::ApiError;
use super::state::AppState;
use crate::domain::ApiKey;
use crate::mcp::{Caller, Credential};

/// Largest MCP message accepted (a tool call's arguments: a coupon file among them).
pub const MOST_BYTES: usize = 4 * 1024 * 1024;

/// `GET`, `POST` and `DELETE /mcp`: one MCP exchange, answered by rmcp.
pub async fn endpoint(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    identify(&state, &req).await?;
    let credential = credential_of(&req).ok_or(super::error::REFUSED)?;
    // The server's own address, as this connection reached it: the calls go there.
    let base = reqwest::Url::parse(&format!("http://{}", req.app_config().local_addr()))
        .map_err(|e| ApiError::Internal(format!("the server's own address: {e}")))?;
    let mut request = http::Request::builder().method(req.method().as_str()).uri(req.uri().to_string());
    for (name, value) in req.headers() {
        request = request.header(name.as_str(), value.as_bytes());
    }
    let mut request = request
        .body(http_body_util::Full::new(body))
        .map_err(|e| ApiError::Internal(format!("the MCP request: {e}")))?;
    request.extensions_mut().insert(Caller { base, credential });
    let mut service = state.mcp.clone();
    let Ok(response) = tower_service::Service::call(&mut service, request).await;
    let (parts, body) = response.into_parts();
    let status = actix_web::http::StatusCode::from_u16(parts.status.as_u16())
        .map_err(|e| ApiError::Internal(format!("the MCP answer's status: {e}")))?;
    let mut answer = HttpResponse::build(status);
    for (name, value) in &parts.headers {
        if let Ok(value) = header::HeaderValue::from_bytes(value.as_bytes()) {
            answer.append_header((name.as_str(), value));
        }
    }
    let chunks = BodyDataStream::new(body).map(|chunk| chunk.map_err(|never| -> std::io::Error { match never {} }));
    Ok(answer.streaming(chunks))
}

/// The credential to make the calls with: the bearer (an API key, else a token), or the
/// `X-API-Key`. `identify` checked it already.
fn credential_of(req: &HttpRequest) -> Option<Credential> {
    if let Some(key) = req.headers().get("x-api-key").and_then(|v| v.to_str().ok()) {
        return Some(Credential::ApiKey(key.trim().to_owned()));
    }
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, secret) = value.split_once(' ')?;
    let secret = secret.trim();
    if !scheme.eq_ignore_ascii_case("bearer") || secret.is_empty() {
        return None;
    }
    Some(match ApiKey::parse(secret) {
        Some(_) => Credential::ApiKey(secret.to_owned()),
        None => Credential::Token(secret.to_owned()),
    })
}
