//! The configuration reference in `docs/operating.md` checked against the code, so that it
//! cannot drift: every key with its default, every environment variable and every flag.

use std::collections::BTreeMap;

use clap::{CommandFactory, Parser};

use super::*;

/// One row of the reference table: `| key | default | env | flag | what it sets |`.
struct Row {
    default: String,
    env: Option<String>,
    flag: Option<String>,
}

/// The table under "## Configuration", by key.
fn reference() -> BTreeMap<String, Row> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/operating.md")).unwrap();
    let section = text.split("\n## Configuration\n").nth(1).expect("docs/operating.md has ## Configuration");
    let section = section.split("\n## ").next().unwrap();
    let first_quoted = |cell: &str| cell.split('`').nth(1).map(str::to_owned);
    let mut rows = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 5, "a row has five cells: {line}");
        let key = first_quoted(cells[0]).unwrap();
        let default = cells[1].trim_matches('`').to_owned();
        let row = Row { default, env: first_quoted(cells[2]), flag: first_quoted(cells[3]) };
        assert!(rows.insert(key.clone(), row).is_none(), "{key} is in the table twice");
    }
    rows
}

/// The configuration as `section.key` → value, as `--print-default-config` writes it.
fn flatten(config: &Config) -> BTreeMap<String, toml::Value> {
    let toml::Value::Table(sections) = toml::Value::try_from(config).unwrap() else { unreachable!() };
    let mut keys = BTreeMap::new();
    for (section, table) in sections {
        for (key, value) in table.as_table().unwrap() {
            keys.insert(format!("{section}.{key}"), value.clone());
        }
    }
    keys
}

fn same(a: &toml::Value, b: &toml::Value) -> bool {
    match (a, b) {
        (toml::Value::Float(x), toml::Value::Integer(y)) | (toml::Value::Integer(y), toml::Value::Float(x)) => {
            *x == *y as f64
        }
        (toml::Value::Array(x), toml::Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        _ => a == b,
    }
}

/// A value for `key` other than `was`, as an operator would write it in the environment or
/// on the command line.
fn another_value(key: &str, was: &toml::Value) -> String {
    match (key, was) {
        ("storage.backend", _) => "postgres".into(),
        ("log.format", _) => "json".into(),
        ("members.registration", _) => "open".into(),
        (_, toml::Value::Boolean(b)) => (!b).to_string(),
        (_, toml::Value::Integer(n)) => (n + 7).to_string(),
        (_, toml::Value::String(s)) if s.contains(':') => "127.0.0.1:4321".into(),
        _ => format!("changed-{}", key.replace('.', "-")),
    }
}

#[test]
fn every_key_is_in_the_reference_with_its_default() {
    let rows = reference();
    let defaults = flatten(&Config::default());
    for (key, value) in &defaults {
        let row = rows.get(key).unwrap_or_else(|| panic!("docs/operating.md leaves out {key}"));
        let shown: toml::Value = toml::from_str::<toml::Table>(&format!("v = {}", row.default))
            .unwrap_or_else(|e| panic!("{key}: the default `{}` is not a TOML value: {e}", row.default))["v"]
            .clone();
        assert!(same(&shown, value), "{key}: docs/operating.md shows {shown}, the code's default is {value}");
    }
    for key in rows.keys() {
        assert!(defaults.contains_key(key), "docs/operating.md shows {key}, which the server does not know");
    }
}

#[test]
fn every_environment_variable_in_the_reference_sets_its_key_and_none_is_missing() {
    let rows = reference();
    let defaults = flatten(&Config::default());
    for (key, row) in &rows {
        let Some(name) = &row.env else { continue };
        let value = another_value(key, &defaults[key]);
        let mut config = Config::default();
        config.apply_env(|asked: &str| (asked == name).then(|| value.clone())).unwrap();
        let now = &flatten(&config)[key];
        assert!(!same(now, &defaults[key]), "{name}={value} left {key} at {now}");
    }
    // The code's side: every variable it reads is in the table.
    let documented: Vec<&str> = rows.values().filter_map(|r| r.env.as_deref()).collect();
    let sources = [
        include_str!("../config.rs"),
        include_str!("storage.rs"),
        include_str!("email.rs"),
        include_str!("members.rs"),
    ];
    for source in sources {
        for read in source.split("set(\"REFERRALS_").skip(1) {
            let name = format!("REFERRALS_{}", read.split('"').next().unwrap());
            assert!(documented.contains(&name.as_str()), "{name} is read by the code but not in docs/operating.md");
        }
    }
}

#[derive(Parser)]
struct Flags {
    #[command(flatten)]
    overrides: Overrides,
}

#[test]
fn every_flag_in_the_reference_sets_its_key_and_none_is_missing() {
    let rows = reference();
    let defaults = flatten(&Config::default());
    for (key, row) in &rows {
        let Some(flag) = &row.flag else { continue };
        let value = another_value(key, &defaults[key]);
        let parsed = Flags::try_parse_from(["referrals-server", flag.as_str(), value.as_str()])
            .unwrap_or_else(|e| panic!("{flag} {value}: {e}"));
        let mut config = Config::default();
        config.apply_overrides(&parsed.overrides);
        let now = &flatten(&config)[key];
        assert!(!same(now, &defaults[key]), "{flag} {value} left {key} at {now}");
    }
    let documented: Vec<&str> = rows.values().filter_map(|r| r.flag.as_deref()).collect();
    for arg in Flags::command().get_arguments() {
        let flag = format!("--{}", arg.get_long().unwrap());
        // --config names the file itself, documented beside the table.
        assert!(flag == "--config" || documented.contains(&flag.as_str()), "{flag} is not in docs/operating.md");
    }
}
