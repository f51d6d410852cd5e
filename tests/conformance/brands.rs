//! Brands (their Stripe connections and domain proofs), campaigns, landers and the cascade
//! delete.

use referrals::domain::counters::DailySeries;
use referrals::domain::domain_proof::{DomainProof, ProofMethod, ProofSubject};
use referrals::domain::ids::IdKind;
use referrals::domain::lander::Lander;
use referrals::domain::stripe::StripeConnection;
use referrals::domain::CampaignCounters;
use referrals::domain::{Brand, Campaign};
use referrals::store::{AtLimit, BrandRefused, DomainTaken, SharedStorage};

use crate::fixtures::{brand, campaign, exact, member, page, signup};

pub async fn a_member_has_one_brand_per_domain(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let bob = member(&store, "bob@example.com").await;
    let first = brand(&store, &ann, "shop.example").await;
    let mut twin = first.clone();
    twin.id = store.next_id(IdKind::Brand).await.unwrap();
    let taken = Err(BrandRefused::DomainTaken(DomainTaken { brand_id: first.id }));
    assert_eq!(store.create_brand(&twin, None).await.unwrap(), taken);
    assert_eq!(store.create_brand(&twin, Some(1)).await.unwrap(), taken, "the domain is named even at the limit");
    assert!(store.brand(twin.id).await.unwrap().is_none(), "nothing written");
    brand(&store, &bob, "shop.example").await;

    let mut changed = first.clone();
    changed.description = "Shoes".into();
    store.save_brand(&changed).await.unwrap();
    assert_eq!(store.brand(first.id).await.unwrap(), Some(changed.clone()));

    // The Stripe connection: stored, replaced, removed, and gone with the brand.
    assert_eq!(store.stripe_connection(first.id).await.unwrap(), None);
    let connection = StripeConnection { sealed_secret: vec![1, 2, 3], connected_at: "2026-11-24T10:00:00Z".into() };
    store.save_stripe_connection(first.id, Some(&connection)).await.unwrap();
    assert_eq!(store.stripe_connection(first.id).await.unwrap(), Some(connection.clone()));
    assert!(store.holds_sealed_data().await.unwrap(), "a sealed secret is held");
    store.save_stripe_connection(first.id, None).await.unwrap();
    assert_eq!(store.stripe_connection(first.id).await.unwrap(), None);
    store.save_stripe_connection(first.id, Some(&connection)).await.unwrap();
    assert_eq!(store.stripe_connection(twin.id).await.unwrap(), None, "one brand's, not another's");
    // Its Paddle and Shopify connections, each its own, and the emails Paddle told of.
    use referrals::domain::sales_source::{Connection, Source};
    let paddle = Connection { sealed_secret: vec![7; 40], connected_at: "2026-12-01T00:00:00Z".into() };
    store.save_source_connection(first.id, Source::Paddle, Some(&paddle)).await.unwrap();
    assert_eq!(store.source_connection(first.id, Source::Paddle).await.unwrap(), Some(paddle.clone()));
    assert_eq!(store.source_connection(first.id, Source::Shopify).await.unwrap(), None);
    assert_eq!(store.source_connection(twin.id, Source::Paddle).await.unwrap(), None);
    store.save_source_connection(first.id, Source::Shopify, Some(&paddle)).await.unwrap();
    store.save_source_connection(first.id, Source::Shopify, None).await.unwrap();
    assert_eq!(store.source_connection(first.id, Source::Shopify).await.unwrap(), None, "disconnected");
    store.save_source_customer(first.id, "paddle:ctm_1", "a@example.com").await.unwrap();
    store.save_source_customer(first.id, "paddle:ctm_1", "b@example.com").await.unwrap();
    store.save_source_customer(twin.id, "paddle:ctm_1", "c@example.com").await.unwrap();
    assert_eq!(store.source_customer(first.id, "paddle:ctm_1").await.unwrap().as_deref(), Some("b@example.com"));

    // The domain proof: kept, replaced, read with others in one call, and gone with the brand.
    let proof = |subject, at: &str| DomainProof {
        subject,
        domain: "shop.example".into(),
        verified_at: at.into(),
        by: ProofMethod::File,
    };
    let (mine, theirs) = (ProofSubject::Brand(first.id), ProofSubject::Brand(twin.id));
    assert!(store.domain_proofs(&[mine, theirs]).await.unwrap().is_empty());
    store.save_domain_proof(&proof(mine, "2026-12-01T00:00:00Z")).await.unwrap();
    let later = DomainProof { by: ProofMethod::Operator, ..proof(mine, "2026-12-02T00:00:00Z") };
    store.save_domain_proof(&later).await.unwrap();
    let participant = ProofSubject::Participant(first.id);
    store.save_domain_proof(&proof(participant, "2026-12-03T00:00:00Z")).await.unwrap();
    let mut found = store.domain_proofs(&[mine, theirs, participant]).await.unwrap();
    found.sort_by_key(|p| p.subject);
    assert_eq!(found, [later, proof(participant, "2026-12-03T00:00:00Z")], "a brand's, not a participant's of its id");

    store.remove_brand(&changed).await.unwrap();
    assert_eq!(store.domain_proofs(&[mine]).await.unwrap(), [], "removed with its brand");
    assert_eq!(store.stripe_connection(first.id).await.unwrap(), None, "removed with its brand");
    assert_eq!(store.source_connection(first.id, Source::Paddle).await.unwrap(), None, "removed with its brand");
    assert_eq!(store.source_customer(first.id, "paddle:ctm_1").await.unwrap(), None, "removed with its brand");
    assert_eq!(store.source_customer(twin.id, "paddle:ctm_1").await.unwrap().as_deref(), Some("c@example.com"));
    assert!(store.brand(first.id).await.unwrap().is_none());
    assert_eq!(store.brands_of_member(ann.id, page(1, 10)).await.unwrap().1, 0);
    brand(&store, &ann, "shop.example").await;
}

