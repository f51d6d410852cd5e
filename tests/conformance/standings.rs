//! What leaderboards, contests and waitlists keep: boards in rank order whatever order the
//! standings were written in, a board built anew replacing the old, the leaderboard passing
//! over blocked and erased people, a contest's result and its due entry; a waitlist's
//! positions counted right across its buckets as places move, people leave and are admitted,
//! and all of it gone with its campaign.

use referrals::domain::contest::ContestResult;
use referrals::domain::counters::Counter;
use referrals::domain::engine::Write;
use referrals::domain::leaderboard::{Board, Standing};
use referrals::domain::waitlist::{Place, Spot};
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, member, signup};

fn standing(count: u64, reached_seq: u64) -> Standing {
    Standing { count, reached_seq }
}

pub async fn boards_keep_rank_order_and_the_leaderboard_passes_over_blocked_people(store: SharedStorage) {
    let ann = member(&store, "ann@boards.example").await;
    let shop = brand(&store, &ann, "boards.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let mut people = Vec::new();
    for n in 0..4 {
        people.push(signup(&store, &spring, &format!("p{n}@boards.example"), None).await.participant);
    }
    let week = Board::Week(202648);
    let move_to = |who: usize, was: Option<Standing>, now: Standing| Write::Standing {
        campaign_id: spring.id,
        board: week,
        participant_id: people[who].id,
        was,
        now,
    };
    let session = store.session(shop.id).await.unwrap();
    session
        .commit(&[
            move_to(0, None, standing(1, 5)),
            move_to(1, None, standing(1, 6)),
            move_to(2, None, standing(1, 7)),
            move_to(2, Some(standing(1, 7)), standing(2, 9)),
            move_to(1, Some(standing(1, 6)), standing(2, 8)),
        ])
        .await
        .unwrap();
    let session = store.session(shop.id).await.unwrap();
    let top = session.board_top(spring.id, week, 10).unwrap();
    let expected = vec![(people[1].id, standing(2, 8)), (people[2].id, standing(2, 9)), (people[0].id, standing(1, 5))];
    assert_eq!(top, expected, "by count, then who reached it first; a moved standing leaves no old row");
    assert_eq!(session.standing(spring.id, week, people[2].id).unwrap(), Some(standing(2, 9)));
    assert_eq!(session.standing(spring.id, Board::All, people[2].id).unwrap(), None, "per board");
    assert_eq!(session.board_top(spring.id, week, 2).unwrap().len(), 2);

    // A blocked participant is passed over and the next one moves up.
    let blocked = Write::Blocked {
        campaign_id: spring.id,
        participant_id: people[1].id,
        at: Some("2026-11-24T00:00:00Z".into()),
    };
    session.commit(&[blocked]).await.unwrap();
    let shown = store.leaderboard(spring.id, week, 2).await.unwrap();
    let shown: Vec<(u64, u64)> = shown.iter().map(|(p, s)| (p.id, s.count)).collect();
    assert_eq!(shown, vec![(people[2].id, 2), (people[0].id, 1)]);
    // Its owner sees everyone in place, a page at a time.
    let ranked = |offset, limit| {
        let store = store.clone();
        async move {
            let rows = store.ranked(spring.id, week, offset, limit).await.unwrap();
            rows.iter().map(|(p, s)| (p.id, s.count)).collect::<Vec<_>>()
        }
    };
    assert_eq!(ranked(0, 2).await, vec![(people[1].id, 2), (people[2].id, 2)]);
    assert_eq!(ranked(2, 2).await, vec![(people[0].id, 1)]);
    assert!(ranked(3, 2).await.is_empty());

    // Built anew, the board is exactly the new standings.
    let session = store.session(shop.id).await.unwrap();
    let rebuilt =
        Write::Board { campaign_id: spring.id, board: week, standings: vec![(people[3].id, standing(4, 11))] };
    session.commit(&[rebuilt]).await.unwrap();
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.board_top(spring.id, week, 10).unwrap(), vec![(people[3].id, standing(4, 11))]);
    assert_eq!(session.standing(spring.id, week, people[0].id).unwrap(), None);

    // A contest's result is read back; its window, once due, is listed until settled.
    let mut contested = spring.clone();
    contested.contest.enabled = true;
    contested.contest.starts_at = Some("2026-11-01T00:00:00Z".into());
    contested.contest.ends_at = Some("2026-11-02T00:00:00Z".into());
    store.save_campaign(&contested).await.unwrap();
    let ends_ms = chrono::DateTime::parse_from_rfc3339("2026-11-02T00:00:00Z").unwrap().timestamp_millis();
    assert!(store.due_contests(ends_ms - 1, 10).await.unwrap().is_empty(), "not due before its end");
    let due = store.due_contests(ends_ms, 10).await.unwrap();
    assert_eq!(
        due.iter().map(|d| (d.campaign_id, d.brand_id, d.ends_ms)).collect::<Vec<_>>(),
        vec![(spring.id, shop.id, ends_ms)]
    );
    let result = ContestResult {
        starts_at: "2026-11-01T00:00:00Z".into(),
        ends_at: "2026-11-02T00:00:00Z".into(),
        prize: Some("A hoodie".into()),
        recorded_at: "2026-11-02T00:00:01Z".into(),
        winners: Vec::new(),
    };
    drop(session); // a shared database holds the brand's lock for a session's life
    let session = store.session(shop.id).await.unwrap();
    session.commit(&[Write::ContestResult { campaign_id: spring.id, result: Box::new(result.clone()) }]).await.unwrap();
    assert_eq!(store.contest_result(spring.id).await.unwrap(), Some(result));
    assert!(store.due_contests(i64::MAX, 10).await.unwrap().is_empty(), "recorded: no longer due");

    store.delete_campaign(&contested).await.unwrap();
    assert!(store.leaderboard(spring.id, week, 10).await.unwrap().is_empty(), "gone with the campaign");
    assert_eq!(store.contest_result(spring.id).await.unwrap(), None);
}

