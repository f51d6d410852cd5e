//! The registry of routes: every route added through [`crate::http::resource`] or
//! [`limited`] is recorded with its method and full path when the app is configured. The
//! OpenAPI test compares it with the document, so an endpoint cannot be added without being
//! described. Add routes only through those two. A path's other methods get a 405 that names
//! the recorded ones ([`method_not_allowed`]).

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::sync::Mutex;

use actix_governor::governor::clock::QuantaInstant;
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::{GovernorConfig, KeyExtractor};
use actix_web::dev::ServiceRequest;

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

/// The path matches but not the method: 405 with `Allow` naming the methods it has.
pub async fn method_not_allowed(req: actix_web::HttpRequest) -> actix_web::HttpResponse {
    use actix_web::ResponseError;
    let mut response = super::error::ApiError::MethodNotAllowed.error_response();
    let allowed = req.match_pattern().map(|pattern| methods_of(&pattern)).unwrap_or_default();
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&allowed.join(", ")) {
        if !allowed.is_empty() {
            response.headers_mut().insert(actix_web::http::header::ALLOW, value);
        }
    }
    response
}

/// A resource behind a per-address limit with `routes` (see [`crate::http::route`]), whose
/// other methods get a 405 in the envelope. Records its routes here.
pub fn limited<K, const N: usize>(
    path: &str,
    limit: &GovernorConfig<K, NoOpMiddleware<QuantaInstant>>,
    routes: [(actix_web::http::Method, actix_web::Route); N],
) -> actix_web::Resource<
    impl actix_web::dev::ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
>
where
    K: KeyExtractor + Sync + 'static,
    K::Key: std::hash::Hash + Eq + Clone + Send + Sync + 'static,
{
    let mut resource = actix_web::web::resource(path).default_service(actix_web::web::to(method_not_allowed));
    for (method, route) in routes {
        record(&method, path);
        resource = resource.route(route);
    }
    resource.wrap(actix_governor::Governor::new(limit))
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
