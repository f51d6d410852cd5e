//! What the checks build on: members, brands and campaigns made through the interface, and
//! signups decided by the engine and committed through a session, as the brand actor does.

use referrals::domain::email::EmailLookup;
use referrals::domain::engine::{self, Moment, NewParticipant, ReferralEdge, Signed, SignupDecision, SignupIds};
use referrals::domain::ids::IdKind;
use referrals::domain::{Brand, Campaign, CampaignInput, EmailAddress, Member, PageRequest};
use referrals::store::SharedStorage;
use serde_json::json;

pub fn email(text: &str) -> EmailAddress {
    EmailAddress::parse(text).expect("a valid email address")
}

/// The look-up of a participant by exactly this address (any case).
pub fn exact(text: &str) -> EmailLookup {
    EmailLookup::Exact(email(text).normalized())
}

/// The look-up of a participant by the inbox this address reaches.
pub fn inbox(text: &str) -> EmailLookup {
    EmailLookup::Inbox(email(text).canonical())
}

pub fn page(page: u64, limit: u64) -> PageRequest {
    PageRequest { page, limit }
}

pub async fn member(store: &SharedStorage, address: &str) -> Member {
    store.create_member(&email(address), "Member", "hash".into(), 1, true).await.unwrap().expect("a new email")
}

pub async fn brand(store: &SharedStorage, member: &Member, domain: &str) -> Brand {
    let brand = Brand {
        id: store.next_id(IdKind::Brand).await.unwrap(),
        member_id: member.id,
        url: format!("https://{domain}"),
        domain: domain.to_owned(),
        description: String::new(),
        logo_url: None,
        background_url: None,
        token_network: None,
        created_at: "2026-01-01T00:00:00Z".into(),
    };
    store.create_brand(&brand, None).await.unwrap().expect("a new domain");
    brand
}

/// A campaign rewarding every `num_signups` referrals with `reward_type` (1 coupon, 3 message).
pub async fn campaign(
    store: &SharedStorage,
    brand: &Brand,
    reward_type: u64,
    num_signups: u64,
    two_way: bool,
) -> Campaign {
    let input: CampaignInput = serde_json::from_value(json!({
        "name": "Spring",
        "reward_type": reward_type,
        "num_signups": num_signups,
        "reward_invited": two_way,
    }))
    .unwrap();
    let id = store.next_id(IdKind::Campaign).await.unwrap();
    let campaign = Campaign::create(id, brand.id, brand.member_id, &input, "2026-01-01T00:00:00Z").unwrap();
    store.create_campaign(&campaign, None).await.unwrap().expect("no limit");
    campaign
}

/// Signs `address` up (referred by `referrer` when given) and commits the decision.
pub async fn signup(store: &SharedStorage, campaign: &Campaign, address: &str, referrer: Option<u64>) -> Signed {
    let who =
        NewParticipant { email: email(address), name: "Friend".into(), domain: None, client: None, language: None };
    signup_as(store, campaign, who, referrer).await
}

/// A domain participant (`domain`) signs up.
pub async fn domain_signup(store: &SharedStorage, campaign: &Campaign, address: &str, domain: &str) -> Signed {
    let domain = Some(domain.to_owned());
    let who = NewParticipant { email: email(address), name: "Friend".into(), domain, client: None, language: None };
    signup_as(store, campaign, who, None).await
}

/// `who` signs up (referred by `referrer` when given) and the decision is committed.
pub async fn signup_as(
    store: &SharedStorage,
    campaign: &Campaign,
    who: NewParticipant,
    referrer: Option<u64>,
) -> Signed {
    signup_at(store, campaign, who, referrer, &Moment::now()).await
}

/// `who` signs up at `moment` (referred by `referrer` when given); the decision is committed.
pub async fn signup_at(
    store: &SharedStorage,
    campaign: &Campaign,
    who: NewParticipant,
    referrer: Option<u64>,
    moment: &Moment,
) -> Signed {
    let address = who.email.as_str().to_owned();
    let ids = SignupIds {
        participant: store.next_id(IdKind::Participant).await.unwrap(),
        referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
        invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
    };
    let referral = referrer.map(|referrer_id| ReferralEdge { referrer_id, invited_id: None });
    let session = store.session(campaign.brand_id).await.unwrap();
    let decision =
        engine::decide_signup(&*session, campaign, &who, referral, ids, &engine::Owner::default(), moment).unwrap();
    match decision.expect("the signup is accepted") {
        SignupDecision::Created { signed, writes } => {
            session.commit(&unheard(writes)).await.unwrap();
            *signed
        }
        SignupDecision::AlreadyReferred { .. } => panic!("{address} was already referred"),
    }
}

/// A decision's writes as a brand actor commits them for a member without webhooks: its
/// announcements published to nobody (dropped).
pub fn unheard(writes: Vec<engine::Write>) -> Vec<engine::Write> {
    engine::publish(writes, &[], &[], &Moment::now()).0
}
