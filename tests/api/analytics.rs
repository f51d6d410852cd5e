//! The analytics through the API (`GET /campaigns/:id/analytics[.csv]`), on both backends:
//! clicks, signups, referred signups and a refund now, and sales reported with `occurred_at`
//! a second either side of local midnights in Europe/Berlin, America/New_York and
//! Asia/Kolkata (on the latest day daylight saving made 23 or 25 hours long, when one is
//! within the 90 days `occurred_at` may reach back). Every bucket of every interval in each
//! zone is checked against the instants: its bounds are the zone's local hours, days,
//! Mondays or firsts of the month, and it counts exactly the events between them.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Offset, TimeZone, Timelike, Utc};
use chrono_tz::Tz;
use serde_json::{json, Value};

use crate::helpers::{expect_error, expect_status, unique_email, TestApp, TestMember};

const ZONES: [&str; 4] = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata"];
const INTERVALS: [&str; 4] = ["hour", "day", "week", "month"];

/// What one event adds, at its instant.
#[derive(Clone, Copy, Default)]
struct Event {
    at_ms: i64,
    clicks: u64,
    signups: u64,
    referred: u64,
    conversions: u64,
    refunds: u64,
    /// Hundredths.
    revenue: u64,
    refunded: u64,
    rewards: u64,
}

fn ms(rfc3339: &str) -> i64 {
    DateTime::parse_from_rfc3339(rfc3339).expect("RFC 3339").timestamp_millis()
}

fn local_midnight(zone: Tz, date: NaiveDate) -> i64 {
    zone.from_local_datetime(&date.and_hms_opt(0, 0, 0).unwrap()).earliest().unwrap().timestamp_millis()
}

/// The days around whose midnights the sales fall in `zone`: yesterday, and the latest day
/// within the last 85 days that was not 24 hours long, if any.
fn edge_days(zone: Tz, today: NaiveDate) -> Vec<NaiveDate> {
    let mut days = vec![today - Duration::days(1)];
    let odd = (2..85)
        .map(|back| today - Duration::days(back))
        .find(|d| local_midnight(zone, *d + Duration::days(1)) - local_midnight(zone, *d) != 86_400_000);
    days.extend(odd);
    days
}