pub async fn brands_and_campaigns_page_newest_first(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let mut brands = Vec::new();
    for n in 0..3 {
        brands.push(brand(&store, &ann, &format!("b{n}.example")).await);
    }
    let (page_one, total) = store.brands_of_member(ann.id, page(1, 2)).await.unwrap();
    assert_eq!(total, 3);
    assert_eq!(page_one.iter().map(|b| b.id).collect::<Vec<_>>(), vec![brands[2].id, brands[1].id]);
    let (page_two, _) = store.brands_of_member(ann.id, page(2, 2)).await.unwrap();
    assert_eq!(page_two.iter().map(|b| b.id).collect::<Vec<_>>(), vec![brands[0].id]);

    let a = campaign(&store, &brands[0], 3, 1, false).await;
    let b = campaign(&store, &brands[1], 3, 1, false).await;
    let c = campaign(&store, &brands[0], 3, 1, false).await;
    assert_eq!(store.campaign_ids_of_brand(brands[0].id).await.unwrap(), vec![a.id, c.id], "oldest first");
    let (all, total) = store.campaigns_of_member(ann.id, None, page(1, 10)).await.unwrap();
    assert_eq!((all.iter().map(|c| c.id).collect::<Vec<_>>(), total), (vec![c.id, b.id, a.id], 3));
    let (of_brand, total) = store.campaigns_of_member(ann.id, Some(brands[0].id), page(1, 10)).await.unwrap();
    assert_eq!((of_brand.iter().map(|c| c.id).collect::<Vec<_>>(), total), (vec![c.id, a.id], 2));

    let mut renamed = a.clone();
    renamed.name = "Summer".into();
    store.save_campaign(&renamed).await.unwrap();
    assert_eq!(store.campaign(a.id).await.unwrap(), Some(renamed));
}

pub async fn campaign_rows_landers_and_counters_start_empty(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 1, 1, false).await;
    assert_eq!(store.counters(spring.id).await.unwrap(), CampaignCounters::default());
    assert_eq!(store.coupon_pool(spring.id).await.unwrap(), Default::default());
    let days = store.daily(spring.id, DailySeries::Signups, 7).await.unwrap();
    assert_eq!(days.len(), 7);
    assert_eq!(days.last().unwrap().0, chrono::Utc::now().date_naive(), "ending today");
    assert!(days.iter().all(|(_, n)| *n == 0));

    assert!(store.lander(spring.id).await.unwrap().is_none());
    let mut lander = Lander::default_for("Hello");
    lander.footer_text = "Bye".into();
    store.save_lander(spring.id, &lander).await.unwrap();
    assert_eq!(store.lander(spring.id).await.unwrap(), Some(lander));
}

