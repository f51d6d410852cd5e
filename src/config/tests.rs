//! Configuration layering and validation.

use super::*;

fn no_env(_: &str) -> Option<String> {
    None
}

#[test]
fn the_shipped_config_file_parses_and_matches_the_defaults() {
    let shipped = Config::from_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("config.toml")).unwrap();
    let defaults = Config::default();
    assert_eq!(shipped.server.bind, defaults.server.bind);
    assert_eq!(shipped.storage.data_dir, defaults.storage.data_dir);
    assert_eq!(shipped.storage.backend, Backend::Sled, "the embedded database by default");
    assert_eq!(shipped.storage.pool_size, defaults.storage.pool_size);
    assert_eq!(shipped.storage.database_timeout_ms, defaults.storage.database_timeout_ms);
    assert_eq!(shipped.server.max_body_bytes, defaults.server.max_body_bytes);
    assert_eq!(shipped.auth.token_ttl_days, 30);
    assert!(shipped.admin.token.is_empty(), "the shipped file must not carry a token");
    assert_eq!((shipped.log.level.as_str(), shipped.log.format), (defaults.log.level.as_str(), defaults.log.format));
}

#[test]
fn the_log_format_is_text_or_json_from_the_file_the_environment_or_the_flag() {
    assert_eq!(Config::default().log.format, LogFormat::Text);
    let filed = Config::from_toml("[log]\nformat = \"json\"\n").unwrap();
    assert_eq!(filed.log.format, LogFormat::Json);
    let err = Config::from_toml("[log]\nformat = \"xml\"\n").unwrap_err();
    assert!(err.contains("format") || err.contains("xml"), "{err}");
    let env = |value: &'static str| move |k: &str| (k == "REFERRALS_LOG_FORMAT").then(|| value.to_string());
    assert_eq!(Config::load(&Overrides::default(), env("JSON")).unwrap().log.format, LogFormat::Json);
    let refused = Config::load(&Overrides::default(), env("yaml")).unwrap_err().to_string();
    assert!(refused.contains("REFERRALS_LOG_FORMAT must be text or json"), "{refused}");
    let flagged = Overrides { log_format: Some(LogFormat::Text), ..Default::default() };
    assert_eq!(Config::load(&flagged, env("json")).unwrap().log.format, LogFormat::Text, "the flag wins");
}

#[test]
fn unknown_keys_are_named() {
    let err = Config::from_toml("[server]\nbindd = \"1.2.3.4:5\"\n").unwrap_err();
    assert!(err.contains("bindd"), "{err}");
    let err = Config::from_toml("[serverz]\n").unwrap_err();
    assert!(err.contains("serverz"), "{err}");
}

#[test]
fn private_webhook_targets_can_be_allowed_from_the_environment() {
    let load = |value: &'static str| {
        let env = move |k: &str| (k == "REFERRALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS").then(|| value.to_string());
        Config::load(&Overrides::default(), env)
    };
    assert!(load("true").unwrap().webhooks.allow_private_targets);
    assert!(!load("0").unwrap().webhooks.allow_private_targets);
    let refused = load("maybe").unwrap_err().to_string();
    assert!(refused.contains("REFERRALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS must be true or false"), "{refused}");
}

#[test]
fn flags_beat_environment_beats_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.toml");
    std::fs::write(
        &file,
        "[server]\nbind = \"127.0.0.1:1000\"\n[storage]\ndata_dir = \"/file\"\n[log]\nlevel = \"warn\"\n",
    )
    .unwrap();
    let env = |k: &str| match k {
        "REFERRALS_BIND" => Some("127.0.0.1:2000".to_string()),
        "REFERRALS_DATA_DIR" => Some("/env".to_string()),
        "REFERRALS_ADMIN_TOKEN" => Some("a-long-admin-token-0123".to_string()),
        _ => None,
    };
    let overrides = Overrides { config: Some(file.clone()), bind: Some("127.0.0.1:3000".into()), ..Default::default() };
    let config = Config::load(&overrides, env).unwrap();
    assert_eq!(config.server.bind, "127.0.0.1:3000");
    assert_eq!(config.storage.data_dir, PathBuf::from("/env"));
    assert_eq!(config.log.level, "warn");
    assert_eq!(config.admin.token, "a-long-admin-token-0123");

    let only_file = Config::load(&Overrides { config: Some(file), ..Default::default() }, no_env).unwrap();
    assert_eq!(only_file.server.bind, "127.0.0.1:1000");
}

#[test]
fn bad_values_are_refused_with_the_key_name() {
    let overrides = Overrides { config: None, bind: Some("nonsense".into()), ..Default::default() };
    let err = Config::load(&overrides, no_env).unwrap_err().to_string();
    assert!(err.contains("server.bind"), "{err}");
    let overrides =
        Overrides { public_url: Some("ftp://x".into()), bind: Some("127.0.0.1:0".into()), ..Default::default() };
    assert!(Config::load(&overrides, no_env).unwrap_err().to_string().contains("server.public_url"));
}

