//! A tool call, made as the API request it stands for: the arguments placed in the path,
//! the query and the body, the caller's credential sent along, and the answer handed back as
//! the API gave it (its failure envelope too, so an assistant reads the same `code`).
//!
//! Every write carries an idempotency key: the caller's, or one made from the tool's name
//! and its arguments, so an identical retry is the same call. The API keeps the first
//! result of a signup and a conversion under that key, durably; this server keeps the first
//! success of every write for a day (at most [`MOST_REPLAYS`] of them), so a repeated
//! approval or payout run is answered with its first result and sent to the API only once.
//! The money's own rules hold beneath it: a reward moves, a payout is made, once.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use parking_lot::Mutex;
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

use super::tools::Operation;

/// Most first results kept for replay.
pub const MOST_REPLAYS: usize = 10_000;
/// How long a first result is kept for replay.
const REPLAY_FOR: Duration = Duration::from_secs(24 * 60 * 60);
/// How long a call may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(60);

/// The credential a call is made with.
#[derive(Clone, PartialEq, Eq)]
pub enum Credential {
    /// A member's API key, sent as `X-API-Key`.
    ApiKey(String),
    /// A signed-in token, sent as `Authorization: Bearer`.
    Token(String),
}

/// Never print a credential.
impl std::fmt::Debug for Credential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Credential::ApiKey(_) => "ApiKey(<redacted>)",
            Credential::Token(_) => "Token(<redacted>)",
        })
    }
}

impl Credential {
    fn fingerprint(&self) -> [u8; 32] {
        let (kind, text) = match self {
            Credential::ApiKey(key) => ("key", key),
            Credential::Token(token) => ("token", token),
        };
        Sha256::new().chain_update(kind).chain_update([0]).chain_update(text).finalize().into()
    }
}

/// Who a call is made as, and the server it goes to.
#[derive(Debug, Clone)]
pub struct Caller {
    /// The server's root (`http://127.0.0.1:8080`).
    pub base: reqwest::Url,
    pub credential: Credential,
}

/// What the API answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub status: u16,
    pub body: AnswerBody,
}

/// An answer's body: JSON (the envelope), or text (a CSV export).
#[derive(Debug, Clone, PartialEq)]
pub enum AnswerBody {
    Json(Value),
    Text(String),
}

impl Answer {
    /// A failure of the call itself, in the API's envelope.
    fn refused(status: u16, code: &str, message: impl Into<String>) -> Self {
        let envelope = json!({"success": false, "code": code, "error": message.into()});
        Answer { status, body: AnswerBody::Json(envelope) }
    }
}

/// First results of writes, kept for replay (see the module's text).
#[derive(Default)]
pub struct Replays {
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    by_key: HashMap<[u8; 32], ([u8; 32], Answer)>,
    order: VecDeque<([u8; 32], Instant)>,
}

impl Kept {
    fn forget_old(&mut self, now: Instant) {
        while let Some(&(key, at)) = self.order.front() {
            if now.duration_since(at) < REPLAY_FOR && self.order.len() <= MOST_REPLAYS {
                break;
            }
            self.order.pop_front();
            self.by_key.remove(&key);
        }
    }
}

/// Makes the call `arguments` ask of `operation`, as `caller`.
pub async fn call(
    client: &reqwest::Client,
    replays: &Replays,
    operation: &Operation,
    arguments: Map<String, Value>,
    caller: &Caller,
) -> Answer {
    let request = match build(client, operation, &arguments, caller) {
        Ok(request) => request,
        Err(message) => return Answer::refused(400, "invalid_arguments", message),
    };
    if operation.read_only {
        return send(request).await;
    }
    let mut without_key = arguments.clone();
    let given = without_key.remove("idempotency_key");
    let request_hash: [u8; 32] = Sha256::digest(canonical(&Value::Object(without_key.clone())).to_string()).into();
    let key = match given {
        Some(Value::String(key)) if (1..=255).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic()) => key,
        Some(_) => {
            return Answer::refused(
                400,
                "invalid_idempotency_key",
                "idempotency_key must be 1 to 255 visible ASCII characters",
            )
        }
        None => derived_key(&operation.name, &without_key),
    };
    let replay_key: [u8; 32] = Sha256::new()
        .chain_update(caller.credential.fingerprint())
        .chain_update(&operation.name)
        .chain_update([0])
        .chain_update(&key)
        .finalize()
        .into();
    {
        let mut kept = replays.kept.lock();
        kept.forget_old(Instant::now());
        if let Some((hash, first)) = kept.by_key.get(&replay_key) {
            if *hash != request_hash {
                let message = "this idempotency_key was used for another call with other arguments; use a new key";
                return Answer::refused(409, "idempotency_key_reused", message);
            }
            return first.clone();
        }
    }
    let answer = send(request.header("idempotency-key", &key)).await;
    if (200..300).contains(&answer.status) {
        let mut kept = replays.kept.lock();
        kept.by_key.insert(replay_key, (request_hash, answer.clone()));
        kept.order.push_back((replay_key, Instant::now()));
        kept.forget_old(Instant::now());
    }
    answer
}

/// The key a write without one gets: its tool's name and its arguments, canonical.
pub fn derived_key(tool: &str, arguments: &Map<String, Value>) -> String {
    let text = canonical(&Value::Object(arguments.clone())).to_string();
    let digest = Sha256::new().chain_update(tool).chain_update([0]).chain_update(text).finalize();
    format!("mcp-{}", &hex::encode(digest)[..40])
}

