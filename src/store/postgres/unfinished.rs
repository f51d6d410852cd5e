//! What the PostgreSQL backend does not do yet: the engine's decision sessions and every
//! read of what they write (participants, rewards, conversions, idempotency records,
//! standings, waitlists), webhooks and their outbox, emails, and backups. Each operation
//! here fails with a clear error naming itself, and the server refuses to start on
//! PostgreSQL while this file exists (see `crate::store::postgres`); the conformance suite
//! runs the checks that need none of it (issue 14 lists what remains).

use async_trait::async_trait;

use super::{PgStore, StoreError};
use crate::domain::client_print::StoredPrint;
use crate::domain::contest::ContestResult;
use crate::domain::conversion::Conversion;
use crate::domain::email::EmailLookup;
use crate::domain::ids::IdKind;
use crate::domain::leaderboard::{Board, Standing};
use crate::domain::outgoing_email::{EmailAttempt, EmailDelivery, OutgoingEmail, QueuedEmail};
use crate::domain::pagination::PageRequest;
use crate::domain::participant::ParticipantFilter;
use crate::domain::reward::RewardFilter;
use crate::domain::waitlist::{Line, Spot};
use crate::domain::webhook::{Attempt, PendingDelivery, Webhook, WebhookRoute};
use crate::domain::{Campaign, Invite, Participant, Reward};
use crate::store::{
    BackupStore, BrandSession, ConversionStore, DecisionStore, DomainReferrer, DueContest, DueHold, EmailStore,
    FinishedAttempt, IdempotencyRecord, IdempotencyStore, ParticipantStore, RewardStore, Snapshot, StandingStore,
    WaitlistStore, WebhookStore,
};

/// The error of an operation the backend does not do yet.
fn unfinished(operation: &str) -> StoreError {
    StoreError::Database(format!("{operation} is not available on the PostgreSQL backend yet"))
}

impl PgStore {
    /// Deleting a campaign erases its participants' copies everywhere, which needs the
    /// erasure of idempotency records and events that is not here yet.
    pub(super) async fn delete_campaign_rows(&self, _campaign: &Campaign) -> Result<(), StoreError> {
        Err(unfinished("CampaignStore::delete_campaign"))
    }
}

#[async_trait]
impl DecisionStore for PgStore {
    async fn next_id(&self, kind: IdKind) -> Result<u64, StoreError> {
        self.take_id(kind).await
    }

    async fn session(&self, _brand_id: u64) -> Result<Box<dyn BrandSession + '_>, StoreError> {
        Err(unfinished("DecisionStore::session"))
    }
}

#[async_trait]

impl ParticipantStore for PgStore {
    async fn participant(&self, _id: u64) -> Result<Option<Participant>, StoreError> {
        Err(unfinished("ParticipantStore::participant"))
    }

    async fn participant_by_email(
        &self,
        _campaign_id: u64,
        _lookup: &EmailLookup,
    ) -> Result<Option<Participant>, StoreError> {
        Err(unfinished("ParticipantStore::participant_by_email"))
    }

    async fn participants_of_member(
        &self,
        _member_id: u64,
        _page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        Err(unfinished("ParticipantStore::participants_of_member"))
    }

    async fn participants_of_campaign(
        &self,
        _campaign_id: u64,
        _page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        Err(unfinished("ParticipantStore::participants_of_campaign"))
    }

    async fn roster(&self, _campaign_id: u64, _from_seq: u64, _limit: usize) -> Result<Vec<Participant>, StoreError> {
        Err(unfinished("ParticipantStore::roster"))
    }

    async fn search_participants(
        &self,
        _member_id: u64,
        _campaign_id: Option<u64>,
        _filter: &ParticipantFilter,
        _page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        Err(unfinished("ParticipantStore::search_participants"))
    }

    async fn referred(
        &self,
        _campaign_id: u64,
        _referrer_id: u64,
        _limit: usize,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        Err(unfinished("ParticipantStore::referred"))
    }

    async fn rewards_of(&self, _participant_id: u64) -> Result<Vec<Reward>, StoreError> {
        Err(unfinished("ParticipantStore::rewards_of"))
    }

    async fn invites_of(&self, _participant_id: u64) -> Result<Vec<Invite>, StoreError> {
        Err(unfinished("ParticipantStore::invites_of"))
    }

    async fn invites_to(&self, _campaign_id: u64, _inbox: &str) -> Result<Vec<Invite>, StoreError> {
        Err(unfinished("ParticipantStore::invites_to"))
    }

    async fn domain_participant_in(&self, _campaign_id: u64, _domain: &str) -> Result<Option<u64>, StoreError> {
        Err(unfinished("ParticipantStore::domain_participant_in"))
    }

