//! Posted forms: an `application/x-www-form-urlencoded` body read with a size limit into its
//! fields, in order. Handlers read fields by name; nothing in a form is trusted until a
//! domain parser has accepted it.

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

use super::page::PageError;
use crate::http::json::{declared_length, media_type, read_body};

/// Largest form body: the longest form, a campaign's settings, holds four email texts of up
/// to 10,000 characters each, which URL-encoding may triple.
pub const MAX_FORM_BYTES: usize = 160 * 1024;

/// A posted form's fields, in the order they came.
#[derive(Debug, Default)]
pub struct FormData {
    fields: Vec<(String, String)>,
}

impl FormData {
    /// Parses a URL-encoded body; `None` when it is not one.
    pub fn parse(body: &[u8]) -> Option<Self> {
        serde_urlencoded::from_bytes::<Vec<(String, String)>>(body).ok().map(|fields| Self { fields })
    }

    /// The first value of `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Every value of `name`, in order (a group of checkboxes).
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.fields.iter().filter(|(k, _)| k == name).map(|(_, v)| v.as_str()).collect()
    }

    /// The value of `name`, or an empty string.
    pub fn text(&self, name: &str) -> &str {
        self.get(name).unwrap_or("")
    }

    /// Whether a checkbox named `name` was ticked (a browser sends it only then).
    pub fn checked(&self, name: &str) -> bool {
        self.get(name).is_some_and(|v| !v.is_empty())
    }
}

impl FromRequest for FormData {
    type Error = PageError;
    type Future = LocalBoxFuture<'static, Result<Self, PageError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let is_form = media_type(req) == "application/x-www-form-urlencoded";
        let declared = declared_length(req);
        let mut payload = payload.take();
        Box::pin(async move {
            if !is_form {
                return Err(PageError::BadForm("the form was not sent as a form (application/x-www-form-urlencoded)"));
            }
            let body = read_body(&mut payload, declared, MAX_FORM_BYTES).await?;
            FormData::parse(&body).ok_or(PageError::BadForm("the form could not be read"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::FormData;

    #[test]
    fn fields_are_read_by_name_and_checkboxes_by_presence() {
        let form = FormData::parse(b"name=Ada+L&url=https%3A%2F%2Fexample.com&two_way=on&name=again").unwrap();
        assert_eq!(form.get("name"), Some("Ada L"), "the first of a repeated name");
        assert_eq!(form.text("url"), "https://example.com");
        assert_eq!(form.text("missing"), "");
        assert!(form.checked("two_way"));
        assert!(!form.checked("publish"));
        assert_eq!(form.all("name"), vec!["Ada L", "again"]);
        assert!(form.all("missing").is_empty());
    }
}
