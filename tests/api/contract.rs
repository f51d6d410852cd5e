//! The answer-versus-schema check: every request the API suite sends goes through
//! [`TestClient`] and [`Request`], whose `send` validates the JSON answer against the schema
//! the served OpenAPI document gives for that operation and status, then hands the test an
//! identical response. An answer the document does not describe (an undocumented status, a
//! field of the wrong type, a missing required field) fails the test that received it, so the
//! document cannot drift from what the server sends.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use reqwest::Method;
use serde_json::Value;
use tokio::sync::OnceCell;

/// The served document, fetched once per test process (every server serves the same one).
static DOCUMENT: OnceCell<Arc<Contract>> = OnceCell::const_new();

struct Contract {
    document: Value,
    /// Path templates of the document, split into segments (`{id}` matches any segment).
    paths: Vec<(String, Vec<String>)>,
    validators: Mutex<HashMap<String, Arc<jsonschema::Validator>>>,
}

impl Contract {
    fn new(mut document: Value) -> Self {
        // Strict: an answer may carry no property its schema does not name, so a field added
        // to an answer without its description fails (the served document stays open to
        // additions for clients; only this check is strict).
        close_document(&mut document);
        let paths = document["paths"]
            .as_object()
            .expect("the document has paths")
            .keys()
            .map(|p| (p.clone(), p.split('/').map(str::to_owned).collect()))
            .collect();
        Self { document, paths, validators: Mutex::default() }
    }

    /// The document's path template for a request path, preferring literal segments.
    fn template(&self, path: &str) -> Option<&str> {
        let segments: Vec<&str> = path.split('/').collect();
        self.paths
            .iter()
            .filter(|(_, template)| {
                template.len() == segments.len()
                    && template.iter().zip(&segments).all(|(t, s)| t == s || (t.starts_with('{') && !s.is_empty()))
            })
            .min_by_key(|(_, template)| template.iter().filter(|t| t.starts_with('{')).count())
            .map(|(path, _)| path.as_str())
    }

    /// Checks one answer; `Err` says what does not match.
    fn check(&self, method: &Method, path: &str, status: u16, content_type: &str, body: &[u8]) -> Result<(), String> {
        // A CORS preflight is answered by the CORS layer for the operation it asks about; no
        // operation of its own describes it.
        if method == Method::OPTIONS {
            return Ok(());
        }
        // `/v1` serves the same operations as `/api/v1`, which the document lists once.
        let aliased = path.strip_prefix("/v1/").map(|rest| format!("/api/v1/{rest}"));
        let path = aliased.as_deref().unwrap_or(path);
        let Some(template) = self.template(path) else {
            // Unknown routes are answered by the fallback (404 in the envelope); they are
            // described by no operation.
            return if status == 404 { Ok(()) } else { Err(format!("{method} {path}: no such path in the document")) };
        };
        let operation = &self.document["paths"][template][method.as_str().to_lowercase()];
        if operation.is_null() {
            // A method the path does not have: the 405 of the fallback.
            return if status == 405 { Ok(()) } else { Err(format!("{method} {template}: not in the document")) };
        }
        let responses = &operation["responses"];
        let key = status.to_string();
        let Some(response) = responses.get(&key).or_else(|| responses.get("default")) else {
            return Err(format!("{method} {template}: status {status} is not documented"));
        };
        if !content_type.starts_with("application/json") {
            return Ok(());
        }
        let Some(content) = response["content"].get("application/json") else {
            return Err(format!("{method} {template} {status}: JSON answered, none documented"));
        };
        let Some(schema) = content.get("schema") else { return Ok(()) };
        let instance: Value = serde_json::from_slice(body)
            .map_err(|e| format!("{method} {template} {status}: the body is not JSON: {e}"))?;
        let validator = self.validator(&format!("{method} {template} {status}"), schema)?;
        let errors: Vec<String> =
            validator.iter_errors(&instance).map(|e| format!("{} at {}", e, e.instance_path())).collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "{method} {template} {status}: the answer does not match its schema:\n  {}\n  answer: {instance}",
                errors.join("\n  ")
            ))
        }
    }

    fn validator(&self, name: &str, schema: &Value) -> Result<Arc<jsonschema::Validator>, String> {
        if let Some(validator) = self.validators.lock().unwrap().get(name) {
            return Ok(validator.clone());
        }
        // The schema's `$ref`s point into the document: validate with the document's
        // components beside the schema, so `#/components/schemas/…` resolves.
        let mut root = schema.clone();
        if let Value::Object(map) = &mut root {
            map.insert("components".into(), self.document["components"].clone());
        } else {
            root = serde_json::json!({"allOf": [schema], "components": self.document["components"]});
        }
        let validator =
            jsonschema::draft202012::new(&root).map_err(|e| format!("{name}: the schema does not compile: {e}"))?;
        let validator = Arc::new(validator);
        self.validators.lock().unwrap().insert(name.to_owned(), validator.clone());
        Ok(validator)
    }
}

