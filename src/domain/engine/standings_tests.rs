//! Leaderboards and contests as stories on an in-memory brand: boards kept as referrals come
//! in agree with boards rebuilt from the roster, ties go to who got there first, and an ended
//! contest records its winners once.

use proptest::prelude::*;

use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::leaderboard::{self, Board};

fn at(world: &mut World, time: &str) {
    let time: chrono::DateTime<chrono::Utc> = time.parse().unwrap();
    world.moment = Moment::at(time);
}

/// A board as the world keeps it: (participant, count), best first.
fn board(world: &World, board: Board) -> Vec<(u64, u64)> {
    world.brand.board_top(CAMPAIGN, board, usize::MAX).unwrap().into_iter().map(|(id, s)| (id, s.count)).collect()
}

/// Every board as a rebuild from the roster makes it, in rank order.
fn rebuilt(world: &World) -> std::collections::BTreeMap<Board, Vec<(u64, u64)>> {
    let credits = world.brand.credits(CAMPAIGN).unwrap();
    leaderboard::tally(&world.campaign.contest, credits, |_| true)
        .into_iter()
        .map(|(board, standings)| {
            let mut rows: Vec<_> = standings.into_iter().collect();
            rows.sort_by_key(|(id, s)| s.rank_key(*id));
            (board, rows.into_iter().map(|(id, s)| (id, s.count)).collect())
        })
        .collect()
}

fn with_contest(starts: &str, ends: &str, winners: u32) -> World {
    let mut campaign = campaign(RewardType::Cash, 1, false);
    campaign.contest.enabled = true;
    campaign.contest.starts_at = Some(starts.into());
    campaign.contest.ends_at = Some(ends.into());
    campaign.contest.prize = Some("A hoodie".into());
    campaign.contest.winners = winners;
    World::new(campaign)
}

#[test]
fn ties_go_to_whoever_reached_the_count_first() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ann = world.join("ann@example.com").participant;
    let bob = world.join("bob@example.com").participant;
    let cy = world.join("cy@example.com").participant;
    world.referred("b1@example.com", Some(bob.id));
    world.referred("a1@example.com", Some(ann.id));
    world.referred("a2@example.com", Some(ann.id));
    world.referred("b2@example.com", Some(bob.id));
    world.referred("c1@example.com", Some(cy.id));
    assert_eq!(board(&world, Board::All), vec![(ann.id, 2), (bob.id, 2), (cy.id, 1)], "ann reached 2 first");
    world.referred("b3@example.com", Some(bob.id));
    assert_eq!(board(&world, Board::All), vec![(bob.id, 3), (ann.id, 2), (cy.id, 1)]);
    let week = Board::week_of(world.moment.time());
    assert_eq!(board(&world, week), board(&world, Board::All));
}

#[test]
fn a_referral_counts_on_the_boards_of_its_own_month_and_week() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ann = world.join("ann@example.com").participant;
    let bob = world.join("bob@example.com").participant;
    at(&mut world, "2026-10-31T23:59:59Z");
    world.referred("a1@example.com", Some(ann.id));
    at(&mut world, "2026-11-01T00:00:00Z");
    world.referred("b1@example.com", Some(bob.id));
    world.referred("b2@example.com", Some(bob.id));
    at(&mut world, "2026-11-02T00:00:00Z");
    world.referred("a2@example.com", Some(ann.id));
    assert_eq!(board(&world, Board::Month(202610)), vec![(ann.id, 1)]);
    assert_eq!(board(&world, Board::Month(202611)), vec![(bob.id, 2), (ann.id, 1)]);
    // Saturday 2026-10-31 and Sunday 2026-11-01 are ISO week 44; Monday the 2nd starts 45.
    assert_eq!(board(&world, Board::Week(202644)), vec![(bob.id, 2), (ann.id, 1)]);
    assert_eq!(board(&world, Board::Week(202645)), vec![(ann.id, 1)]);
    assert_eq!(board(&world, Board::All), vec![(bob.id, 2), (ann.id, 2)], "bob reached 2 first, on the 1st");
    assert_eq!(world.brand.participants[&ann.id].referrals, 2, "the board agrees with the participant's count");
}

