//! The chaos run's load: clients as a shop's systems and its visitors are, each retrying what
//! was not acknowledged (with the same `Idempotency-Key`, the same `external_id`, the same
//! Stripe event) until it is, and writing down what was acknowledged in the [`Ledger`] the
//! check reads at the end.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::Rng;
use reqwest::Method;
use serde_json::{json, Value};

/// The programme the load runs against (made in `chaos.rs`'s set-up).
#[derive(Clone)]
pub struct Programme {
    pub key: String,
    pub brand: u64,
    /// Signup goal, 5.00 cash a referral, a welcome email: payouts and emails.
    pub cash: u64,
    /// A coupon a referral, from a pool: no code twice.
    pub coupons: u64,
    /// Conversion goal, 10.00 cash: conversions and Stripe's checkouts.
    pub sales: u64,
    pub stripe_secret: String,
    /// A dashboard session's cookie.
    pub session: String,
}

/// A participant whose signup was acknowledged.
#[derive(Clone, Debug)]
pub struct Joined {
    pub campaign: u64,
    pub email: String,
    pub id: u64,
    pub code: String,
    pub referrer: Option<u64>,
}

/// What the load was told was done, and what it saw.
#[derive(Default)]
pub struct Ledger {
    pub joined: Mutex<Vec<Joined>>,
    /// Acknowledged conversions (the API's and Stripe's checkouts): `external_id`, buyer.
    pub conversions: Mutex<Vec<(String, u64)>>,
    pub payout_requests: AtomicU64,
    pub payouts_marked_paid: AtomicU64,
    pub requests: AtomicU64,
    /// Answers by status; 0 stands for no answer (connection refused or cut, timeout).
    pub statuses: Mutex<BTreeMap<u16, u64>>,
    /// Answers no fault explains (a 500, or a 4xx to a well-formed retry), with what asked.
    pub unexpected: Mutex<Vec<String>>,
}

/// What every client shares: the servers' current addresses (a restart moves a server to a
/// new port), the programme, the ledger, and when to stop.
pub struct Load {
    pub addresses: Vec<RwLock<String>>,
    pub programme: Programme,
    pub ledger: Ledger,
    pub stop: AtomicBool,
    http: reqwest::Client,
    counter: AtomicU64,
}

/// How long one logical operation may go unacknowledged once the faults have stopped.
const SETTLE: Duration = Duration::from_secs(120);

/// Each client's pause between operations: about a hundred writes a second in all, so that
/// the run's webhook deliveries and emails keep up and the check ends soon after the load.
const PACE: Duration = Duration::from_millis(30);

