//! Deadlines on reading a request and caps on what one address holds open: a client that
//! sends its headers and then its body a byte at a time (or not at all) holds a connection
//! only until `server.body_timeout_ms`, and one address holds at most so many requests open.
//!
//! actix answers unfinished headers with 408 after `client_request_timeout` (5 s), but once
//! the headers are in, nothing bounds the body: a handler waiting on its body waits for as
//! long as the client keeps the connection. Here every request's body is read through
//! [`Deadline`], which ends it with an error when
//! - nothing arrived for `body_timeout_ms` (a stall, also after a burst), or
//! - past the first `body_timeout_ms`, the body came slower than `body_min_bytes_per_sec` on
//!   average since the request began (a trickle: one byte every two seconds is cut off at the
//!   timeout, whatever it sends);
//!
//! and the request is answered 408 `body_timeout` with the connection closed, whatever the
//! handler made of the broken body. A large upload at a decent rate is never cut off.
//!
//! The caps count requests in flight per client address (an IPv6 /56 as one, as the rate
//! limits do), checked before any body is read: `server.max_requests_per_address`, and a
//! lower one, `server.max_anonymous_requests_per_address`, for requests that carry no
//! credential (the public routes, sign-in, registration, the hooks), which anyone can send.
//! Over a cap the answer is 429 at once, and the connection is closed.

use std::collections::HashMap;
use std::future::Future as _;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::{header, ConnectionType};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpResponse};
use futures_util::Stream;
use parking_lot::Mutex;
use tokio::time::{Instant, Sleep};

use super::answers::Failure;
use super::Code;

/// The deadlines and caps, from `[server]`.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimits {
    /// How long a body may go without a byte, and the grace before its rate is judged.
    pub timeout: Duration,
    /// The slowest average rate a body may arrive at, past the grace.
    pub min_bytes_per_sec: u64,
    /// Requests one address may have in flight.
    pub per_address: u32,
    /// Of those, requests without a credential.
    pub anonymous_per_address: u32,
}

/// Requests in flight per address, shared by every worker.
pub struct InFlight {
    limits: BodyLimits,
    counts: Mutex<HashMap<IpAddr, Counts>>,
}

/// One address's requests in flight: all of them, and those without a credential.
#[derive(Default, Clone, Copy)]
struct Counts {
    all: u32,
    anonymous: u32,
}

impl InFlight {
    /// The deadlines and caps of `[server]`.
    pub fn configured(server: &crate::config::ServerConfig) -> Arc<Self> {
        Self::new(BodyLimits {
            timeout: Duration::from_millis(server.body_timeout_ms),
            min_bytes_per_sec: server.body_min_bytes_per_sec,
            per_address: server.max_requests_per_address,
            anonymous_per_address: server.max_anonymous_requests_per_address,
        })
    }

    pub fn new(limits: BodyLimits) -> Arc<Self> {
        Arc::new(Self { limits, counts: Mutex::new(HashMap::new()) })
    }

    /// Counts a request in, unless its address is at a cap: then `None`.
    fn enter(self: &Arc<Self>, address: IpAddr, anonymous: bool) -> Option<Entered> {
        let mut counts = self.counts.lock();
        let now = counts.entry(address).or_default();
        if now.all >= self.limits.per_address || (anonymous && now.anonymous >= self.limits.anonymous_per_address) {
            return None;
        }
        now.all += 1;
        now.anonymous += u32::from(anonymous);
        Some(Entered { in_flight: self.clone(), address, anonymous })
    }

    /// How many requests of `address` are in flight (for tests).
    #[cfg(test)]
    fn of(&self, address: IpAddr) -> u32 {
        self.counts.lock().get(&address).map_or(0, |c| c.all)
    }
}

/// A request counted in; counted out when dropped (answered, or its connection gone).
struct Entered {
    in_flight: Arc<InFlight>,
    address: IpAddr,
    anonymous: bool,
}

impl Drop for Entered {
    fn drop(&mut self) {
        let mut counts = self.in_flight.counts.lock();
        if let Some(now) = counts.get_mut(&self.address) {
            now.all = now.all.saturating_sub(1);
            now.anonymous = now.anonymous.saturating_sub(u32::from(self.anonymous));
            // An address with nothing in flight is forgotten: the map holds only open requests.
            if now.all == 0 {
                counts.remove(&self.address);
            }
        }
    }
}