pub async fn a_waitlist_counts_positions_across_buckets_as_people_move_leave_and_are_admitted(store: SharedStorage) {
    let ann = member(&store, "ann@line.example").await;
    let shop = brand(&store, &ann, "line.example").await;
    let mut spring = campaign(&store, &shop, 3, 1, false).await;
    spring.waitlist.enabled = true;
    store.save_campaign(&spring).await.unwrap();
    let mut people = Vec::new();
    for n in 0..6 {
        people.push(signup(&store, &spring, &format!("p{n}@line.example"), None).await.participant);
    }
    // Signups joined the line at the back, in order.
    for (n, p) in people.iter().enumerate() {
        let spot = store.spot(spring.id, p.id).await.unwrap();
        assert_eq!(spot, Some(Spot::InLine { position: n as u64 + 1, behind: 5 - n as u64 }));
    }
    // Places far apart (several buckets, negative scores too), and ties broken by moving.
    let places = [
        Place { score: 5_000, moved: false, seq: 1 },
        Place { score: -40_000, moved: true, seq: 2 },
        Place { score: 700, moved: false, seq: 700 },
        Place { score: 700, moved: true, seq: 900 },
        Place { score: 1_200_000, moved: false, seq: 5 },
        Place { score: 3, moved: true, seq: 6 },
    ];
    let lined: Vec<(u64, Place)> = people.iter().zip(places).map(|(p, place)| (p.id, place)).collect();
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.place(spring.id, people[0].id).unwrap(), Some(Place::joined(people[0].seq)));
    session.commit(&[Write::Line { campaign_id: spring.id, places: lined.clone() }]).await.unwrap();
    let order = [1, 5, 3, 2, 0, 4];
    for (position, &who) in order.iter().enumerate() {
        let spot = store.spot(spring.id, people[who].id).await.unwrap();
        assert_eq!(spot, Some(Spot::InLine { position: position as u64 + 1, behind: 5 - position as u64 }), "{who}");
    }
    let session = store.session(shop.id).await.unwrap();
    let front: Vec<u64> = session.line_front(spring.id, 3).unwrap().into_iter().map(|(id, _)| id).collect();
    assert_eq!(front, vec![people[1].id, people[5].id, people[3].id]);

    // The last moves to the front (across buckets); the second leaves.
    drop(session); // a shared database holds the brand's lock for a session's life
    let session = store.session(shop.id).await.unwrap();
    session
        .commit(&[
            Write::Place {
                campaign_id: spring.id,
                participant_id: people[4].id,
                was: Some(places[4]),
                now: Some(Place { score: -50_000, moved: true, seq: 5 }),
            },
            Write::Place { campaign_id: spring.id, participant_id: people[5].id, was: Some(places[5]), now: None },
        ])
        .await
        .unwrap();
    assert_eq!(store.spot(spring.id, people[4].id).await.unwrap(), Some(Spot::InLine { position: 1, behind: 4 }));
    assert_eq!(store.spot(spring.id, people[0].id).await.unwrap(), Some(Spot::InLine { position: 5, behind: 0 }));
    assert_eq!(store.spot(spring.id, people[5].id).await.unwrap(), None, "out of line");

    // Admitted: out of line, marked, counted.
    let at = "2026-11-24T12:00:00Z".to_owned();
    let session = store.session(shop.id).await.unwrap();
    session
        .commit(&[
            Write::Place { campaign_id: spring.id, participant_id: people[1].id, was: Some(places[1]), now: None },
            Write::Admitted { campaign_id: spring.id, participant_id: people[1].id, at: at.clone() },
            Write::Count { campaign_id: spring.id, counter: Counter::Admitted, delta: 1 },
        ])
        .await
        .unwrap();
    assert_eq!(store.spot(spring.id, people[1].id).await.unwrap(), Some(Spot::Admitted { at: at.clone() }));
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.admitted(spring.id, people[1].id).unwrap(), Some(at));
    assert_eq!(session.place(spring.id, people[1].id).unwrap(), None);
    let line = store.line(spring.id, 10).await.unwrap();
    assert_eq!((line.in_line, line.admitted), (4, 1));
    let front: Vec<u64> = line.front.iter().map(|p| p.id).collect();
    assert_eq!(front, vec![people[4].id, people[3].id, people[2].id, people[0].id]);
    assert_eq!(
        session.roster(spring.id).unwrap().iter().map(|p| p.id).collect::<Vec<_>>(),
        people.iter().map(|p| p.id).collect::<Vec<_>>()
    );

    // Built anew with nobody: no line at all.
    session.commit(&[Write::Line { campaign_id: spring.id, places: Vec::new() }]).await.unwrap();
    assert_eq!(store.line(spring.id, 10).await.unwrap().in_line, 0);
    assert_eq!(store.spot(spring.id, people[0].id).await.unwrap(), None);

    let session = store.session(shop.id).await.unwrap();
    session.commit(&[Write::Line { campaign_id: spring.id, places: lined }]).await.unwrap();
    store.delete_campaign(&spring).await.unwrap();
    assert_eq!(store.spot(spring.id, people[0].id).await.unwrap(), None, "gone with the campaign");
    assert_eq!(store.spot(spring.id, people[1].id).await.unwrap(), None);
}
