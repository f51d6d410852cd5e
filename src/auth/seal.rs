//! Sealing secrets the server must read back (the readable copy of an API key, a webhook's
//! signing secret) at rest: ChaCha20-Poly1305 under a key derived from the server secret. The
//! owner's id (the member's for a key, the webhook's for a signing secret) is the associated
//! data, so a sealed copy moved to another row does not open.

use chacha20poly1305::aead::{Aead, AeadCore, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};

/// Length of the random nonce stored in front of the ciphertext.
const NONCE_LEN: usize = 12;

/// Seals and opens API keys.
pub struct KeySealer {
    cipher: ChaCha20Poly1305,
}

/// The sealed copy could not be opened (wrong secret, tampered or truncated bytes).
#[derive(Debug, thiserror::Error)]
#[error("sealed API key could not be opened")]
pub struct SealError;

impl KeySealer {
    pub fn new(key: &[u8; 32]) -> Self {
        Self { cipher: ChaCha20Poly1305::new(Key::from_slice(key)) }
    }

    /// `nonce || ciphertext+tag`.
    pub fn seal(&self, member_id: u64, plaintext: &str) -> Result<Vec<u8>, SealError> {
        let nonce = ChaCha20Poly1305::generate_nonce(&mut rand::rngs::OsRng);
        let aad = member_id.to_be_bytes();
        let ciphertext =
            self.cipher.encrypt(&nonce, Payload { msg: plaintext.as_bytes(), aad: &aad }).map_err(|_| SealError)?;
        let mut sealed = nonce.to_vec();
        sealed.extend_from_slice(&ciphertext);
        Ok(sealed)
    }

    pub fn open(&self, member_id: u64, sealed: &[u8]) -> Result<String, SealError> {
        if sealed.len() < NONCE_LEN {
            return Err(SealError);
        }
        let (nonce, ciphertext) = sealed.split_at(NONCE_LEN);
        let aad = member_id.to_be_bytes();
        let plaintext = self
            .cipher
            .decrypt(Nonce::from_slice(nonce), Payload { msg: ciphertext, aad: &aad })
            .map_err(|_| SealError)?;
        String::from_utf8(plaintext).map_err(|_| SealError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seals_without_leaking_text_and_binds_to_member() {
        let sealer = KeySealer::new(&[7; 32]);
        let key = "ref_0123456789abcdef0123456789abcdef0123456789abcdef";
        let sealed = sealer.seal(5, key).unwrap();
        assert!(!sealed.windows(8).any(|w| key.as_bytes().windows(8).any(|k| k == w)));
        assert_eq!(sealer.open(5, &sealed).unwrap(), key);
        assert!(sealer.open(6, &sealed).is_err());
        assert!(KeySealer::new(&[8; 32]).open(5, &sealed).is_err());
        assert!(sealer.open(5, &sealed[..5]).is_err());
    }
}
