//! The moves an owner makes on one reward from the dashboard (approve, void with an
//! optional reason, fulfil with a payment reference), the forms that offer them wherever a
//! reward is shown (the review, the rewards list, a participant's page), and the report of
//! what a move did, shown on the page the browser is sent back to.
//!
//! Every move goes through [`crate::http::rewards::move_reward`], the API's own path to the
//! reward's brand actor, so it is decided by the same rules and happens exactly once: a
//! second approve of one reward (two tabs, a double click) finds it moved and is told so in
//! words, never an error page. After a move the browser is sent back (303) to the page it
//! came from, named by a fixed word (`back`), never by an address from the request.
//!
//! | path | what |
//! |---|---|
//! | `POST /dashboard/rewards/{id}/{approve,void,fulfil}` | one move, then back to the page named by `back` |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::form::FormData;
use super::page::{self, PageError};
use super::reward_filter::ListFilter;
use super::session::SignedInForm;
use crate::domain::campaign::RewardType;
use crate::domain::reward::{parse_payment_reference, parse_void_reason, HoldReason, RewardAction, RewardReason};
use crate::domain::{Member, Reward, RewardStatus};
use crate::http::error::ApiError;
use crate::http::rewards::move_reward;
use crate::http::state::AppState;

/// What a void from the dashboard records when the owner gave no reason.
const DEFAULT_VOID_REASON: &str = "voided by the owner";

/// The reasons a reward is held, in words an owner reads.
pub fn hold_words(reward: &Reward) -> Vec<String> {
    if reward.holds.is_empty() {
        return vec!["held for review".to_owned()];
    }
    reward
        .holds
        .iter()
        .map(|reason| match reason {
            HoldReason::SameAddress => "same address as the referrer".to_owned(),
            HoldReason::Velocity => "too many referrals in an hour".to_owned(),
            HoldReason::DisposableEmail => "disposable email address".to_owned(),
            HoldReason::NoExchangeRate => "no exchange rate for the invoice's currency yet".to_owned(),
            HoldReason::HoldPeriod => match reward.release_at_ms {
                Some(ms) => format!("waiting out the hold period until {}", page::day_of_ms(ms)),
                None => "waiting out the hold period".to_owned(),
            },
        })
        .collect()
}

/// What a reward is, in a few words: "a coupon", "10.00 cash", "a message".
pub fn what(reward: &Reward) -> Markup {
    html! {
        @match (reward.kind, &reward.value) {
            (RewardType::Coupon, Some(code)) => { "coupon " code { (code) } },
            (RewardType::Coupon, None) => { "a coupon" },
            (RewardType::Cash, Some(amount)) => { (amount) " cash" },
            (RewardType::Token, Some(amount)) => { (amount) " tokens" },
            (RewardType::Message, Some(_)) => { "a message" },
            (kind, _) => { (kind.name()) },
        }
        " for " (if reward.reason == RewardReason::Invited { "joining through a referral" } else { "referring" })
    }
}

/// The page a move sends the browser back to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Back {
    /// The campaign's review of held rewards.
    Review,
    /// The campaign's rewards, as they were filtered.
    Rewards(ListFilter),
    /// The reward's participant.
    Participant,
}

impl Back {
    /// The hidden fields that name this page in a move's form.
    fn fields(&self) -> Markup {
        match self {
            Back::Review => html! { input type="hidden" name="back" value="review"; },
            Back::Participant => html! { input type="hidden" name="back" value="participant"; },
            Back::Rewards(filter) => html! {
                input type="hidden" name="back" value="rewards";
                @if let Some(status) = filter.status { input type="hidden" name="status" value=(status.name()); }
                @if let Some(kind) = filter.kind { input type="hidden" name="kind" value=(kind.name()); }
                @if let Some(participant) = &filter.participant { input type="hidden" name="participant" value=(participant); }
                @if filter.page > 1 { input type="hidden" name="page" value=(filter.page); }
            },
        }
    }

    /// The page named by a posted form (the review when it names none).
    fn of_form(form: &FormData) -> Self {
        match form.get("back") {
            Some("participant") => Back::Participant,
            Some("rewards") => Back::Rewards(ListFilter::parse(
                form.get("status"),
                form.get("kind"),
                form.get("participant"),
                form.get("page"),
            )),
            _ => Back::Review,
        }
    }

    /// Where it is for `reward`, with the report of what happened.
    fn location(&self, reward: &Reward, report: &Report) -> String {
        let report = report.query();
        match self {
            Back::Review => format!("/dashboard/campaigns/{}/review?{report}", reward.campaign_id),
            Back::Participant => format!("/dashboard/participants/{}?{report}", reward.participant_id),
            Back::Rewards(filter) => {
                format!("/dashboard/campaigns/{}/rewards?{}{report}", reward.campaign_id, filter.query())
            }
        }
    }
}

