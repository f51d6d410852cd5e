//! The dry run of the fraud rules ([`crate::domain::fraud_preview`]) against the rules
//! themselves: over any sequence of signups, the preview of a set of rules on a campaign that
//! had none counts exactly what a campaign with those rules holds and refuses when the same
//! signups are made.

use std::collections::HashMap;

use proptest::prelude::*;

use super::tests::{campaign, World};
use super::*;
use crate::domain::client_print::{ClientPrint, PRINT_KEPT_MS};
use crate::domain::fraud::{DisposablePolicy, FraudSettings, SameAddressPolicy, HOUR_MS};
use crate::domain::fraud_preview::{FraudPreview, Replay};
use crate::domain::reward::HoldReason;
use crate::domain::EmailAddress;

/// One generated signup: who (an index into a few people and spellings of their address),
/// referred by whom (an index into those who joined), from which client, after how long.
#[derive(Debug, Clone)]
struct Step {
    person: u8,
    spelling: u8,
    domain: u8,
    referrer: Option<u16>,
    client: Option<(u8, u8)>,
    wait: u8,
}

fn step() -> impl Strategy<Value = Step> {
    (
        0..6u8,
        0..4u8,
        0..4u8,
        proptest::option::weighted(0.8, any::<u16>()),
        proptest::option::weighted(0.8, (0..3u8, 0..2u8)),
        0..8u8,
    )
        .prop_map(|(person, spelling, domain, referrer, client, wait)| Step {
            person,
            spelling,
            domain,
            referrer,
            client,
            wait,
        })
}

fn rules() -> impl Strategy<Value = FraudSettings> {
    let disposable =
        prop_oneof![Just(DisposablePolicy::Refuse), Just(DisposablePolicy::Hold), Just(DisposablePolicy::Allow)];
    let same = prop_oneof![
        Just(SameAddressPolicy::Address),
        Just(SameAddressPolicy::AddressAndAgent),
        Just(SameAddressPolicy::Off)
    ];
    (any::<bool>(), disposable, same, 0..4u32, 0..4u32).prop_map(
        |(canonical_emails, disposable_emails, same_address, per_referrer, per_address)| FraudSettings {
            canonical_emails,
            disposable_emails,
            same_address,
            max_referrals_per_hour: per_referrer,
            max_signups_per_address_per_hour: per_address,
        },
    )
}

impl Step {
    /// Spellings that one inbox rule or another folds together, at ordinary, Gmail and
    /// disposable domains.
    fn email(&self) -> String {
        let name = ["ann", "bob", "cy", "dee", "eve", "flo"][self.person as usize];
        let local = match self.spelling {
            0 => name.to_owned(),
            1 => format!("{name}+tag"),
            2 => format!("{}.{}", &name[..1], &name[1..]),
            _ => name.to_uppercase(),
        };
        let domain = ["example.com", "gmail.com", "googlemail.com", "mailinator.com"][self.domain as usize];
        format!("{local}@{domain}")
    }

    fn client(&self) -> Option<ClientPrint> {
        self.client.map(|(address, device)| ClientPrint { address: [address; 16], device: [address * 2 + device; 16] })
    }

    /// Mostly bursts, sometimes most of an hour, now and then past a print's keeping.
    fn wait_ms(&self) -> i64 {
        match self.wait {
            0..=3 => i64::from(self.wait) * 1_000,
            4 | 5 => 20 * 60_000,
            6 => HOUR_MS,
            _ => PRINT_KEPT_MS - 1_000,
        }
    }
}

/// Signs `step`'s person up to `world`, referred by `referrer`.
fn sign_up(world: &mut World, step: &Step, referrer: Option<u64>) -> Result<SignupDecision, SignupRefusal> {
    let who = NewParticipant {
        email: EmailAddress::parse(&step.email()).unwrap(),
        name: String::new(),
        domain: None,
        client: step.client(),
        language: None,
    };
    world.signup_as(who, referrer.map(|referrer_id| ReferralEdge { referrer_id, invited_id: None }))
}

