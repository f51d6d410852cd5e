//! The codes that prove a domain (`domain::domain_proof`): each an HMAC-SHA256 of the subject
//! (brand or participant, and its id) and the domain, under a key derived from the server
//! secret. Nothing is stored for a code: the same subject and domain always get the same
//! one, and no one without the secret can make the code of another subject or domain.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::domain::domain_proof::ProofSubject;

/// Makes the codes a subject puts in its domain's `.well-known` file.
pub struct DomainCodes {
    key: [u8; 32],
}

impl DomainCodes {
    pub fn new(key: &[u8; 32]) -> Self {
        Self { key: *key }
    }

    /// `referrals-verify=<mac>`: the line that proves `domain` for `subject`.
    pub fn code(&self, subject: ProofSubject, domain: &str) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(subject.kind().as_bytes());
        mac.update(b"\0");
        mac.update(&subject.id().to_be_bytes());
        mac.update(domain.as_bytes());
        format!("referrals-verify={}", URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_its_subjects_and_domains_only() {
        let codes = DomainCodes::new(&[7; 32]);
        let code = codes.code(ProofSubject::Participant(42), "partner.example");
        assert!(code.starts_with("referrals-verify="), "{code}");
        assert_eq!(code, codes.code(ProofSubject::Participant(42), "partner.example"), "the same every time");
        for other in [
            codes.code(ProofSubject::Participant(43), "partner.example"),
            codes.code(ProofSubject::Brand(42), "partner.example"),
            codes.code(ProofSubject::Participant(42), "other.example"),
            DomainCodes::new(&[8; 32]).code(ProofSubject::Participant(42), "partner.example"),
        ] {
            assert_ne!(code, other);
        }
    }
}