/// `value` with every object's keys in order, so the same arguments hash the same however
/// they were written.
fn canonical(value: &Value) -> Value {
    match value {
        Value::Object(object) => {
            let mut keys: Vec<&String> = object.keys().collect();
            keys.sort();
            Value::Object(keys.into_iter().map(|k| (k.clone(), canonical(&object[k]))).collect())
        }
        Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
        other => other.clone(),
    }
}

/// The request: the path's parameters placed (each one segment, escaped), the query's, the
/// body, the credential. An argument the tool does not take, a missing one, or one of the
/// wrong kind is refused before anything is sent.
fn build(
    client: &reqwest::Client,
    operation: &Operation,
    arguments: &Map<String, Value>,
    caller: &Caller,
) -> Result<reqwest::RequestBuilder, String> {
    let known = |name: &str| {
        operation.path_params.iter().chain(&operation.query_params).any(|p| p == name)
            || (name == "body" && operation.body.as_ref().is_some_and(|b| b.json))
            || (name == "body_text" && operation.body.as_ref().is_some_and(|b| b.text.is_some()))
            || (name == "idempotency_key" && !operation.read_only)
    };
    if let Some(unknown) = arguments.keys().find(|name| !known(name)) {
        return Err(format!("{} takes no argument {unknown:?}", operation.name));
    }
    let mut url = caller.base.clone();
    {
        let mut segments = url.path_segments_mut().map_err(|_| "the server's address cannot take a path".to_owned())?;
        segments.pop_if_empty();
        for segment in operation.path.split('/').filter(|s| !s.is_empty()) {
            match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                Some(name) => {
                    let value = arguments.get(name).ok_or_else(|| format!("{name} is required"))?;
                    segments.push(&scalar(name, value)?);
                }
                None => {
                    segments.push(segment);
                }
            }
        }
    }
    for name in &operation.query_params {
        if let Some(value) = arguments.get(name).filter(|v| !v.is_null()) {
            let text = scalar(name, value)?;
            url.query_pairs_mut().append_pair(name, &text);
        }
    }
    let mut request = client.request(operation.method.clone(), url).timeout(CALL_TIMEOUT);
    request = match &caller.credential {
        Credential::ApiKey(key) => request.header("x-api-key", key),
        Credential::Token(token) => request.bearer_auth(token),
    };
    if let Some(kinds) = &operation.body {
        match (arguments.get("body"), arguments.get("body_text"), &kinds.text) {
            (Some(_), Some(_), _) => return Err("give body or body_text, not both".into()),
            (Some(body), None, _) => request = request.json(body),
            (None, Some(Value::String(text)), Some(kind)) => {
                request = request.header("content-type", kind.as_str()).body(text.clone())
            }
            (None, Some(_), _) => return Err("body_text must be a string".into()),
            (None, None, _) if kinds.required => return Err("body (or body_text) is required".into()),
            (None, None, _) => {}
        }
    }
    Ok(request)
}

/// A parameter's value as the URL carries it: a whole number or a string.
fn scalar(name: &str, value: &Value) -> Result<String, String> {
    match value {
        Value::String(text) => Ok(text.clone()),
        Value::Number(number) => Ok(number.to_string()),
        Value::Bool(flag) => Ok(flag.to_string()),
        _ => Err(format!("{name} must be a number or a string")),
    }
}

async fn send(request: reqwest::RequestBuilder) -> Answer {
    let response = match request.send().await {
        Ok(response) => response,
        Err(e) => {
            let message = format!("the referrals server could not be reached: {}", e.without_url());
            return Answer::refused(503, "unavailable", message);
        }
    };
    let status = response.status().as_u16();
    let json = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let text = match response.text().await {
        Ok(text) => text,
        Err(e) => {
            return Answer::refused(503, "unavailable", format!("the answer did not arrive: {}", e.without_url()))
        }
    };
    let body = match json.then(|| serde_json::from_str(&text).ok()).flatten() {
        Some(value) => AnswerBody::Json(value),
        None => AnswerBody::Text(text),
    };
    Answer { status, body }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_arguments_in_any_order_make_the_same_key() {
        let a: Map<String, Value> =
            serde_json::from_str(r#"{"id": 4, "body": {"b": 1, "a": [2, {"y": 1, "x": 0}]}}"#).unwrap();
        let b: Map<String, Value> =
            serde_json::from_str(r#"{"body": {"a": [2, {"x": 0, "y": 1}], "b": 1}, "id": 4}"#).unwrap();
        assert_eq!(derived_key("approveReward", &a), derived_key("approveReward", &b));
        assert_ne!(derived_key("approveReward", &a), derived_key("voidReward", &a));
        let c: Map<String, Value> = serde_json::from_str(r#"{"id": 5}"#).unwrap();
        assert_ne!(derived_key("approveReward", &a), derived_key("approveReward", &c));
        assert!(derived_key("x", &c).starts_with("mcp-") && derived_key("x", &c).len() == 44);
    }

    #[test]
    fn credentials_never_print() {
        let shown = format!("{:?}", Credential::ApiKey("ref_secret".into()));
        assert!(!shown.contains("secret"), "{shown}");
    }
}
