//! The registry of routes: every route added through [`crate::http::resource`] or
//! [`crate::http::rate_limit::limited`] is recorded with its method and full path when the
//! app is configured. The OpenAPI test compares it with the document, so an endpoint cannot
//! be added without being described. Add routes only through those two.

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::sync::Mutex;

thread_local! {
    /// The scope prefix of the routes being configured on this thread.
    static PREFIX: RefCell<String> = const { RefCell::new(String::new()) };
}

static REGISTERED: Mutex<BTreeSet<(String, String)>> = Mutex::new(BTreeSet::new());

/// Runs `configure` with `prefix` in front of the paths it records (for `web::scope`).
pub fn under<R>(prefix: &str, configure: impl FnOnce() -> R) -> R {
    let previous = PREFIX.with(|p| std::mem::replace(&mut *p.borrow_mut(), prefix.to_owned()));
    let result = configure();
    PREFIX.with(|p| *p.borrow_mut() = previous);
    result
}

/// Records `method path` (the path as registered, below the current prefix).
pub fn record(method: &actix_web::http::Method, path: &str) {
    let full = PREFIX.with(|p| format!("{}{path}", p.borrow()));
    REGISTERED.lock().unwrap_or_else(|e| e.into_inner()).insert((method.as_str().to_owned(), full));
}

/// Every route recorded so far in this process, as (METHOD, path).
pub fn registered() -> BTreeSet<(String, String)> {
    REGISTERED.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The methods registered for `path` (a full route pattern), for a 405's `Allow` header.
pub fn methods_of(path: &str) -> Vec<String> {
    REGISTERED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .filter(|(_, p)| p == path)
        .map(|(method, _)| method.clone())
        .collect()
}

/// Every route the app registers, recorded by configuring it as the server does (nothing is
/// served): what the tests of the route table read.
#[cfg(test)]
pub(crate) fn configured() -> BTreeSet<(String, String)> {
    let limits = crate::http::rate_limit::public_limits(&crate::config::RateLimitsConfig::default());
    let _app = actix_web::App::new().configure(|cfg| crate::http::configure(cfg, true, &limits));
    registered()
}

#[cfg(test)]
mod tests {
    use actix_web::dev::ResourceDef;

    /// The API registers its static paths before its patterns (see `api_v1`), which is only
    /// sound while no pattern matches a static path: then the order decides no match.
    #[test]
    fn no_pattern_of_the_api_matches_one_of_its_static_paths() {
        let api: Vec<String> = super::configured()
            .into_iter()
            .map(|(_, path)| path)
            .filter(|path| crate::http::API_ROOTS.iter().any(|root| path.starts_with(&format!("{root}/"))))
            .collect();
        let (patterns, statics): (Vec<&String>, Vec<&String>) = api.iter().partition(|path| path.contains('{'));
        assert!(
            patterns.len() > 20 && statics.len() > 20,
            "{} patterns, {} static paths",
            patterns.len(),
            statics.len()
        );
        for pattern in &patterns {
            let def = ResourceDef::new(pattern.as_str());
            // The check can fail: each pattern matches a path of its own shape.
            let instance = pattern.replace("{id}", "7").replace("{event_id}", "8");
            assert!(def.is_match(&instance), "{pattern} should match {instance}");
            for path in &statics {
                assert!(!def.is_match(path), "{pattern} matches the static path {path}");
            }
        }
    }
}
