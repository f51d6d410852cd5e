//! What `participant_marks` keeps of a participant beside their row (a conversion, the count
//! of converted referrals, an unsubscription, a block, an admission, suspicions, the signup's
//! client print): a decision's marks, merged per participant ([`Marks`]): a new
//! participant's inserted with the decision's other rows, another's upserted by key.

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

    /// The marks of participants whose rows this decision inserts (`new`), as arrays: their
    /// marks rows cannot exist yet, so they are inserted with the participants (see
    /// `write_set.rs`). The others' go to `pipe` (see [`upsert`]).
    pub fn split(self, new: impl Fn(i64) -> bool, pipe: &mut Pipeline, brand_id: i64) -> NewMarks {
        let mut rows = NewMarks::default();
        for set in self.0 {
            if !new(set.participant_id) {
                upsert(pipe, brand_id, set);
                continue;
            }
            rows.participants.push(set.participant_id);
            rows.campaigns.push(set.campaign_id);
            rows.converted.push(set.converted.unwrap_or(false));
            rows.qualified.push(set.qualified.unwrap_or(0));
            rows.unsubscribed.push(set.unsubscribed.unwrap_or(false));
            rows.blocked_at.push(set.blocked.flatten());
            rows.admitted_at.push(set.admitted);
            rows.holds.push(set.holds);
            let (print, print_at) = set.print.unzip();
            rows.prints.push(print);
            rows.print_at.push(print_at);
        }
        rows
    }
}

/// New participants' marks rows, a column an array.
#[derive(Default)]
pub(super) struct NewMarks {
    pub participants: Vec<i64>,
    pub campaigns: Vec<i64>,
    pub converted: Vec<bool>,
    pub qualified: Vec<i64>,
    pub unsubscribed: Vec<bool>,
    pub blocked_at: Vec<Option<String>>,
    pub admitted_at: Vec<Option<String>>,
    pub holds: Vec<Option<Vec<u8>>>,
    pub prints: Vec<Option<Vec<u8>>>,
    pub print_at: Vec<Option<i64>>,
}

/// The marks of a participant whose row may exist: an upsert that sets the columns marked and
/// leaves the others (a new row takes each other column's default). A statement a row, found
/// by its key: a decision marks one or two such participants (the referrer), and a join of
/// many rows against the table may be planned as a read of the brand's marks.
fn upsert(pipe: &mut Pipeline, brand_id: i64, set: Set) {
    let (blocks, blocked_at) = (set.blocked.is_some(), set.blocked.flatten());
    let (print, print_at) = set.print.unzip();
    pipe.push(
        "INSERT INTO participant_marks (brand_id, participant_id, campaign_id, converted, qualified, unsubscribed,
             blocked_at, admitted_at, referral_holds, print, print_at_ms)
         VALUES ($1, $2, $3, coalesce($4::boolean, false), coalesce($5::bigint, 0), coalesce($6::boolean, false),
                 $8::text, $9::text, $10::bytea, $11::bytea, $12::bigint)
         ON CONFLICT (brand_id, participant_id) DO UPDATE SET
             converted = coalesce($4, participant_marks.converted),
             qualified = coalesce($5, participant_marks.qualified),
             unsubscribed = coalesce($6, participant_marks.unsubscribed),
             blocked_at = CASE WHEN $7::boolean THEN $8 ELSE participant_marks.blocked_at END,
             admitted_at = coalesce($9, participant_marks.admitted_at),
             referral_holds = coalesce($10, participant_marks.referral_holds),
             print = coalesce($11, participant_marks.print),
             print_at_ms = CASE WHEN $11 IS NULL THEN participant_marks.print_at_ms ELSE $12 END",
        taken![
            brand_id,
            set.participant_id,
            set.campaign_id,
            set.converted,
            set.qualified,
            set.unsubscribed,
            blocks,
            blocked_at,
            set.admitted,
            set.holds,
            print,
            print_at
        ],
    );
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