/// The forms of the moves `reward` allows now, each sending the browser back to `back`.
pub fn moves(form_token: &str, reward: &Reward, back: &Back) -> Markup {
    let action = |name: &str| format!("/dashboard/rewards/{}/{name}", reward.id);
    let allowed = |a: RewardAction| a.allowed_from(reward.status);
    html! {
        div.moves {
            @if allowed(RewardAction::Approve) {
                form.inline method="post" action=(action("approve")) {
                    (page::token_field(form_token)) (back.fields())
                    button.small type="submit" { "Approve" }
                }
            }
            @if allowed(RewardAction::Fulfil) {
                form.inline method="post" action=(action("fulfil")) {
                    (page::token_field(form_token)) (back.fields())
                    label.visually-hidden for={ "reference-" (reward.id) } { "Payment reference" }
                    input #{ "reference-" (reward.id) } type="text" name="reference" maxlength="200"
                        placeholder="payment reference (optional)";
                    button.small type="submit" {
                        @if reward.kind == RewardType::Cash { "Mark paid" } @else { "Mark fulfilled" }
                    }
                }
            }
            @if allowed(RewardAction::Void) {
                form.inline method="post" action=(action("void")) {
                    (page::token_field(form_token)) (back.fields())
                    label.visually-hidden for={ "void-reason-" (reward.id) } { "Why it is voided" }
                    input #{ "void-reason-" (reward.id) } type="text" name="reason" maxlength="500"
                        placeholder="reason (optional)";
                    button.small.danger type="submit" { "Void" }
                }
            }
        }
    }
}

/// What a move (or a selection's moves) did, carried to the page after the redirect as
/// numbers and names of ours, and read back into a sentence there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    pub action: RewardAction,
    /// Rewards the action moved.
    pub moved: u64,
    /// Rewards it did not apply to any more (another tab or request moved them first).
    pub skipped: u64,
    /// The state of the one reward skipped, when a single move was skipped.
    pub was: Option<RewardStatus>,
}

impl Report {
    /// The query that carries the report to the next page.
    pub fn query(&self) -> String {
        let mut query = format!("done={}&moved={}&skipped={}", self.action.name(), self.moved, self.skipped);
        if let Some(was) = self.was {
            query.push_str("&was=");
            query.push_str(was.name());
        }
        query
    }

    /// The sentence for the page: what was done and what had been done already.
    pub fn sentence(&self) -> String {
        let past = |action: RewardAction| match action {
            RewardAction::Approve => "approved",
            RewardAction::Void => "voided",
            RewardAction::Fulfil => "marked fulfilled",
        };
        let rewards = |n: u64| if n == 1 { "1 reward".to_owned() } else { format!("{n} rewards") };
        match (self.moved, self.skipped, self.was) {
            (0, 0, _) => "No reward was ticked, so nothing changed: tick the rewards to move, then press the button \
                          again."
                .to_owned(),
            (0, 1, Some(was)) => {
                let done = matches!(
                    (self.action, was),
                    (RewardAction::Approve, RewardStatus::Issued | RewardStatus::Pending | RewardStatus::Fulfilled)
                        | (RewardAction::Void, RewardStatus::Voided)
                        | (RewardAction::Fulfil, RewardStatus::Fulfilled)
                );
                if done {
                    format!("That reward was already {}: nothing changed.", past(self.action))
                } else {
                    format!(
                        "That reward is {} now, so it cannot be {}: nothing changed.",
                        was.name(),
                        past(self.action)
                    )
                }
            }
            (moved, 0, _) => format!("{} {}.", rewards(moved), past(self.action)),
            (moved, skipped, _) => format!(
                "{} {}; {} had already been moved by someone else and did not change.",
                rewards(moved),
                past(self.action),
                rewards(skipped)
            ),
        }
    }
}

/// The query of a page after a move: the report, when there is one.
#[derive(Debug, Default, Deserialize)]
pub struct ReportQuery {
    done: Option<String>,
    moved: Option<String>,
    skipped: Option<String>,
    was: Option<String>,
}

impl ReportQuery {
    /// The report this query carries; `None` when it carries none, or one that is not ours.
    pub fn report(&self) -> Option<Report> {
        let count = |raw: &Option<String>| raw.as_deref().unwrap_or("0").parse::<u64>().ok();
        Some(Report {
            action: RewardAction::parse(self.done.as_deref()?)?,
            moved: count(&self.moved)?,
            skipped: count(&self.skipped)?,
            was: match self.was.as_deref() {
                Some(was) => Some(RewardStatus::parse(was).ok()?),
                None => None,
            },
        })
    }

