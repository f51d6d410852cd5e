//! A brand's Stripe connection: `GET/PUT/DELETE /brands/:id/stripe`. The member stores the
//! signing secret of the Stripe webhook endpoint that points at
//! `{site_url}/hooks/stripe/<brand_id>` (received by `http::site::stripe`); the secret is
//! sealed at rest and never shown again.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::answers::StripeSetup;
use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::ConnectStripe;
use crate::domain::now_rfc3339;
use crate::domain::stripe::{parse_signing_secret, StripeConnection, EVENT_TYPES};

/// Body of `PUT /brands/:id/stripe`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with signing_secret")]
#[schema(example = json!({"signing_secret": "whsec_…"}))]
pub struct StripeSecretBody {
    /// The signing secret of the Stripe webhook endpoint (`whsec_…`), shown never again.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    signing_secret: Option<String>,
}

fn setup(state: &AppState, brand_id: u64, connection: Option<&StripeConnection>) -> StripeSetup {
    StripeSetup {
        brand_id,
        connected: connection.is_some(),
        connected_at: connection.map(|c| c.connected_at.clone()),
        endpoint_url: format!("{}/hooks/stripe/{brand_id}", state.public_url),
        events: EVENT_TYPES.to_vec(),
    }
}

/// `GET /brands/:id/stripe`: whether the brand is connected, and where Stripe should send.
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let brand = ownership::brand(&state, &member, *id).await?;
    let connection = state.store.stripe_connection(brand.id).await?;
    Ok(envelope::ok(setup(&state, brand.id, connection.as_ref())))
}

/// `PUT /brands/:id/stripe`: stores (or replaces) the endpoint's signing secret.
pub async fn put(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<StripeSecretBody>,
) -> Result<HttpResponse, ApiError> {
    let brand = ownership::brand(&state, &member, *id).await?;
    let connection = connect(&state, member.id, brand.id, body.signing_secret.as_deref().unwrap_or("")).await?;
    Ok(envelope::ok(setup(&state, brand.id, Some(&connection))))
}

/// Seals `secret` and stores it as the member's brand's Stripe connection (shared with the
/// dashboard's brand page); the brand is checked to be the member's.
pub async fn connect(
    state: &AppState,
    member_id: u64,
    brand_id: u64,
    secret: &str,
) -> Result<StripeConnection, ApiError> {
    let secret = parse_signing_secret(secret)?;
    let sealed_secret =
        state.auth.stripe_secrets.seal(brand_id, &secret).map_err(|e| ApiError::Internal(e.to_string()))?;
    let connection = StripeConnection { sealed_secret, connected_at: now_rfc3339() };
    let message = ConnectStripe { member_id, connection: Some(connection.clone()) };
    state.brands.get(brand_id).send(message).await??;
    Ok(connection)
}

/// `DELETE /brands/:id/stripe`: forgets the secret; deliveries are refused from then on.
pub async fn delete(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let brand = ownership::brand(&state, &member, *id).await?;
    state.brands.get(brand.id).send(ConnectStripe { member_id: member.id, connection: None }).await??;
    Ok(envelope::ok(setup(&state, brand.id, None)))
}
