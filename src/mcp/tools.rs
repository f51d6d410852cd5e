//! The tools: one per operation of the API a member calls, read from the served OpenAPI
//! document, so a tool cannot drift from the operation it calls. A tool has the operation's
//! `operationId` as its name and its summary and description as its text. Its input is an
//! object of
//! - each path and query parameter, under its name: the parameter's schema, with its
//!   description;
//! - `body`: the JSON request body's schema; `body_text`: a text body (`text/csv`), a string;
//! - `idempotency_key` on every write (see `calls.rs`);
//!
//! every `$ref` of the document's components rewritten to the input's own `$defs`.
//!
//! Which operations: those the document marks with the scope a key needs (`x-scope`), but the
//! account's own (`account`: keys, password, invitations). Admin operations, the public site
//! and its pages carry none. A tool reads (`readOnlyHint`) when its scope is `read`; a write is
//! destructive (`destructiveHint`) when it deletes, voids, refunds, erases, blocks (which
//! voids) or pays.

use serde_json::{json, Map, Value};

/// Writes that pay, or hand a reward out for good: destructive, as the ones that void.
const PAYS: [&str; 3] = ["createPayouts", "markPayoutPaid", "fulfilReward"];
/// The first words of operations that take something away.
const TAKES_AWAY: [&str; 7] = ["delete", "void", "refund", "erase", "block", "disconnect", "revoke"];

/// How a tool's request body is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyKinds {
    /// JSON (`body`).
    pub json: bool,
    /// The text type it takes as lines (`body_text`), `text/csv` first.
    pub text: Option<String>,
    /// Whether the operation needs a body.
    pub required: bool,
}

/// One tool: an operation of the API and its input.
#[derive(Debug, Clone)]
pub struct Operation {
    /// The `operationId`.
    pub name: String,
    pub description: String,
    pub method: reqwest::Method,
    /// The path as documented (`/api/v1/rewards/{id}/approve`).
    pub path: String,
    pub path_params: Vec<String>,
    pub query_params: Vec<String>,
    pub body: Option<BodyKinds>,
    pub read_only: bool,
    pub destructive: bool,
    /// The input's JSON Schema.
    pub input_schema: Map<String, Value>,
}

/// The tools of a document, in its order.
pub fn catalogue(document: &Value) -> Vec<Operation> {
    let mut tools = Vec::new();
    let components = &document["components"]["schemas"];
    let Some(paths) = document["paths"].as_object() else { return tools };
    for (path, item) in paths {
        let Some(item) = item.as_object() else { continue };
        for (method, operation) in item {
            if let Some(tool) = tool(path, method, operation, components) {
                tools.push(tool);
            }
        }
    }
    tools
}

