//! A participant's language (kept in their own row only): written with the signup, read back
//! by every read of participants, kept when their row is written again, forgotten with them.

use referrals::domain::engine::NewParticipant;
use referrals::domain::language::Language;
use referrals::domain::participant::ParticipantFilter;
use referrals::domain::Participant;
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, email, exact, member, page, signup, signup_as};

pub async fn a_participants_language_survives_every_read_and_write_of_them(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let who = NewParticipant {
        email: email("ana@example.com"),
        name: "Ana".into(),
        domain: None,
        client: None,
        language: Some(Language::Spanish),
    };
    let ana = signup_as(&store, &spring, who, None).await.participant;
    assert_eq!(ana.language, Some(Language::Spanish));
    // Her friend names none; his signup writes Ana's row again (her count).
    let bob = signup(&store, &spring, "bob@example.com", Some(ana.id)).await;
    assert_eq!(bob.participant.language, None);
    assert_eq!(bob.referrer.as_ref().map(|r| (r.referrals, r.language)), Some((1, Some(Language::Spanish))));

    let spanish = |found: Option<Participant>| found.map(|p| (p.id, p.referrals, p.language));
    let expected = Some((ana.id, 1, Some(Language::Spanish)));
    assert_eq!(spanish(store.participant(ana.id).await.unwrap()), expected, "by id");
    assert_eq!(spanish(store.participant_by_email(spring.id, &exact("ana@example.com")).await.unwrap()), expected);
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(spanish(session.participant(ana.id).unwrap()), expected, "in a decision");
    assert_eq!(spanish(session.roster(spring.id).unwrap().into_iter().next()), expected, "the decision's roster");
    drop(session);
    let listed = store.participants_of_campaign(spring.id, page(1, 10)).await.unwrap().0;
    assert_eq!(spanish(listed.into_iter().find(|p| p.id == ana.id)), expected, "a page");
    assert_eq!(spanish(store.roster(spring.id, 1, 1).await.unwrap().into_iter().next()), expected, "the roster");
    let filter = ParticipantFilter { search: Some("ana".into()), ..Default::default() };
    let found = store.search_participants(ann.id, Some(spring.id), &filter, page(1, 10)).await.unwrap().0;
    assert_eq!(spanish(found.into_iter().next()), expected, "a search");
    let of_member = store.participants_of_member(ann.id, page(1, 10)).await.unwrap().0;
    assert_eq!(spanish(of_member.into_iter().find(|p| p.id == ana.id)), expected, "the member's");
    let referred = store.referred(spring.id, ana.id, 10).await.unwrap().0;
    assert_eq!(referred.iter().map(|p| (p.id, p.language)).collect::<Vec<_>>(), vec![(bob.participant.id, None)]);
}
