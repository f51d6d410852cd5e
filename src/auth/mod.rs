//! Credentials: the server secret and the keys derived from it, password hashing, JWTs and the
//! sealed copies of API keys, webhook and Stripe signing secrets. Pure functions over bytes and strings; the HTTP extractor that
//! uses them lives in `http::authenticated`, the storage of members in `store`.

pub mod client_print;
pub mod dashboard;
pub mod domain_codes;
pub mod email_confirmation;
pub mod jwt;
pub mod password;
pub mod reward_claim;
pub mod seal;
pub mod secret;
pub mod unsubscribe;

use hkdf::Hkdf;
use sha2::Sha256;

pub use jwt::{JwtError, TokenIssuer};
pub use seal::KeySealer;
pub use secret::ServerSecret;

/// Every key the server derives from its one secret. Each purpose gets its own HKDF output,
/// so a key for one purpose never doubles as another.
pub struct AuthKeys {
    pub tokens: TokenIssuer,
    pub sealer: KeySealer,
    /// Seals webhook signing secrets (webhook id as associated data); shared with the
    /// webhook dispatcher.
    pub webhook_secrets: std::sync::Arc<KeySealer>,
    /// Seals brands' Stripe signing secrets (brand id as associated data).
    pub stripe_secrets: KeySealer,
    /// Seals brands' Paddle and Shopify signing secrets, a key for each source (brand id as
    /// associated data): see [`AuthKeys::source_secrets`].
    paddle_secrets: KeySealer,
    shopify_secrets: KeySealer,
    /// Signs the unsubscribe links of participants' emails.
    pub unsubscribe: std::sync::Arc<unsubscribe::UnsubscribeLinks>,
    /// Turns a client's address and user agent into the keyed print the fraud rules compare.
    pub client_prints: std::sync::Arc<client_print::ClientPrinter>,
    /// The anti-forgery tokens of the dashboard's forms.
    pub dashboard_forms: dashboard::FormTokens,
    /// The claims that let a widget read the reward it showed at signup again.
    pub reward_claims: reward_claim::RewardClaims,
    /// The codes brands and partners put on their sites to prove their domains.
    pub domain_codes: std::sync::Arc<domain_codes::DomainCodes>,
    /// The links that confirm a member's email address.
    pub email_confirmations: email_confirmation::EmailConfirmations,
}

impl AuthKeys {
    /// The sealer of a source's signing secrets: one key per source, so one source's sealed
    /// secret never opens as another's.
    pub fn source_secrets(&self, source: crate::domain::sales_source::Source) -> &KeySealer {
        match source {
            crate::domain::sales_source::Source::Paddle => &self.paddle_secrets,
            crate::domain::sales_source::Source::Shopify => &self.shopify_secrets,
        }
    }

    pub fn derive(secret: &ServerSecret, token_settings: jwt::TokenSettings) -> Self {
        let hkdf = Hkdf::<Sha256>::new(Some(b"referrals/v1"), secret.expose());
        let mut jwt_key = [0u8; 32];
        let mut seal_key = [0u8; 32];
        let mut webhook_key = [0u8; 32];
        let mut stripe_key = [0u8; 32];
        let mut unsubscribe_key = [0u8; 32];
        let mut client_key = [0u8; 32];
        let mut forms_key = [0u8; 32];
        let mut claims_key = [0u8; 32];
        let mut domains_key = [0u8; 32];
        let mut paddle_key = [0u8; 32];
        let mut shopify_key = [0u8; 32];
        let mut confirm_key = [0u8; 32];
        // 32 bytes is far below HKDF-SHA256's 8160-byte output limit, so expand cannot fail.
        hkdf.expand(b"jwt-hs256", &mut jwt_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"api-key-seal", &mut seal_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"webhook-secret-seal", &mut webhook_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"stripe-secret-seal", &mut stripe_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"unsubscribe-link", &mut unsubscribe_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"client-print", &mut client_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"dashboard-forms", &mut forms_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"widget-reward-claim", &mut claims_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"domain-proof-code", &mut domains_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"paddle-secret-seal", &mut paddle_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"shopify-secret-seal", &mut shopify_key).expect("32 bytes is a valid HKDF-SHA256 length");
        hkdf.expand(b"member-email-confirmation", &mut confirm_key).expect("32 bytes is a valid HKDF-SHA256 length");
        Self {
            tokens: TokenIssuer::new(&jwt_key, token_settings),
            sealer: KeySealer::new(&seal_key),
            webhook_secrets: std::sync::Arc::new(KeySealer::new(&webhook_key)),
            stripe_secrets: KeySealer::new(&stripe_key),
            paddle_secrets: KeySealer::new(&paddle_key),
            shopify_secrets: KeySealer::new(&shopify_key),
            unsubscribe: std::sync::Arc::new(unsubscribe::UnsubscribeLinks::new(&unsubscribe_key)),
            client_prints: std::sync::Arc::new(client_print::ClientPrinter::new(&client_key)),
            dashboard_forms: dashboard::FormTokens::new(&forms_key),
            reward_claims: reward_claim::RewardClaims::new(&claims_key),
            domain_codes: std::sync::Arc::new(domain_codes::DomainCodes::new(&domains_key)),
            email_confirmations: email_confirmation::EmailConfirmations::new(&confirm_key),
        }
    }
}