/// Closes every object schema of the checker's copy of the document: an object with named
/// properties gets `unevaluatedProperties: false`. A flattened struct is described as an
/// `allOf` of parts, and a closed part would refuse its siblings' properties, so there the
/// `allOf` holder is closed and its parts stay open (a part that is a component refers to an
/// open copy of it, `<Name>__open`).
fn close_document(document: &mut Value) {
    let schemas = document["components"]["schemas"].as_object().cloned().unwrap_or_default();
    for (name, schema) in schemas {
        let mut open = schema.clone();
        close(&mut open, false);
        document["components"]["schemas"][format!("{name}__open")] = open;
        close(&mut document["components"]["schemas"][&name], true);
    }
    close(&mut document["paths"], true);
}

/// Closes `value` (when `this_level` and it names properties) and every schema inside it.
fn close(value: &mut Value, this_level: bool) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Array(parts)) = map.get_mut("allOf") {
                for part in parts.iter_mut() {
                    match part.get("$ref").and_then(Value::as_str) {
                        Some(target) if target.starts_with("#/components/schemas/") => {
                            *part = serde_json::json!({"$ref": format!("{target}__open")});
                        }
                        _ => close(part, false),
                    }
                }
                map.insert("unevaluatedProperties".into(), Value::Bool(false));
            } else if this_level && map.contains_key("properties") {
                map.insert("unevaluatedProperties".into(), Value::Bool(false));
            }
            for (key, child) in map.iter_mut() {
                if key != "allOf" {
                    close(child, true);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| close(item, true)),
        _ => {}
    }
}

async fn contract(base: &str) -> Arc<Contract> {
    DOCUMENT
        .get_or_init(|| async {
            let document: Value = super::helpers::plain_client()
                .get(format!("{base}/api/v1/openapi.json"))
                .send()
                .await
                .expect("the document is served")
                .json()
                .await
                .expect("the document is JSON");
            Arc::new(Contract::new(document))
        })
        .await
        .clone()
}

/// The test suite's HTTP client: `reqwest::Client` with every answer checked.
#[derive(Clone)]
pub struct TestClient {
    pub inner: reqwest::Client,
}

impl TestClient {
    pub fn request(&self, method: Method, url: impl AsRef<str>) -> Request {
        let url = url.as_ref().to_owned();
        Request { builder: self.inner.request(method.clone(), &url), method, url }
    }

    pub fn get(&self, url: impl AsRef<str>) -> Request {
        self.request(Method::GET, url)
    }

    pub fn post(&self, url: impl AsRef<str>) -> Request {
        self.request(Method::POST, url)
    }

    pub fn put(&self, url: impl AsRef<str>) -> Request {
        self.request(Method::PUT, url)
    }
}

/// A request being built; `send` checks the answer.
pub struct Request {
    builder: reqwest::RequestBuilder,
    method: Method,
    url: String,
}

impl Request {
    pub fn header(self, name: &str, value: impl AsRef<str>) -> Self {
        Self { builder: self.builder.header(name, value.as_ref()), ..self }
    }

    pub fn bearer_auth(self, token: impl std::fmt::Display) -> Self {
        Self { builder: self.builder.bearer_auth(token), ..self }
    }

    pub fn json(self, body: &impl serde::Serialize) -> Self {
        Self { builder: self.builder.json(body), ..self }
    }

    pub fn body(self, body: impl Into<reqwest::Body>) -> Self {
        Self { builder: self.builder.body(body), ..self }
    }

