//! `refctl` against a real server: every subcommand's success path and its main failures,
//! with exit codes. The server binary is the workspace's own build, next to `refctl`.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

use serde_json::{json, Value};

const TOKEN: &str = "cli-admin-token-0123456789abcdef";

/// A server process with the admin API on, killed when dropped.
struct Server {
    url: String,
    child: Child,
    _dir: Option<tempfile::TempDir>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn server_binary() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_BIN_EXE_refctl")).with_file_name("referrals-server");
    assert!(path.exists(), "build the server first (cargo test --workspace builds it): {}", path.display());
    path
}

fn start_server() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let mut server = start_server_on(&dir.path().join("data"));
    server._dir = Some(dir);
    server
}

/// A server on an existing (or new) data directory that the caller keeps.
fn start_server_on(data_dir: &std::path::Path) -> Server {
    start_server_with_faults(data_dir, "")
}

/// A server with test faults switched on (`REFERRALS_TEST_FAULTS`).
fn start_server_with_faults(data_dir: &std::path::Path, faults: &str) -> Server {
    start_server_with(data_dir, &[("REFERRALS_TEST_FAULTS", faults)])
}

/// A server with these environment variables set.
fn start_server_with(data_dir: &std::path::Path, env: &[(&str, &str)]) -> Server {
    start_server_configured(data_dir, std::path::Path::new("/dev/null"), env)
}

/// A server with this configuration file and these environment variables.
fn start_server_configured(data_dir: &std::path::Path, config: &std::path::Path, env: &[(&str, &str)]) -> Server {
    let mut child = Command::new(server_binary())
        .args(["--bind", "127.0.0.1:0", "--log-level", "warn", "--config"])
        .arg(config)
        .arg("--data-dir")
        .arg(data_dir)
        .env("REFERRALS_ADMIN_TOKEN", TOKEN)
        .env_remove("REFERRALS_CONFIG")
        .env_remove("REFERRALS_STORAGE_BACKEND")
        .env_remove("REFERRALS_DATABASE_URL")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url =
        line.split_whitespace().find(|w| w.starts_with("http://")).expect("server announced its address").to_owned();
    Server { url, child, _dir: None }
}

/// Runs refctl with the given server and token.
fn refctl(server: &str, token: Option<&str>, args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_refctl"));
    command
        .args(["--server", server, "--config", "/nonexistent/config.toml"])
        .args(args)
        .env_remove("REFERRALS_ADMIN_TOKEN")
        .env_remove("REFCTL_SERVER");
    if let Some(token) = token {
        command.args(["--token", token]);
    }
    command.output().unwrap()
}

fn ok_json(server: &Server, args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = refctl(&server.url, Some(TOKEN), &all);
    assert!(output.status.success(), "refctl {args:?} failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}", String::from_utf8_lossy(&output.stdout)))
}

fn fails(server: &str, token: Option<&str>, args: &[&str], says: &str) {
    let output = refctl(server, token, args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line of error: {stderr}");
    assert!(stderr.starts_with("refctl: ") && stderr.contains(says), "{args:?}: {stderr}");
}

#[test]
fn help_needs_no_server() {
    for args in [&["--help"][..], &["members", "--help"], &["plans", "create", "--help"]] {
        let output = refctl("http://127.0.0.1:9", None, args);
        assert!(output.status.success());
        assert!(String::from_utf8_lossy(&output.stdout).contains("Usage: refctl"));
    }
}

#[test]
fn shell_completions_and_the_man_page_come_from_the_commands_themselves() {
    let run = |args: &[&str]| {
        let output = refctl("http://127.0.0.1:9", None, args);
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).unwrap()
    };
    let bash = run(&["completions", "bash"]);
    assert!(bash.contains("_refctl()") && bash.contains("complete -F _refctl"), "{bash}");
    assert!(bash.contains("members") && bash.contains("set-plan"), "every command is completed");
    assert!(run(&["completions", "zsh"]).starts_with("#compdef refctl"));
    assert!(run(&["completions", "fish"]).contains("complete -c refctl"));
    let man = run(&["man"]);
    assert!(man.contains(".TH refctl 1"), "{man}");
    assert!(man.contains("Administer a referrals server") && man.contains("members"), "{man}");
    let unknown = refctl("http://127.0.0.1:9", None, &["completions", "nosh"]);
    assert_eq!(unknown.status.code(), Some(2), "a shell it does not know is a usage error");
}

#[test]
fn failures_are_one_clear_line_and_a_non_zero_exit() {
    let server = start_server();
    fails("http://127.0.0.1:9", Some(TOKEN), &["members", "list"], "cannot reach the server");
    fails(&server.url, Some("wrong-token-wrong-token"), &["members", "list"], "refused the admin token");
    fails(&server.url, None, &["members", "list"], "no admin token");
    fails(&server.url, Some(TOKEN), &["members", "show", "999999"], "member not found");
    fails(&server.url, Some(TOKEN), &["plans", "delete", "999999"], "plan not found");
    let usage = refctl(&server.url, Some(TOKEN), &["members", "show", "not-a-number"]);
    assert_eq!(usage.status.code(), Some(2), "clap usage errors exit 2");
}

