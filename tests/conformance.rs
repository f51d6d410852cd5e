//! The storage conformance suite: one set of checks of the storage interface
//! (`referrals::store`), run against every backend there is. Each check opens a fresh, empty
//! store, so they run in any order and in parallel. A new backend joins by adding itself to
//! [`backends`]; every check then runs against it too.

#[path = "conformance/fixtures.rs"]
mod fixtures;
#[path = "conformance/postgres.rs"]
mod postgres;

#[path = "conformance/accounts.rs"]
mod accounts;
#[path = "conformance/brands.rs"]
mod brands;
#[path = "conformance/conversions.rs"]
mod conversions;
#[path = "conformance/decisions.rs"]
mod decisions;
#[path = "conformance/emails.rs"]
mod emails;
#[path = "conformance/erasure.rs"]
mod erasure;
#[path = "conformance/fraud.rs"]
mod fraud;
#[path = "conformance/handed_over.rs"]
mod handed_over;
#[path = "conformance/languages.rs"]
mod languages;
#[path = "conformance/lifecycle.rs"]
mod lifecycle;
#[path = "conformance/migrations.rs"]
mod migrations;
#[path = "conformance/numbers.rs"]
mod numbers;
#[path = "conformance/partner_packs.rs"]
mod partner_packs;
#[path = "conformance/payouts.rs"]
mod payouts;
#[path = "conformance/rewards.rs"]
mod rewards;
#[path = "conformance/rollups.rs"]
mod rollups;
#[path = "conformance/standings.rs"]
mod standings;
#[path = "conformance/webhooks.rs"]
mod webhooks;

use std::future::Future;
use std::pin::Pin;

use referrals::store::SharedStorage;

/// A backend under test: a fresh, empty store and whatever keeps it alive.
pub struct Opened {
    pub store: SharedStorage,
    _dir: Option<tempfile::TempDir>,
}

type Opening = Pin<Box<dyn Future<Output = Opened>>>;

/// Opens a fresh, empty store of one backend.
type Open = fn() -> Opening;

/// Every storage backend, by name. The embedded one is always here; PostgreSQL when
/// `REFERRALS_TEST_POSTGRES` names a server the tests may create databases on (scripts/test.sh
/// starts one).
fn backends() -> Vec<(&'static str, Open)> {
    let mut backends: Vec<(&'static str, Open)> = vec![("sled", || {
        Box::pin(async {
            let dir = tempfile::tempdir().expect("a temporary directory");
            let store =
                referrals::store::open_embedded(dir.path(), &Default::default()).expect("open the embedded store");
            Opened { store, _dir: Some(dir) }
        })
    })];
    if std::env::var_os(postgres::SERVER).is_some() {
        backends.push(("postgres", || Box::pin(async { Opened { store: postgres::fresh_store().await, _dir: None } })));
    }
    backends
}

type Check = fn(SharedStorage) -> Pin<Box<dyn Future<Output = ()>>>;

/// Runs one check against every backend, naming the backend when it fails.
async fn on_every_backend(name: &str, check: Check) {
    for (backend, open) in backends() {
        let opened = open().await;
        eprintln!("{name}, backend: {backend}");
        check(opened.store.clone()).await;
        opened.store.close().await.expect("close the store");
    }
}

/// `#[tokio::test]` per check, each run on every backend.
macro_rules! conformance {
    ($($module:ident :: $check:ident),* $(,)?) => {
        $(
            // Several worker threads, so that the concurrent checks really run at once.
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn $check() {
                on_every_backend(stringify!($check), |store| Box::pin($module::$check(store))).await;
            }
        )*
    };
}

conformance! {
    accounts::members_are_unique_by_normalised_email,
    accounts::a_new_api_key_revokes_the_old_one,
    accounts::scoped_keys_are_added_numbered_revoked_and_outlive_the_main_key,
    accounts::a_decision_reads_the_key_holder_and_the_plan,
    accounts::members_are_searched_paged_and_updated,
    accounts::plans_are_seeded_saved_and_removed,
    accounts::dashboard_sessions_are_kept_ended_and_pruned,
    accounts::invitations_are_taken_once_and_expired_ones_forgotten,
    accounts::password_resets_are_taken_once_and_expired_ones_forgotten,
    brands::a_member_has_one_brand_per_domain,
    brands::creations_stop_at_the_account_limit_even_when_concurrent,
    brands::brands_and_campaigns_page_newest_first,
    brands::campaign_rows_landers_and_counters_start_empty,
    brands::a_deleted_campaign_takes_its_participants_with_it,
    conversions::conversions_are_found_by_id_external_id_and_page,
    conversions::commissions_are_found_by_conversion_and_by_subscription,
    conversions::exchange_rates_replace_by_pair_and_date_and_are_read_by_week,
    payouts::a_reward_is_held_by_one_payout_at_most_and_freed_when_it_fails,
    handed_over::a_brands_decisions_run_in_order_and_read_each_other,
    handed_over::decisions_sharing_a_transaction_read_the_numbers_the_ones_before_moved,
    handed_over::a_failing_decision_fails_no_other_brands,
    handed_over::a_decision_whose_brand_is_locked_elsewhere_waits_alone,
    numbers::numbers_read_exactly_while_held_and_once_written_out,
    rollups::analytics_count_each_event_in_its_quarter_hour,
    partner_packs::partners_read_through_packs_equal_their_quarter_hours,
    decisions::a_signup_is_found_every_way_a_participant_is_read,
    decisions::participants_are_searched_by_email_text_and_referrer,
    languages::a_participants_language_survives_every_read_and_write_of_them,
    decisions::a_referral_signup_commits_rewards_counts_and_the_chain,
    decisions::coupons_fill_pending_rewards_oldest_first,
    decisions::visits_and_invitations_are_committed,
    decisions::an_idempotency_key_is_committed_once,
    decisions::domain_participants_are_found_by_domain,
    decisions::ids_are_dense_per_kind_and_unique_under_concurrency,
    decisions::ids_named_ahead_are_taken_only_for_a_new_address,
    rewards::rewards_are_found_filtered_and_released_through_their_indexes,
    webhooks::webhooks_are_stored_listed_and_routed,
    webhooks::deliveries_and_attempts_are_logged,
    webhooks::a_deleted_webhook_takes_its_deliveries_and_log,
    webhooks::an_event_is_stored_with_its_deliveries,
    webhooks::a_delivery_is_made_by_one_server_at_a_time,
    lifecycle::the_secret_check_and_sealed_data_are_remembered,
    lifecycle::a_snapshot_holds_everything_written,
    erasure::an_erasure_reaches_every_copy_of_the_person,
    emails::an_email_is_queued_retried_sent_and_logged,
    emails::a_failed_email_is_sent_again_once_however_many_ask,
    emails::unsubscribing_and_erasure_reach_the_emails,
    emails::a_deleted_campaign_takes_its_emails_with_it,
    emails::a_digest_and_its_mark_are_committed_together_and_a_day_has_one,
    emails::an_email_is_claimed_by_one_look_at_a_time,
    fraud::prints_rates_and_suspicions_are_kept_and_forgotten_on_time,
    fraud::a_block_is_kept_until_lifted_and_goes_with_its_campaign,
    standings::boards_keep_rank_order_and_the_leaderboard_passes_over_blocked_people,
    standings::a_waitlist_counts_positions_across_buckets_as_people_move_leave_and_are_admitted,
}