    /// Sends the request and checks the answer against the document (panics on a
    /// mismatch, naming the operation, the rule broken and the answer).
    pub async fn send(self) -> reqwest::Result<reqwest::Response> {
        let response = self.builder.send().await?;
        let url = reqwest::Url::parse(&self.url).expect("a test URL");
        let base = format!(
            "{}://{}",
            url.scheme(),
            url.host_str().zip(url.port()).map(|(h, p)| format!("{h}:{p}")).unwrap_or_default()
        );
        let status = response.status();
        let headers = response.headers().clone();
        let version = response.version();
        let body = response.bytes().await?;
        let content_type = headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        if let Err(mismatch) =
            contract(&base).await.check(&self.method, url.path(), status.as_u16(), &content_type, &body)
        {
            panic!("the OpenAPI document does not describe this answer: {mismatch}");
        }
        let mut rebuilt = http::Response::builder().status(status).version(version);
        *rebuilt.headers_mut().expect("a fresh builder") = headers;
        Ok(reqwest::Response::from(rebuilt.body(body).expect("the same parts")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document's request examples (the requests `docs/api.md` shows) each fit their
    /// operation's body, held as strictly as answers are: a guide that shows a field the API
    /// does not take, or leaves out one it needs, fails here.
    #[test]
    fn every_request_example_fits_its_operations_body() {
        let contract = Contract::new(referrals::http::openapi::as_json("http://127.0.0.1:8080"));
        let mut checked = Vec::new();
        for (path, item) in contract.document["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let content = &operation["requestBody"]["content"]["application/json"];
                let Some(example) = content.get("example") else { continue };
                let name = format!("{method} {path} example");
                let validator = contract.validator(&name, &content["schema"]).unwrap();
                let errors: Vec<String> = validator.iter_errors(example).map(|e| e.to_string()).collect();
                assert!(errors.is_empty(), "{name}: {example}: {errors:?}");
                checked.push(operation["operationId"].as_str().unwrap().to_owned());
            }
        }
        for wanted in ["registerMember", "createBrand", "createCampaign", "createSignup", "createReferralSignup"] {
            assert!(checked.iter().any(|id| id == wanted), "{wanted} has an example: {checked:?}");
        }
    }

    /// The check itself: a document with one operation, and answers that do and do not match.
    #[test]
    fn an_answer_its_schema_does_not_allow_is_a_mismatch() {
        let document = serde_json::json!({
            "paths": {"/things/{id}": {"get": {"responses": {
                "200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}}
            }}}},
            "components": {"schemas": {
                "Thing": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}},
                "BigThing": {"allOf": [
                    {"$ref": "#/components/schemas/Thing"},
                    {"type": "object", "properties": {"size": {"type": "integer"}}}
                ]}
            }}
        });
        let contract = Contract::new(document);
        let check =
            |status, body: &str| contract.check(&Method::GET, "/things/7", status, "application/json", body.as_bytes());
        assert_eq!(check(200, r#"{"id": 7}"#), Ok(()));
        assert!(check(200, r#"{"id": 7, "more": true}"#).unwrap_err().contains("does not match"), "undocumented field");
        assert!(check(200, r#"{"id": "7"}"#).unwrap_err().contains("does not match"));
        assert!(check(200, r#"{}"#).unwrap_err().contains("does not match"));
        assert!(check(500, r#"{"id": 7}"#).unwrap_err().contains("not documented"));
        assert!(contract
            .check(&Method::POST, "/things/7", 200, "application/json", b"{}")
            .unwrap_err()
            .contains("not in the document"));
        assert!(contract.check(&Method::GET, "/nothing", 200, "application/json", b"{}").is_err());
        assert_eq!(contract.check(&Method::GET, "/nothing", 404, "application/json", b"{}"), Ok(()));

        // A flattened struct: the parts' properties together, and nothing else.
        let big = contract.validator("big", &serde_json::json!({"$ref": "#/components/schemas/BigThing"})).unwrap();
        assert!(big.is_valid(&serde_json::json!({"id": 1, "size": 2})));
        assert!(!big.is_valid(&serde_json::json!({"id": 1, "size": 2, "colour": "red"})));
        assert!(!big.is_valid(&serde_json::json!({"size": 2})));
    }
}