#[test]
fn members_keys_plans_and_brands_from_the_terminal() {
    let server = start_server();
    let member = ok_json(
        &server,
        &[
            "members",
            "create",
            "--email",
            "cli@example.com",
            "--name",
            "Cli User",
            "--password",
            "violet-tugboat-quarrel",
        ],
    );
    let id = member["id"].as_u64().unwrap().to_string();
    assert_eq!(member["plan_id"], json!(3), "the server's members.default_plan, as shipped: Scale");
    // On a server whose registration is closed (as shipped), an invitation lets one person in.
    let invited = ok_json(&server, &["members", "invite", "guest@example.com"]);
    assert_eq!(invited["email"], json!("guest@example.com"));
    assert_eq!(invited["emailed"], json!(false), "this server sends no email: the link is printed");
    let link = invited["link"].as_str().unwrap();
    let secret = link.split_once("/dashboard/register?invitation=").unwrap().1;
    let registered = reqwest::blocking::Client::new()
        .post(format!("{}/api/v1/members", server.url))
        .json(&json!({"email": "guest@example.com", "name": "Guest", "password": "violet-tugboat-quarrel", "invitation": secret}))
        .send()
        .unwrap();
    assert_eq!(registered.status(), 201);

    let table = refctl(&server.url, Some(TOKEN), &["members", "list", "--search", "cli@"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(table.status.success());
    assert!(text.lines().next().unwrap().starts_with("ID"), "{text}");
    assert!(text.contains("cli@example.com") && text.contains("(1 members)"), "{text}");
    assert_eq!(ok_json(&server, &["members", "show", &id])["email"], json!("cli@example.com"));

    let key = ok_json(&server, &["keys", "generate", &id]);
    let key_text = key["api_key"].as_str().unwrap().to_owned();
    assert!(key_text.starts_with("ref_") && key_text.len() == 52);
    assert_eq!(ok_json(&server, &["keys", "show", &id])["prefix"], json!(format!("{}…", &key_text[..12])));

    let plan = ok_json(&server, &["plans", "create", "--name", "Agency", "--price", "49", "--paid", "true"]);
    let plan_id = plan["id"].as_u64().unwrap().to_string();
    assert_eq!(plan["price"], json!("49.00"));
    assert_eq!(ok_json(&server, &["plans", "update", &plan_id, "--interval", "year"])["interval"], json!("year"));
    let plans = refctl(&server.url, Some(TOKEN), &["plans", "list"]);
    let plans = String::from_utf8_lossy(&plans.stdout);
    let header = plans.lines().next().unwrap();
    assert!(header.contains("BRANDS") && header.contains("CAMPAIGNS") && header.contains("PARTICIPANTS"), "{plans}");
    let free = plans.lines().find(|l| l.starts_with("1 ")).unwrap_or_else(|| panic!("the free plan: {plans}"));
    let limits: Vec<&str> = free.split_whitespace().rev().take(3).collect();
    assert_eq!(limits, ["1000", "3", "1"], "each limit of the free plan: {free}");
    let agency = plans.lines().find(|l| l.contains("Agency")).unwrap();
    assert!(agency.matches("no limit").count() == 3 && agency.ends_with("no limit"), "{agency}");
    assert_eq!(
        ok_json(&server, &["members", "set-plan", &id, &plan_id])["plan_id"],
        json!(plan_id.parse::<u64>().unwrap())
    );
    fails(&server.url, Some(TOKEN), &["plans", "delete", &plan_id], "on this plan");
    assert_eq!(ok_json(&server, &["members", "disable", &id])["disabled"], json!(true));
    assert_eq!(ok_json(&server, &["members", "enable", &id])["disabled"], json!(false));
    ok_json(&server, &["members", "set-plan", &id, "1"]);
    assert_eq!(ok_json(&server, &["plans", "delete", &plan_id])["deleted"], json!(true));

    // A brand made through the member API, linked and unlinked from the terminal.
    let http = reqwest::blocking::Client::new();
    let brand: Value = http
        .post(format!("{}/api/v1/brands", server.url))
        .header("X-API-Key", &key_text)
        .json(&json!({"url": "https://cli.example.com"}))
        .send()
        .unwrap()
        .json()
        .unwrap();
    let brand_id = brand["data"]["id"].as_u64().unwrap().to_string();
    assert_eq!(
        ok_json(&server, &["brands", "link-token-network", &brand_id, "polygon"])["token_network"],
        json!("polygon")
    );
    assert_eq!(ok_json(&server, &["brands", "unlink-token-network", &brand_id])["token_network"], json!(null));
}

#[test]
fn a_coupon_file_is_streamed_in_and_every_kind_of_line_is_counted_exactly() {
    let server = start_server();
    let campaign = coupon_campaign(&server, "coupons", 1).1.to_string();

    // 2,002 lines: 1,800 unique codes, 100 repeats, 100 blank lines, 2 invalid lines.
    let mut lines = Vec::new();
    let mut invalid_at = Vec::new();
    for i in 0..1800 {
        lines.push(format!("CODE-{i:05}"));
        if i % 18 == 0 {
            lines.push(format!("CODE-{:05}", i / 2));
            lines.push(String::new());
        }
        if i == 500 || i == 1500 {
            lines.push("has space".into());
            invalid_at.push(lines.len());
        }
    }
    assert_eq!(lines.len(), 2002);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("codes.csv");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let file = file.to_str().unwrap();

    let report = ok_json(&server, &["coupons", "import", "--campaign", &campaign, file]);
    assert_eq!(report["added"], json!(1800));
    assert_eq!(report["skipped_duplicates"], json!(100));
    assert_eq!(report["skipped_blank"], json!(100));
    assert_eq!(report["invalid_count"], json!(2));
    let lines_reported: Vec<u64> =
        report["invalid"].as_array().unwrap().iter().map(|l| l["line"].as_u64().unwrap()).collect();
    assert_eq!(lines_reported, invalid_at.iter().map(|&n| n as u64).collect::<Vec<_>>());
    assert_eq!(report["pool"]["available"], json!(1800));

    let again = refctl(&server.url, Some(TOKEN), &["coupons", "import", "--campaign", &campaign, file]);
    let text = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success());
    assert!(text.starts_with("added 0, duplicates skipped 1900, blank lines 100, invalid lines 2"), "{text}");
    assert!(text.contains(&format!("line {}: code contains spaces", invalid_at[0])), "{text}");

    let mut piped = Command::new(env!("CARGO_BIN_EXE_refctl"))
        .args([
            "--server",
            &server.url,
            "--token",
            TOKEN,
            "--config",
            "/nonexistent",
            "--json",
            "coupons",
            "import",
            "--campaign",
            &campaign,
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    piped.stdin.take().unwrap().write_all(b"STDIN-1\nSTDIN-2\n").unwrap();
    let output = piped.wait_with_output().unwrap();
    assert!(output.status.success());
    assert_eq!(serde_json::from_slice::<Value>(&output.stdout).unwrap()["added"], json!(2));

    fails(&server.url, Some(TOKEN), &["coupons", "import", "--campaign", "999999", file], "campaign not found");
    fails(
        &server.url,
        Some(TOKEN),
        &["coupons", "import", "--campaign", &campaign, "/nonexistent/codes.csv"],
        "cannot read",
    );
}

#[test]
fn the_ecb_s_rates_are_imported_for_a_member_and_a_waiting_commission_is_computed() {
    let server = start_server();
    let email = "rates@example.com";
    let member = ok_json(
        &server,
        &[
            "members",
            "create",
            "--email",
            email,
            "--name",
            "Rates",
            "--password",
            "violet-tugboat-quarrel",
            "--plan",
            "3",
        ],
    );
    let member_id = member["id"].as_u64().unwrap().to_string();
    let key = ok_json(&server, &["keys", "generate", &member_id])["api_key"].as_str().unwrap().to_owned();
    let http = reqwest::blocking::Client::new();
    let send = |method: reqwest::Method, path: &str, body: Value| -> Value {
        let request = http.request(method, format!("{}/api/v1{path}", server.url)).header("X-API-Key", &key);
        request.json(&body).send().unwrap().json().unwrap()
    };
    let post = |path: &str, body: Value| send(reqwest::Method::POST, path, body);
    let brand = post("/brands", json!({"url": "https://rates.example.com"}))["data"]["id"].as_u64().unwrap();
    let fields = json!({"name": "Partners", "url_id": brand, "reward_type": 5, "reward_value": "10", "goal_type": "conversion",
        "commission": {"type": "percent", "rate": 20}, "payouts": {"currency": "USD"}});
    let campaign = post("/campaigns", fields)["data"]["id"].as_u64().unwrap();
    let ada = post("/signups", json!({"campaign_id": campaign, "email": "ada@rates.example"}))["data"].clone();
    let code = ada["participant"]["referral_code"].as_str().unwrap();
    post("/signups/referral", json!({"referral_code": code, "email": "bob@rates.example"}));
    let invoice = json!({"campaign_id": campaign, "email": "bob@rates.example", "external_id": "in_1",
        "period_start": "2027-03-01", "currency": "EUR", "amount": "100.00"});
    let made = post("/conversions", invoice);
    assert_eq!(made["data"]["commission"]["state"], json!("no_exchange_rate"), "{made}");

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("eurofxref-hist.csv");
    std::fs::write(&file, "Date,USD,JPY,GBP,\n2027-03-01,1.0870,160.52,0.8512,\n2027-02-28,1.0812,N/A,0.8498,\n")
        .unwrap();
    let file = file.to_str().unwrap();
    let report = ok_json(&server, &["rates", "import", "--member", &member_id, file]);
    assert_eq!(report, json!({"saved": 5, "rated": 1}));
    let rewards = send(reqwest::Method::GET, &format!("/rewards?campaign_id={campaign}"), Value::Null);
    assert_eq!(rewards["data"]["rewards"][0]["value"], json!("21.74"), "{rewards}");
    let listed = send(reqwest::Method::GET, "/exchange-rates", Value::Null);
    assert_eq!(listed["data"]["rates"][0], json!({"from": "EUR", "to": "USD", "date": "2027-03-01", "rate": "1.0870"}));

    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, "Date,USD\n2027-03-01,one\n").unwrap();
    fails(&server.url, Some(TOKEN), &["rates", "import", "--member", &member_id, bad.to_str().unwrap()], "line 2");
    fails(&server.url, Some(TOKEN), &["rates", "import", "--member", "999999", file], "member not found");
}

/// A member on the Scale plan (no limits: the signups below pass the free plan's 1,000) with
/// an API key, a brand and a coupon campaign, made through the admin and member APIs;
/// returns (api key, campaign id).
fn coupon_campaign(server: &Server, tag: &str, num_signups: u64) -> (String, u64) {
    let email = format!("{tag}@example.com");
    let member = ok_json(
        server,
        &["members", "create", "--email", &email, "--name", tag, "--password", "violet-tugboat-quarrel", "--plan", "3"],
    );
    let key = ok_json(server, &["keys", "generate", &member["id"].as_u64().unwrap().to_string()])["api_key"]
        .as_str()
        .unwrap()
        .to_owned();
    let http = reqwest::blocking::Client::new();
    let post = |path: &str, body: Value| -> Value {
        http.post(format!("{}/api/v1{path}", server.url))
            .header("X-API-Key", &key)
            .json(&body)
            .send()
            .unwrap()
            .json()
            .unwrap()
    };
    let brand = post("/brands", json!({"url": format!("https://{tag}.example.com")}))["data"]["id"].as_u64().unwrap();
    let campaign =
        post("/campaigns", json!({"name": tag, "url_id": brand, "reward_type": 1, "num_signups": num_signups}))["data"]
            ["id"]
            .as_u64()
            .unwrap();
    (key, campaign)
}

#[test]
fn signups_go_on_during_a_backup_and_it_restores_every_one_acknowledged_before_it_ended_with_a_consistent_pool() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::Instant;

    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("data");
    // The backup waits halfway through its copy while `hold-backup` exists.
    let server = start_server_with_faults(&data_dir, "backup_hold");
    let (key, campaign) = coupon_campaign(&server, "backup", 1);
    let codes = dir.path().join("codes.txt");
    std::fs::write(&codes, (0..300).map(|i| format!("BK-{i:04}\n")).collect::<String>()).unwrap();
    ok_json(&server, &["coupons", "import", "--campaign", &campaign.to_string(), codes.to_str().unwrap()]);

    // Four clients sign referrers up and refer a friend each, recording when each signup was
    // acknowledged, until told to stop.
    let stop = Arc::new(AtomicBool::new(false));
    let acknowledged: Arc<Mutex<Vec<(u64, Instant)>>> = Arc::default();
    let workers: Vec<_> = (0..4)
        .map(|worker| {
            let (url, key, stop, acknowledged) = (server.url.clone(), key.clone(), stop.clone(), acknowledged.clone());
            std::thread::spawn(move || {
                let http = reqwest::blocking::Client::new();
                let signup = |path: &str, body: Value| -> Value {
                    let answer: Value = http
                        .post(format!("{url}/api/v1{path}"))
                        .header("X-API-Key", &key)
                        .json(&body)
                        .send()
                        .unwrap()
                        .json()
                        .unwrap();
                    assert_eq!(answer["success"], json!(true), "{answer}");
                    answer["data"].clone()
                };
                let mut i = 0;
                while !stop.load(Ordering::Relaxed) && i < 5_000 {
                    let email = format!("w{worker}-r{i}@backup.example");
                    let referrer = signup("/signups", json!({"campaign_id": campaign, "email": email}));
                    let id = referrer["participant"]["id"].as_u64().unwrap();
                    acknowledged.lock().unwrap().push((id, Instant::now()));
                    let friend = format!("w{worker}-f{i}@backup.example");
                    let referred = signup(
                        "/signups/referral",
                        json!({"referral_code": referrer["participant"]["referral_code"], "email": friend}),
                    );
                    let id = referred["participant"]["id"].as_u64().unwrap();
                    acknowledged.lock().unwrap().push((id, Instant::now()));
                    i += 1;
                }
            })
        })
        .collect();
    let wait_for = |what: &str, done: &dyn Fn() -> bool| {
        let started = Instant::now();
        while !done() {
            assert!(started.elapsed().as_secs() < 60, "{what}");
            std::thread::yield_now();
        }
    };
    let count = || acknowledged.lock().unwrap().len();
    wait_for("signups are not being acknowledged", &|| count() >= 600);

    let running = refctl(&server.url, None, &["restore", "/nonexistent", "--data-dir", data_dir.to_str().unwrap()]);
    assert_eq!(running.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&running.stderr).contains("a server is running"));

    let file = dir.path().join("snapshot.backup");
    let (trigger, held) = (data_dir.join("hold-backup"), data_dir.join("backup-held"));
    std::fs::write(&trigger, b"").unwrap();
    let backup = {
        let (url, file) = (server.url.clone(), file.clone());
        std::thread::spawn(move || refctl(&url, Some(TOKEN), &["--json", "backup", file.to_str().unwrap()]))
    };
    wait_for("the backup never reached its hold", &|| held.exists());
    // The backup is halfway through its copy: signups are still acknowledged.
    let at_hold = count();
    wait_for("signups stopped during the backup", &|| count() >= at_hold + 400);
    let before: Vec<u64> = acknowledged.lock().unwrap().iter().map(|(id, _)| *id).collect();
    std::fs::remove_file(&trigger).unwrap();
    let output = backup.join().unwrap();
    assert!(output.status.success(), "refctl backup: {}", String::from_utf8_lossy(&output.stderr));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    stop.store(true, Ordering::Relaxed);
    for worker in workers {
        worker.join().unwrap();
    }
    assert!(report["entries"].as_u64().unwrap() > before.len() as u64, "{report}");
    assert!(report["writes_paused_ms"].as_u64().unwrap() < 1_000, "{report}");
    assert!(file.exists() && !dir.path().join("snapshot.backup.partial").exists());
    // The backup, the data directory and everything in it are their user's alone, whatever
    // the umask this test runs under.
    let mode = |path: &std::path::Path| {
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(path).unwrap().permissions()) & 0o777
    };
    assert_eq!(mode(&file), 0o600, "the backup");
    let mut stack = vec![data_dir.clone()];
    while let Some(dir) = stack.pop() {
        assert_eq!(mode(&dir), 0o700, "{}", dir.display());
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                assert_eq!(mode(&path) & 0o077, 0, "{} is readable by others", path.display());
            }
        }
    }
    fails(&server.url, Some(TOKEN), &["backup", file.to_str().unwrap()], "already exists");
    eprintln!(
        "backup: {at_hold} signups acknowledged when it reached its hold, {} when it was let go; {report}",
        before.len()
    );
    drop(server);

    // Restore into the same data directory: the newer database is set aside, not deleted.
    let restored = refctl(
        "http://127.0.0.1:9",
        None,
        &["restore", file.to_str().unwrap(), "--data-dir", data_dir.to_str().unwrap()],
    );
    let text = String::from_utf8_lossy(&restored.stdout);
    assert!(restored.status.success(), "{}", String::from_utf8_lossy(&restored.stderr));
    assert!(text.starts_with(&format!("restored {} entries", report["entries"])), "{text}");
    assert!(text.contains("secret.key") && text.contains("REFERRALS_SECRET"), "the secret must come along: {text}");
    let kept: Vec<_> = std::fs::read_dir(&data_dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("db.before-restore-"))
        .collect();
    assert_eq!(kept.len(), 1, "the replaced database is kept");

    let server = start_server_on(&data_dir);
    let http = reqwest::blocking::Client::new();
    let get = |path: &str| -> Value {
        http.get(format!("{}/api/v1{path}", server.url)).header("X-API-Key", &key).send().unwrap().json().unwrap()
    };
    // Every signup acknowledged before the backup was let go is in it, those made during
    // its copy included.
    for id in &before {
        let participant = get(&format!("/participants/{id}"));
        assert_eq!(
            participant["success"],
            json!(true),
            "participant {id} acknowledged before the backup ended: {participant}"
        );
    }
    // The pool is consistent: every code is available or used, never both; the used codes are
    // exactly the issued rewards, all distinct; and the campaign's count matches its roster.
    let pool = get(&format!("/campaigns/{campaign}/coupons"))["data"].clone();
    assert_eq!(pool["uploaded"], json!(300));
    assert_eq!(pool["available"].as_u64().unwrap() + pool["used"].as_u64().unwrap(), 300, "{pool}");
    let mut issued = Vec::new();
    let mut page = 1;
    loop {
        let list = get(&format!("/participants?campaign_id={campaign}&page={page}&limit=100"));
        let items = list["data"]["participants"].as_array().unwrap().clone();
        if items.is_empty() {
            break;
        }
        for item in items {
            let detail = get(&format!("/participants/{}", item["id"]))["data"].clone();
            for reward in detail["rewards"].as_array().unwrap() {
                if reward["status"] == json!("issued") {
                    issued.push(reward["value"].as_str().unwrap().to_owned());
                }
            }
        }
        page += 1;
    }
    let distinct: std::collections::HashSet<&String> = issued.iter().collect();
    assert_eq!(distinct.len(), issued.len(), "no coupon issued twice");
    assert_eq!(issued.len() as u64, pool["used"].as_u64().unwrap(), "used codes are exactly the issued rewards");
    let participants = get(&format!("/campaigns/{campaign}/stats"))["data"]["participants"].as_u64().unwrap();
    assert!(participants >= before.len() as u64);

    let restore_damaged = {
        let damaged = dir.path().join("damaged.backup");
        let bytes = std::fs::read(&file).unwrap();
        std::fs::write(&damaged, &bytes[..bytes.len() / 2]).unwrap();
        drop(server);
        refctl(
            "http://127.0.0.1:9",
            None,
            &["restore", damaged.to_str().unwrap(), "--data-dir", data_dir.to_str().unwrap()],
        )
    };
    assert_eq!(restore_damaged.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&restore_damaged.stderr);
    assert!(stderr.contains("truncated") && stderr.contains("nothing was changed"), "{stderr}");
}

