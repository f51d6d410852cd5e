//! What a failure answers, in the document: the one error envelope (`Failure`), its `code`
//! narrowed to the values the operation answers with that status, and each status's words.

use utoipa::openapi::{HeaderBuilder, ObjectBuilder, RefOr, ResponseBuilder, Schema, Type};

use super::{json_content, schema_ref, FAILURE};

/// The codes a failure of `status` carries: those the operation's text names (`409
/// promo_code_taken`), or every code of the status when it names none. A bad request (400)
/// may always be any of its kind: a body that does not parse, a field that breaks its rule.
pub(super) fn codes_of(status: u16, text: &str) -> Vec<&'static str> {
    use crate::http::Code;
    let of_status: Vec<Code> = Code::ALL.into_iter().filter(|code| code.status().as_u16() == status).collect();
    let named: Vec<Code> = of_status.iter().copied().filter(|code| mentions(text, code.as_str())).collect();
    let codes = if status == 400 || named.is_empty() { of_status } else { named };
    codes.into_iter().map(Code::as_str).collect()
}

/// Whether `text` names `code` as a word of its own (not `email_taken` in `email_taken_twice`).
pub(super) fn mentions(text: &str, code: &str) -> bool {
    text.match_indices(code).any(|(at, _)| {
        let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
        let before = text[..at].chars().next_back().is_none_or(|c| !word(c));
        let after = text[at + code.len()..].chars().next().is_none_or(|c| !word(c));
        before && after
    })
}

/// The error envelope of a failure of `status`, its `code` one of `codes`: the component
/// named for them ([`failure_component`]), shared by every operation that answers the same;
/// the envelope itself when none is known (an empty `enum` would admit nothing).
pub(super) fn failure_schema(status: u16, codes: &[&'static str]) -> RefOr<Schema> {
    if codes.is_empty() {
        return schema_ref(FAILURE);
    }
    RefOr::Ref(utoipa::openapi::Ref::from_schema_name(failure_component(status, codes).0))
}

/// The component of a failure of `status` whose `code` is one of `codes`: `Failure400` when
/// they are every code of the status, else named for them (`FailurePromoCodeTaken`,
/// `FailureInsufficientScopeOrPlanLimitReached`). The envelope with its `code` narrowed.
pub(super) fn failure_component(status: u16, codes: &[&'static str]) -> (String, RefOr<Schema>) {
    use crate::http::Code;
    let every: Vec<&str> =
        Code::ALL.into_iter().filter(|code| code.status().as_u16() == status).map(Code::as_str).collect();
    let name = if codes == every.as_slice() {
        format!("Failure{status}")
    } else {
        let words: Vec<String> = codes
            .iter()
            .map(|code| code.split('_').map(|w| w[..1].to_uppercase() + &w[1..]).collect::<String>())
            .collect();
        format!("Failure{}", words.join("Or"))
    };
    let code = ObjectBuilder::new().schema_type(Type::String).enum_values(Some(codes.iter().copied()));
    let narrowed = ObjectBuilder::new().property("code", code);
    let all = utoipa::openapi::AllOfBuilder::new().item(schema_ref(FAILURE)).item(narrowed).build();
    (name, RefOr::T(Schema::AllOf(all)))
}

/// The codes a failure of `status` of an operation carries: [`codes_of`] its summary, and for
/// an operation a member calls, a scoped key's refusal (403 `insufficient_scope`) too.
pub(super) fn operation_codes(status: u16, summary: &str, member: bool, own: &[u16]) -> Vec<&'static str> {
    let scope = crate::http::Code::InsufficientScope.as_str();
    if status != 403 || !member {
        return codes_of(status, summary);
    }
    let mut codes = if own.contains(&403) { codes_of(status, summary) } else { Vec::new() };
    if !codes.contains(&scope) {
        codes.push(scope);
    }
    codes
}

/// A failure answer (the envelope, its `codes`), with `Retry-After` on a 429.
pub(super) fn failure(status: u16, codes: &[&'static str]) -> utoipa::openapi::Response {
    let envelope = json_content(failure_schema(status, codes));
    let description = match status {
        400 => "Bad input: malformed JSON, a field that breaks its rule (the message names it), a bad query parameter",
        401 => "Missing or invalid credential",
        403 => {
            "Not allowed: a scoped API key's scopes do not cover this (`insufficient_scope`), the member's plan \
                does not allow it (`plan_required`) or allows no more of it (`plan_limit_reached`)"
        }
        404 => "No such thing, or one owned by another member",
        409 => "It exists already",
        408 => "The body did not arrive in time (the connection is closed)",
        413 => "The body is larger than the limit",
        429 => "Rate limited, or too many requests in flight from this address: retry after Retry-After seconds",
        503 => {
            "Not acknowledged: the write could not be confirmed on disk (the server accepts no writes until it \
                is restarted) or the server is shutting down"
        }
        _ => "Failure",
    };
    let mut response = ResponseBuilder::new().description(description).content("application/json", envelope);
    if status == 429 {
        response = response.header(
            "Retry-After",
            HeaderBuilder::new()
                .schema(ObjectBuilder::new().schema_type(Type::Integer))
                .description(Some("seconds"))
                .build(),
        );
    }
    response.build()
}
