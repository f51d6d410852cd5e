//! `JsonBody<T>`: the JSON request-body extractor of every endpoint. Unlike actix's own, it
//! answers every failure in the envelope, and it reads an oversized body to its end (up to a
//! hard cap) before answering 413, so a client that is still sending gets the answer instead
//! of a reset connection.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use futures_util::StreamExt;
use serde::de::DeserializeOwned;

use super::error::ApiError;
use super::state::AppState;
use crate::http::Code;

/// Past this many bytes an oversized body is no longer drained: the 413 is sent and the
/// connection closed, so a hostile client cannot keep a worker busy reading forever.
const DRAIN_CAP: usize = 64 * 1024 * 1024;

/// A request body parsed as JSON into `T`.
pub struct JsonBody<T>(pub T);

/// A request body parsed as JSON into `T` when there is one; no body at all (empty, with or
/// without a Content-Type) is `T::default()`: for a POST whose fields are all optional.
pub struct OptionalJsonBody<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let parsing = parse(req, payload, false);
        // Never `None`: a required body is refused when empty.
        Box::pin(async move { parsing.await?.map(JsonBody).ok_or_else(empty) })
    }
}

impl<T: DeserializeOwned + Default + 'static> FromRequest for OptionalJsonBody<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let parsing = parse(req, payload, true);
        Box::pin(async move { parsing.await.map(|found| OptionalJsonBody(found.unwrap_or_default())) })
    }
}

/// Reads and parses a JSON object body; `None` only when `optional` and there is no body.
fn parse<T: DeserializeOwned + 'static>(
    req: &HttpRequest,
    payload: &mut Payload,
    optional: bool,
) -> LocalBoxFuture<'static, Result<Option<T>, ApiError>> {
    let limit = req.app_data::<web::Data<AppState>>().map_or(64 * 1024, |s| s.body_limit);
    let is_json = is_json_content_type(req);
    let declared_len = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<usize>().ok());
    let mut payload = payload.take();
    Box::pin(async move {
        let body = read_body(&mut payload, declared_len, limit).await?;
        if optional && body.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        if !is_json {
            return Err(ApiError::refused(Code::UnsupportedContentType, "Content-Type must be application/json"));
        }
        // Every JSON body of the API is an object. serde would otherwise accept an array
        // positionally as a struct (`["a@b.c", "Ada", "secret"]`), which no client means.
        match body.iter().find(|b| !b.is_ascii_whitespace()) {
            None => return Err(empty()),
            Some(b'{') => {}
            Some(_) => {
                return Err(match serde_json::from_slice::<serde::de::IgnoredAny>(&body) {
                    Ok(_) => ApiError::refused(Code::InvalidBody, "request body must be a JSON object"),
                    Err(e) => describe(e),
                })
            }
        }
        serde_json::from_slice(&body).map(Some).map_err(describe)
    })
}

/// The answer to a body that is required and empty.
fn empty() -> ApiError {
    ApiError::refused(Code::InvalidJson, "request body is empty; send a JSON object")
}

/// Reads a whole request body of at most `limit` bytes. An oversized body is read to its end
/// (up to [`DRAIN_CAP`]) before the 413, so the client gets the answer.
pub async fn read_body<S>(payload: &mut S, declared_len: Option<usize>, limit: usize) -> Result<web::BytesMut, ApiError>
where
    S: futures_util::Stream<Item = Result<web::Bytes, actix_web::error::PayloadError>> + Unpin,
{
    if declared_len.is_some_and(|len| len > DRAIN_CAP) {
        return Err(ApiError::PayloadTooLarge { limit });
    }
    let mut body = web::BytesMut::new();
    let mut seen = 0usize;
    while let Some(chunk) = payload.next().await {
        let chunk = chunk
            .map_err(|e| ApiError::refused(Code::UnreadableBody, format!("request body could not be read: {e}")))?;
        seen += chunk.len();
        if seen > DRAIN_CAP {
            return Err(ApiError::PayloadTooLarge { limit });
        }
        if seen <= limit {
            body.extend_from_slice(&chunk);
        }
    }
    if seen > limit {
        return Err(ApiError::PayloadTooLarge { limit });
    }
    Ok(body)
}

/// The media type of the request, lower-cased, without parameters ("" when absent).
pub fn media_type(req: &HttpRequest) -> String {
    let value = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    value.split(';').next().unwrap_or("").trim().to_ascii_lowercase()
}

/// The declared Content-Length, if any.
pub fn declared_length(req: &HttpRequest) -> Option<usize> {
    req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<usize>().ok())
}

fn is_json_content_type(req: &HttpRequest) -> bool {
    let essence = media_type(req);
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Syntax errors and shape errors get different codes; both messages say where.
fn describe(e: serde_json::Error) -> ApiError {
    use serde_json::error::Category;
    match e.classify() {
        Category::Data => {
            ApiError::refused(Code::InvalidBody, format!("request body does not have the expected fields: {e}"))
        }
        Category::Syntax | Category::Eof | Category::Io => {
            ApiError::refused(Code::InvalidJson, format!("request body is not valid JSON: {e}"))
        }
    }
}