#[test]
fn a_brand_exports_as_csv_with_every_campaign_and_formulas_neutralised() {
    let server = start_server();
    let (key, first) = coupon_campaign(&server, "export", 1);
    let http = reqwest::blocking::Client::new();
    let post = |path: &str, body: Value| -> Value {
        let response = http.post(format!("{}/api/v1{path}", server.url)).header("X-API-Key", &key).json(&body).send();
        response.unwrap().json().unwrap()
    };
    // Another brand of the same member, whose participant is not in this brand's export.
    let other = post("/brands", json!({"url": "https://export-two.example.com"}))["data"]["id"].as_u64().unwrap();
    let elsewhere = post("/campaigns", json!({"name": "other", "url_id": other, "reward_type": 1}));
    post("/signups", json!({"campaign_id": elsewhere["data"]["id"], "email": "zed@export.example"}));
    let detail = http.get(format!("{}/api/v1/campaigns/{first}", server.url)).header("X-API-Key", &key).send().unwrap();
    let brand = detail.json::<Value>().unwrap()["data"]["url_id"].as_u64().unwrap();
    let second = post("/campaigns", json!({"name": "second", "url_id": brand, "reward_type": 5, "reward_value": "2"}));
    let second = second["data"]["id"].as_u64().unwrap();
    let ada = post("/signups", json!({"campaign_id": first, "email": "ada@export.example", "name": "@SUM(A1)"}));
    let code = ada["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();
    post("/signups/referral", json!({"referral_code": code, "email": "bob@export.example"}));
    post("/signups", json!({"campaign_id": second, "email": "cy@export.example"}));

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("brand.csv");
    let report = ok_json(&server, &["export", "--brand", &brand.to_string(), "--out", file.to_str().unwrap()]);
    assert_eq!((report["export"].clone(), report["brand_id"].clone()), (json!("participants"), json!(brand)));
    let rows = read_csv(&file);
    assert_eq!(&rows[0][..3], ["campaign_id", "participant_id", "email"]);
    let emails: Vec<(&str, &str)> = rows[1..].iter().map(|r| (r[0].as_str(), r[2].as_str())).collect();
    let (first, second) = (first.to_string(), second.to_string());
    let expected =
        [(first.as_str(), "ada@export.example"), (&first, "bob@export.example"), (&second, "cy@export.example")];
    assert_eq!(emails, expected, "every campaign, oldest first");
    assert_eq!(rows[1][3], "'@SUM(A1)", "a formula is neutralised");
    fails(
        &server.url,
        Some(TOKEN),
        &["export", "--brand", &brand.to_string(), "--out", file.to_str().unwrap()],
        "already exists",
    );

    let rewards = dir.path().join("rewards.csv");
    ok_json(&server, &["export", "--brand", &brand.to_string(), "--out", rewards.to_str().unwrap(), "--rewards"]);
    let rows = read_csv(&rewards);
    assert_eq!((rows[0][1].as_str(), rows.len()), ("reward_id", 2), "Ada's one reward: {rows:?}");
    assert_eq!((rows[1][0].as_str(), rows[1][6].as_str()), (first.as_str(), "pending"), "no coupon uploaded yet");
    let missing = dir.path().join("missing.csv");
    fails(&server.url, Some(TOKEN), &["export", "--brand", "999999", "--out", missing.to_str().unwrap()], "not found");
    assert!(!missing.exists() && !dir.path().join("missing.csv.partial").exists(), "nothing written");
}

fn read_csv(path: &std::path::Path) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_path(path).unwrap();
    reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect()
}