#[test]
fn a_contest_counts_its_window_and_records_its_winners_once() {
    let mut world = with_contest("2026-12-01T00:00:00Z", "2026-12-08T00:00:00Z", 2);
    let people: Vec<u64> =
        ["ann", "bob", "cy", "dee"].iter().map(|n| world.join(&format!("{n}@example.com")).participant.id).collect();
    let (ann, bob, cy, dee) = (people[0], people[1], people[2], people[3]);
    at(&mut world, "2026-11-30T23:59:59Z");
    for n in 0..5 {
        world.referred(&format!("early{n}@example.com"), Some(dee));
    }
    at(&mut world, "2026-12-01T00:00:00Z");
    world.referred("a1@example.com", Some(ann));
    world.referred("b1@example.com", Some(bob));
    world.referred("b2@example.com", Some(bob));
    world.referred("c1@example.com", Some(cy));
    world.referred("a2@example.com", Some(ann));
    at(&mut world, "2026-12-08T00:00:00Z");
    world.referred("late@example.com", Some(cy));
    world.referred("late2@example.com", Some(cy));
    let contest = Board::contest(&world.campaign.contest).unwrap();
    assert_eq!(board(&world, contest), vec![(bob, 2), (ann, 2), (cy, 1)], "only the window counts");

    let Board::Contest { ends_ms, .. } = contest else { unreachable!() };
    at(&mut world, "2026-12-07T23:59:59Z");
    let early = decide_contest_end(&world.brand, 1, CAMPAIGN, ends_ms, &world.moment).unwrap();
    assert_eq!((early.result, early.writes.len()), (None, 0), "not before the end");

    at(&mut world, "2026-12-08T00:00:01Z");
    let end = decide_contest_end(&world.brand, 1, CAMPAIGN, ends_ms, &world.moment).unwrap();
    let result = end.result.clone().unwrap();
    let places: Vec<(u32, u64, u64)> = result.winners.iter().map(|w| (w.rank, w.participant_id, w.referrals)).collect();
    assert_eq!(places, vec![(1, bob, 2), (2, ann, 2)]);
    assert_eq!((result.prize.as_deref(), result.recorded_at.as_str()), (Some("A hoodie"), "2026-12-08T00:00:01Z"));
    let (deliveries, _) = world.commit(end.writes);
    assert_eq!(deliveries.len(), 2, "one contest.ended event, to each of the two webhooks");
    let event = world.brand.events.values().last().unwrap();
    assert_eq!(event.kind, crate::domain::event::EventType::ContestEnded);
    assert_eq!(event.participant_ids(), vec![bob, ann]);

    let again = decide_contest_end(&world.brand, 1, CAMPAIGN, ends_ms, &world.moment).unwrap();
    assert_eq!(again.result, None, "recorded once");
    assert_eq!(again.writes, vec![Write::ContestSettled { campaign_id: CAMPAIGN, ends_ms }]);
    let moved = decide_contest_end(&world.brand, 1, CAMPAIGN, ends_ms - 1, &world.moment).unwrap();
    assert_eq!(moved.result, None, "a window the campaign no longer has is only settled");
    let stranger = decide_contest_end(&world.brand, 2, CAMPAIGN, ends_ms, &world.moment).unwrap();
    assert_eq!(stranger.result, None, "another brand's campaign is not decided here");
}

#[test]
fn winners_erased_or_blocked_since_are_passed_over() {
    let mut world = with_contest("2026-11-01T00:00:00Z", "2026-11-30T00:00:00Z", 2);
    let ids: Vec<u64> =
        ["ann", "bob", "cy"].iter().map(|n| world.join(&format!("{n}@example.com")).participant.id).collect();
    for (i, &referrer) in ids.iter().enumerate() {
        for n in 0..(3 - i) {
            world.referred(&format!("f{i}{n}@example.com"), Some(referrer));
        }
    }
    let block = decide_block(&world.brand, 7, ids[0], true, &world.moment).unwrap().unwrap();
    world.commit(block.writes);
    at(&mut world, "2026-11-30T00:00:00Z");
    let Some(Board::Contest { ends_ms, .. }) = Board::contest(&world.campaign.contest) else { unreachable!() };
    let end = decide_contest_end(&world.brand, 1, CAMPAIGN, ends_ms, &world.moment).unwrap();
    let winners: Vec<(u32, u64)> = end.result.unwrap().winners.iter().map(|w| (w.rank, w.participant_id)).collect();
    assert_eq!(winners, vec![(1, ids[1]), (2, ids[2])]);
}

#[test]
fn a_new_window_is_built_from_the_roster() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ann = world.join("ann@example.com").participant;
    let bob = world.join("bob@example.com").participant;
    at(&mut world, "2026-11-23T10:00:00Z");
    world.referred("a1@example.com", Some(ann.id));
    at(&mut world, "2026-11-24T10:00:00Z");
    world.referred("b1@example.com", Some(bob.id));
    world.referred("a2@example.com", Some(ann.id));
    world.campaign.contest.starts_at = Some("2026-11-24T00:00:00Z".into());
    world.campaign.contest.ends_at = Some("2026-12-24T00:00:00Z".into());
    let writes = decide_contest_board(&world.brand, &world.campaign).unwrap();
    world.commit(writes);
    let contest = Board::contest(&world.campaign.contest).unwrap();
    assert_eq!(board(&world, contest), vec![(bob.id, 1), (ann.id, 1)], "bob's referral came first in the window");
    world.brand.campaigns.insert(CAMPAIGN, world.campaign.clone());
    world.referred("a3@example.com", Some(ann.id));
    assert_eq!(board(&world, contest), vec![(ann.id, 2), (bob.id, 1)], "and it is kept from then on");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever the referrals and whenever they come, the boards kept as they come are the
    /// boards a rebuild from the roster makes.
    #[test]
    fn kept_boards_equal_rebuilt_boards(
        steps in proptest::collection::vec((any::<u8>(), proptest::option::of(any::<u16>()), 0u32..200_000), 1..60)
    ) {
        let mut world = World::new(campaign(RewardType::Cash, 1, false));
        world.campaign.contest.starts_at = Some("2026-11-25T00:00:00Z".into());
        world.campaign.contest.ends_at = Some("2026-11-27T00:00:00Z".into());
        world.brand.campaigns.insert(CAMPAIGN, world.campaign.clone());
        let mut joined = Vec::new();
        let mut clock = world.moment.time();
        for (email, referrer, minutes) in steps {
            clock += chrono::Duration::seconds(i64::from(minutes));
            world.moment = Moment::at(clock);
            world.join_generated(&mut joined, email, referrer);
        }
        let rebuilt = rebuilt(&world);
        for (board_key, rows) in &rebuilt {
            prop_assert_eq!(&board(&world, *board_key), rows);
        }
        let kept = world.brand.boards.iter().filter(|(_, ranks)| !ranks.is_empty()).count();
        prop_assert_eq!(kept, rebuilt.len());
    }
}
