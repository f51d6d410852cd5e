//! Participants' pages in their own language: chosen by `?lang=`, else `Accept-Language`,
//! else the default; right to left for Arabic and Hebrew; the portal's sign-in email in the
//! language of the page it was asked from (through a real SMTP server on 127.0.0.1).

use std::time::{Duration, Instant};

use serde_json::json;

use crate::dashboard::{Answer, Browser};
use crate::helpers::*;
use crate::smtp_sink::SmtpSink;

/// A GET of `path` with `Accept-Language: accept` (none when empty): status and body.
async fn page(app: &TestApp, path: &str, accept: &str) -> (u16, String) {
    let mut request = plain_client().get(format!("{}{path}", app.address)).header("accept", "text/html");
    if !accept.is_empty() {
        request = request.header("accept-language", accept);
    }
    let answer = request.send().await.unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

/// The `<html …>` element's `lang` and `dir`.
fn lang_and_dir(body: &str) -> (String, String) {
    let attribute = |name: &str| {
        let start = body.find(&format!("{name}=\"")).unwrap_or_else(|| panic!("no {name} in {body}")) + name.len() + 2;
        body[start..start + body[start..].find('"').unwrap()].to_owned()
    };
    (attribute("lang"), attribute("dir"))
}

#[tokio::test]
async fn the_portal_speaks_the_query_then_the_browser_then_english() {
    let app = TestApp::spawn().await;
    let member = app.member("languages").await;
    let brand = app.brand(&member, "https://languages.example.com").await;
    let fields = json!({"name": "Kaffee", "reward_type": 3, "reward_value": "danke"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let portal = format!("/p/{campaign}");

    let (status, german) = page(&app, &portal, "de-DE,de;q=0.9").await;
    assert_eq!(status, 200);
    assert_eq!(lang_and_dir(&german), ("de".into(), "ltr".into()));
    assert!(german.contains("<h1>Deine Prämien</h1>"), "{german}");
    let (_, french) = page(&app, &format!("{portal}?lang=fr"), "de-DE,de;q=0.9").await;
    assert_eq!(lang_and_dir(&french).0, "fr");
    assert!(french.contains("<h1>Vos récompenses</h1>"), "the query wins over the header");
    let (_, ranked) = page(&app, &portal, "zh-CN, nl;q=0.4, ja;q=0.8").await;
    assert!(ranked.contains("<h1>あなたの特典</h1>"), "the best-ranked language we ship: {ranked}");
    let (_, fallback) = page(&app, &portal, "zh-CN,zh;q=0.9,*;q=0.1").await;
    assert_eq!(lang_and_dir(&fallback).0, "en");
    assert!(fallback.contains("<h1>Your rewards</h1>"));
    for (tag, heading) in [("ar", "مكافآتك"), ("he", "ההטבות שלך")] {
        let (_, body) = page(&app, &format!("{portal}?lang={tag}"), "").await;
        assert_eq!(lang_and_dir(&body), (tag.into(), "rtl".into()), "right to left");
        assert!(body.contains(heading), "{body}");
    }

    // Pages that know no campaign speak the browser's language too.
    let (status, broken) = page(&app, "/r/not-a-code", "ja").await;
    assert_eq!(status, 404);
    assert!(broken.contains("この紹介リンクは無効です") && broken.contains("lang=\"ja\""), "{broken}");
    let (status, missing) = page(&app, "/p/999999", "pl").await;
    assert_eq!(status, 404);
    assert!(missing.contains("Nie znaleziono strony"), "{missing}");
    let (_, unsubscribe) = page(&app, "/unsubscribe/not-a-token", "it-IT").await;
    assert!(unsubscribe.contains("Link non valido"), "{unsubscribe}");
}

#[tokio::test]
async fn a_sign_in_link_asked_for_in_spanish_arrives_in_spanish_and_the_page_speaks_it() {
    let sink = SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let member = app.member("languages-es").await;
    let brand = app.brand(&member, "https://languages-es.example.com").await;
    let fields = json!({"name": "Café Amigos", "reward_type": 5, "reward_value": "5.00"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let body = json!({"campaign_id": campaign, "email": "lucia@languages-es.example.com", "name": "Lucía"});
    expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;

    let mut browser = Browser::new(&app);
    let portal = format!("/p/{campaign}");
    let asked: Answer =
        browser.post(&format!("{portal}/sign-in?lang=es"), &[("email", "lucia@languages-es.example.com")]).await;
    assert_eq!(asked.status, 200);
    assert!(asked.body.contains("Revisa tu correo"), "{}", asked.body);
    let deadline = Instant::now() + Duration::from_secs(20);
    let message = loop {
        if let Some(message) = sink.messages().into_iter().next() {
            break message;
        }
        assert!(Instant::now() < deadline, "no sign-in email arrived");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(message["subject"], json!("Tu enlace de acceso a Café Amigos"));
    let text = message["text"].as_str().unwrap().replace("\r\n", "\n");
    assert!(text.starts_with("Hola, Lucía:\n\nAbre este enlace"), "{text}");
    assert!(text.contains("Funciona una vez, durante 15 minutos."), "{text}");

    let start = text.find(&format!("{}/p/{campaign}/enter/", app.address)).unwrap();
    let link = text[start..].split_whitespace().next().unwrap().trim_start_matches(&app.address).to_owned();
    let entered = browser.post(&format!("{link}?lang=es"), &[]).await;
    assert_eq!(entered.status, 303);
    let home = browser.get(&format!("{portal}?lang=es")).await;
    assert!(home.body.contains("<h1>Hola, Lucía</h1>") && home.body.contains("Saldo y pagos"), "{}", home.body);
    assert!(home.body.contains("data-copied=\"Copiado\""));
}