#[test]
fn metrics_are_off_by_default_and_never_on_the_public_address() {
    let overrides = Overrides { bind: Some("127.0.0.1:8080".into()), ..Default::default() };
    assert_eq!(Config::load(&overrides, no_env).unwrap().server.metrics_bind, "");
    let env = |value: &'static str| move |k: &str| (k == "REFERRALS_METRICS_BIND").then(|| value.to_string());
    let err = Config::load(&overrides, env("127.0.0.1:8080")).unwrap_err().to_string();
    assert!(err.contains("server.metrics_bind must differ"), "{err}");
    let err = Config::load(&overrides, env("localhost")).unwrap_err().to_string();
    assert!(err.contains("server.metrics_bind \"localhost\""), "{err}");
    assert_eq!(Config::load(&overrides, env("127.0.0.1:9090")).unwrap().server.metrics_bind, "127.0.0.1:9090");
}

#[test]
fn postgres_is_chosen_from_the_environment_and_needs_a_database_url_that_is_never_shown() {
    let load = |vars: &'static [(&'static str, &'static str)]| {
        let env = move |k: &str| vars.iter().find(|(name, _)| *name == k).map(|(_, v)| v.to_string());
        Config::load(&Overrides::default(), env)
    };
    const URL: &str = "postgres://referrals:hunter2@127.0.0.1:5432/referrals";
    let config =
        load(&[("REFERRALS_STORAGE_BACKEND", "postgres"), ("REFERRALS_DATABASE_URL", URL)]).expect("a valid setup");
    assert_eq!(config.storage.backend, Backend::Postgres);
    assert_eq!(config.storage.database_url, URL);
    let shown = format!("{:?}", config.storage);
    assert!(!shown.contains("hunter2") && !shown.contains("127.0.0.1"), "{shown}");

    let missing = load(&[("REFERRALS_STORAGE_BACKEND", "postgres")]).unwrap_err().to_string();
    assert!(missing.contains("REFERRALS_DATABASE_URL"), "{missing}");
    let wrong = load(&[("REFERRALS_STORAGE_BACKEND", "postgres"), ("REFERRALS_DATABASE_URL", "mysql://x")])
        .unwrap_err()
        .to_string();
    assert!(wrong.contains("postgres://"), "{wrong}");
    let unknown = load(&[("REFERRALS_STORAGE_BACKEND", "oracle")]).unwrap_err().to_string();
    assert!(unknown.contains("sled or postgres"), "{unknown}");
    let pool = load(&[("REFERRALS_DATABASE_POOL_SIZE", "0")]).unwrap_err().to_string();
    assert!(pool.contains("pool_size"), "{pool}");
}

/// The keys of `defaults` that `shipped` leaves out or sets to another value, by dotted path;
/// numbers compare by value (`10` and `10.0` are one setting).
fn differences(defaults: &toml::Value, shipped: &toml::Value, path: &str, out: &mut Vec<String>) {
    let number = |v: &toml::Value| match v {
        toml::Value::Integer(n) => Some(*n as f64),
        toml::Value::Float(f) => Some(*f),
        _ => None,
    };
    match (defaults, shipped) {
        (toml::Value::Table(want), toml::Value::Table(have)) => {
            for (key, value) in want {
                let here = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                match have.get(key) {
                    Some(shown) => differences(value, shown, &here, out),
                    None => out.push(format!("{here} is missing (default {value})")),
                }
            }
        }
        (toml::Value::Array(want), toml::Value::Array(have)) if want.len() == have.len() => {
            for (i, (w, h)) in want.iter().zip(have).enumerate() {
                differences(w, h, &format!("{path}[{i}]"), out);
            }
        }
        (want, have) if number(want).is_some() && number(want) == number(have) => {}
        (want, have) if want == have => {}
        (want, have) => out.push(format!("{path} is {have} in config.toml, {want} by default")),
    }
}

#[test]
fn the_shipped_config_file_names_every_key_with_its_default() {
    let defaults = toml::Value::try_from(Config::default()).unwrap();
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("config.toml")).unwrap();
    let shipped: toml::Value = toml::from_str(&text).unwrap();
    let mut out = Vec::new();
    differences(&defaults, &shipped, "", &mut out);
    assert!(out.is_empty(), "config.toml drifted from the code's defaults:\n{}", out.join("\n"));
    // The check itself sees a drift.
    let mut drifted = shipped.clone();
    drifted["log"].as_table_mut().unwrap().remove("format");
    drifted["server"]["workers"] = toml::Value::Integer(99);
    let mut out = Vec::new();
    differences(&defaults, &drifted, "", &mut out);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].starts_with("server.workers is 99") || out[1].starts_with("server.workers is 99"), "{out:?}");
}
