//! `GET|POST /api/click`: an outbound click from a page that carries the tracker script
//! (`referral.js`). `from` is the referring site's domain, `to` the destination's. `from`
//! resolves to a domain participant (preferring one in a campaign of the brand whose domain
//! is `to`), and that participant's and campaign's clicks go up. Only a participant whose
//! website is proven, in a campaign of a brand whose domain is proven, counts
//! (`domain::domain_proof`): a domain anyone typed attributes nothing.
//!
//! The answer is `{ok, campaignId, participantId, to}`, outside the envelope, and it fails
//! open: whatever goes wrong (no or malformed input, unknown domain, rate limit, a failing
//! store) it is a quick 200 with `ok: false`, because a page may be waiting on it before it
//! navigates. Counting is in memory ([`Tallies`](crate::actors::Tallies)), so the answer
//! never waits for the disk.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse, HttpResponseBuilder};
use futures_util::StreamExt;
use serde_json::Value;

use crate::actors::tallies::Event;
use crate::domain::brand_url::parse_domain;
use crate::domain::domain_proof::{proven, ProofSubject};
use crate::http::answers::ClickAnswer;
use crate::http::AppState;
use crate::store::{DomainReferrer, StoreError};

/// Largest body read; the beacon sends a few dozen bytes.
const MAX_BODY: usize = 2048;
/// Domain participants of one domain looked at.
const MAX_CANDIDATES: usize = 32;

/// The click as sent: query parameters, or a JSON object or form in the body (a beacon
/// sends its body as text/plain, so the content type is not relied on).
#[derive(Debug, Default, PartialEq, Eq)]
struct ClickInput {
    from: Option<String>,
    to: Option<String>,
}

impl ClickInput {
    fn from_query(query: &str) -> Self {
        let mut input = Self::default();
        for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
            match &*key {
                "from" => input.from = Some(value.into_owned()),
                "to" => input.to = Some(value.into_owned()),
                _ => {}
            }
        }
        input
    }

    fn from_body(body: &[u8]) -> Self {
        let trimmed = body.trim_ascii();
        if trimmed.first() == Some(&b'{') {
            let value: Value = serde_json::from_slice(trimmed).unwrap_or(Value::Null);
            let field = |name: &str| value.get(name).and_then(Value::as_str).map(str::to_owned);
            return Self { from: field("from"), to: field("to") };
        }
        std::str::from_utf8(trimmed).map(Self::from_query).unwrap_or_default()
    }

    /// Query values win over body values of the same name.
    fn or(self, other: Self) -> Self {
        Self { from: self.from.or(other.from), to: self.to.or(other.to) }
    }
}

crate::http::raw_body::raw_body! {
    /// The click beacon's body as the document describes it: read by hand, whatever its content
    /// type, since the tracker's beacon cannot set one.
    pub ClickBody as "ClickBody": "{\"from\": <referring domain>, \"to\": <destination domain>}, as JSON, a form, or the beacon's \
             text/plain; anything else is answered 200 with ok false"
}

/// `GET /api/click?from=&to=`.
pub async fn get(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    answer(&state, ClickInput::from_query(req.query_string())).await
}

/// `POST /api/click` (the tracker's beacon).
pub async fn post(state: web::Data<AppState>, req: HttpRequest, mut payload: web::Payload) -> HttpResponse {
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        match chunk {
            Ok(bytes) if body.len() + bytes.len() <= MAX_BODY => body.extend_from_slice(&bytes),
            // Too large or broken: not a click we count, but still a quick 200.
            _ => return not_counted(HttpResponse::Ok(), None),
        }
    }
    answer(&state, ClickInput::from_query(req.query_string()).or(ClickInput::from_body(&body))).await
}