    async fn domain_referrers(&self, _domain: &str, _limit: usize) -> Result<Vec<DomainReferrer>, StoreError> {
        Err(unfinished("ParticipantStore::domain_referrers"))
    }

    async fn forget_old_prints(&self, _now_ms: i64) -> Result<u64, StoreError> {
        Err(unfinished("ParticipantStore::forget_old_prints"))
    }

    async fn blocked_at(&self, _campaign_id: u64, _participant_id: u64) -> Result<Option<String>, StoreError> {
        Err(unfinished("ParticipantStore::blocked_at"))
    }

    async fn client_print(&self, _participant_id: u64) -> Result<Option<StoredPrint>, StoreError> {
        Err(unfinished("ParticipantStore::client_print"))
    }
}

#[async_trait]

impl RewardStore for PgStore {
    async fn reward(&self, _member_id: u64, _id: u64) -> Result<Option<Reward>, StoreError> {
        Err(unfinished("RewardStore::reward"))
    }

    async fn rewards_of_member(
        &self,
        _member_id: u64,
        _filter: RewardFilter,
        _page: PageRequest,
    ) -> Result<(Vec<Reward>, u64), StoreError> {
        Err(unfinished("RewardStore::rewards_of_member"))
    }

    async fn issued_rewards(
        &self,
        _member_id: u64,
        _campaign_id: Option<u64>,
        _limit: usize,
    ) -> Result<Vec<Reward>, StoreError> {
        Err(unfinished("RewardStore::issued_rewards"))
    }

    async fn due_holds(&self, _unix_ms: i64, _limit: usize) -> Result<Vec<DueHold>, StoreError> {
        Err(unfinished("RewardStore::due_holds"))
    }
}

#[async_trait]

impl ConversionStore for PgStore {
    async fn conversion(&self, _member_id: u64, _id: u64) -> Result<Option<Conversion>, StoreError> {
        Err(unfinished("ConversionStore::conversion"))
    }

    async fn conversions_of_member(
        &self,
        _member_id: u64,
        _campaign_id: Option<u64>,
        _page: PageRequest,
    ) -> Result<(Vec<Conversion>, u64), StoreError> {
        Err(unfinished("ConversionStore::conversions_of_member"))
    }

    async fn conversion_by_payment(
        &self,
        _campaign_id: u64,
        _reference: &str,
    ) -> Result<Option<Conversion>, StoreError> {
        Err(unfinished("ConversionStore::conversion_by_payment"))
    }

    async fn conversions_of_participant(
        &self,
        _campaign_id: u64,
        _participant_id: u64,
    ) -> Result<Vec<Conversion>, StoreError> {
        Err(unfinished("ConversionStore::conversions_of_participant"))
    }

    async fn qualified_referrals(&self, _campaign_id: u64, _participant_id: u64) -> Result<u64, StoreError> {
        Err(unfinished("ConversionStore::qualified_referrals"))
    }
}

#[async_trait]

impl IdempotencyStore for PgStore {
    async fn idempotency_record(&self, _key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError> {
        Err(unfinished("IdempotencyStore::idempotency_record"))
    }
}

#[async_trait]

impl WebhookStore for PgStore {
    async fn webhook_routes(&self, _member_id: u64) -> Result<std::sync::Arc<Vec<WebhookRoute>>, StoreError> {
        Err(unfinished("WebhookStore::webhook_routes"))
    }

    async fn create_webhook(&self, _webhook: &Webhook) -> Result<(), StoreError> {
        Err(unfinished("WebhookStore::create_webhook"))
    }

    async fn webhook(&self, _id: u64) -> Result<Option<Webhook>, StoreError> {
        Err(unfinished("WebhookStore::webhook"))
    }

    async fn event(&self, _id: u64) -> Result<Option<crate::domain::event::Event>, StoreError> {
        Err(unfinished("WebhookStore::event"))
    }

    async fn events_of_participant(
        &self,
        _participant_id: u64,
    ) -> Result<Vec<crate::domain::event::Event>, StoreError> {
        Err(unfinished("WebhookStore::events_of_participant"))
    }

    async fn save_webhook(&self, _webhook: &Webhook) -> Result<(), StoreError> {
        Err(unfinished("WebhookStore::save_webhook"))
    }

    async fn delete_webhook(&self, _webhook: &Webhook) -> Result<(), StoreError> {
        Err(unfinished("WebhookStore::delete_webhook"))
    }

    async fn webhooks_of_member(&self, _member_id: u64, _page: PageRequest) -> Result<(Vec<Webhook>, u64), StoreError> {
        Err(unfinished("WebhookStore::webhooks_of_member"))
    }

