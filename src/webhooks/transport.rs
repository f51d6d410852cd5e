//! One delivery attempt on the wire: the egress check on the link, the Standard Webhooks
//! signature (`webhook-id`, `webhook-timestamp`, `webhook-signature`), the POST, and how it
//! went, described for the delivery log without the URL (links often carry a token). The
//! dispatcher decides when to send and what happens next; this file only sends.

use std::time::Instant;

use super::egress;
use crate::domain::now_rfc3339;
use crate::domain::webhook::signature;

/// Bytes of a receiver's answer read (and discarded) so the connection can be reused.
const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// One attempt, ready to send.
pub(super) struct Prepared {
    pub link: String,
    pub message_id: String,
    pub body: String,
    /// `None` when the sealed secret could not be opened (the server secret changed).
    pub secret: Option<String>,
}

/// How one attempt went.
pub(super) struct Sent {
    pub at: String,
    pub status_code: Option<u16>,
    pub error: Option<String>,
    pub duration_ms: u64,
    /// The egress check refused the target: retrying cannot help.
    pub refused: bool,
}

/// Makes one attempt: never panics, never retries; the answer says how it went.
pub(super) async fn send(client: reqwest::Client, request: Prepared, allow_private: bool, dry_run: bool) -> Sent {
    let at = now_rfc3339();
    let started = Instant::now();
    let failed = |error: String, refused: bool| Sent {
        at: at.clone(),
        status_code: None,
        error: Some(error),
        duration_ms: started.elapsed().as_millis() as u64,
        refused,
    };
    if dry_run {
        return failed("not sent: webhook delivery is off ([webhooks] dry_run = true)".into(), false);
    }
    let Ok(url) = url::Url::parse(&request.link) else {
        return failed("the webhook link is not a valid URL".into(), true);
    };
    if let Err(refusal) = egress::check_literal(&url, allow_private) {
        return failed(refusal, true);
    }
    let Some(secret) = request.secret else {
        return failed("the signing secret cannot be opened (was the server secret changed?)".into(), true);
    };
    let timestamp = chrono::Utc::now().timestamp();
    let Some(signature) = signature(&secret, &request.message_id, timestamp, request.body.as_bytes()) else {
        return failed("the signing secret is malformed".into(), true);
    };
    let response = client
        .post(url)
        .header("content-type", "application/json")
        .header("webhook-id", &request.message_id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(request.body)
        .send()
        .await;
    match response {
        Ok(mut response) => {
            let status = response.status().as_u16();
            // Read a little of the answer so the connection can be reused; never all of it.
            let mut read = 0;
            while let Ok(Some(chunk)) = response.chunk().await {
                read += chunk.len();
                if read > MAX_ANSWER_BYTES {
                    break;
                }
            }
            Sent {
                at,
                status_code: Some(status),
                error: (!(200..300).contains(&status)).then(|| format!("the receiver answered {status}")),
                duration_ms: started.elapsed().as_millis() as u64,
                refused: false,
            }
        }
        Err(e) => {
            let (error, refused) = describe(&e);
            failed(error, refused)
        }
    }
}

/// A transport error as the delivery log shows it: never the URL (webhook links often carry a
/// token), the egress refusal when that is the cause.
fn describe(e: &reqwest::Error) -> (String, bool) {
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    let mut innermost = None;
    while let Some(cause) = source {
        let text = cause.to_string();
        if text.starts_with("refused: ") {
            return (text, true);
        }
        innermost = Some(text);
        source = cause.source();
    }
    let kind = if e.is_timeout() {
        "timed out"
    } else if e.is_connect() {
        "connection failed"
    } else if e.is_redirect() {
        "redirects are not followed"
    } else {
        "request failed"
    };
    (innermost.map_or_else(|| kind.to_owned(), |cause| format!("{kind}: {cause}")), false)
}