pub async fn a_deleted_campaign_takes_its_participants_with_it(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let doomed = campaign(&store, &shop, 3, 1, false).await;
    let kept = campaign(&store, &shop, 3, 1, false).await;
    let gone = signup(&store, &doomed, "gone@example.com", None).await.participant;
    let stays = signup(&store, &kept, "stays@example.com", None).await.participant;

    store.delete_campaign(&doomed).await.unwrap();
    assert!(store.campaign(doomed.id).await.unwrap().is_none());
    assert!(store.participant(gone.id).await.unwrap().is_none());
    assert!(store.participant_by_email(doomed.id, &exact("gone@example.com")).await.unwrap().is_none());
    assert_eq!(store.counters(doomed.id).await.unwrap(), CampaignCounters::default());
    assert_eq!(store.campaign_ids_of_brand(shop.id).await.unwrap(), vec![kept.id]);
    let (left, total) = store.participants_of_member(ann.id, page(1, 10)).await.unwrap();
    assert_eq!((left.iter().map(|p| p.id).collect::<Vec<_>>(), total), (vec![stays.id], 1));
}

/// A plan's brand and campaign limits hold under concurrent creations: 8 at once against a
/// limit of 3 make exactly 3, and a deletion makes room again.
pub async fn creations_stop_at_the_account_limit_even_when_concurrent(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let mut tries = Vec::new();
    for n in 0..8 {
        let store = store.clone();
        let fresh = Brand {
            id: store.next_id(IdKind::Brand).await.unwrap(),
            domain: format!("b{n}.example"),
            url: format!("https://b{n}.example"),
            ..brand_template(ann.id)
        };
        tries.push(tokio::spawn(async move { store.create_brand(&fresh, Some(3)).await.unwrap() }));
    }
    let mut outcomes = Vec::new();
    for t in tries {
        outcomes.push(t.await.unwrap());
    }
    assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 3, "{outcomes:?}");
    assert!(outcomes.iter().all(|o| matches!(o, Ok(()) | Err(BrandRefused::AtLimit))));
    let (brands, total) = store.brands_of_member(ann.id, page(1, 10)).await.unwrap();
    assert_eq!(total, 3);
    // Another account is counted on its own.
    let bob = member(&store, "bob@example.com").await;
    let bobs = brand(&store, &bob, "bob.example").await;

    let shop = &brands[0];
    let mut tries = Vec::new();
    for _ in 0..8 {
        let store = store.clone();
        let mut fresh = campaign_template(&store, shop).await;
        fresh.id = store.next_id(IdKind::Campaign).await.unwrap();
        tries.push(tokio::spawn(async move { (fresh.id, store.create_campaign(&fresh, Some(2)).await.unwrap()) }));
    }
    let mut made = Vec::new();
    for t in tries {
        let (id, outcome) = t.await.unwrap();
        match outcome {
            Ok(()) => made.push(id),
            Err(AtLimit) => assert!(store.campaign(id).await.unwrap().is_none(), "nothing written"),
        }
    }
    assert_eq!(made.len(), 2);
    // Campaigns count over all the account's brands.
    let mut elsewhere = campaign_template(&store, &brands[1]).await;
    elsewhere.id = store.next_id(IdKind::Campaign).await.unwrap();
    assert_eq!(store.create_campaign(&elsewhere, Some(2)).await.unwrap(), Err(AtLimit));
    assert_eq!(store.create_campaign(&elsewhere, None).await.unwrap(), Ok(()), "no limit, no refusal");
    campaign(&store, &bobs, 3, 1, false).await;

    let gone = store.campaign(made[0]).await.unwrap().unwrap();
    store.delete_campaign(&gone).await.unwrap();
    let mut again = campaign_template(&store, shop).await;
    again.id = store.next_id(IdKind::Campaign).await.unwrap();
    assert_eq!(store.create_campaign(&again, Some(3)).await.unwrap(), Ok(()), "a deletion makes room");
}

fn brand_template(member_id: u64) -> Brand {
    Brand {
        id: 0,
        member_id,
        url: String::new(),
        domain: String::new(),
        description: String::new(),
        logo_url: None,
        background_url: None,
        token_network: None,
        created_at: "2026-01-01T00:00:00Z".into(),
    }
}

/// A campaign of `brand` that is not stored yet.
async fn campaign_template(store: &SharedStorage, brand: &Brand) -> Campaign {
    let stored = campaign(store, brand, 3, 1, false).await;
    store.delete_campaign(&stored).await.unwrap();
    stored
}