impl Load {
    pub fn new(addresses: Vec<String>, programme: Programme) -> Arc<Self> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        Arc::new(Self {
            addresses: addresses.into_iter().map(RwLock::new).collect(),
            programme,
            ledger: Ledger::default(),
            stop: AtomicBool::new(false),
            http,
            counter: AtomicU64::new(0),
        })
    }

    fn next(&self) -> u64 {
        self.counter.fetch_add(1, Ordering::Relaxed)
    }

    fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// One request to a server picked at random; the status and body, or none without an
    /// answer.
    async fn once(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
        headers: &[(&str, String)],
    ) -> Option<(u16, Value)> {
        let address = self.addresses.choose(&mut rand::thread_rng()).unwrap().read().unwrap().clone();
        let mut request = self.http.request(method, format!("{address}{path}"));
        if path.starts_with("/api/v1") {
            request = request.header("X-API-Key", &self.programme.key);
        }
        for (name, value) in headers {
            request = request.header(*name, value);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        self.ledger.requests.fetch_add(1, Ordering::Relaxed);
        let answer = match request.send().await {
            Ok(response) => {
                let status = response.status().as_u16();
                let text = response.text().await.unwrap_or_default();
                Some((status, serde_json::from_str(&text).unwrap_or(Value::String(text))))
            }
            Err(_) => None,
        };
        let status = answer.as_ref().map_or(0, |(status, _)| *status);
        *self.ledger.statuses.lock().unwrap().entry(status).or_default() += 1;
        if (500..600).contains(&status) && status != 503 {
            self.unexpected(format!("{status} to {path}: {:?}", answer.as_ref().map(|a| &a.1)));
        }
        answer
    }

    fn unexpected(&self, what: String) {
        self.ledger.unexpected.lock().unwrap().push(what);
    }

    /// Sends until a 2xx: a 503 or no answer is retried (the same request: the same key, id or
    /// event), anything else is unexpected. None when the run stops it first (only before the
    /// faults end) or it gives up after [`SETTLE`].
    async fn acknowledged(
        &self,
        method: Method,
        path: &str,
        body: &Value,
        headers: &[(&str, String)],
    ) -> Option<Value> {
        let mut since_stop: Option<Instant> = None;
        loop {
            match self.once(method.clone(), path, Some(body), headers).await {
                Some((200..=299, answer)) => return Some(answer),
                Some((503, _)) | None => {}
                Some((status, answer)) => {
                    self.unexpected(format!("{status} to {path} {body}: {answer}"));
                    return None;
                }
            }
            if self.stopping() {
                let since = *since_stop.get_or_insert_with(Instant::now);
                if since.elapsed() > SETTLE {
                    self.unexpected(format!("{path} {body} not acknowledged {SETTLE:?} after the faults ended"));
                    return None;
                }
            }
            // A retry's pause: the server may be restarting.
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn joined_in(&self, campaign: u64, referred: bool) -> Option<Joined> {
        let joined = self.ledger.joined.lock().unwrap();
        let fitting: Vec<&Joined> =
            joined.iter().filter(|j| j.campaign == campaign && j.referrer.is_some() == referred).collect();
        fitting.choose(&mut rand::thread_rng()).map(|j| (*j).clone())
    }

    fn campaign(&self) -> u64 {
        let p = &self.programme;
        *[p.cash, p.coupons, p.sales].choose(&mut rand::thread_rng()).unwrap()
    }

    /// Signs people up, with a referral code half the time (once someone is there to refer).
    pub async fn signups(self: Arc<Self>) {
        while !self.stopping() {
            let n = self.next();
            let campaign = self.campaign();
            let email = format!("chaos{n}@people.example");
            let refer = rand::thread_rng().gen_bool(0.5);
            let referrer = if refer { self.joined_in(campaign, false) } else { None };
            let key = vec![("Idempotency-Key", format!("chaos-signup-{n}"))];
            let (path, body) = match &referrer {
                Some(r) => ("/api/v1/signups/referral", json!({"referral_code": r.code, "email": email})),
                None => ("/api/v1/signups", json!({"campaign_id": campaign, "email": email})),
            };
            let Some(answer) = self.acknowledged(Method::POST, path, &body, &key).await else { continue };
            let participant = &answer["data"]["participant"];
            self.ledger.joined.lock().unwrap().push(Joined {
                campaign,
                email,
                id: participant["id"].as_u64().unwrap(),
                code: participant["referral_code"].as_str().unwrap().to_owned(),
                referrer: referrer.map(|r| r.id),
            });
            tokio::time::sleep(PACE).await;
        }
    }

    /// Records conversions of referred people in the sales campaign, through the API and as
    /// Stripe's checkouts (signed as Stripe signs), each under its own id.
    pub async fn conversions(self: Arc<Self>) {
        while !self.stopping() {
            let Some(buyer) = self.joined_in(self.programme.sales, true) else {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            };
            let n = self.next();
            let external_id = format!("order-{n}");
            let through_stripe = rand::thread_rng().gen_bool(0.5);
            let acknowledged = if !through_stripe {
                let body = json!({"campaign_id": self.programme.sales, "email": buyer.email, "external_id": external_id, "amount": 4200});
                self.acknowledged(Method::POST, "/api/v1/conversions", &body, &[]).await
            } else {
                let event = json!({
                    "id": format!("evt_{external_id}"), "object": "event", "type": "checkout.session.completed",
                    "data": {"object": {"id": external_id, "object": "checkout.session",
                        "customer_details": {"email": buyer.email}, "amount_total": 4990, "currency": "eur",
                        "payment_intent": format!("pi_{n}"), "invoice": null}}
                });
                self.stripe(&event).await
            };
            if acknowledged.is_some() {
                self.ledger.conversions.lock().unwrap().push((external_id, buyer.id));
            }
            tokio::time::sleep(PACE).await;
        }
    }

    /// Delivers a Stripe event until acknowledged, signed afresh at each attempt.
    async fn stripe(&self, event: &Value) -> Option<Value> {
        let path = format!("/hooks/stripe/{}", self.programme.brand);
        let mut since_stop: Option<Instant> = None;
        loop {
            let body = event.to_string();
            let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
            let mut mac =
                <hmac::Hmac<sha2::Sha256> as hmac::Mac>::new_from_slice(self.programme.stripe_secret.as_bytes())
                    .unwrap();
            hmac::Mac::update(&mut mac, format!("{t}.{body}").as_bytes());
            let signature = format!("t={t},v1={}", hex::encode(hmac::Mac::finalize(mac).into_bytes()));
            match self.once(Method::POST, &path, Some(event), &[("Stripe-Signature", signature)]).await {
                Some((200, answer)) => return Some(answer),
                Some((503, _)) | None => {}
                Some((status, answer)) => {
                    self.unexpected(format!("{status} to a Stripe delivery: {answer}"));
                    return None;
                }
            }
            if self.stopping() && since_stop.get_or_insert_with(Instant::now).elapsed() > SETTLE {
                self.unexpected("a Stripe delivery not acknowledged after the faults ended".into());
                return None;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Asks for the cash campaign's payouts now and then, and marks some of them paid.
    pub async fn payouts(self: Arc<Self>) {
        let path = format!("/api/v1/campaigns/{}/payouts", self.programme.cash);
        while !self.stopping() {
            if let Some(answer) = self.acknowledged(Method::POST, &path, &json!({}), &[]).await {
                self.ledger.payout_requests.fetch_add(1, Ordering::Relaxed);
                let made = answer["data"]["payouts"].as_array().cloned().unwrap_or_default();
                let to_mark: Vec<&Value> = made.iter().filter(|_| rand::thread_rng().gen_bool(0.5)).collect();
                for payout in to_mark {
                    let paid = format!("/api/v1/payouts/{}/paid", payout["id"]);
                    let reference = json!({"reference": format!("chaos-{}", payout["id"])});
                    if self.acknowledged(Method::POST, &paid, &reference, &[]).await.is_some() {
                        self.ledger.payouts_marked_paid.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            tokio::time::sleep(PACE * 10).await;
        }
    }

    /// Visits referral links and clicks from the partner's site; reads the dashboard and the
    /// stats. Counted, never retried: a click lost in a crash is a click, not a write anyone
    /// was told was kept.
    pub async fn visits_and_reads(self: Arc<Self>) {
        while !self.stopping() {
            let choice = rand::thread_rng().gen_range(0..4);
            match choice {
                0 => {
                    if let Some(someone) = self.joined_in(self.programme.cash, false) {
                        self.once(Method::GET, &format!("/r/{}", someone.code), None, &[]).await;
                    }
                }
                1 => {
                    self.once(Method::GET, "/api/click?from=partner.example&to=chaos-shop.example", None, &[]).await;
                }
                2 => {
                    let page = format!("/dashboard/campaigns/{}", self.programme.cash);
                    let cookie = vec![("Cookie", self.programme.session.clone())];
                    if let Some((status, _)) = self.once(Method::GET, &page, None, &cookie).await {
                        if status != 200 && status != 503 {
                            self.unexpected(format!("{status} to the dashboard's campaign page"));
                        }
                    }
                }
                _ => {
                    let stats = format!("/api/v1/campaigns/{}/stats", self.programme.sales);
                    self.once(Method::GET, &stats, None, &[]).await;
                }
            }
            tokio::time::sleep(PACE / 3).await;
        }
    }
}
