//! The dashboard's secrets (and the participant portal's, made the same way): session ids
//! and the anti-forgery tokens of their forms.
//!
//! A session id is 32 random bytes from the operating system, in the member's cookie as
//! URL-safe base64; the store keeps only its SHA-256 digest. A form's token is an HMAC-SHA256,
//! under a key derived from the server secret, of the session it belongs to: it cannot be
//! guessed without the cookie, needs no storage, and dies with its session. The sign-in and
//! registration forms come before any session, so they are bound the same way to a random
//! form cookie (a double-submit token that another site can neither read nor set).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A random secret that names a session (or, before sign-in, a visitor's form cookie).
#[derive(Clone, PartialEq, Eq)]
pub struct SessionId([u8; 32]);

impl SessionId {
    /// A fresh id from the operating system's generator.
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Self(bytes)
    }

    /// The id from a cookie's value; `None` for anything that is not one of ours.
    pub fn parse(text: &str) -> Option<Self> {
        if text.len() != 43 {
            return None;
        }
        let bytes = URL_SAFE_NO_PAD.decode(text).ok()?;
        Some(Self(bytes.try_into().ok()?))
    }

    /// The cookie's value.
    pub fn expose(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.0)
    }

    /// What the store keeps and looks sessions up by.
    pub fn digest(&self) -> [u8; 32] {
        Sha256::digest(self.0).into()
    }
}

impl std::fmt::Debug for SessionId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SessionId(…)")
    }
}

/// Which secret a form token is bound to.
#[derive(Debug, Clone, Copy)]
pub enum FormScope {
    /// A signed-in member's session.
    Session,
    /// The form cookie of a visitor who has not signed in.
    Visitor,
    /// A participant's portal session (`http::portal`).
    Portal,
}

/// Makes and checks the anti-forgery tokens of dashboard forms.
pub struct FormTokens {
    key: [u8; 32],
}

impl FormTokens {
    pub fn new(key: &[u8; 32]) -> Self {
        Self { key: *key }
    }

    fn mac(&self, scope: FormScope, id: &SessionId) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes a key of any length");
        mac.update(match scope {
            FormScope::Session => b"dashboard-session\0",
            FormScope::Visitor => b"dashboard-visitor\0",
            FormScope::Portal => b"portal-session\0",
        });
        mac.update(&id.0);
        mac
    }

    /// The token the forms of `id` carry.
    pub fn token(&self, scope: FormScope, id: &SessionId) -> String {
        URL_SAFE_NO_PAD.encode(self.mac(scope, id).finalize().into_bytes())
    }

    /// Whether `token` is the token of `id` (compared in constant time).
    pub fn verify(&self, scope: FormScope, id: &SessionId, token: &str) -> bool {
        match URL_SAFE_NO_PAD.decode(token.trim()) {
            Ok(tag) => self.mac(scope, id).verify_slice(&tag).is_ok(),
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_id_round_trips_through_its_cookie_and_nothing_else_parses() {
        let id = SessionId::generate();
        assert_eq!(SessionId::parse(&id.expose()), Some(id.clone()));
        assert_ne!(SessionId::generate(), id, "random");
        for bad in ["", "abc", &"A".repeat(44), &"*".repeat(43), &id.expose()[1..]] {
            assert!(SessionId::parse(bad).is_none(), "{bad:?}");
        }
        assert_eq!(format!("{id:?}"), "SessionId(…)", "never printed");
    }

    #[test]
    fn a_form_token_is_good_only_for_its_own_session_and_scope() {
        let tokens = FormTokens::new(&[7; 32]);
        let (mine, theirs) = (SessionId::generate(), SessionId::generate());
        let token = tokens.token(FormScope::Session, &mine);
        assert!(tokens.verify(FormScope::Session, &mine, &token));
        assert!(!tokens.verify(FormScope::Session, &theirs, &token));
        assert!(!tokens.verify(FormScope::Visitor, &mine, &token), "a visitor token is not a session token");
        assert!(!tokens.verify(FormScope::Portal, &mine, &token), "nor a portal session's");
        assert!(!tokens.verify(FormScope::Session, &mine, ""));
        assert!(!tokens.verify(FormScope::Session, &mine, &token[..20]));
        assert!(!FormTokens::new(&[8; 32]).verify(FormScope::Session, &mine, &token), "another server secret");
    }
}
