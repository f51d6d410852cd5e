//! The document's request examples, taken from the requests `docs/api.md` shows: each
//! `curl` there with a JSON body (`-d '{…}'`) is the example of the operation its method and
//! path name, the first one for each. So the examples a generated client or an assistant
//! reads are the ones a person reads, and a change to one shows in the other.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::Value;

/// The API's guide, whose requests are the examples.
const GUIDE: &str = include_str!("../../../docs/api.md");

/// The example body of the operation `method` on `template` (a path relative to the API's
/// root, `/campaigns/{id}/coupons`), if the guide shows one.
pub(super) fn request_example(method: &str, template: &str) -> Option<&'static Value> {
    static EXAMPLES: OnceLock<Vec<(String, String, Value)>> = OnceLock::new();
    let examples = EXAMPLES.get_or_init(|| requests(GUIDE));
    examples.iter().find(|(m, path, _)| m == method && fits(template, path)).map(|(.., body)| body)
}

/// Every request with a JSON body in `guide`, in order: its method, its path under the API's
/// root (no query) and its body.
fn requests(guide: &str) -> Vec<(String, String, Value)> {
    // A command's lines joined where they end in a backslash.
    let joined = guide.replace("\\\n", " ");
    let mut found = Vec::new();
    let mut seen = HashMap::new();
    for line in joined.lines().filter(|line| line.contains("curl ")) {
        let Some(path) = path_of(line) else { continue };
        let Some(body) = body_of(line) else { continue };
        let method = method_of(line).unwrap_or("POST").to_owned();
        if seen.insert((method.clone(), path.clone()), ()).is_none() {
            found.push((method, path, body));
        }
    }
    found
}

/// The path after `$BASE/api/v1` or `$BASE/v1`, without its query.
fn path_of(line: &str) -> Option<String> {
    let at = line.find("$BASE")? + "$BASE".len();
    let rest = &line[at..];
    let rest = rest.strip_prefix("/api/v1").or_else(|| rest.strip_prefix("/v1"))?;
    let end = rest.find(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '?').unwrap_or(rest.len());
    Some(rest[..end].to_owned())
}

/// The method of `-X METHOD`.
fn method_of(line: &str) -> Option<&str> {
    let at = line.find("-X ")? + 3;
    line[at..].split_whitespace().next()
}

/// The body of `-d '…'` when it is JSON (a body with shell variables in double quotes is not
/// an example).
fn body_of(line: &str) -> Option<Value> {
    let at = line.find("-d '")? + 4;
    let end = line[at..].find('\'')?;
    serde_json::from_str(&line[at..at + end]).ok()
}

/// Whether the concrete `path` (`/campaigns/7/coupons`) is one of `template`'s.
fn fits(template: &str, path: &str) -> bool {
    let (mut t, mut p) = (template.split('/'), path.split('/'));
    loop {
        match (t.next(), p.next()) {
            (None, None) => return true,
            (Some(t), Some(p)) if t == p || (t.starts_with('{') && !p.is_empty()) => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_curl_with_a_json_body_is_its_operations_example() {
        let guide = "curl -s -X POST $BASE/api/v1/campaigns/7/coupons -H \"X-API-Key: $KEY\" \\\n     -d '[\"A\"]'\n\
                     curl -s $BASE/api/v1/signups -d '{\"campaign_id\":7}'\n\
                     curl -s $BASE/api/v1/signups -d '{\"campaign_id\":8}'\n\
                     curl -s -X PUT $BASE/api/v1/brands/1 -d \"{\\\"url\\\":\\\"$URL\\\"}\"\n";
        let found = requests(guide);
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!((found[0].0.as_str(), found[0].1.as_str()), ("POST", "/campaigns/7/coupons"));
        assert_eq!(found[1].2["campaign_id"], 7, "the first of an operation's");
        assert!(fits("/campaigns/{id}/coupons", "/campaigns/7/coupons"));
        assert!(!fits("/campaigns/{id}", "/campaigns/7/coupons") && !fits("/campaigns/{id}", "/campaigns/"));
    }

    #[test]
    fn the_guide_gives_the_main_operations_their_examples() {
        for (method, template) in
            [("POST", "/members"), ("POST", "/brands"), ("POST", "/campaigns"), ("POST", "/signups")]
        {
            assert!(request_example(method, template).is_some(), "{method} {template}");
        }
    }
}
