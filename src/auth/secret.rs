//! The server secret: 32 random bytes from which JWT and sealing keys are derived. Taken from
//! configuration when set; otherwise generated on first start and kept in
//! `<data_dir>/secret.key` (mode 0600), so a fresh clone runs with zero set-up and tokens
//! survive restarts.
//!
//! The database keeps a check value of the secret it was written with ([`ServerSecret::
//! check_value`]), so a server started on it with another secret, or with none where one is
//! needed (a backup restored without its `secret.key`), is refused at start-up with a message
//! that names the file, instead of answering every sealed read with an error later.

use std::fs;
use std::io::Write;
use std::path::Path;

use rand::RngCore;

/// File name of the generated secret inside the data directory.
pub const SECRET_FILE: &str = "secret.key";

/// The secret bytes. Never printed.
#[derive(Clone)]
pub struct ServerSecret(Vec<u8>);

#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("auth.secret must be at least 64 hexadecimal characters (32 bytes)")]
    Malformed,
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path} does not hold a valid secret (64+ hex characters); delete it to generate a new one (this signs everyone out)")]
    CorruptFile { path: String },
}

impl ServerSecret {
    /// Parses a configured secret: hex, at least 32 bytes.
    pub fn from_hex(text: &str) -> Result<Self, SecretError> {
        let bytes = hex::decode(text.trim()).map_err(|_| SecretError::Malformed)?;
        if bytes.len() < 32 {
            return Err(SecretError::Malformed);
        }
        Ok(Self(bytes))
    }

    /// Reads `<data_dir>/secret.key`, creating it with a new random secret when absent.
    pub fn load_or_create(data_dir: &Path) -> Result<Self, SecretError> {
        match Self::load(data_dir)? {
            Some(secret) => Ok(secret),
            None => Self::create(data_dir),
        }
    }

    /// Reads `<data_dir>/secret.key`; `None` when there is no such file.
    pub fn load(data_dir: &Path) -> Result<Option<Self>, SecretError> {
        let path = data_dir.join(SECRET_FILE);
        match fs::read_to_string(&path) {
            Ok(text) => Self::from_hex(&text)
                .map(Some)
                .map_err(|_| SecretError::CorruptFile { path: path.display().to_string() }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(SecretError::Io { path: path.display().to_string(), source }),
        }
    }

    /// Writes a new random secret to `<data_dir>/secret.key` (which must not exist).
    pub fn create(data_dir: &Path) -> Result<Self, SecretError> {
        let path = data_dir.join(SECRET_FILE);
        let io = |source| SecretError::Io { path: path.display().to_string(), source };
        fs::create_dir_all(data_dir).map_err(io)?;
        let mut bytes = vec![0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let mut options = fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&path).map_err(io)?;
        file.write_all(hex::encode(&bytes).as_bytes()).map_err(io)?;
        file.sync_all().map_err(io)?;
        Ok(Self(bytes))
    }

    /// A value that identifies this secret without revealing it: HMAC-SHA256 of a fixed label
    /// under the secret. The database keeps it to recognise the secret it was written with.
    pub fn check_value(&self) -> [u8; 32] {
        use hmac::Mac;
        let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(b"referrals: server secret check value v1");
        mac.finalize().into_bytes().into()
    }

    pub fn expose(&self) -> &[u8] {
        &self.0
    }
}

impl std::fmt::Debug for ServerSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ServerSecret(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_once_then_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = ServerSecret::load_or_create(dir.path()).unwrap();
        let second = ServerSecret::load_or_create(dir.path()).unwrap();
        assert_eq!(first.expose(), second.expose());
        assert_eq!(first.expose().len(), 32);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(SECRET_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn the_check_value_tells_secrets_apart_and_reveals_neither() {
        let one = ServerSecret::from_hex(&"ab".repeat(32)).unwrap();
        let two = ServerSecret::from_hex(&"cd".repeat(32)).unwrap();
        assert_eq!(one.check_value(), ServerSecret::from_hex(&"ab".repeat(32)).unwrap().check_value());
        assert_ne!(one.check_value(), two.check_value());
        assert!(!one.check_value().windows(4).any(|w| w == [0xab; 4]));
        assert!(ServerSecret::load(tempfile::tempdir().unwrap().path()).unwrap().is_none());
    }

    #[test]
    fn configured_secret_must_be_long_hex() {
        assert!(ServerSecret::from_hex("abcd").is_err());
        assert!(ServerSecret::from_hex(&"zz".repeat(32)).is_err());
        assert!(ServerSecret::from_hex(&"ab".repeat(32)).is_ok());
    }
}
