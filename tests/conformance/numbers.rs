//! A campaign's numbers (counters, the daily series, leaderboards) read exactly however they
//! are kept: on PostgreSQL, held in the campaign's row between batches and written to their
//! tables once that row grows (`src/store/postgres/held.rs`); every read, the API's and a
//! decision's, adds what is held to what the tables say.

use referrals::domain::client_print::RateKey;
use referrals::domain::counters::{Counter, DailySeries};
use referrals::domain::engine::Write;
use referrals::domain::leaderboard::Board;
use referrals::store::{SharedStorage, StoreError};

use crate::fixtures::{brand, campaign, member, signup};
use crate::postgres::{fresh_database, options, server};

const REFERRERS: usize = 6;

/// Past days of referrals written between two rounds: entries enough (about 6 bytes each)
/// to outgrow a held row of 1,024 bytes, so the run crosses a write-out.
const PAST_DAYS: u32 = 250;

/// Signs friends up under each referrer in turn, three rounds, and after every signup reads
/// the campaign's counters and today's series; after the first round a decision moves
/// [`PAST_DAYS`] earlier days' series. At the end each referrer's window and the counters as
/// a decision reads them. A second campaign of the brand moves now and then: its numbers are
/// apart. Returns the campaign's id.
async fn referrals_read_back_exactly(store: &SharedStorage) -> u64 {
    let ann = member(store, "ann@example.com").await;
    let shop = brand(store, &ann, "shop.example").await;
    let spring = campaign(store, &shop, 3, 2, false).await;
    let autumn = campaign(store, &shop, 3, 2, false).await;
    let mut referrers = Vec::new();
    for r in 0..REFERRERS {
        referrers.push(signup(store, &spring, &format!("ref{r}@example.com"), None).await.participant);
    }
    let (mut friends, mut others) = (0u64, 0u64);
    let today = referrals::domain::moment::day_number(chrono::Utc::now().date_naive());
    for round in 0..3 {
        if round == 1 {
            let past = (1..=PAST_DAYS).map(|back| Write::Daily {
                campaign_id: spring.id,
                series: DailySeries::Referrals,
                day: today - back,
                delta: 1,
            });
            store.session(shop.id).await.unwrap().commit(&past.collect::<Vec<_>>()).await.unwrap();
        }
        for (r, referrer) in referrers.iter().enumerate() {
            signup(store, &spring, &format!("f{round}.{r}@example.com"), Some(referrer.id)).await;
            friends += 1;
            if r % 5 == 0 {
                signup(store, &autumn, &format!("other{round}.{r}@example.com"), None).await;
                others += 1;
            }
            let counters = store.counters(spring.id).await.unwrap();
            let want = (REFERRERS as u64 + friends, friends);
            assert_eq!((counters.participants, counters.referrals), want, "after {friends} referrals");
            let today = store.daily(spring.id, DailySeries::Referrals, 1).await.unwrap();
            assert_eq!(today[0].1, friends, "today's referrals after {friends}");
            // Every referrer so far on the board with their count, in rank order: the most
            // referrals first, ties to who got there first.
            let board = store.ranked(spring.id, Board::All, 0, 50).await.unwrap();
            let counts: Vec<(u64, u64)> = board.iter().map(|(p, standing)| (p.id, standing.count)).collect();
            let mut want: Vec<(u64, u64)> = referrers
                .iter()
                .enumerate()
                .filter(|(n, _)| round > 0 || *n <= r)
                .map(|(n, p)| (p.id, round as u64 + u64::from(n <= r)))
                .collect();
            want.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
            assert_eq!(counts, want, "the board after {friends} referrals");
            let page = store.ranked(spring.id, Board::All, 1, 2).await.unwrap();
            let page: Vec<u64> = page.iter().map(|(p, _)| p.id).collect();
            assert_eq!(page, want.iter().skip(1).take(2).map(|(id, _)| *id).collect::<Vec<_>>(), "a page of it");
        }
    }
    let top = store.leaderboard(spring.id, Board::All, 3).await.unwrap();
    assert_eq!(top.iter().map(|(p, s)| (p.id, s.count)).collect::<Vec<_>>(), [0, 1, 2].map(|n| (referrers[n].id, 3)));
    let counters = store.counters(autumn.id).await.unwrap();
    assert_eq!((counters.participants, counters.referrals), (others, 0));
    let signups = store.daily(spring.id, DailySeries::Signups, 2).await.unwrap();
    assert_eq!(signups.iter().map(|(_, n)| n).sum::<u64>(), REFERRERS as u64 + friends);
    let referred = store.daily(spring.id, DailySeries::Referrals, PAST_DAYS + 10).await.unwrap();
    assert_eq!(referred.iter().map(|(_, n)| n).sum::<u64>(), u64::from(PAST_DAYS) + friends, "every day's");
    assert_eq!(referred[0].1, 0, "none before the past days written");

    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.counter(spring.id, Counter::Referrals).unwrap(), friends);
    assert_eq!(session.counter(autumn.id, Counter::Participants).unwrap(), others);
    for referrer in &referrers {
        let window = session.recent(spring.id, &RateKey::Referrer(referrer.id)).unwrap();
        assert_eq!(window.len(), 3, "referrer {}'s window: {window:?}", referrer.id);
    }
    session.release().await;
    spring.id
}

pub async fn numbers_read_exactly_while_held_and_once_written_out(store: SharedStorage) {
    referrals_read_back_exactly(&store).await;
}

/// On PostgreSQL: the run above did hold numbers and did write them out (the past days and the
/// standings are in their tables, the last signups' numbers held), and no held row is left of
/// a deleted campaign.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_holds_numbers_and_writes_them_out_when_the_row_grows() -> Result<(), StoreError> {
    if server().is_none() {
        eprintln!("no PostgreSQL server: not run");
        return Ok(());
    }
    let url = fresh_database().await;
    let store: SharedStorage =
        std::sync::Arc::new(referrals::store::postgres::PgStore::open(&options(url.clone())).await?);
    let campaign_id = referrals_read_back_exactly(&store).await as i64;
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.expect("connect");
    tokio::spawn(connection);
    let count = |sql: &'static str| {
        let client = &client;
        async move { client.query_one(sql, &[&campaign_id]).await.expect("count").get::<_, i64>(0) }
    };
    let written = count("SELECT count(*) FROM daily WHERE campaign_id = $1").await;
    assert!(written >= i64::from(PAST_DAYS), "the past days were written to their table: {written}");
    assert!(count("SELECT count(*) FROM counters WHERE campaign_id = $1").await > 0, "and the counters");
    assert!(count("SELECT count(*) FROM standings WHERE campaign_id = $1").await > 0, "and the standings");
    assert_eq!(count("SELECT count(*) FROM held_numbers WHERE campaign_id = $1").await, 1, "the latest are held");

    let campaign = store.campaign(campaign_id as u64).await?.expect("the campaign");
    store.delete_campaign(&campaign).await?;
    assert_eq!(count("SELECT count(*) FROM held_numbers WHERE campaign_id = $1").await, 0, "gone with it");
    store.close().await
}
