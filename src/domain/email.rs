//! `EmailAddress`: an email address as the service accepts it from outside. Stored as given
//! (trimmed) for display and delivery; compared and indexed through its lower-cased form, and
//! through its canonical form ([`canonical`]), which names one person's inbox whatever
//! spelling they typed: `Ann.Lee+1@googlemail.com` and `annlee@gmail.com` are one inbox.

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

    /// The inbox the address reaches (see [`canonical`]).
    pub fn canonical(&self) -> String {
        canonical(&self.0)
    }

    /// The look-ups that find the campaign participant this address names, in the order they
    /// are tried: the address itself (case-folded) first, so that two participants whose
    /// addresses share an inbox (kept from before the campaign compared inboxes) are each
    /// found by their own address; then, when the campaign compares inboxes, the inbox.
    pub fn lookups(&self, by_inbox: bool) -> Vec<EmailLookup> {
        let exact = EmailLookup::Exact(self.normalized());
        if by_inbox {
            vec![exact, EmailLookup::Inbox(self.canonical())]
        } else {
            vec![exact]
        }
    }
}

/// One way to look a participant up by address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmailLookup {
    /// The address, case-folded ([`normalize`]): at most one participant per campaign.
    Exact(String),
    /// The inbox ([`canonical`]): the oldest participant of the campaign with it.
    Inbox(String),
}

/// Domains whose mailboxes ignore dots in the local part, and the one they are compared as.
const DOTLESS_DOMAINS: [(&str, &str); 2] = [("gmail.com", "gmail.com"), ("googlemail.com", "gmail.com")];

/// The inbox an address reaches: case-folded, without the `+tag` of its local part (on any
/// domain: sub-addressing delivers `ann+x@` to `ann@`), and for Gmail without the dots of
/// the local part, `googlemail.com` as `gmail.com`. A local part that is nothing but a tag
/// (`+x@…`) is kept whole. The address a participant gave is kept as it was; this form is
/// only compared.
pub fn canonical(address: &str) -> String {
    let lower = normalize(address);
    let Some((local, domain)) = lower.rsplit_once('@') else { return lower };
    let untagged = match local.split_once('+') {
        Some((base, _)) if !base.is_empty() => base,
        _ => local,
    };
    match DOTLESS_DOMAINS.iter().find(|(d, _)| *d == domain) {
        Some((_, canonical_domain)) => {
            let dotless: String = untagged.chars().filter(|&c| c != '.').collect();
            // A local part of dots only names nothing better than itself.
            let local = if dotless.is_empty() { untagged } else { &dotless };
            format!("{local}@{canonical_domain}")
        }
        None => format!("{untagged}@{domain}"),
    }
}

/// The form of an address used for exact comparison: the whole address lower-cased. The one
/// place this rule is written: the email index and its exact look-ups, a campaign's
/// self-referral check when it does not compare inboxes, and the invitation checks compare
/// through it, stored addresses (kept as given) included. Inboxes compare by [`canonical`].
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
    fn one_inbox_has_one_canonical_form() {
        let one = ["ann.lee+1@gmail.com", "annlee@gmail.com", "Ann.Lee@GoogleMail.com", "a.n.n.l.e.e+x+y@gmail.com"];
        for address in one {
            assert_eq!(canonical(address), "annlee@gmail.com", "{address}");
        }
        assert_eq!(canonical("Ann.Lee+promo@Example.com"), "ann.lee@example.com", "dots count off Gmail");
        assert_ne!(canonical("ann.lee@example.com"), canonical("annlee@example.com"));
        assert_eq!(canonical("+only@example.com"), "+only@example.com", "nothing but a tag");
        assert_eq!(canonical("...@gmail.com"), "...@gmail.com");
        assert_eq!(canonical("ann@mail.gmail.com"), "ann@mail.gmail.com", "a subdomain is another domain");
        let email = EmailAddress::parse("Ann.Lee+1@GMail.com").unwrap();
        assert_eq!(email.as_str(), "Ann.Lee+1@GMail.com", "kept as given");
        assert_eq!(
            email.lookups(true),
            [EmailLookup::Exact("ann.lee+1@gmail.com".into()), EmailLookup::Inbox("annlee@gmail.com".into())]
        );
        assert_eq!(email.lookups(false), [EmailLookup::Exact("ann.lee+1@gmail.com".into())]);
    }

    mod properties {
        use super::super::*;
        use proptest::prelude::*;

        /// Local parts as people type them: letters, digits, dots, a `+tag` now and then.
        fn local() -> impl Strategy<Value = String> {
            "[A-Za-z0-9][A-Za-z0-9._-]{0,12}(\\+[a-z0-9]{0,6})?"
        }

        fn domain() -> impl Strategy<Value = String> {
            prop_oneof![
                Just("gmail.com".to_owned()),
                Just("GoogleMail.com".to_owned()),
                Just("example.com".to_owned()),
                "[a-z]{1,8}\\.(com|org|de)",
            ]
        }

        proptest! {
            #[test]
            fn canonical_is_idempotent(local in local(), domain in domain()) {
                let once = canonical(&format!("{local}@{domain}"));
                prop_assert_eq!(canonical(&once), once.clone());
                prop_assert_eq!(once.clone(), once.to_lowercase());
            }

            #[test]
            fn two_different_local_parts_off_gmail_stay_two(
                a in local(), b in local(), domain in "[a-z]{1,8}\\.(com|org|de)",
            ) {
                let untagged = |l: &str| l.split('+').next().unwrap().to_lowercase();
                prop_assume!(untagged(&a) != untagged(&b));
                prop_assert_ne!(canonical(&format!("{a}@{domain}")), canonical(&format!("{b}@{domain}")));
            }

            #[test]
            fn the_address_is_kept_as_given(local in local(), domain in domain()) {
                let given = format!("{local}@{domain}");
                if let Ok(email) = EmailAddress::parse(&given) {
                    prop_assert_eq!(email.as_str(), given.as_str());
                    prop_assert_eq!(email.canonical(), canonical(&given));
                }
            }
        }
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
