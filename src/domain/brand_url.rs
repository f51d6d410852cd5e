//! `BrandUrl`: the website a brand is created from, and the domain extracted from it: the
//! host, lower-cased, port dropped, a leading `www.` dropped, IDN in punycode. A URL without a
//! scheme is taken as https. Parsing is the `url` crate's (WHATWG), never ours.

use url::{Host, Url};

use super::ValidationError;

/// Longest URL accepted.
pub const MAX_URL_LEN: usize = 2048;

/// A brand's website URL and its domain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrandUrl {
    pub url: String,
    pub domain: String,
}

impl BrandUrl {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let url = parse_http_url("url", raw)?;
        let domain = domain_of_url("url", &url)?;
        Ok(Self { url: url.to_string(), domain })
    }
}

/// The domain of a website given as a bare domain (`partner.com`) or a URL, normalised the
/// way brand domains are, so the two compare equal: a domain participant's `domain`, the
/// `from` and `to` of a click, a `ref=<domain>` of a visitor.
pub fn parse_domain(field: &'static str, raw: &str) -> Result<String, ValidationError> {
    domain_of_url(field, &parse_http_url(field, raw)?)
}

fn domain_of_url(field: &'static str, url: &Url) -> Result<String, ValidationError> {
    let domain = match url.host() {
        Some(Host::Domain(host)) => host.trim_end_matches('.').trim_start_matches("www.").to_owned(),
        Some(Host::Ipv4(ip)) => ip.to_string(),
        Some(Host::Ipv6(ip)) => format!("[{ip}]"),
        None => String::new(),
    };
    if domain.is_empty() {
        return Err(ValidationError::new(field, format!("{field} must have a host")));
    }
    Ok(domain)
}

/// An absolute http(s) URL with a host; a bare `example.com/x` is read as `https://example.com/x`.
pub fn parse_http_url(field: &'static str, raw: &str) -> Result<Url, ValidationError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err(ValidationError::new(field, format!("{field} is required")));
    }
    if raw.len() > MAX_URL_LEN {
        return Err(ValidationError::new(field, format!("{field} must be at most {MAX_URL_LEN} characters")));
    }
    let url = match Url::parse(raw) {
        Ok(url) => url,
        Err(url::ParseError::RelativeUrlWithoutBase) => Url::parse(&format!("https://{raw}"))
            .map_err(|e| ValidationError::new(field, format!("{field} is not a valid URL: {e}")))?,
        Err(e) => return Err(ValidationError::new(field, format!("{field} is not a valid URL: {e}"))),
    };
    if !matches!(url.scheme(), "http" | "https") {
        return Err(ValidationError::new(field, format!("{field} must be an http or https URL")));
    }
    if url.host().is_none() || !url.username().is_empty() || url.password().is_some() {
        return Err(ValidationError::new(field, format!("{field} must have a host and no credentials")));
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn domain(raw: &str) -> String {
        BrandUrl::parse(raw).unwrap().domain
    }

    #[test]
    fn extracts_the_domain_as_documented() {
        assert_eq!(domain("https://www.Example.COM:8443/pricing?x=1"), "example.com");
        assert_eq!(domain("example.com"), "example.com");
        assert_eq!(BrandUrl::parse("example.com/shop").unwrap().url, "https://example.com/shop");
        assert_eq!(domain("http://shop.example.co.uk"), "shop.example.co.uk");
        assert_eq!(domain("https://bücher.example"), "xn--bcher-kva.example");
        assert_eq!(domain("http://127.0.0.1:9000/"), "127.0.0.1");
        assert_eq!(domain("https://example.com./"), "example.com");
        assert_eq!(parse_domain("domain", "WWW.Partner.example").unwrap(), "partner.example");
        assert_eq!(parse_domain("domain", "https://partner.example/blog?x=1").unwrap(), "partner.example");
        assert_eq!(parse_domain("from", "").unwrap_err().field, "from");
    }

    #[test]
    fn refuses_what_is_not_a_website() {
        for bad in [
            "",
            "ftp://example.com",
            "javascript:alert(1)",
            "mailto:a@b.com",
            "https://",
            "http://user:pw@example.com",
            "data:text/html,hi",
        ] {
            assert!(BrandUrl::parse(bad).is_err(), "{bad:?}");
        }
        assert!(BrandUrl::parse(&format!("https://example.com/{}", "a".repeat(MAX_URL_LEN))).is_err());
    }
}
