//! Member JWTs: HS256 only (the algorithm is pinned, so `alg: none` or an RS/HS confusion is
//! refused), with `exp`, `iss` and `aud` checked. Each carries the member's token generation
//! (`gen`) when it was issued; the caller lets it in only while that is the member's current
//! one, so a password change or a disable ends every token issued before.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// Audience every member token carries.
const AUDIENCE: &str = "referrals-api";

/// Issuer name and lifetime of tokens.
#[derive(Debug, Clone)]
pub struct TokenSettings {
    pub issuer: String,
    pub ttl: chrono::Duration,
}

/// The claims of a member token.
#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// Member id, as a string per RFC 7519.
    pub sub: String,
    pub iat: i64,
    pub exp: i64,
    pub iss: String,
    pub aud: String,
    /// The member's token generation when it was issued (0 in tokens issued before
    /// generations, as every member's is until it first moves on).
    #[serde(default)]
    pub gen: u32,
}

/// What a valid token says: whose it is, and of which of their token generations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenHolder {
    pub member_id: u64,
    pub generation: u32,
}

/// Why a token was refused. All of these are answered with the same 401; the reason is only
/// for logs at debug level.
#[derive(Debug, thiserror::Error)]
#[error("invalid token: {0}")]
pub struct JwtError(String);

/// A signed token and the moment it expires.
pub struct IssuedToken {
    pub token: String,
    pub expires_at: chrono::DateTime<chrono::Utc>,
}

/// Signs and verifies member tokens with the derived HS256 key.
pub struct TokenIssuer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    settings: TokenSettings,
}

impl TokenIssuer {
    pub fn new(key: &[u8], settings: TokenSettings) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_issuer(&[settings.issuer.as_str()]);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.leeway = 0;
        Self { encoding: EncodingKey::from_secret(key), decoding: DecodingKey::from_secret(key), validation, settings }
    }

    /// A token for `member_id`, of their token `generation`, valid for the configured
    /// lifetime (30 days by default).
    pub fn issue(&self, member_id: u64, generation: u32) -> Result<IssuedToken, JwtError> {
        self.issue_at(member_id, generation, chrono::Utc::now())
    }

    /// A token as if issued at `issued_at`. Tests use a past instant to obtain an expired
    /// token signed with the real key.
    pub fn issue_at(
        &self,
        member_id: u64,
        generation: u32,
        issued_at: chrono::DateTime<chrono::Utc>,
    ) -> Result<IssuedToken, JwtError> {
        let expires_at = issued_at + self.settings.ttl;
        let claims = Claims {
            sub: member_id.to_string(),
            iat: issued_at.timestamp(),
            exp: expires_at.timestamp(),
            iss: self.settings.issuer.clone(),
            aud: AUDIENCE.into(),
            gen: generation,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|e| JwtError(e.to_string()))?;
        Ok(IssuedToken { token, expires_at })
    }

    /// Whose a valid token is, and of which generation.
    pub fn verify(&self, token: &str) -> Result<TokenHolder, JwtError> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .map_err(|e| JwtError(e.to_string()))?;
        let member_id = data.claims.sub.parse().map_err(|_| JwtError("sub is not a member id".into()))?;
        Ok(TokenHolder { member_id, generation: data.claims.gen })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;

    fn issuer(key: &[u8]) -> TokenIssuer {
        TokenIssuer::new(key, TokenSettings { issuer: "referrals".into(), ttl: chrono::Duration::days(30) })
    }

    #[test]
    fn round_trip_and_thirty_day_expiry() {
        let tokens = issuer(b"k1");
        let issued = tokens.issue(42, 3).unwrap();
        assert_eq!(tokens.verify(&issued.token).unwrap(), TokenHolder { member_id: 42, generation: 3 });
        let days = (issued.expires_at - chrono::Utc::now()).num_hours();
        assert!((30 * 24 - 1..=30 * 24).contains(&days));
    }

    #[test]
    fn refuses_expired_foreign_tampered_and_unsigned_tokens() {
        let tokens = issuer(b"k1");
        let expired = tokens.issue_at(1, 0, chrono::Utc::now() - chrono::Duration::days(31)).unwrap();
        assert!(tokens.verify(&expired.token).is_err());
        assert!(tokens.verify(&issuer(b"k2").issue(1, 0).unwrap().token).is_err());

        let good = tokens.issue(1, 0).unwrap().token;
        let parts: Vec<&str> = good.split('.').collect();
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let mut claims: serde_json::Value = serde_json::from_slice(&b64.decode(parts[1]).unwrap()).unwrap();
        claims["sub"] = "2".into();
        let tampered = format!("{}.{}.{}", parts[0], b64.encode(claims.to_string()), parts[2]);
        assert!(tokens.verify(&tampered).is_err());

        let none_header = b64.encode(r#"{"alg":"none","typ":"JWT"}"#);
        assert!(tokens.verify(&format!("{none_header}.{}.", parts[1])).is_err());

        // A token from before generations reads as generation 0.
        let mut older: serde_json::Value = serde_json::from_slice(&b64.decode(parts[1]).unwrap()).unwrap();
        older.as_object_mut().unwrap().remove("gen");
        let older =
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &older, &EncodingKey::from_secret(b"k1")).unwrap();
        assert_eq!(tokens.verify(&older).unwrap().generation, 0);
    }
}
