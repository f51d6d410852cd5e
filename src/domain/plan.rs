//! Subscription plans: what a member's account may do. Plans live in the store; a free and two
//! paid plans are seeded on first start.

use serde::{Deserialize, Serialize};

/// A subscription plan as stored and as listed by `GET /billing/plans`. Its OpenAPI schema
/// is derived from it (it is answered as it is).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct Plan {
    pub id: u64,
    pub name: String,
    /// Price per interval as a decimal string, e.g. "29.00".
    pub price: String,
    /// ISO 4217 currency code.
    pub currency: String,
    /// Billing interval: "month" or "year".
    pub interval: String,
    /// Paid plans unlock public campaigns.
    pub paid: bool,
    pub limits: PlanLimits,
}

impl Plan {
    /// Stands in for a member's plan that is not stored: unpaid, unlimited.
    pub fn missing(id: u64) -> Self {
        Self {
            id,
            name: format!("#{id}"),
            price: "0.00".into(),
            currency: "USD".into(),
            interval: "month".into(),
            paid: false,
            limits: PlanLimits { brands: None, campaigns: None, participants: None },
        }
    }
}

/// Quotas attached to a plan. `None` (null) means unlimited. They are enforced when something
/// is created (403 `plan_limit_reached`); moving a member to a smaller plan deletes nothing,
/// it only stops new creations above the new limits.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct PlanLimits {
    /// Brands per account.
    #[schema(maximum = 1_000_000_000_000_u64)]
    pub brands: Option<u64>,
    /// Campaigns per account, over all its brands.
    #[schema(maximum = 1_000_000_000_000_u64)]
    pub campaigns: Option<u64>,
    /// Participants per campaign.
    #[schema(maximum = 1_000_000_000_000_u64)]
    pub participants: Option<u64>,
}

/// What a plan limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quota {
    Brands,
    Campaigns,
    Participants,
}

impl Quota {
    /// The limit of this quota in `limits`.
    pub fn of(self, limits: &PlanLimits) -> Option<u64> {
        match self {
            Self::Brands => limits.brands,
            Self::Campaigns => limits.campaigns,
            Self::Participants => limits.participants,
        }
    }
}

/// A creation the member's plan does not allow: which quota, its limit and the plan's name,
/// said as a sentence that tells the member what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.sentence())]
pub struct LimitReached {
    pub quota: Quota,
    pub limit: u64,
    pub plan: String,
}

impl LimitReached {
    /// `plan` allows no more of what `quota` counts.
    pub fn of(quota: Quota, plan: &Plan) -> Self {
        Self { quota, limit: quota.of(&plan.limits).unwrap_or_default(), plan: plan.name.clone() }
    }

    fn sentence(&self) -> String {
        let (plural, scope, remedy) = match self.quota {
            Quota::Brands => ("brands", "per account", "delete a brand"),
            Quota::Campaigns => ("campaigns", "per account", "delete a campaign"),
            Quota::Participants => ("participants", "per campaign", "start another campaign"),
        };
        let what = if self.limit == 1 { plural.trim_end_matches('s') } else { plural };
        format!(
            "plan limit reached: the {} plan allows {} {what} {scope} (limits.{plural}); upgrade the plan or {remedy}",
            self.plan, self.limit
        )
    }
}

/// The largest quota a plan may set. Anything above it means "unlimited", which is `null`;
/// refusing it keeps every limit a number that any JSON client reads exactly (below 2^53).
/// The `#[schema(maximum)]`s above repeat it as a literal: utoipa takes literals only.
pub const MAX_LIMIT: u64 = 1_000_000_000_000;

impl PlanLimits {
    /// Refuses a quota above [`MAX_LIMIT`], naming the field.
    pub fn validate(&self) -> Result<(), super::ValidationError> {
        for (field, value) in [
            ("limits.brands", self.brands),
            ("limits.campaigns", self.campaigns),
            ("limits.participants", self.participants),
        ] {
            if value.is_some_and(|v| v > MAX_LIMIT) {
                return Err(super::ValidationError::new(
                    field,
                    format!("{field} must be at most {MAX_LIMIT}; use null for no limit"),
                ));
            }
        }
        Ok(())
    }
}

/// Id of the plan new members are put on.
pub const FREE_PLAN_ID: u64 = 1;

/// The plans a fresh installation starts with. The operator edits them later (admin API).
pub fn default_plans() -> Vec<Plan> {
    vec![
        Plan {
            id: FREE_PLAN_ID,
            name: "Free".into(),
            price: "0.00".into(),
            currency: "USD".into(),
            interval: "month".into(),
            paid: false,
            limits: PlanLimits { brands: Some(1), campaigns: Some(3), participants: Some(1_000) },
        },
        Plan {
            id: 2,
            name: "Growth".into(),
            price: "29.00".into(),
            currency: "USD".into(),
            interval: "month".into(),
            paid: true,
            limits: PlanLimits { brands: Some(5), campaigns: Some(50), participants: Some(100_000) },
        },
        Plan {
            id: 3,
            name: "Scale".into(),
            price: "99.00".into(),
            currency: "USD".into(),
            interval: "month".into(),
            paid: true,
            limits: PlanLimits { brands: None, campaigns: None, participants: None },
        },
    ]
}