fn tool(path: &str, method: &str, operation: &Value, components: &Value) -> Option<Operation> {
    let scope = operation.get("x-scope")?.as_str()?;
    if scope == "account" {
        return None;
    }
    let method = reqwest::Method::from_bytes(method.to_ascii_uppercase().as_bytes()).ok()?;
    let name = operation["operationId"].as_str()?.to_owned();
    let read_only = scope == "read";
    let destructive = !read_only
        && (method == reqwest::Method::DELETE
            || PAYS.contains(&name.as_str())
            || TAKES_AWAY.iter().any(|word| name.starts_with(word)));
    let summary = operation["summary"].as_str().unwrap_or_default();
    let description = match operation["description"].as_str() {
        Some(more) if more != summary => format!("{summary}. {more}"),
        _ => summary.to_owned(),
    };

    let mut properties = Map::new();
    let mut required = Vec::new();
    let (mut path_params, mut query_params) = (Vec::new(), Vec::new());
    for parameter in operation["parameters"].as_array().into_iter().flatten() {
        let Some(param_name) = parameter["name"].as_str() else { continue };
        properties.insert(param_name.to_owned(), parameter_schema(parameter));
        if parameter["required"] == json!(true) {
            required.push(json!(param_name));
        }
        match parameter["in"].as_str() {
            Some("path") => path_params.push(param_name.to_owned()),
            Some("query") => query_params.push(param_name.to_owned()),
            _ => {}
        }
    }
    let body = operation.get("requestBody").map(|request| {
        let content = &request["content"];
        let json_schema = content.get("application/json").map(|c| c["schema"].clone());
        let text = ["text/csv", "text/plain"].into_iter().find(|kind| content.get(*kind).is_some());
        if let Some(schema) = &json_schema {
            properties.insert("body".into(), schema.clone());
        }
        if let Some(kind) = text {
            let said = content[kind]["schema"]["description"].as_str().unwrap_or("the body's lines");
            properties.insert(
                "body_text".into(),
                json!({"type": "string", "description": format!("{said} (sent as {kind})")}),
            );
        }
        let needed = request["required"] == json!(true);
        // With two ways to send it, neither alone is required.
        if needed && json_schema.is_some() && text.is_none() {
            required.push(json!("body"));
        } else if needed && json_schema.is_none() && text.is_some() {
            required.push(json!("body_text"));
        }
        BodyKinds { json: json_schema.is_some(), text: text.map(str::to_owned), required: needed }
    });
    if !read_only {
        properties.insert(
            "idempotency_key".into(),
            json!({
                "type": "string",
                "minLength": 1,
                "maxLength": 255,
                "description": "Makes a repeated call the same call: it is answered with the first result and changes nothing. When none is given, the call's own name and arguments make it, so an identical retry is the same call; give each of two deliberately identical writes its own."
            }),
        );
    }

    let mut input = Map::new();
    input.insert("type".into(), json!("object"));
    input.insert("properties".into(), Value::Object(properties));
    input.insert("required".into(), Value::Array(required));
    input.insert("additionalProperties".into(), json!(false));
    let mut input = Value::Object(input);
    let defs = referenced(&input, components);
    rewrite_refs(&mut input);
    if !defs.is_empty() {
        let mut defs = Value::Object(defs);
        rewrite_refs(&mut defs);
        input["$defs"] = defs;
    }
    let Value::Object(input_schema) = input else { return None };
    Some(Operation {
        name,
        description,
        method,
        path: path.to_owned(),
        path_params,
        query_params,
        body,
        read_only,
        destructive,
        input_schema,
    })
}

/// A parameter's schema with the parameter's description.
pub fn parameter_schema(parameter: &Value) -> Value {
    let mut schema = parameter["schema"].clone();
    if let (Some(description), Some(object)) = (parameter["description"].as_str(), schema.as_object_mut()) {
        object.insert("description".into(), json!(description));
    }
    schema
}

const COMPONENT_REF: &str = "#/components/schemas/";
const OWN_REF: &str = "#/$defs/";

/// The components `value` refers to, and those they refer to, by name.
fn referenced(value: &Value, components: &Value) -> Map<String, Value> {
    let mut found = Map::new();
    let mut waiting = vec![value.clone()];
    while let Some(next) = waiting.pop() {
        let mut names = Vec::new();
        refs_in(&next, &mut names);
        for name in names {
            if found.contains_key(&name) {
                continue;
            }
            if let Some(schema) = components.get(&name) {
                found.insert(name, schema.clone());
                waiting.push(schema.clone());
            }
        }
    }
    found
}

