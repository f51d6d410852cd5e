//! What each operation of the API needs of a scoped key (`domain::key_scope`), from the
//! endpoint table: a GET reads; a write changes the resource its tag names; the account's own
//! operations (keys, password, invitations) need full access. The document says it of each
//! operation (`x-scope`), and the MCP server's hints come from there, so a tool said to read
//! is one a read-only key may call.
//!
//! [`mark_need`] puts the matched operation's [`Need`] on the request before its handler
//! runs; the credential's check (`authenticated.rs`) reads it from there, so the handlers'
//! extractor does not name the endpoint table (which names the handlers' types).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::HttpMessage;

use crate::domain::key_scope::{Need, Resource};

/// Marks every request that carries a credential with what its operation needs of a scoped
/// key (see the module's text). One without (the public site: clicks, the widget) is left
/// alone: nothing checks its scope, and it pays for no look-up.
pub async fn mark_need(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let headers = req.headers();
    if headers.contains_key("x-api-key") || headers.contains_key(actix_web::http::header::AUTHORIZATION) {
        let need = need_of(req.method(), req.match_pattern().as_deref());
        req.extensions_mut().insert(need);
    }
    next.call(req).await
}

/// Operations sent as POST that change nothing: a dry run, or a check of the credential.
const READS_BY_POST: [&str; 3] = ["previewCommission", "previewFraudRules", "authenticateAutomation"];
/// The one operation of the account a read-only key may call.
const ACCOUNT_READS: [&str; 1] = ["getProfile"];

/// What the operation `operation_id`, tagged `tag`, needs; `write` when its method changes
/// things (every method but GET and HEAD).
pub fn need(operation_id: &str, tag: &str, write: bool) -> Need {
    if tag == "members" {
        return if ACCOUNT_READS.contains(&operation_id) { Need::Read } else { Need::Account };
    }
    if !write || READS_BY_POST.contains(&operation_id) {
        return Need::Read;
    }
    // An operation of a tag that names no resource (none today: a test checks) is the account's.
    Resource::named(tag).map_or(Need::Account, Need::Write)
}

/// What the operation the router matched (`method` on `pattern`) needs; full access when the
/// endpoint table does not know it (fail closed).
pub fn need_of(method: &Method, pattern: Option<&str>) -> Need {
    match pattern.and_then(|p| super::endpoints::operation_at(method, p)) {
        Some((operation_id, tag)) => need(operation_id, tag, !matches!(*method, Method::GET | Method::HEAD)),
        None => Need::Account,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_writes_and_the_account_are_told_apart() {
        assert_eq!(need_of(&Method::GET, Some("/api/v1/rewards")), Need::Read);
        assert_eq!(need_of(&Method::POST, Some("/api/v1/rewards/{id}/approve")), Need::Write(Resource::Rewards));
        assert_eq!(need_of(&Method::POST, Some("/v1/campaigns/{id}/payouts")), Need::Write(Resource::Payouts));
        assert_eq!(need_of(&Method::POST, Some("/api/v1/signups")), Need::Write(Resource::Signups));
        assert_eq!(need_of(&Method::POST, Some("/api/v1/campaigns/{id}/fraud/preview")), Need::Read);
        assert_eq!(need_of(&Method::GET, Some("/api/v1/members/api-key")), Need::Account, "shows a secret");
        assert_eq!(need_of(&Method::POST, Some("/api/v1/members/api-keys")), Need::Account);
        assert_eq!(need_of(&Method::GET, Some("/api/v1/members/profile")), Need::Read);
        assert_eq!(need_of(&Method::GET, Some("/api/v1/nowhere")), Need::Account);
        assert_eq!(need_of(&Method::GET, None), Need::Account);
    }
}
