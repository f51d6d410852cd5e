//! Email confirmation links: what proves a member's address is theirs on a server whose
//! registration is open to anyone. A link names the member and carries an HMAC-SHA256 of the
//! member and the address it was sent to, under a key derived from the server secret; it
//! confirms that address only, so a link to an address the member has left confirms nothing.
//!
//! `{member}-{mac}`, the MAC in URL-safe base64. Links do not expire: confirming twice
//! changes nothing, and the address in the MAC is what matters.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Makes and checks email confirmation links.
pub struct EmailConfirmations {
    key: [u8; 32],
}

impl EmailConfirmations {
    pub fn new(key: &[u8; 32]) -> Self {
        Self { key: *key }
    }

    fn mac(&self, member_id: u64, email: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(b"member-email\0");
        mac.update(&member_id.to_be_bytes());
        mac.update(email.to_lowercase().as_bytes());
        mac
    }

    /// The token that confirms `email` as member `member_id`'s.
    pub fn token(&self, member_id: u64, email: &str) -> String {
        format!("{member_id}-{}", URL_SAFE_NO_PAD.encode(self.mac(member_id, email).finalize().into_bytes()))
    }

    /// The member `token` names, when it is one of ours; the caller then checks it against
    /// the member's address with [`EmailConfirmations::confirms`].
    pub fn member_of(token: &str) -> Option<u64> {
        let (member, _) = token.split_once('-')?;
        member.bytes().all(|b| b.is_ascii_digit()).then(|| member.parse().ok()).flatten()
    }

    /// Whether `token` confirms `email` as member `member_id`'s (compared in constant time).
    pub fn confirms(&self, token: &str, member_id: u64, email: &str) -> bool {
        if token.len() > 128 || Self::member_of(token) != Some(member_id) {
            return false;
        }
        let Some((_, tag)) = token.split_once('-') else { return false };
        match URL_SAFE_NO_PAD.decode(tag) {
            Ok(tag) => self.mac(member_id, email).verify_slice(&tag).is_ok(),
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_confirms_its_members_address_and_nothing_else() {
        let links = EmailConfirmations::new(&[7; 32]);
        let token = links.token(42, "Ada@Example.com");
        assert_eq!(EmailConfirmations::member_of(&token), Some(42));
        assert!(links.confirms(&token, 42, "ada@example.com"), "the address, in any case");
        assert!(!links.confirms(&token, 42, "eve@example.com"), "another address");
        assert!(!links.confirms(&token, 43, "ada@example.com"), "another member");
        assert!(!EmailConfirmations::new(&[8; 32]).confirms(&token, 42, "ada@example.com"), "another server");
        let forged = format!("42-{}", "A".repeat(43));
        assert!(!links.confirms(&forged, 42, "ada@example.com"));
        assert_eq!(EmailConfirmations::member_of("x-1"), None);
        assert!(!links.confirms("42", 42, "ada@example.com"));
    }
}