/// Set on a request whose body ran out of time, for the middleware to answer 408.
#[derive(Clone, Default)]
struct Expired(Arc<std::sync::atomic::AtomicBool>);

/// The middleware: counts the request in (or refuses it), reads its body through a
/// [`Deadline`], and answers 408 when the body ran out of time.
pub async fn middleware(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(in_flight) = req.app_data::<actix_web::web::Data<Arc<InFlight>>>().map(|d| d.get_ref().clone()) else {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    let address = super::client::subscriber(super::client::address(req.request()));
    let Some(_entered) = in_flight.enter(address, !carries_credential(&req)) else {
        let mut response = if req.path() == "/api/click" {
            // The click endpoint fails open, over this cap as over its rate limit.
            super::rate_limit::not_counted(HttpResponse::Ok(), None)
        } else {
            HttpResponse::TooManyRequests().insert_header((header::RETRY_AFTER, "1")).json(Failure::new(
                Code::RateLimited,
                "too many requests in flight from this address; retry in 1 s".into(),
            ))
        };
        response.head_mut().set_connection_type(ConnectionType::Close);
        return Ok(req.into_response(response));
    };
    // A request without a body (most GETs) has nothing to time.
    let has_body = match req.headers().get(header::CONTENT_LENGTH) {
        Some(length) => length.as_bytes() != b"0",
        None => req.headers().contains_key(header::TRANSFER_ENCODING),
    };
    if !has_body {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    }
    let expired = Expired::default();
    let payload = req.take_payload();
    let timed = Deadline::new(payload, in_flight.limits, expired.clone());
    req.set_payload(Payload::Stream { payload: Box::pin(timed) });
    let answer = next.call(req).await?;
    if !expired.0.load(std::sync::atomic::Ordering::Relaxed) {
        return Ok(answer.map_into_boxed_body());
    }
    let seconds = in_flight.limits.timeout.as_secs_f64();
    let mut response = HttpResponse::RequestTimeout().json(Failure::new(
        Code::BodyTimeout,
        format!("the request body did not arrive in time (nothing for {seconds} s, or slower than the minimum rate)"),
    ));
    response.head_mut().set_connection_type(ConnectionType::Close);
    let (request, _) = answer.into_parts();
    Ok(ServiceResponse::new(request, response))
}

/// Whether the request carries a credential of some kind (an API key, a bearer token, a
/// dashboard or portal session cookie): not checked here, only counted against the higher cap.
fn carries_credential(req: &ServiceRequest) -> bool {
    let headers = req.headers();
    headers.contains_key("x-api-key")
        || headers.contains_key(header::AUTHORIZATION)
        || req.cookies().is_ok_and(|c| !c.is_empty())
}

/// A request body that ends with an error once it is too late or too slow (see the module's
/// documentation).
struct Deadline {
    inner: Payload,
    limits: BodyLimits,
    started: Instant,
    received: u64,
    /// When the body is late, as of what has arrived so far.
    timer: Pin<Box<Sleep>>,
    expired: Expired,
    done: bool,
}

impl Deadline {
    fn new(inner: Payload, limits: BodyLimits, expired: Expired) -> Self {
        let started = Instant::now();
        let timer = Box::pin(tokio::time::sleep_until(started + limits.timeout));
        Self { inner, limits, started, received: 0, timer, expired, done: false }
    }

    /// The moment the body is late, `now` being when its last bytes came: a silence of the
    /// timeout, or the moment its average rate since the start falls below the minimum.
    fn late_after(&self, now: Instant) -> Instant {
        let silence = now + self.limits.timeout;
        if self.limits.min_bytes_per_sec == 0 {
            return silence;
        }
        let earned = Duration::from_secs_f64(self.received as f64 / self.limits.min_bytes_per_sec as f64);
        silence.min(self.started + self.limits.timeout + earned)
    }
}

impl Stream for Deadline {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.done {
            return Poll::Ready(None);
        }
        match Pin::new(&mut self.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => {
                self.received += chunk.len() as u64;
                let late = self.late_after(Instant::now());
                self.timer.as_mut().reset(late);
                Poll::Ready(Some(Ok(chunk)))
            }
            Poll::Ready(other) => {
                self.done = true;
                Poll::Ready(other)
            }
            Poll::Pending => match self.timer.as_mut().poll(cx) {
                Poll::Pending => Poll::Pending,
                Poll::Ready(()) => {
                    self.done = true;
                    self.expired.0.store(true, std::sync::atomic::Ordering::Relaxed);
                    let late = std::io::Error::new(std::io::ErrorKind::TimedOut, "request body timed out");
                    Poll::Ready(Some(Err(PayloadError::Io(late))))
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> BodyLimits {
        BodyLimits {
            timeout: Duration::from_secs(10),
            min_bytes_per_sec: 1000,
            per_address: 3,
            anonymous_per_address: 2,
        }
    }

    #[test]
    fn an_address_at_its_cap_is_refused_until_one_of_its_requests_ends() {
        let in_flight = InFlight::new(limits());
        let here: IpAddr = [192, 0, 2, 1].into();
        let there: IpAddr = [192, 0, 2, 2].into();
        let first = in_flight.enter(here, true).expect("first anonymous");
        let _second = in_flight.enter(here, true).expect("second anonymous");
        assert!(in_flight.enter(here, true).is_none(), "a third anonymous is over the anonymous cap");
        let _signed = in_flight.enter(here, false).expect("a request with a credential still fits the address's cap");
        assert!(in_flight.enter(here, false).is_none(), "the fourth is over the address's cap");
        assert!(in_flight.enter(there, true).is_some(), "another address is counted apart");
        drop(first);
        assert_eq!(in_flight.of(here), 2);
        assert!(in_flight.enter(here, true).is_some(), "one ended: one more fits");
    }

    #[test]
    fn an_address_with_nothing_in_flight_is_forgotten() {
        let in_flight = InFlight::new(limits());
        let here: IpAddr = [192, 0, 2, 1].into();
        drop(in_flight.enter(here, false));
        assert!(in_flight.counts.lock().is_empty());
    }

    #[tokio::test]
    async fn a_body_is_late_after_a_silence_of_the_timeout_or_below_the_minimum_rate_past_it() {
        let mut deadline = Deadline::new(Payload::None, limits(), Expired::default());
        let start = deadline.started;
        assert_eq!(deadline.late_after(start), start + Duration::from_secs(10), "nothing yet: the timeout");
        deadline.received = 5_000;
        let at = start + Duration::from_secs(1);
        assert_eq!(
            deadline.late_after(at),
            start + Duration::from_secs(11),
            "5,000 bytes at 1,000 a second earn 5 s past the grace, but a silence of 10 s ends it first"
        );
        deadline.received = 3;
        let trickle = start + Duration::from_secs(6);
        assert_eq!(
            deadline.late_after(trickle),
            start + Duration::from_millis(10_003),
            "a byte every two seconds earns a millisecond a byte"
        );
    }

    /// A body that sends one chunk, then nothing.
    struct Stalled(bool);

    impl Stream for Stalled {
        type Item = Result<Bytes, PayloadError>;
        fn poll_next(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
            if self.0 {
                return Poll::Pending;
            }
            self.0 = true;
            Poll::Ready(Some(Ok(Bytes::from_static(b"{\"email\""))))
        }
    }

    #[tokio::test]
    async fn a_stalled_body_ends_with_an_error_at_its_deadline_and_marks_the_request() {
        use futures_util::StreamExt;
        let expired = Expired::default();
        let stalled: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> = Box::pin(Stalled(false));
        let inner = Payload::Stream { payload: stalled };
        let short = BodyLimits { timeout: Duration::from_millis(50), ..limits() };
        let mut body = Deadline::new(inner, short, expired.clone());
        let started = Instant::now();
        assert!(matches!(body.next().await, Some(Ok(_))), "the first chunk passes");
        assert!(!expired.0.load(std::sync::atomic::Ordering::Relaxed));
        assert!(matches!(body.next().await, Some(Err(PayloadError::Io(_)))), "then the deadline");
        assert!(Instant::now() - started >= Duration::from_millis(50), "not before a silence of the timeout");
        assert!(expired.0.load(std::sync::atomic::Ordering::Relaxed));
        assert!(body.next().await.is_none(), "and nothing after it");
    }
}