    async fn all_webhooks_of_member(&self, _member_id: u64) -> Result<Vec<Webhook>, StoreError> {
        Err(unfinished("WebhookStore::all_webhooks_of_member"))
    }

    async fn pending_deliveries(&self) -> Result<Vec<PendingDelivery>, StoreError> {
        Err(unfinished("WebhookStore::pending_deliveries"))
    }

    async fn delivery_known(&self, _webhook_id: u64, _event_id: u64) -> Result<bool, StoreError> {
        Err(unfinished("WebhookStore::delivery_known"))
    }

    async fn attempts_made(&self, _webhook_id: u64, _event_id: u64) -> Result<u32, StoreError> {
        Err(unfinished("WebhookStore::attempts_made"))
    }

    async fn queue_delivery(&self, _delivery: &PendingDelivery) -> Result<(), StoreError> {
        Err(unfinished("WebhookStore::queue_delivery"))
    }

    async fn remove_delivery(&self, _webhook_id: u64, _event_id: u64) -> Result<(), StoreError> {
        Err(unfinished("WebhookStore::remove_delivery"))
    }

    async fn record_attempts(&self, _finished: &[FinishedAttempt]) -> Result<(), StoreError> {
        Err(unfinished("WebhookStore::record_attempts"))
    }

    async fn attempts_of_webhook(
        &self,
        _webhook_id: u64,
        _page: PageRequest,
    ) -> Result<(Vec<Attempt>, u64), StoreError> {
        Err(unfinished("WebhookStore::attempts_of_webhook"))
    }
}

#[async_trait]

impl EmailStore for PgStore {
    async fn due_emails(&self, _now_ms: i64, _limit: usize) -> Result<Vec<QueuedEmail>, StoreError> {
        Err(unfinished("EmailStore::due_emails"))
    }

    async fn due_digests(&self, _day: u32) -> Result<Vec<Campaign>, StoreError> {
        Err(unfinished("EmailStore::due_digests"))
    }

    async fn outgoing_email(&self, _campaign_id: u64, _email_id: u64) -> Result<Option<OutgoingEmail>, StoreError> {
        Err(unfinished("EmailStore::outgoing_email"))
    }

    async fn unsubscribed(&self, _campaign_id: u64, _participant_id: u64) -> Result<bool, StoreError> {
        Err(unfinished("EmailStore::unsubscribed"))
    }

    async fn record_email_attempts(&self, _attempts: &[EmailAttempt]) -> Result<(), StoreError> {
        Err(unfinished("EmailStore::record_email_attempts"))
    }

    async fn emails_of_campaign(
        &self,
        _campaign_id: u64,
        _page: PageRequest,
    ) -> Result<(Vec<(OutgoingEmail, EmailDelivery)>, u64), StoreError> {
        Err(unfinished("EmailStore::emails_of_campaign"))
    }

    async fn emails_of_participant(
        &self,
        _participant_id: u64,
    ) -> Result<Vec<(OutgoingEmail, EmailDelivery)>, StoreError> {
        Err(unfinished("EmailStore::emails_of_participant"))
    }
}

#[async_trait]

impl StandingStore for PgStore {
    async fn leaderboard(
        &self,
        _campaign_id: u64,
        _board: Board,
        _limit: usize,
    ) -> Result<Vec<(Participant, Standing)>, StoreError> {
        Err(unfinished("StandingStore::leaderboard"))
    }

    async fn ranked(
        &self,
        _campaign_id: u64,
        _board: Board,
        _offset: u64,
        _limit: usize,
    ) -> Result<Vec<(Participant, Standing)>, StoreError> {
        Err(unfinished("StandingStore::ranked"))
    }

    async fn contest_result(&self, _campaign_id: u64) -> Result<Option<ContestResult>, StoreError> {
        Err(unfinished("StandingStore::contest_result"))
    }

    async fn due_contests(&self, _now_ms: i64, _limit: usize) -> Result<Vec<DueContest>, StoreError> {
        Err(unfinished("StandingStore::due_contests"))
    }
}

#[async_trait]

impl WaitlistStore for PgStore {
    async fn spot(&self, _campaign_id: u64, _participant_id: u64) -> Result<Option<Spot>, StoreError> {
        Err(unfinished("WaitlistStore::spot"))
    }

    async fn line(&self, _campaign_id: u64, _limit: usize) -> Result<Line, StoreError> {
        Err(unfinished("WaitlistStore::line"))
    }
}

#[async_trait]

impl BackupStore for PgStore {
    async fn snapshot(&self) -> Result<Snapshot, StoreError> {
        Err(unfinished("BackupStore::snapshot"))
    }
}
