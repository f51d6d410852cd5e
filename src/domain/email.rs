//! `EmailAddress`: an email address as the service accepts it from outside. Stored as given
//! (trimmed) for display; compared and indexed through its lower-cased form.

use super::ValidationError;

/// Longest email address accepted (RFC 5321 path limit).
pub const MAX_EMAIL_LEN: usize = 254;

/// A syntactically plausible email address: one `@`, a non-empty local part of at most 64
/// characters, a domain with at least one dot, no whitespace or control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let email = raw.trim();
        let invalid = |why: &str| ValidationError::new("email", format!("email {why}"));
        if email.is_empty() {
            return Err(invalid("is required"));
        }
        if email.len() > MAX_EMAIL_LEN {
            return Err(invalid(&format!("must be at most {MAX_EMAIL_LEN} characters")));
        }
        if email.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid("must not contain spaces or control characters"));
        }
        let Some((local, domain)) = email.rsplit_once('@') else {
            return Err(invalid("must contain an @"));
        };
        if local.is_empty() || local.len() > 64 || local.contains('@') {
            return Err(invalid("has an invalid part before the @"));
        }
        let labels_ok = domain.split('.').all(|l| !l.is_empty() && !l.starts_with('-') && !l.ends_with('-'));
        if !domain.contains('.')
            || !labels_ok
            || domain.contains(['<', '>', '(', ')', '[', ']', ',', ';', ':', '"', '\\'])
        {
            return Err(invalid("has an invalid domain"));
        }
        Ok(Self(email.to_owned()))
    }

    /// The address as the user wrote it (trimmed).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The form used for uniqueness and look-ups (see [`normalize`]).
    pub fn normalized(&self) -> String {
        normalize(&self.0)
    }
}

/// The form of an address used for uniqueness and look-ups: the whole address lower-cased.
/// The one place this rule is written: the email index, its look-ups and the self-referral
/// and invitation checks all compare through it, stored addresses (kept as given) included.
pub fn normalize(address: &str) -> String {
    address.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_ordinary_addresses_and_normalizes_case() {
        let email = EmailAddress::parse("  Ada.Lovelace+ref@Example.COM ").unwrap();
        assert_eq!(email.as_str(), "Ada.Lovelace+ref@Example.COM");
        assert_eq!(email.normalized(), "ada.lovelace+ref@example.com");
    }

    #[test]
    fn rejects_malformed_addresses() {
        for bad in [
            "",
            "   ",
            "plain",
            "@example.com",
            "a@",
            "a@b",
            "a b@c.com",
            "a@b..com",
            "a@-b.com",
            "a@b\n.com",
            "a@<b>.com",
        ] {
            assert!(EmailAddress::parse(bad).is_err(), "{bad:?} should be rejected");
        }
        let long = format!("{}@example.com", "a".repeat(250));
        assert_eq!(EmailAddress::parse(&long).unwrap_err().field, "email");
    }
}