/// A number of the answer, and how an event adds to it.
type Field = (&'static str, fn(&Event) -> u64);

/// The number of each bucket as the test computes it: `field` summed over the events from
/// the bucket's start to the next one's.
fn expected(events: &[Event], start: i64, end: i64, field: fn(&Event) -> u64) -> u64 {
    events.iter().filter(|e| e.at_ms >= start && e.at_ms < end).map(field).sum()
}

fn cents(value: &Value) -> u64 {
    let text = value.as_str().expect("money is a decimal string");
    let (units, fraction) = text.split_once('.').expect("two decimals");
    units.parse::<u64>().unwrap() * 100 + fraction.parse::<u64>().unwrap()
}

/// Checks that a bucket starting at `starts` begins where `interval` begins in `zone`.
fn check_start(starts: &str, interval: &str, zone: Tz) {
    let at = DateTime::parse_from_rfc3339(starts).expect("starts is RFC 3339");
    let local = at.with_timezone(&zone);
    assert_eq!(at.offset().local_minus_utc(), local.offset().fix().local_minus_utc(), "{starts}: the zone's offset");
    assert_eq!((local.minute(), local.second()), (0, 0), "{starts} starts on a whole local hour");
    if interval != "hour" {
        assert_eq!(local.hour(), 0, "{starts} starts at local midnight");
    }
    if interval == "week" {
        assert_eq!(local.weekday(), chrono::Weekday::Mon, "{starts} is a Monday");
    }
    if interval == "month" {
        assert_eq!(local.day(), 1, "{starts} is a first of the month");
    }
}

async fn analytics(app: &TestApp, member: &TestMember, campaign: u64, query: &str) -> Value {
    let path = format!("/campaigns/{campaign}/analytics?{query}");
    expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await["data"].clone()
}

#[tokio::test]
async fn every_bucket_of_every_zone_counts_the_events_between_its_local_bounds() {
    let app = TestApp::spawn().await;
    let member = app.member("analytics").await;
    let brand = app.brand(&member, "https://analytics.example").await;
    let fields = json!({"reward_type": 3, "reward_value": "Thanks"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let mut events = Vec::new();

    // Now: two referrers, three friends, four clicks of their links (two visitors).
    let before = Utc::now().timestamp_millis();
    let ada = app.participant(&member, campaign, &unique_email("ada")).await;
    let bo = app.participant(&member, campaign, &unique_email("bo")).await;
    for joined in [&ada, &bo] {
        events.push(Event { at_ms: ms(joined["created_at"].as_str().unwrap()), signups: 1, ..Event::default() });
    }
    let mut friends = Vec::new();
    for referrer in [&ada, &ada, &bo] {
        let code = referrer["referral_code"].as_str().unwrap();
        let body = expect_status(app.refer(&member, code, &unique_email("friend")).await, 201).await;
        let friend = body["data"]["participant"].clone();
        let at_ms = ms(friend["created_at"].as_str().unwrap());
        // The referrer's reward (a message, on the signup goal) is issued in the same decision.
        events.push(Event { at_ms, signups: 1, referred: 1, rewards: 1, ..Event::default() });
        friends.push((referrer["id"].as_u64().unwrap(), friend));
    }
    for code in [&ada, &ada, &ada, &bo].map(|p| p["referral_code"].as_str().unwrap().to_owned()) {
        let response = app.client.get(format!("{}/r/{code}", app.address)).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 302);
    }
    let after = Utc::now().timestamp_millis();
    // The clicks were counted between `before` and `after`: at `after` here, and their bucket
    // is checked only where both fall in one quarter hour (nearly always).
    events.push(Event { at_ms: after, clicks: 4, ..Event::default() });
    let clicks_placed = before / 900_000 == after / 900_000;

    // Sales that happened earlier, a second either side of local midnights, each credited to
    // the referrer of the friend who bought.
    let today = Utc::now().date_naive();
    let mut n = 0;
    let mut sales = Vec::new();
    for zone in ZONES[1..].iter().map(|z| z.parse::<Tz>().unwrap()) {
        for day in edge_days(zone, today) {
            for at in [local_midnight(zone, day) - 1000, local_midnight(zone, day) + 1000] {
                let (referrer, friend) = &friends[n % friends.len()];
                n += 1;
                let amount = 1000 + n as u64 * 101;
                let occurred_at = DateTime::from_timestamp_millis(at).unwrap().to_rfc3339();
                let body = json!({"campaign_id": campaign, "participant_id": friend["id"], "external_id": format!("order-{n}"),
                    "amount": format!("{}.{:02}", amount / 100, amount % 100), "occurred_at": occurred_at});
                let created =
                    expect_status(app.post_json("/api/v1", "/conversions", &member.bearer(), &body).await, 201).await;
                events.push(Event { at_ms: at, conversions: 1, revenue: amount, ..Event::default() });
                sales.push((*referrer, created["data"]["conversion"]["id"].as_u64().unwrap(), amount));
            }
        }
    }
    // One refunded whole, now: counted when refunded, at the refund's time.
    let (_, refunded_id, refunded_amount) = sales[0];
    let refund = expect_status(
        app.post_json("/api/v1", &format!("/conversions/{refunded_id}/refund"), &member.bearer(), &json!({})).await,
        200,
    )
    .await;
    let refunded_at = refund["data"]["conversion"]["refunded_at"].as_str().expect("refunded_at").to_owned();
    events.push(Event { at_ms: ms(&refunded_at), refunds: 1, refunded: refunded_amount, ..Event::default() });

    let fields: [Field; 6] = [
        ("signups", |e| e.signups),
        ("referred_signups", |e| e.referred),
        ("conversions", |e| e.conversions),
        ("refunds", |e| e.refunds),
        ("rewards", |e| e.rewards),
        ("clicks", |e| e.clicks),
    ];
    let money: [Field; 2] = [("revenue", |e| e.revenue), ("refunded", |e| e.refunded)];
    for zone_name in ZONES {
        let zone: Tz = zone_name.parse().unwrap();
        let local_today = Utc::now().with_timezone(&zone).date_naive();
        let first = edge_days(zone, local_today).into_iter().chain(edge_days(zone, today)).min().unwrap();
        let earliest = (first - Duration::days(1)).min(
            events
                .iter()
                .map(|e| DateTime::from_timestamp_millis(e.at_ms).unwrap().with_timezone(&zone).date_naive())
                .min()
                .unwrap(),
        );
        for interval in INTERVALS {
            // Hours: the two days around each midnight a sale fell on, and today.
            let periods: Vec<(NaiveDate, NaiveDate)> = match interval {
                "hour" => events
                    .iter()
                    .map(|e| DateTime::from_timestamp_millis(e.at_ms).unwrap().with_timezone(&zone).date_naive())
                    .map(|d| (d - Duration::days(1), d))
                    .collect(),
                _ => vec![(earliest, local_today + Duration::days(1))],
            };
            for (from, to) in periods {
                let query = format!("from={from}&to={to}&interval={interval}&tz={zone_name}");
                let answer = analytics(&app, &member, campaign, &query).await;
                assert_eq!((answer["interval"].as_str(), answer["tz"].as_str()), (Some(interval), Some(zone_name)));
                let buckets = answer["buckets"].as_array().unwrap();
                assert!(!buckets.is_empty(), "{query}");
                let end_of_period = ms(answer["to"].as_str().unwrap());
                assert_eq!(ms(answer["from"].as_str().unwrap()), ms(buckets[0]["starts"].as_str().unwrap()));
                let mut sums = json!({});
                for (i, bucket) in buckets.iter().enumerate() {
                    let starts = bucket["starts"].as_str().unwrap();
                    check_start(starts, interval, zone);
                    let start = ms(starts);
                    let end = buckets.get(i + 1).map_or(end_of_period, |b| ms(b["starts"].as_str().unwrap()));
                    assert!(end > start, "{query}: buckets in order");
                    for (field, of) in fields {
                        if field == "clicks" && !clicks_placed {
                            continue;
                        }
                        let want = expected(&events, start, end, of);
                        assert_eq!(bucket[field].as_u64(), Some(want), "{query}: {field} of the bucket from {starts}");
                    }
                    for (field, of) in money {
                        assert_eq!(
                            cents(&bucket[field]),
                            expected(&events, start, end, of),
                            "{query}: {field} from {starts}"
                        );
                    }
                    for field in [
                        "clicks",
                        "signups",
                        "referred_signups",
                        "conversions",
                        "refunds",
                        "rewards",
                        "unique_visitors",
                    ] {
                        sums[field] = json!(sums[field].as_u64().unwrap_or(0) + bucket[field].as_u64().unwrap());
                    }
                }
                let totals = &answer["totals"];
                for field in
                    ["clicks", "signups", "referred_signups", "conversions", "refunds", "rewards", "unique_visitors"]
                {
                    assert_eq!(totals[field], sums[field], "{query}: the totals are the buckets' sum of {field}");
                }
                let revenue: u64 = buckets.iter().map(|b| cents(&b["revenue"])).sum();
                assert_eq!(cents(&totals["revenue"]), revenue, "{query}");
            }
        }
    }

    // The whole of it, by day in Berlin: the totals, the funnel, the partners and the CSV.
    // Up to the end of Berlin's today, which is tomorrow in UTC in the last hours of a UTC day.
    let from = today - Duration::days(89);
    let to = Utc::now().with_timezone(&chrono_tz::Europe::Berlin).date_naive();
    let query = format!("from={from}&to={to}&tz=Europe/Berlin&group_by=participant");
    let answer = analytics(&app, &member, campaign, &query).await;
    let totals = answer["totals"].clone();
    let count = |f: fn(&Event) -> u64| events.iter().map(f).sum::<u64>();
    assert_eq!(
        [
            &totals["clicks"],
            &totals["unique_visitors"],
            &totals["signups"],
            &totals["referred_signups"],
            &totals["conversions"],
            &totals["refunds"]
        ],
        [&json!(4), &json!(2), &json!(5), &json!(3), &json!(count(|e| e.conversions)), &json!(1)]
    );
    assert_eq!(cents(&totals["revenue"]), count(|e| e.revenue));
    let funnel = &answer["funnel"];
    assert_eq!(funnel["signups_per_click"], json!(3.0 / 4.0));
    assert_eq!(funnel["conversions_per_signup"], json!(count(|e| e.conversions) as f64 / 3.0));
    let per = (count(|e| e.revenue) as f64 / count(|e| e.conversions) as f64).round() as u64;
    assert!(cents(&funnel["revenue_per_conversion"]).abs_diff(per) <= 1, "{funnel}");

    // The partners: Ada (two friends, three clicks) and Bo; their sums are the totals of what
    // is credited to a partner (every signup but those who joined on their own).
    let partners = answer["partners"].as_array().unwrap();
    assert_eq!(answer["sort"], json!("revenue"));
    assert_eq!(answer["pagination"]["total"], json!(2));
    let revenues: Vec<u64> = partners.iter().map(|p| cents(&p["revenue"])).collect();
    assert!(revenues.windows(2).all(|w| w[0] >= w[1]), "highest revenue first: {revenues:?}");
    for field in ["clicks", "unique_visitors", "referred_signups", "conversions", "refunds", "rewards"] {
        let sum: u64 = partners.iter().map(|p| p[field].as_u64().unwrap()).sum();
        assert_eq!(json!(sum), totals[field], "the partners' {field} add up to the total");
    }
    let revenue: u64 = partners.iter().map(|p| cents(&p["revenue"])).sum();
    assert_eq!(revenue, cents(&totals["revenue"]));
    let ada_row = partners.iter().find(|p| p["participant_id"] == ada["id"]).expect("Ada is a partner");
    assert_eq!(
        (&ada_row["clicks"], &ada_row["referred_signups"], &ada_row["email"]),
        (&json!(3), &json!(2), &ada["email"])
    );
    let ada_sales: u64 = sales.iter().filter(|(r, _, _)| Some(*r) == ada["id"].as_u64()).map(|(_, _, a)| a).sum();
    assert_eq!(cents(&ada_row["revenue"]), ada_sales);

    // The CSV: a row a bucket and the totals, the same numbers as the JSON.
    let plain = format!("from={from}&to={to}&tz=Europe/Berlin");
    let json_answer = analytics(&app, &member, campaign, &plain).await;
    let response = app.get("/api/v1", &format!("/campaigns/{campaign}/analytics.csv?{plain}"), &member.bearer()).await;
    assert_eq!(response.status().as_u16(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let text = response.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(header[0], "starts");
    let json_rows: Vec<&Value> =
        json_answer["buckets"].as_array().unwrap().iter().chain([&json_answer["totals"]]).collect();
    assert_eq!(lines.len() - 1, json_rows.len());
    for (line, row) in lines[1..].iter().zip(json_rows) {
        let cells: Vec<&str> = line.split(',').collect();
        for (name, cell) in header.iter().zip(&cells).skip(1) {
            let want = match &row[*name] {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            assert_eq!(*cell, want, "{name} in {line}");
        }
    }
    assert_eq!(lines.last().unwrap().split(',').next(), Some("total"));
    // Accept: text/csv asks for the same file.
    let accepted = app
        .request(reqwest::Method::GET, "/api/v1", &format!("/campaigns/{campaign}/analytics?{plain}"), &member.bearer())
        .header("accept", "text/csv")
        .send()
        .await
        .unwrap();
    assert_eq!(accepted.text().await.unwrap(), text);
}

#[tokio::test]
async fn a_bad_period_zone_or_interval_is_refused_and_a_future_sale_too() {
    let app = TestApp::spawn().await;
    let member = app.member("analytics-bad").await;
    let brand = app.brand(&member, "https://analytics-bad.example").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    for query in [
        "interval=fortnight",
        "tz=Mars/Olympus",
        "from=yesterday",
        "from=2020-01-01&to=2026-01-01",
        "from=2026-02-01&to=2026-01-01",
        "group_by=brand",
        "group_by=participant&sort=clicks",
    ] {
        let path = format!("/campaigns/{campaign}/analytics?{query}");
        expect_error(app.get("/api/v1", &path, &member.bearer()).await, 400, "invalid_query").await;
    }
    // Another member's campaign is not found.
    let other = app.member("analytics-other").await;
    let path = format!("/campaigns/{campaign}/analytics");
    expect_error(app.get("/api/v1", &path, &other.bearer()).await, 404, "not_found").await;
    // An empty campaign: thirty days by day, every bucket zero, ratios null.
    let empty = analytics(&app, &member, campaign, "").await;
    assert!((30..=31).contains(&empty["buckets"].as_array().unwrap().len()), "{empty}");
    assert_eq!(empty["totals"]["revenue"], json!("0.00"));
    assert_eq!(empty["funnel"]["signups_per_click"], Value::Null);

    let buyer = app.participant(&member, campaign, &unique_email("buyer")).await;
    for (occurred_at, why) in [
        ((Utc::now() + Duration::hours(1)).to_rfc3339(), "the future"),
        ((Utc::now() - Duration::days(91)).to_rfc3339(), "more than 90 days ago"),
        ("last tuesday".to_owned(), "not a time"),
    ] {
        let body = json!({"campaign_id": campaign, "participant_id": buyer["id"], "external_id": "o-1", "amount": "5.00", "occurred_at": occurred_at});
        let message = expect_error(
            app.post_json("/api/v1", "/conversions", &member.bearer(), &body).await,
            400,
            "validation_failed",
        )
        .await;
        assert!(message.contains("occurred_at"), "{why}: {message}");
    }
}
