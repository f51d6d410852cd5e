//! Which language a page for a participant speaks: `?lang=` when it names one we ship, else
//! the first of the browser's `Accept-Language` preferences we ship (by quality), else
//! `fallback` (the campaign's). See `domain::language`.

use actix_web::http::header::{AcceptLanguage, Header, Preference};
use actix_web::HttpRequest;

use crate::domain::language::{choose, Language};

/// The language of the page `req` asks for.
pub fn of_request(req: &HttpRequest, fallback: Language) -> Language {
    let explicit = url::form_urlencoded::parse(req.query_string().as_bytes())
        .find(|(name, _)| name == "lang")
        .map(|(_, value)| value.into_owned());
    let ranked = AcceptLanguage::parse(req).map(|header| header.ranked()).unwrap_or_default();
    let preferences: Vec<String> = ranked
        .iter()
        .filter_map(|preference| match preference {
            Preference::Specific(tag) => Some(tag.to_string()),
            Preference::Any => None,
        })
        .collect();
    choose(explicit.as_deref(), preferences.iter().map(String::as_str), fallback)
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    #[test]
    fn the_query_wins_then_the_best_ranked_preference_we_ship() {
        let req = |uri: &str, accept: &str| {
            let mut r = TestRequest::with_uri(uri);
            if !accept.is_empty() {
                r = r.insert_header(("accept-language", accept));
            }
            r.to_http_request()
        };
        assert_eq!(of_request(&req("/p/1", "de-DE,de;q=0.9"), Language::English), Language::German);
        assert_eq!(of_request(&req("/p/1?lang=fr", "de-DE,de;q=0.9"), Language::English), Language::French);
        assert_eq!(of_request(&req("/p/1", "zh;q=1, ja;q=0.5, he;q=0.8"), Language::English), Language::Hebrew);
        assert_eq!(of_request(&req("/p/1?lang=xx", "zh, *"), Language::Spanish), Language::Spanish);
        assert_eq!(of_request(&req("/p/1", "not a header;;"), Language::Italian), Language::Italian);
    }
}