async fn answer(state: &AppState, input: ClickInput) -> HttpResponse {
    let to = input.to.as_deref().and_then(|raw| parse_domain("to", raw).ok());
    let Some(from) = input.from.as_deref().and_then(|raw| parse_domain("from", raw).ok()) else {
        return not_counted(HttpResponse::Ok(), to);
    };
    match resolve(state, &from, to.as_deref()).await {
        Ok(Some(referrer)) => {
            state.tallies.count(Event::Click, referrer.brand_id, referrer.campaign_id, Some(referrer.participant_id));
            let mut response = HttpResponse::Ok();
            headers(&mut response);
            response.json(ClickAnswer {
                ok: true,
                campaign_id: Some(referrer.campaign_id),
                participant_id: Some(referrer.participant_id),
                to,
            })
        }
        Ok(None) => not_counted(HttpResponse::Ok(), to),
        Err(error) => {
            tracing::warn!(%error, "click not counted: the store failed");
            not_counted(HttpResponse::Ok(), to)
        }
    }
}

/// The domain participant a click from `from` counts for, among those whose website and
/// brand are proven (`domain::domain_proof`): the one in a campaign of the brand whose domain
/// is `to` when there is one, else the oldest.
async fn resolve(state: &AppState, from: &str, to: Option<&str>) -> Result<Option<DomainReferrer>, StoreError> {
    if state.faults.click_store {
        return Err(StoreError::Injected("click store"));
    }
    let candidates = state.store.domain_referrers(from, MAX_CANDIDATES).await?;
    if candidates.is_empty() {
        return Ok(None);
    }
    let mut subjects: Vec<ProofSubject> =
        candidates.iter().map(|c| ProofSubject::Participant(c.participant_id)).collect();
    subjects.extend(candidates.iter().map(|c| ProofSubject::Brand(c.brand_id)));
    subjects.sort_unstable();
    subjects.dedup();
    let proofs = state.store.domain_proofs(&subjects).await?;
    let candidates: Vec<DomainReferrer> = candidates
        .into_iter()
        .filter(|c| {
            proven(&proofs, ProofSubject::Participant(c.participant_id), Some(from))
                && proven(&proofs, ProofSubject::Brand(c.brand_id), None)
        })
        .collect();
    if let (Some(to), true) = (to, candidates.len() > 1) {
        for candidate in &candidates {
            if state.store.brand(candidate.brand_id).await?.is_some_and(|b| b.domain == to) {
                return Ok(Some(*candidate));
            }
        }
    }
    Ok(candidates.first().copied())
}

/// The fail-open answer: 200, `ok: false`.
fn not_counted(response: HttpResponseBuilder, to: Option<String>) -> HttpResponse {
    crate::http::rate_limit::not_counted(response, to)
}

fn headers(response: &mut HttpResponseBuilder) {
    response.insert_header((header::CACHE_CONTROL, "no-store"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(from: &str, to: &str) -> ClickInput {
        ClickInput { from: Some(from.into()), to: Some(to.into()) }
    }

    #[test]
    fn reads_query_json_and_form_bodies() {
        assert_eq!(ClickInput::from_query("from=a.com&to=b.com&x=1"), input("a.com", "b.com"));
        assert_eq!(ClickInput::from_body(br#" {"from":"a.com","to":"b.com"} "#), input("a.com", "b.com"));
        assert_eq!(ClickInput::from_body(b"from=a.com&to=b.com"), input("a.com", "b.com"));
        assert_eq!(ClickInput::from_body(br#"{"from": 5}"#), ClickInput::default());
        assert_eq!(ClickInput::from_body(b"{not json"), ClickInput::default());
        assert_eq!(ClickInput::from_body(&[0xff, 0xfe]), ClickInput::default());
        let merged =
            ClickInput::from_query("from=q.com").or(ClickInput::from_body(br#"{"from":"b.com","to":"t.com"}"#));
        assert_eq!(merged, input("q.com", "t.com"));
    }

    proptest::proptest! {
        #[test]
        fn any_query_or_body_is_read_without_panicking(
            query in ".{0,200}",
            body in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300),
        ) {
            let _ = ClickInput::from_query(&query);
            let _ = ClickInput::from_body(&body);
        }
    }
}
