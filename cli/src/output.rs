//! Printing answers: aligned tables for people, JSON for scripts (`--json`).

use serde_json::Value;

/// Prints `rows` (JSON objects) as a table of `columns`, or the whole value as JSON.
pub fn table(json: bool, value: &Value, rows: &[Value], columns: &[&str]) {
    if json {
        println!("{}", serde_json::to_string_pretty(value).unwrap_or_default());
        return;
    }
    let cell = |row: &Value, column: &str| match &row[column] {
        Value::Null => "-".to_owned(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let widths: Vec<usize> = columns
        .iter()
        .map(|c| rows.iter().map(|r| cell(r, c).chars().count()).chain([c.len()]).max().unwrap_or(0))
        .collect();
    let line = |cells: Vec<String>| {
        cells.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect::<Vec<_>>().join("  ").trim_end().to_owned()
    };
    println!("{}", line(columns.iter().map(|c| c.to_uppercase()).collect()));
    for row in rows {
        println!("{}", line(columns.iter().map(|c| cell(row, c)).collect()));
    }
}

/// Prints one object as `key: value` lines, or as JSON.
pub fn record(json: bool, value: &Value) {
    if json {
        println!("{}", serde_json::to_string_pretty(value).unwrap_or_default());
        return;
    }
    for line in record_lines(value) {
        println!("{line}");
    }
}

/// The `key: value` lines of an object; a nested object's fields get dotted keys
/// (`api_key.prefix: ref_1a2b`), never a line of raw JSON.
fn record_lines(value: &Value) -> Vec<String> {
    fn walk(prefix: &str, value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(map) if !map.is_empty() => {
                for (key, v) in map {
                    let key = if prefix.is_empty() { key.clone() } else { format!("{prefix}.{key}") };
                    walk(&key, v, out);
                }
            }
            Value::String(s) => out.push(format!("{prefix}: {s}")),
            Value::Null => out.push(format!("{prefix}: -")),
            other => out.push(format!("{prefix}: {other}")),
        }
    }
    let mut out = Vec::new();
    if value.is_object() {
        walk("", value, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nested_object_prints_as_dotted_lines_not_json() {
        let member = serde_json::json!({"id": 7, "email": "ada@example.com", "plan": {"id": 2, "name": "Growth"},
                                        "api_key": {"prefix": "ref_1a2b", "created_at": null}});
        assert_eq!(
            record_lines(&member),
            [
                "id: 7",
                "email: ada@example.com",
                "plan.id: 2",
                "plan.name: Growth",
                "api_key.prefix: ref_1a2b",
                "api_key.created_at: -"
            ]
        );
    }
}
