//! Coupon uploads: codes as a JSON array or as CSV / one code a line (the first column is the
//! code; a header named `code` is skipped). CSV is read by the `csv` crate.

use std::collections::HashSet;

use serde::Serialize;

/// Longest coupon code, in characters.
pub const MAX_CODE_CHARS: usize = 128;
/// Most codes one upload request may carry.
pub const MAX_CODES_PER_UPLOAD: usize = 100_000;

/// Coupons uploaded to a campaign and how many of them were assigned. Coupons are assigned
/// in upload order, so the available ones are exactly seq `assigned+1 ..= uploaded`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CouponPool {
    pub uploaded: u64,
    pub assigned: u64,
}

impl CouponPool {
    pub fn available(&self) -> u64 {
        self.uploaded - self.assigned
    }
}

/// A line that could not be used, with its 1-based line number (or array index + 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct InvalidLine {
    /// 1-based: the line of a file, or the position in a JSON array.
    pub line: u64,
    /// The rule the line broke.
    pub reason: String,
}

/// What an upload contained, before it meets the pool.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ParsedCodes {
    /// Valid codes in upload order, duplicates within the upload removed.
    pub codes: Vec<String>,
    pub blank: u64,
    pub duplicate_in_upload: u64,
    pub invalid: Vec<InvalidLine>,
}

fn check_code(code: &str) -> Result<(), String> {
    if code.chars().count() > MAX_CODE_CHARS {
        return Err(format!("code is longer than {MAX_CODE_CHARS} characters"));
    }
    if code.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("code contains spaces or control characters".into());
    }
    Ok(())
}

impl ParsedCodes {
    fn push(&mut self, seen: &mut HashSet<String>, line: u64, raw: &str) {
        let code = raw.trim();
        if code.is_empty() {
            self.blank += 1;
        } else if let Err(reason) = check_code(code) {
            self.invalid.push(InvalidLine { line, reason });
        } else if !seen.insert(code.to_owned()) {
            self.duplicate_in_upload += 1;
        } else {
            self.codes.push(code.to_owned());
        }
    }

    /// Codes from a JSON array of strings; a non-string element is invalid.
    pub fn from_json(values: &[serde_json::Value]) -> Self {
        let mut parsed = Self::default();
        let mut seen = HashSet::new();
        for (index, value) in values.iter().enumerate() {
            match value.as_str() {
                Some(code) => parsed.push(&mut seen, index as u64 + 1, code),
                None => parsed.invalid.push(InvalidLine { line: index as u64 + 1, reason: "not a string".into() }),
            }
        }
        parsed
    }

    /// Codes from CSV text (or one code a line). A first line whose first column is `code`
    /// is a header. Line numbers come from the reader's byte offsets (its own line counter
    /// skips blank lines), so they match what an editor shows.
    pub fn from_csv(text: &[u8]) -> Self {
        Self::from_csv_block(text, 1)
    }

    /// As [`ParsedCodes::from_csv`], for a block of whole lines of a larger upload whose
    /// first line is line `first_line` of the upload (line numbers are the upload's; only
    /// line 1 can be the header).
    pub fn from_csv_block(text: &[u8], first_line: u64) -> Self {
        let shift = first_line - 1;
        let mut parsed = Self::default();
        let mut seen = HashSet::new();
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text);
        let mut record = csv::ByteRecord::new();
        let mut lines = LineCounter::default();
        let mut last_line = 0u64;
        loop {
            let (line, first) = match reader.read_byte_record(&mut record) {
                Ok(false) => break,
                Ok(true) => {
                    let offset = record.position().map_or(0, |p| p.byte());
                    (lines.line_at(text, offset), std::str::from_utf8(record.get(0).unwrap_or(b"")).map_err(|_| ()))
                }
                Err(e) => {
                    let offset = e.position().map_or(0, |p| p.byte());
                    (lines.line_at(text, offset), Err(()))
                }
            };
            // The reader skips empty lines; they are the gap between two records.
            parsed.blank += line.saturating_sub(last_line + 1);
            last_line = line;
            match first {
                Ok(code) if line + shift == 1 && code.trim().eq_ignore_ascii_case("code") => {}
                Ok(code) => parsed.push(&mut seen, line + shift, code),
                Err(_) => parsed.invalid.push(InvalidLine { line: line + shift, reason: "not valid UTF-8".into() }),
            }
        }
        let total_lines = lines.line_at(text, text.len() as u64) - u64::from(text.is_empty() || text.ends_with(b"\n"));
        parsed.blank += total_lines.saturating_sub(last_line);
        parsed
    }
}

/// Turns increasing byte offsets into 1-based line numbers in one pass over the text.
#[derive(Default)]
struct LineCounter {
    offset: usize,
    newlines: u64,
}

impl LineCounter {
    fn line_at(&mut self, text: &[u8], offset: u64) -> u64 {
        let mut target = (offset as usize).min(text.len());
        // The reader reports a record as starting where the previous one ended: on the line
        // terminator (CRLF's `\n`) and on any blank lines it skipped. A record never starts
        // with a terminator, so its first line is past them.
        while text.get(target).is_some_and(|&b| b == b'\n' || b == b'\r') {
            target += 1;
        }
        if target > self.offset {
            self.newlines += text[self.offset..target].iter().filter(|&&b| b == b'\n').count() as u64;
            self.offset = target;
        }
        self.newlines + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_with_header_blanks_duplicates_and_extra_columns() {
        let text = b"code,notes\nSAVE10,first\n\nSAVE20\n  \nSAVE10\n\"SAVE30\",x\nbad code\n\n";
        let parsed = ParsedCodes::from_csv(text);
        assert_eq!(parsed.codes, vec!["SAVE10", "SAVE20", "SAVE30"]);
        assert_eq!(parsed.blank, 3, "{parsed:?}");
        assert_eq!(parsed.duplicate_in_upload, 1);
        assert_eq!(
            parsed.invalid,
            vec![InvalidLine { line: 8, reason: "code contains spaces or control characters".into() }]
        );
    }

    #[test]
    fn one_code_a_line_and_json_arrays() {
        let parsed = ParsedCodes::from_csv(b"A\r\nB\r\nA\r\n");
        assert_eq!(parsed.codes, vec!["A", "B"]);
        assert_eq!((parsed.blank, parsed.duplicate_in_upload), (0, 1));
        let parsed = ParsedCodes::from_json(&[
            serde_json::json!("X"),
            serde_json::json!(""),
            serde_json::json!(5),
            serde_json::json!("X"),
        ]);
        assert_eq!(parsed.codes, vec!["X"]);
        assert_eq!((parsed.blank, parsed.duplicate_in_upload, parsed.invalid.len()), (1, 1, 1));
    }

    #[test]
    fn blocks_of_a_larger_upload_keep_the_upload_line_numbers() {
        let parsed = ParsedCodes::from_csv_block(b"code\nA\n\nbad code\n", 11);
        assert_eq!(parsed.codes, vec!["code", "A"], "only line 1 of the upload is a header");
        assert_eq!(parsed.blank, 1);
        assert_eq!(
            parsed.invalid,
            vec![InvalidLine { line: 14, reason: "code contains spaces or control characters".into() }]
        );
    }

    #[test]
    fn invalid_utf8_is_reported_not_fatal() {
        let parsed = ParsedCodes::from_csv(b"OK1\n\xff\xfe\nOK2\n");
        assert_eq!(parsed.codes, vec!["OK1", "OK2"]);
        assert_eq!(parsed.invalid.len(), 1);
        assert_eq!(parsed.invalid[0].line, 2);
    }
}
