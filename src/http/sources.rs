//! A brand's connections to Paddle and Shopify: `GET/PUT/DELETE /brands/:id/paddle` and
//! `/brands/:id/shopify`, as `/brands/:id/stripe` is for Stripe. The member stores the signing
//! secret of the notification that points at `{site_url}/hooks/<source>/<brand_id>` (received
//! by `http::site::paddle` and `http::site::shopify`); it is sealed at rest and never shown
//! again.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::answers::SourceSetup;
use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::ConnectSource;
use crate::domain::now_rfc3339;
use crate::domain::sales_source::{parse_secret, Connection, Source};
use crate::domain::Member;

/// Body of `PUT /brands/:id/paddle` and `PUT /brands/:id/shopify`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with signing_secret")]
pub struct SourceSecretBody {
    /// The secret the source signs its deliveries with (Paddle: the notification
    /// destination's secret key; Shopify: the webhook signing secret), shown never again.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    signing_secret: Option<String>,
}

fn setup(state: &AppState, brand_id: u64, source: Source, connection: Option<&Connection>) -> SourceSetup {
    SourceSetup {
        brand_id,
        source: source.name(),
        connected: connection.is_some(),
        connected_at: connection.map(|c| c.connected_at.clone()),
        endpoint_url: format!("{}/hooks/{}/{brand_id}", state.public_url, source.name()),
        events: source.events().to_vec(),
    }
}

async fn read(state: &AppState, member: &Member, brand_id: u64, source: Source) -> Result<HttpResponse, ApiError> {
    let brand = ownership::brand(state, member, brand_id).await?;
    let connection = state.store.source_connection(brand.id, source).await?;
    Ok(envelope::ok(setup(state, brand.id, source, connection.as_ref())))
}

async fn connect(
    state: &AppState,
    member: &Member,
    brand_id: u64,
    source: Source,
    secret: Option<&str>,
) -> Result<HttpResponse, ApiError> {
    let brand = ownership::brand(state, member, brand_id).await?;
    let connection = store_connection(state, member.id, brand.id, source, secret).await?;
    Ok(envelope::ok(setup(state, brand.id, source, connection.as_ref())))
}

/// Seals `secret` and stores it as the brand's connection to `source`, or forgets it
/// (`None`); shared with the dashboard's brand page. The actor checks the brand is the
/// member's.
pub async fn store_connection(
    state: &AppState,
    member_id: u64,
    brand_id: u64,
    source: Source,
    secret: Option<&str>,
) -> Result<Option<Connection>, ApiError> {
    let connection = match secret {
        Some(secret) => {
            let secret = parse_secret(source, secret)?;
            let sealed_secret = state
                .auth
                .source_secrets(source)
                .seal(brand_id, &secret)
                .map_err(|e| ApiError::Internal(e.to_string()))?;
            Some(Connection { sealed_secret, connected_at: now_rfc3339() })
        }
        None => None,
    };
    let message = ConnectSource { member_id, source, connection: connection.clone() };
    state.brands.get(brand_id).send(message).await??;
    Ok(connection)
}

/// `GET /brands/:id/paddle`: whether the brand is connected, and where Paddle should send.
pub async fn get_paddle(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    read(&state, &member, *id, Source::Paddle).await
}

/// `PUT /brands/:id/paddle`: stores (or replaces) the notification destination's secret.
pub async fn put_paddle(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<SourceSecretBody>,
) -> Result<HttpResponse, ApiError> {
    connect(&state, &member, *id, Source::Paddle, Some(body.signing_secret.as_deref().unwrap_or(""))).await
}

/// `DELETE /brands/:id/paddle`: forgets the secret; deliveries are refused from then on.
pub async fn delete_paddle(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    connect(&state, &member, *id, Source::Paddle, None).await
}

/// `GET /brands/:id/shopify`: whether the brand is connected, and where Shopify should send.
pub async fn get_shopify(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    read(&state, &member, *id, Source::Shopify).await
}

/// `PUT /brands/:id/shopify`: stores (or replaces) the webhook signing secret.
pub async fn put_shopify(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<SourceSecretBody>,
) -> Result<HttpResponse, ApiError> {
    connect(&state, &member, *id, Source::Shopify, Some(body.signing_secret.as_deref().unwrap_or(""))).await
}

/// `DELETE /brands/:id/shopify`: forgets the secret; deliveries are refused from then on.
pub async fn delete_shopify(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    connect(&state, &member, *id, Source::Shopify, None).await
}
