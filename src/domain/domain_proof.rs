//! Proof that whoever runs a website agrees to its part in a programme: a brand's own site,
//! or a partner site (a domain participant). Until its domain is proven, nothing attributes
//! through it: a partner site's tracker clicks and `ref=<domain>` signups count for no one,
//! and a brand is preferred for no click. Anyone can type a domain; only its owner can
//! serve a file on it.
//!
//! The proof is a line, the subject's code, in the file at
//! `http://<domain>/.well-known/referrals-verify.txt` (redirects to https followed), which
//! the server fetches when asked, with the outbound rules of webhooks. The code is a keyed
//! MAC of the subject and its domain (`auth::domain_codes`), so nothing is stored until the
//! check passes, and a code is worth nothing for another subject or domain. A proof is kept
//! for the subject and the domain it proved: a participant whose website is erased proves
//! nothing any more.

use serde::{Deserialize, Serialize};

/// Where the file is looked for on the subject's domain.
pub const WELL_KNOWN_PATH: &str = "/.well-known/referrals-verify.txt";

/// Largest file read: a few codes, one a line.
pub const MAX_FILE_BYTES: usize = 16 * 1024;

/// Whose domain a proof is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ProofSubject {
    /// A brand's own site (its domain never changes).
    Brand(u64),
    /// A domain participant's site: a partner.
    Participant(u64),
}

impl ProofSubject {
    /// The kind's word in keys, codes and logs.
    pub fn kind(self) -> &'static str {
        match self {
            ProofSubject::Brand(_) => "brand",
            ProofSubject::Participant(_) => "participant",
        }
    }

    pub fn id(self) -> u64 {
        match self {
            ProofSubject::Brand(id) | ProofSubject::Participant(id) => id,
        }
    }
}

/// How a domain was proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProofMethod {
    /// The `.well-known` file held the subject's code.
    File,
    /// The server's operator vouched for it (`refctl brands vouch-domain`, `vouch-partner-domain`): for a site that cannot
    /// serve the file, whose owner the operator knows.
    Operator,
}

impl ProofMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            ProofMethod::File => "file",
            ProofMethod::Operator => "operator",
        }
    }
}

/// A passed check: `subject` proved `domain` at `verified_at`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DomainProof {
    pub subject: ProofSubject,
    pub domain: String,
    /// RFC 3339, when the file was found holding the code (or the operator vouched).
    pub verified_at: String,
    pub by: ProofMethod,
}

impl DomainProof {
    /// Whether this proof still vouches for `domain` (the subject's domain now).
    pub fn proves(&self, domain: &str) -> bool {
        self.domain == domain
    }
}

/// Whether `proofs` prove `subject`: for `domain` when given (a partner's website may change
/// or be erased), for the domain it has when not (a brand's never changes).
pub fn proven(proofs: &[DomainProof], subject: ProofSubject, domain: Option<&str>) -> bool {
    proofs.iter().any(|p| p.subject == subject && domain.is_none_or(|d| p.proves(d)))
}

/// Whether a fetched file holds `code` on a line of its own (surrounding white space and a
/// byte-order mark ignored; other lines may hold other subjects' codes).
pub fn file_holds(body: &str, code: &str) -> bool {
    body.trim_start_matches('\u{feff}').lines().any(|line| line.trim() == code)
}

/// The address the file is fetched from, for `domain` (a host name, an IPv4 address or a
/// bracketed IPv6 address, as domains are kept) on `port` (80 but in tests).
pub fn file_url(domain: &str, port: u16) -> String {
    match port {
        80 => format!("http://{domain}{WELL_KNOWN_PATH}"),
        port => format!("http://{domain}:{port}{WELL_KNOWN_PATH}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_must_be_a_line_of_its_own() {
        let code = "referrals-verify-abc";
        assert!(file_holds("referrals-verify-abc", code));
        assert!(file_holds("\u{feff}other\r\n  referrals-verify-abc  \r\n", code));
        assert!(!file_holds("referrals-verify-abcd", code), "a longer code is another code");
        assert!(!file_holds("x referrals-verify-abc", code));
        assert!(!file_holds("", code));
    }

    #[test]
    fn a_proof_vouches_only_for_the_domain_it_proved() {
        let proof = DomainProof {
            subject: ProofSubject::Participant(7),
            domain: "partner.example".into(),
            verified_at: "2026-12-07T00:00:00Z".into(),
            by: ProofMethod::File,
        };
        assert!(proof.proves("partner.example"));
        assert!(!proof.proves("other.example"));
        let proofs = [proof];
        assert!(proven(&proofs, ProofSubject::Participant(7), Some("partner.example")));
        assert!(!proven(&proofs, ProofSubject::Participant(7), Some("other.example")));
        assert!(!proven(&proofs, ProofSubject::Participant(8), None));
        assert!(!proven(&proofs, ProofSubject::Brand(7), None), "a brand is not a participant of its id");
    }

    #[test]
    fn the_file_is_on_port_80_but_where_a_test_says() {
        assert_eq!(file_url("partner.example", 80), "http://partner.example/.well-known/referrals-verify.txt");
        assert_eq!(file_url("127.0.0.1", 4321), "http://127.0.0.1:4321/.well-known/referrals-verify.txt");
        assert_eq!(file_url("[::1]", 4321), "http://[::1]:4321/.well-known/referrals-verify.txt");
    }
}