fn refs_in(value: &Value, names: &mut Vec<String>) {
    match value {
        Value::Object(object) => {
            for (key, inner) in object {
                match (key.as_str(), inner.as_str().and_then(|r| r.strip_prefix(COMPONENT_REF))) {
                    ("$ref", Some(name)) => names.push(name.to_owned()),
                    _ => refs_in(inner, names),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| refs_in(item, names)),
        _ => {}
    }
}

/// Points every `$ref` to the document's components at the input's own `$defs`.
pub fn rewrite_refs(value: &mut Value) {
    match value {
        Value::Object(object) => {
            for (key, inner) in object.iter_mut() {
                let rewritten = match (key.as_str(), inner.as_str()) {
                    ("$ref", Some(r)) => r.strip_prefix(COMPONENT_REF).map(|name| format!("{OWN_REF}{name}")),
                    _ => None,
                };
                match rewritten {
                    Some(own) => *inner = Value::String(own),
                    None => rewrite_refs(inner),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(rewrite_refs),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document() -> Value {
        json!({
            "paths": {
                "/api/v1/rewards/{id}/approve": {"post": {
                    "operationId": "approveReward", "summary": "Approve a held reward", "x-scope": "write:rewards",
                    "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}}]
                }},
                "/api/v1/rewards/{id}/void": {"post": {"operationId": "voidReward", "summary": "Void", "x-scope": "write:rewards"}},
                "/api/v1/rewards": {"get": {
                    "operationId": "listRewards", "summary": "Rewards", "description": "Rewards, newest first", "x-scope": "read",
                    "parameters": [{"name": "status", "in": "query", "description": "only these", "schema": {"type": "string"}}]
                }},
                "/api/v1/members/api-key": {"post": {"operationId": "regenerateApiKey", "x-scope": "account"}},
                "/admin/v1/members": {"get": {"operationId": "adminListMembers"}},
                "/api/v1/campaigns/{id}/coupons": {"post": {
                    "operationId": "uploadCoupons", "summary": "Upload", "x-scope": "write:campaigns",
                    "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                    "requestBody": {"required": true, "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/CouponUploadBody"}},
                        "text/csv": {"schema": {"description": "one code a line"}}
                    }}
                }}
            },
            "components": {"schemas": {
                "CouponUploadBody": {"oneOf": [{"type": "array", "items": {"$ref": "#/components/schemas/Code"}}]},
                "Code": {"type": "string"},
                "Unused": {"type": "string"}
            }}
        })
    }

    #[test]
    fn member_operations_but_the_accounts_become_tools_with_their_hints() {
        let tools = catalogue(&document());
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["approveReward", "voidReward", "listRewards", "uploadCoupons"]);
        let by = |name: &str| tools.iter().find(|t| t.name == name).unwrap();
        assert!(by("listRewards").read_only && !by("listRewards").destructive);
        assert!(!by("approveReward").read_only && !by("approveReward").destructive);
        assert!(by("voidReward").destructive);
        assert_eq!(by("listRewards").description, "Rewards. Rewards, newest first");
        assert!(by("listRewards").input_schema["properties"].get("idempotency_key").is_none());
        assert!(by("approveReward").input_schema["properties"].get("idempotency_key").is_some());
        assert_eq!(
            by("listRewards").input_schema["properties"]["status"],
            json!({"type": "string", "description": "only these"})
        );
        assert_eq!(by("approveReward").input_schema["required"], json!(["id"]));
    }

    #[test]
    fn bodies_take_json_or_text_and_bring_what_they_refer_to() {
        let tools = catalogue(&document());
        let upload = tools.iter().find(|t| t.name == "uploadCoupons").unwrap();
        let input = &upload.input_schema;
        assert_eq!(input["properties"]["body"], json!({"$ref": "#/$defs/CouponUploadBody"}));
        assert_eq!(input["properties"]["body_text"]["type"], json!("string"));
        assert_eq!(input["required"], json!(["id"]), "either body");
        let defs = input["$defs"].as_object().unwrap();
        assert_eq!(defs.keys().collect::<Vec<_>>(), ["CouponUploadBody", "Code"]);
        assert_eq!(defs["CouponUploadBody"]["oneOf"][0]["items"]["$ref"], json!("#/$defs/Code"));
        assert_eq!(upload.body, Some(BodyKinds { json: true, text: Some("text/csv".into()), required: true }));
    }
}