    pub fn sentence(&self) -> Option<String> {
        self.report().map(|r| r.sentence())
    }
}

/// Applies `action` to each of `rewards` (already checked to be the member's), one after
/// the other through the brand's actor: a reward another request moved first is counted
/// as skipped, never an error. With `held_only` (the review's decisions), a reward that is
/// no longer held counts as moved before, whatever the action would still allow: a void
/// meant for a held reward never takes back one that someone approved meanwhile.
pub async fn apply(
    state: &AppState,
    member: &Member,
    rewards: &[u64],
    action: RewardAction,
    note: &str,
    held_only: bool,
) -> Result<Report, PageError> {
    let mut report = Report { action, moved: 0, skipped: 0, was: None };
    for &id in rewards {
        match move_reward(state, member, id, action, note.to_owned(), held_only).await? {
            Ok(_) => report.moved += 1,
            Err(status) => {
                report.skipped += 1;
                report.was = Some(status);
            }
        }
    }
    if rewards.len() != 1 {
        report.was = None;
    }
    Ok(report)
}

/// The note a move records, from its form: the void's reason (ours when none was given) or
/// the fulfil's payment reference.
pub fn note_of(form: &FormData, action: RewardAction) -> Result<String, PageError> {
    let note = match action {
        RewardAction::Approve => String::new(),
        RewardAction::Void => {
            let given = form.text("reason").trim();
            parse_void_reason(Some(if given.is_empty() { DEFAULT_VOID_REASON } else { given }))
                .map_err(ApiError::from)?
        }
        RewardAction::Fulfil => parse_payment_reference(form.get("reference")).map_err(ApiError::from)?,
    };
    Ok(note)
}

/// `POST /dashboard/rewards/{id}/{action}`: one move on one reward.
pub async fn act(
    state: web::Data<AppState>,
    posted: SignedInForm,
    path: web::Path<(u64, String)>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let (id, action) = path.into_inner();
    let action = RewardAction::parse(&action).ok_or_else(|| PageError::not_found("page"))?;
    let reward = state.store.reward(signed_in.member.id, id).await?.ok_or_else(|| PageError::not_found("reward"))?;
    let note = note_of(&form, action)?;
    let back = Back::of_form(&form);
    // A decision taken on the review page was taken on a held reward.
    let held_only = back == Back::Review;
    let report = apply(&state, &signed_in.member, &[reward.id], action, &note, held_only).await?;
    Ok(page::see_other(&back.location(&reward, &report)))
}

/// A reward's history, oldest first, each change with when and why.
pub fn history(reward: &Reward) -> Markup {
    html! {
        details.history {
            summary { "History (" (reward.history.len()) ")" }
            ol {
                @for change in &reward.history {
                    li { strong { (change.status.name()) } " · " (page::when(&change.at)) @if !change.note.is_empty() { " · " (change.note) } }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(done: &str, moved: &str, skipped: &str, was: Option<&str>) -> ReportQuery {
        ReportQuery {
            done: Some(done.into()),
            moved: Some(moved.into()),
            skipped: Some(skipped.into()),
            was: was.map(Into::into),
        }
    }

    #[test]
    fn a_report_reads_back_into_the_sentence_of_what_happened() {
        assert_eq!(query("approve", "3", "0", None).sentence().unwrap(), "3 rewards approved.");
        assert_eq!(
            query("approve", "0", "1", Some("issued")).sentence().unwrap(),
            "That reward was already approved: nothing changed."
        );
        assert_eq!(
            query("approve", "0", "1", Some("voided")).sentence().unwrap(),
            "That reward is voided now, so it cannot be approved: nothing changed."
        );
        assert_eq!(
            query("void", "2", "1", None).sentence().unwrap(),
            "2 rewards voided; 1 reward had already been moved by someone else and did not change."
        );
        let report = Report { action: RewardAction::Fulfil, moved: 1, skipped: 0, was: None };
        let back =
            ReportQuery { done: Some("fulfil".into()), moved: Some("1".into()), skipped: Some("0".into()), was: None };
        assert_eq!(back.report(), Some(report), "what a redirect carries is what the page reads");
        assert_eq!(report.query(), "done=fulfil&moved=1&skipped=0");
    }

    #[test]
    fn a_report_that_is_not_ours_is_no_report() {
        for q in [
            query("delete", "1", "0", None),
            query("approve", "many", "0", None),
            query("approve", "1", "-1", None),
            query("approve", "0", "1", Some("<script>")),
        ] {
            assert_eq!(q.report(), None, "{q:?}");
        }
        assert_eq!(ReportQuery::default().report(), None);
    }
}
