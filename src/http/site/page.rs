//! How the site answers with pages and scripts: HTML with a Content-Security-Policy and the
//! settings embedded as inert JSON, scripts and styles compiled into the binary.

use actix_web::http::header;
use actix_web::HttpResponse;
use serde_json::Value;

use crate::domain::language::Language;
use crate::domain::translations::Texts;

/// The frame may be embedded by any page (that is its purpose); nothing else here may be,
/// but for the dashboard's previews, which only the dashboard may embed.
pub enum Embedding {
    Anywhere,
    SameOrigin,
    Nowhere,
}

/// A page built by its script from the settings in `config`. The page holds no value a
/// member or participant controls as markup: the script sets them as text.
pub fn html(
    title: &str,
    stylesheet: &str,
    script: &str,
    config: &Value,
    embedding: Embedding,
    images: &str,
) -> HttpResponse {
    // The page's language, as its settings name it (`lang`): English when they name none.
    let language = config.get("lang").and_then(Value::as_str).and_then(Language::from_tag).unwrap_or_default();
    let body = format!(
        "<!doctype html>\n<html lang=\"{}\" dir=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"referrer\" content=\"strict-origin-when-cross-origin\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"{stylesheet}\"></head>\
         <body><main id=\"app\" aria-live=\"polite\"></main>\
         <script type=\"application/json\" id=\"referrals-config\">{}</script>\
         <script src=\"{script}\"></script></body></html>\n",
        language.tag(),
        language.direction(),
        inert_json(config)
    );
    let ancestors = match embedding {
        Embedding::Anywhere => "*",
        Embedding::SameOrigin => "'self'",
        Embedding::Nowhere => "'none'",
    };
    let policy = format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src {images}; \
         frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors {ancestors}"
    );
    let mut response = HttpResponse::Ok();
    response
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CONTENT_SECURITY_POLICY, policy))
        .insert_header((header::CACHE_CONTROL, "no-cache"));
    match embedding {
        Embedding::Anywhere => {}
        Embedding::SameOrigin => {
            response.insert_header((header::X_FRAME_OPTIONS, "SAMEORIGIN"));
        }
        Embedding::Nowhere => {
            response.insert_header((header::X_FRAME_OPTIONS, "DENY"));
        }
    }
    response.body(body)
}

/// A page that tells a person something: the messages `title` and `text` in `texts`'
/// language (no value from a request or a member in them, no script). The answer to a
/// broken referral or unsubscribe link.
pub fn notice(status: actix_web::http::StatusCode, texts: Texts, title: &str, text: &str) -> HttpResponse {
    let language = texts.language();
    let (title, text) = (html_escape::encode_text(&texts.text(title)).into_owned(), texts.text(text));
    let body = format!(
        "<!doctype html>\n<html lang=\"{}\" dir=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/assets/lander.css\"></head>\
         <body class=\"template-centered\"><main id=\"app\"><header><h1>{title}</h1></header>\
         <p>{}</p></main></body></html>\n",
        language.tag(),
        language.direction(),
        html_escape::encode_text(&text),
    );
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ))
        .insert_header((header::X_FRAME_OPTIONS, "DENY"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body)
}

/// JSON that is safe inside a `<script type="application/json">` element: `<`, `>` and `&`
/// are written as `\u003c` and friends (still the same JSON), so no value can close the
/// element or open a comment.
pub fn inert_json(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// A static asset compiled into the binary. They change only with a release, so browsers
/// may keep them an hour.
pub fn asset(content_type: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(content_type)
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
        .body(body)
}

/// A script that did nothing (unknown campaign): a 404 whose body is a harmless comment, so
/// the host page logs a failed load and nothing else.
pub fn script_not_found(what: &str) -> HttpResponse {
    HttpResponse::NotFound()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(format!("/* referrals: {what} */\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_json_cannot_close_its_element() {
        let value = serde_json::json!({"name": "</script><script>alert(1)</script><!--&"});
        let text = inert_json(&value);
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'));
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);
    }
}
