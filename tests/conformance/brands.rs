//! Brands, campaigns, landers and the cascade delete.

use referrals::domain::lander::Lander;
use referrals::domain::CampaignCounters;
use referrals::store::{DomainTaken, SharedStorage};

use crate::fixtures::{brand, campaign, email, member, page, signup};

pub async fn a_member_has_one_brand_per_domain(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let bob = member(&store, "bob@example.com").await;
    let first = brand(&store, &ann, "shop.example").await;
    let mut twin = first.clone();
    twin.id = store.next_id().await.unwrap();
    assert_eq!(store.create_brand(&twin).await.unwrap(), Err(DomainTaken { brand_id: first.id }));
    assert!(store.brand(twin.id).await.unwrap().is_none(), "nothing written");
    brand(&store, &bob, "shop.example").await;

    let mut changed = first.clone();
    changed.description = "Shoes".into();
    store.save_brand(&changed).await.unwrap();
    assert_eq!(store.brand(first.id).await.unwrap(), Some(changed.clone()));

    store.remove_brand(&changed).await.unwrap();
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
    let days = store.daily_signups(spring.id, 7).await.unwrap();
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
    assert!(store.participant_by_email(doomed.id, &email("gone@example.com")).await.unwrap().is_none());
    assert_eq!(store.counters(doomed.id).await.unwrap(), CampaignCounters::default());
    assert_eq!(store.campaign_ids_of_brand(shop.id).await.unwrap(), vec![kept.id]);
    let (left, total) = store.participants_of_member(ann.id, page(1, 10)).await.unwrap();
    assert_eq!((left.iter().map(|p| p.id).collect::<Vec<_>>(), total), (vec![stays.id], 1));
}