#[path = "../../tests/common/postgres_server.rs"]
mod postgres_server;

/// The path from one PostgreSQL database to another: a backup taken while the server runs
/// restores into an empty database, and a server started on it with the same secret serves
/// the same data. The restore refuses a database that holds data, and the embedded
/// database's restore refuses a PostgreSQL backup, each with a message that says what to do.
#[test]
fn a_postgres_backup_restores_into_an_empty_postgres_database_and_nowhere_else() {
    if postgres_server::server().is_none() {
        return eprintln!("no PostgreSQL server: not run");
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (source, target) =
        runtime.block_on(async { (postgres_server::fresh_database().await, postgres_server::fresh_database().await) });
    let secret = "5e".repeat(32);
    let dir = tempfile::tempdir().unwrap();
    let on = |url: &str| {
        let env = [("REFERRALS_STORAGE_BACKEND", "postgres"), ("REFERRALS_DATABASE_URL", url)];
        start_server_with(&dir.path().join("data"), &[env[0], env[1], ("REFERRALS_SECRET", secret.as_str())])
    };
    let server = on(&source);
    let member = ok_json(
        &server,
        &[
            "members",
            "create",
            "--email",
            "pg@example.com",
            "--name",
            "Postgres",
            "--password",
            "violet-tugboat-quarrel",
        ],
    );
    let (key, campaign) = coupon_campaign(&server, "pg-backup", 1);
    let codes = dir.path().join("codes.csv");
    std::fs::write(&codes, "PG-1\nPG-2\nPG-3\n").unwrap();
    let import = |server: &Server| {
        ok_json(server, &["coupons", "import", "--campaign", &campaign.to_string(), codes.to_str().unwrap()])
    };
    assert_eq!(import(&server)["added"], json!(3));
    let file = dir.path().join("pg.backup");
    let backed_up = ok_json(&server, &["backup", file.to_str().unwrap()]);
    assert!(backed_up["entries"].as_u64().unwrap() > 10, "{backed_up}");
    drop(server);

    let restored =
        refctl("http://127.0.0.1:9", None, &["--json", "restore", file.to_str().unwrap(), "--database-url", &target]);
    assert!(restored.status.success(), "{}", String::from_utf8_lossy(&restored.stderr));
    let server = on(&target);
    let shown = ok_json(&server, &["members", "show", &member["id"].to_string()]);
    assert_eq!(shown["email"], json!("pg@example.com"));
    let again = import(&server);
    assert_eq!((again["added"].clone(), again["skipped_duplicates"].clone()), (json!(0), json!(3)), "{again}");
    let read = reqwest::blocking::Client::new()
        .get(format!("{}/api/v1/campaigns/{campaign}", server.url))
        .header("X-API-Key", &key)
        .send()
        .unwrap();
    assert_eq!(read.status().as_u16(), 200, "the API key, sealed with the same secret, still works");
    drop(server);

    let again = refctl("http://127.0.0.1:9", None, &["restore", file.to_str().unwrap(), "--database-url", &target]);
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert_eq!(again.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("not empty") && stderr.contains("nothing was changed"), "{stderr}");
    let data_dir = dir.path().join("embedded");
    let embedded = refctl(
        "http://127.0.0.1:9",
        None,
        &["restore", file.to_str().unwrap(), "--data-dir", data_dir.to_str().unwrap()],
    );
    let stderr = String::from_utf8_lossy(&embedded.stderr);
    assert_eq!(embedded.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("taken from PostgreSQL") && stderr.contains("--database-url"), "{stderr}");
}

/// The way from the embedded default to PostgreSQL: a backup of a running embedded server,
/// restored with --database-url into an empty database, gives a PostgreSQL server that
/// answers every read as the embedded one did (participants, rewards and their issue order,
/// the coupon pool and its pending queue, conversions, counters, webhooks and their
/// delivery log, idempotent replays, the brand's domain proof), and goes on from there: ids continue past the moved
/// ones, and codes uploaded later fill the moved pending rewards oldest first.
#[test]
fn an_embedded_backup_moves_into_postgres_and_answers_as_the_embedded_database_did() {
    if postgres_server::server().is_none() {
        return eprintln!("no PostgreSQL server: not run");
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let target = runtime.block_on(postgres_server::fresh_database());
    let dir = tempfile::tempdir().unwrap();
    // Webhook deliveries go to a closed loopback port and are retried an hour later: the
    // delivery log stays as it is while the test compares.
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "[webhooks]\nallow_private_targets = true\nretry_delays_secs = [3600.0]\n").unwrap();
    let data_dir = dir.path().join("data");
    let embedded = start_server_configured(&data_dir, &config, &[]);
    let (key, campaign) = coupon_campaign(&embedded, "move", 1);
    let http = reqwest::blocking::Client::new();
    let call = |server: &Server, method: reqwest::Method, path: &str, body: Option<Value>, idem: Option<&str>| {
        let mut request = http.request(method, format!("{}/api/v1{path}", server.url)).header("X-API-Key", &key);
        if let Some(body) = body {
            request = request.json(&body);
        }
        if let Some(idem) = idem {
            request = request.header("Idempotency-Key", idem);
        }
        let response = request.send().unwrap();
        let status = response.status().as_u16();
        (status, response.json::<Value>().unwrap_or(Value::Null))
    };
    let post = |server: &Server, path: &str, body: Value| call(server, reqwest::Method::POST, path, Some(body), None);
    let get = |server: &Server, path: &str| call(server, reqwest::Method::GET, path, None, None);

    let (status, webhook) = post(
        &embedded,
        "/webhooks",
        json!({"link": "http://127.0.0.1:9/hook", "campaign_id": null, "events": ["participant.signup"]}),
    );
    assert_eq!(status, 201, "{webhook}");
    let webhook = webhook["data"]["id"].as_u64().unwrap();
    let codes = dir.path().join("codes.csv");
    std::fs::write(&codes, "MOVE-1\nMOVE-2\n").unwrap();
    ok_json(&embedded, &["coupons", "import", "--campaign", &campaign.to_string(), codes.to_str().unwrap()]);
    let (status, referrer) = post(&embedded, "/signups", json!({"campaign_id": campaign, "email": "ref@example.com"}));
    assert_eq!(status, 201, "{referrer}");
    let referrer = &referrer["data"]["participant"];
    let code = referrer["referral_code"].as_str().unwrap().to_owned();
    let referrer_id = referrer["id"].as_u64().unwrap();
    // A visit of the referral link (a click, a unique visit, a daily count); not followed.
    let no_redirects =
        reqwest::blocking::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let visit = no_redirects.get(format!("{}/r/{code}", embedded.url)).send().unwrap();
    assert_eq!(visit.status().as_u16(), 302);
    for friend in ["f1", "f2"] {
        let body = json!({"referral_code": code, "email": format!("{friend}@example.com")});
        assert_eq!(post(&embedded, "/signups/referral", body).0, 201);
    }
    // A keyed signup: its replay on PostgreSQL answers as the first time.
    let keyed = json!({"referral_code": code, "email": "f3@example.com", "name": "Keyed"});
    let first = call(&embedded, reqwest::Method::POST, "/signups/referral", Some(keyed.clone()), Some("move-key-1"));
    assert_eq!(first.0, 201, "{}", first.1);
    let conversion =
        json!({"campaign_id": campaign, "email": "f1@example.com", "external_id": "order-1", "amount": 4200});
    assert_eq!(post(&embedded, "/conversions", conversion).0, 201);
    // A second campaign keeps a waitlist: places, one admitted, invitations, a block.
    let waitlist = json!({"name": "line", "url_id": 1, "reward_type": 3, "reward_value": "Thanks",
        "waitlist": {"enabled": true, "places_per_referral": 1}});
    let (status, line) = post(&embedded, "/campaigns", waitlist);
    assert_eq!(status, 201, "{line}");
    let line = line["data"]["id"].as_u64().unwrap();
    let (_, first_in_line) = post(&embedded, "/signups", json!({"campaign_id": line, "email": "w1@example.com"}));
    let first_in_line = &first_in_line["data"]["participant"];
    for n in 2..=4 {
        assert_eq!(
            post(&embedded, "/signups", json!({"campaign_id": line, "email": format!("w{n}@example.com")})).0,
            201
        );
    }
    let body = json!({"referral_code": first_in_line["referral_code"], "email": "w5@example.com"});
    assert_eq!(post(&embedded, "/signups/referral", body).0, 201);
    assert_eq!(post(&embedded, &format!("/campaigns/{line}/waitlist/admit"), json!({"count": 1})).0, 200);
    let first_id = first_in_line["id"].as_u64().unwrap();
    let invites = json!({"emails": ["inv1@example.com", "inv2@example.com"]});
    assert_eq!(post(&embedded, &format!("/participants/{first_id}/invites"), invites).0, 201);
    let (_, w2) = get(&embedded, &format!("/participants?campaign_id={line}&email=w2@example.com"));
    let w2 = w2["data"]["participants"][0]["id"].as_u64().unwrap();
    assert_eq!(post(&embedded, &format!("/participants/{w2}/block"), json!({})).0, 200);
    // Every signup's delivery attempted once (they fail: nothing listens), before the backup.
    let deliveries = format!("/webhooks/{webhook}/deliveries");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while get(&embedded, &deliveries).1["data"]["deliveries"].as_array().map_or(0, Vec::len) < 9 {
        assert!(std::time::Instant::now() < deadline, "the nine deliveries were attempted");
        std::thread::yield_now();
    }
    // The operator vouched for the brand's domain (a proof, kept beside the brand).
    let vouched = ok_json(&embedded, &["brands", "vouch-domain", "1"]);
    assert_eq!((vouched["subject"].clone(), vouched["verified_by"].clone()), (json!("brand"), json!("operator")));
    let file = dir.path().join("embedded.backup");
    ok_json(&embedded, &["backup", file.to_str().unwrap()]);

    let moved =
        refctl("http://127.0.0.1:9", None, &["--json", "restore", file.to_str().unwrap(), "--database-url", &target]);
    assert!(moved.status.success(), "{}", String::from_utf8_lossy(&moved.stderr));
    let secret = std::fs::read_to_string(data_dir.join("secret.key")).unwrap();
    let env = [("REFERRALS_STORAGE_BACKEND", "postgres"), ("REFERRALS_DATABASE_URL", target.as_str())];
    let postgres =
        start_server_configured(&dir.path().join("pg-data"), &config, &[env[0], env[1], ("REFERRALS_SECRET", &secret)]);

    let today = chrono::Utc::now().date_naive();
    let reads = [
        "/members/profile".to_owned(),
        "/brands".to_owned(),
        "/brands/1/domain-proof".to_owned(),
        format!("/campaigns/{campaign}"),
        format!("/campaigns/{campaign}/stats"),
        format!("/campaigns/{campaign}/coupons"),
        format!("/campaigns/{campaign}/leaderboard?period=all"),
        format!("/participants?campaign_id={campaign}"),
        format!("/participants/{referrer_id}"),
        format!("/participants/{referrer_id}/export"),
        format!("/rewards?campaign_id={campaign}"),
        "/conversions".to_owned(),
        "/automation/rewards".to_owned(),
        "/webhooks".to_owned(),
        deliveries.clone(),
        format!("/campaigns/{line}/waitlist"),
        format!("/participants?campaign_id={line}"),
        format!("/participants/{first_id}"),
        format!("/participants/{w2}"),
        format!("/campaigns/{line}/stats"),
        // The analytics' quarter hours, the campaign's and each partner's, moved as they were.
        format!("/campaigns/{campaign}/analytics?interval=hour&from={today}&to={today}&group_by=participant"),
        format!("/campaigns/{line}/analytics?interval=day"),
    ];
    // Links name the server that answers, and an export when it was made: the rest is
    // compared as it is.
    let read = |server: &Server, path: &str| {
        let (status, mut body) = get(server, path);
        if let Some(at) = body["data"].get_mut("exported_at") {
            *at = Value::Null;
        }
        (status, body.to_string().replace(&server.url, "<server>"))
    };
    for path in &reads {
        let (was, now) = (read(&embedded, path), read(&postgres, path));
        assert_eq!(was.0, 200, "{path}: {}", was.1);
        assert_eq!(now, was, "{path} answers on PostgreSQL as on the embedded database");
    }
    let stats = get(&postgres, &format!("/campaigns/{campaign}/stats")).1;
    assert_eq!(stats["data"]["participants"], json!(4), "{stats}");
    assert_eq!(stats["data"]["unique_visits"], json!(1), "{stats}");
    let replay = call(&postgres, reqwest::Method::POST, "/signups/referral", Some(keyed), Some("move-key-1"));
    let as_text =
        |server: &Server, (status, body): &(u16, Value)| (*status, body.to_string().replace(&server.url, "<server>"));
    assert_eq!(as_text(&postgres, &replay), as_text(&embedded, &first), "the keyed signup's replay");

    // And on from there.
    let (status, next) =
        post(&postgres, "/signups/referral", json!({"referral_code": code, "email": "f4@example.com"}));
    assert_eq!(status, 201, "{next}");
    let newest = get(&embedded, &format!("/participants?campaign_id={campaign}")).1["data"]["participants"][0]["id"]
        .as_u64()
        .unwrap();
    assert!(next["data"]["participant"]["id"].as_u64().unwrap() > newest, "{next}");
    let pending_before = get(&postgres, &format!("/rewards?campaign_id={campaign}&status=pending")).1;
    let pending: Vec<u64> =
        pending_before["data"]["rewards"].as_array().unwrap().iter().map(|r| r["id"].as_u64().unwrap()).collect();
    assert_eq!(pending.len(), 2, "two rewards wait for a coupon: {pending_before}");
    std::fs::write(&codes, "MOVE-3\n").unwrap();
    let filled =
        ok_json(&postgres, &["coupons", "import", "--campaign", &campaign.to_string(), codes.to_str().unwrap()]);
    assert_eq!(filled["added"], json!(1), "{filled}");
    let oldest = pending.iter().min().unwrap();
    let reward = get(&postgres, &format!("/rewards/{oldest}")).1;
    assert_eq!(reward["data"]["status"], json!("issued"), "the oldest pending reward got the new code: {reward}");
    assert_eq!(reward["data"]["value"], json!("MOVE-3"), "{reward}");
    drop(postgres);

    let again = refctl("http://127.0.0.1:9", None, &["restore", file.to_str().unwrap(), "--database-url", &target]);
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert_eq!(again.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("not empty") && stderr.contains("nothing was changed"), "{stderr}");
}

/// A move that fails part-way (here PostgreSQL refuses the participants, after the member,
/// the brand and the campaign went in) says so and leaves the database as empty as it found
/// it: once the cause is gone, the same backup moves into it.
#[test]
fn a_move_that_fails_part_way_leaves_the_postgres_database_empty() {
    if postgres_server::server().is_none() {
        return eprintln!("no PostgreSQL server: not run");
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let target = runtime.block_on(postgres_server::fresh_database());
    let dir = tempfile::tempdir().unwrap();
    let embedded = start_server_on(&dir.path().join("data"));
    let (key, campaign) = coupon_campaign(&embedded, "part-way", 1);
    let http = reqwest::blocking::Client::new();
    for n in 0..20 {
        let signup = http
            .post(format!("{}/api/v1/signups", embedded.url))
            .header("X-API-Key", &key)
            .json(&json!({"campaign_id": campaign, "email": format!("p{n}@example.com")}))
            .send()
            .unwrap();
        assert_eq!(signup.status().as_u16(), 201);
    }
    let file = dir.path().join("embedded.backup");
    ok_json(&embedded, &["backup", file.to_str().unwrap()]);
    drop(embedded);

    // The schema as a server makes it, then a rule that refuses every participant.
    let db = runtime.block_on(async {
        let options = referrals::store::PostgresOptions {
            url: target.clone(),
            pool_size: 2,
            timeout: std::time::Duration::from_secs(30),
            delivery_lease: std::time::Duration::from_secs(60),
            server_id: 0,
        };
        let store = referrals::store::open_postgres(&options).await.unwrap();
        referrals::store::Lifecycle::close(&*store).await.unwrap();
        let (client, connection) = tokio_postgres::connect(&target, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(connection);
        client.batch_execute("ALTER TABLE participants ADD CONSTRAINT refused CHECK (false)").await.unwrap();
        client
    });
    let held = || {
        runtime.block_on(async {
            let row = db
                .query_one(
                    "SELECT (SELECT count(*) FROM members) + (SELECT count(*) FROM brands)
                          + (SELECT count(*) FROM campaigns) + (SELECT count(*) FROM participants)",
                    &[],
                )
                .await
                .unwrap();
            row.get::<_, i64>(0)
        })
    };
    let restore = |args: &[&str]| {
        let mut all = args.to_vec();
        all.extend(["restore", file.to_str().unwrap(), "--database-url", &target]);
        refctl("http://127.0.0.1:9", None, &all)
    };

    let failed = restore(&[]);
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert_eq!(failed.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("refused") && stderr.contains("nothing was changed"), "{stderr}");
    assert_eq!(held(), 0, "the member, brand and campaign loaded before the failure are gone again");

    runtime.block_on(db.batch_execute("ALTER TABLE participants DROP CONSTRAINT refused")).unwrap();
    let moved = restore(&["--json"]);
    assert!(moved.status.success(), "{}", String::from_utf8_lossy(&moved.stderr));
    assert_eq!(held(), 1 + 1 + 1 + 20, "the member, the brand, the campaign and its 20 participants");
}
