//! What `participant_marks` keeps of a participant beside their row (a conversion, the count
//! of converted referrals, an unsubscription, a block, an admission, suspicions, the signup's
//! client print): a decision's marks, merged per participant ([`Marks`]) and written in one
//! statement.

use super::connection::Pipeline;

/// One of what `participant_marks` keeps of a participant.
pub(super) enum Mark {
    Converted,
    Qualified(u64),
    Unsubscribed,
    Blocked(Option<String>),
    Admitted(String),
    Holds(Vec<u8>),
    Print(Vec<u8>, i64),
}

/// The marks a decision sets on one participant: `None` leaves a column as it is. A later
/// mark of a column replaces an earlier one, as it would written one after the other.
#[derive(Default)]
struct Set {
    participant_id: i64,
    campaign_id: i64,
    converted: Option<bool>,
    qualified: Option<i64>,
    unsubscribed: Option<bool>,
    /// A block set or lifted (`Some(None)`).
    blocked: Option<Option<String>>,
    admitted: Option<String>,
    holds: Option<Vec<u8>>,
    print: Option<(Vec<u8>, i64)>,
}

/// The marks of a decision, a row a participant, in the order first marked.
#[derive(Default)]
pub(super) struct Marks(Vec<Set>);

impl Marks {
    pub fn set(&mut self, campaign_id: i64, participant_id: i64, mark: Mark) {
        let at = match self.0.iter().position(|s| s.participant_id == participant_id) {
            Some(at) => at,
            None => {
                self.0.push(Set { participant_id, campaign_id, ..Set::default() });
                self.0.len() - 1
            }
        };
        let set = &mut self.0[at];
        match mark {
            Mark::Converted => set.converted = Some(true),
            Mark::Qualified(count) => set.qualified = Some(super::sql_id(count)),
            Mark::Unsubscribed => set.unsubscribed = Some(true),
            Mark::Blocked(at) => set.blocked = Some(at),
            Mark::Admitted(at) => set.admitted = Some(at),
            Mark::Holds(holds) => set.holds = Some(holds),
            Mark::Print(print, at_ms) => set.print = Some((print, at_ms)),
        }
    }

    /// One statement for every participant marked: rows that exist are updated, column by
    /// column as marked, and the others inserted with the marks and each other column's
    /// default. No other transaction inserts the brand's marks meanwhile (the brand's lock,
    /// see `brand_lock.rs`), so the rows the update misses are the ones to insert.
    pub fn send(self, pipe: &mut Pipeline, brand_id: i64) {
        if self.0.is_empty() {
            return;
        }
        let rows = self.0;
        let participants: Vec<i64> = rows.iter().map(|s| s.participant_id).collect();
        let campaigns: Vec<i64> = rows.iter().map(|s| s.campaign_id).collect();
        let converted: Vec<Option<bool>> = rows.iter().map(|s| s.converted).collect();
        let qualified: Vec<Option<i64>> = rows.iter().map(|s| s.qualified).collect();
        let unsubscribed: Vec<Option<bool>> = rows.iter().map(|s| s.unsubscribed).collect();
        let blocks: Vec<bool> = rows.iter().map(|s| s.blocked.is_some()).collect();
        let blocked_at: Vec<Option<String>> = rows.iter().map(|s| s.blocked.clone().flatten()).collect();
        let admitted: Vec<Option<String>> = rows.iter().map(|s| s.admitted.clone()).collect();
        let holds: Vec<Option<Vec<u8>>> = rows.iter().map(|s| s.holds.clone()).collect();
        let prints: Vec<Option<Vec<u8>>> = rows.iter().map(|s| s.print.as_ref().map(|(p, _)| p.clone())).collect();
        let print_at: Vec<Option<i64>> = rows.iter().map(|s| s.print.as_ref().map(|(_, at)| *at)).collect();
        pipe.push(
            "WITH n AS (
                 SELECT * FROM unnest($2::bigint[], $3::bigint[], $4::boolean[], $5::bigint[], $6::boolean[],
                                      $7::boolean[], $8::text[], $9::text[], $10::bytea[], $11::bytea[], $12::bigint[])
                     AS n (p, c, converted, qualified, unsubscribed, blocks, blocked_at, admitted_at, holds, print,
                           print_at)),
             moved AS (
                 UPDATE participant_marks t SET
                     converted = coalesce(n.converted, t.converted),
                     qualified = coalesce(n.qualified, t.qualified),
                     unsubscribed = coalesce(n.unsubscribed, t.unsubscribed),
                     blocked_at = CASE WHEN n.blocks THEN n.blocked_at ELSE t.blocked_at END,
                     admitted_at = coalesce(n.admitted_at, t.admitted_at),
                     referral_holds = coalesce(n.holds, t.referral_holds),
                     print = coalesce(n.print, t.print),
                     print_at_ms = CASE WHEN n.print IS NULL THEN t.print_at_ms ELSE n.print_at END
                 FROM n WHERE t.brand_id = $1 AND t.participant_id = n.p
                 RETURNING t.participant_id)
             INSERT INTO participant_marks (brand_id, participant_id, campaign_id, converted, qualified, unsubscribed,
                 blocked_at, admitted_at, referral_holds, print, print_at_ms)
             SELECT $1, n.p, n.c, coalesce(n.converted, false), coalesce(n.qualified, 0), coalesce(n.unsubscribed, false),
                 n.blocked_at, n.admitted_at, n.holds, n.print, n.print_at
             FROM n WHERE NOT EXISTS (SELECT 1 FROM moved WHERE moved.participant_id = n.p)",
            owned![
                &brand_id,
                &participants,
                &campaigns,
                &converted,
                &qualified,
                &unsubscribed,
                &blocks,
                &blocked_at,
                &admitted,
                &holds,
                &prints,
                &print_at
            ],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_participants_marks_become_one_row_and_a_later_mark_of_a_column_wins() {
        let mut marks = Marks::default();
        marks.set(3, 7, Mark::Print(vec![1], 10));
        marks.set(3, 8, Mark::Converted);
        marks.set(3, 7, Mark::Blocked(Some("then".into())));
        marks.set(3, 7, Mark::Qualified(2));
        marks.set(3, 7, Mark::Blocked(None));
        marks.set(3, 7, Mark::Qualified(3));
        let rows = &marks.0;
        assert_eq!(rows.iter().map(|s| s.participant_id).collect::<Vec<_>>(), vec![7, 8], "one row each, in order");
        let seven = &rows[0];
        assert_eq!(seven.blocked, Some(None), "the block was lifted after it was set: lifted");
        assert_eq!(seven.qualified, Some(3));
        assert_eq!(seven.print, Some((vec![1], 10)));
        assert_eq!((seven.converted, seven.unsubscribed, &seven.admitted, &seven.holds), (None, None, &None, &None));
        assert_eq!(rows[1].converted, Some(true));
    }
}
