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
    if let Some(map) = value.as_object() {
        for (key, v) in map {
            let text = match v {
                Value::String(s) => s.clone(),
                Value::Null => "-".into(),
                other => other.to_string(),
            };
            println!("{key}: {text}");
        }
    }
}