/// What a campaign with the rules did to its referrals, counted as the preview counts.
fn counted(world: &World, referrals: u64, with_client: u64, refused: FraudPreview) -> FraudPreview {
    let mut counts = FraudPreview { referrals, with_client, ..refused };
    for reward in world.brand.rewards.values() {
        counts.held += u64::from(!reward.holds.is_empty());
        for reason in &reward.holds {
            match reason {
                HoldReason::DisposableEmail => counts.held_by_reason.disposable_email += 1,
                HoldReason::SameAddress => counts.held_by_reason.same_address += 1,
                HoldReason::Velocity => counts.held_by_reason.velocity += 1,
                HoldReason::HoldPeriod | HoldReason::NoExchangeRate => unreachable!("not a fraud rule's hold"),
            }
        }
    }
    counts
}

proptest! {
    /// The preview of `proposed` on a campaign whose rules were all off equals what a
    /// campaign with `proposed` holds and refuses, signup for signup.
    #[test]
    fn the_preview_counts_what_the_rules_then_hold(steps in proptest::collection::vec(step(), 1..80), proposed in rules()) {
        let mut open = campaign(RewardType::Cash, 1, false);
        open.fraud = FraudSettings {
            canonical_emails: false,
            disposable_emails: DisposablePolicy::Allow,
            same_address: SameAddressPolicy::Off,
            max_referrals_per_hour: 0,
            max_signups_per_address_per_hour: 0,
        };
        let mut guarded = open.clone();
        guarded.fraud = proposed.clone();
        let (mut before, mut after) = (World::new(open.clone()), World::new(guarded));
        // Who joined the open campaign, and who each is in the guarded one (if they joined).
        let mut joined: Vec<u64> = Vec::new();
        let mut counterpart: HashMap<u64, Option<u64>> = HashMap::new();
        let (mut referrals, mut with_client, mut refused) = (0, 0, FraudPreview::default());
        for step in &steps {
            before.wait(step.wait_ms());
            after.wait(step.wait_ms());
            let referrer = step.referrer.filter(|_| !joined.is_empty()).map(|r| joined[r as usize % joined.len()]);
            let Ok(SignupDecision::Created { signed, .. }) = sign_up(&mut before, step, referrer) else { continue };
            joined.push(signed.participant.id);
            let referral = signed.participant.referred_by.is_some();
            referrals += u64::from(referral);
            with_client += u64::from(referral && step.client.is_some());
            let mut refuse = |count: &mut u64| {
                if referral {
                    *count += 1;
                    refused.refused += 1;
                }
                None
            };
            let theirs = match referrer.map(|r| counterpart[&r]) {
                Some(None) => refuse(&mut refused.refused_by_reason.referrer_refused),
                referrer => match sign_up(&mut after, step, referrer.flatten()) {
                    Ok(SignupDecision::Created { signed, .. }) => Some(signed.participant.id),
                    Ok(SignupDecision::AlreadyReferred { .. }) | Err(SignupRefusal::EmailTaken) => {
                        refuse(&mut refused.refused_by_reason.participant_exists)
                    }
                    Err(SignupRefusal::SelfReferral) => refuse(&mut refused.refused_by_reason.self_referral),
                    Err(SignupRefusal::DisposableEmail) => refuse(&mut refused.refused_by_reason.disposable_email),
                    Err(other) => panic!("refused for {other:?}"),
                },
            };
            counterpart.insert(signed.participant.id, theirs);
        }

        let mut with_rules = open;
        with_rules.fraud = proposed;
        let mut replay = Replay::new(with_rules);
        for id in before.brand.roster.values() {
            replay.push(&before.brand.participants[id], before.brand.prints.get(id).copied());
        }
        prop_assert_eq!(replay.finish(), counted(&after, referrals, with_client, refused));
    }
}
