//! An encrypted database in the real window: the app starts locked, asks for the passphrase in
//! its dialog (keyboard only), refuses a wrong one with the clear message and clears the field,
//! then opens the corpus with the right one.

use super::*;
use deid_store::{NewDocument, Passphrase, Store};

const KEY: &str = "e2e passphrase 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs a display, tauri-driver and WebKitWebDriver: ./studio test runs it under xvfb-run"]
async fn an_encrypted_database_is_unlocked_in_the_passphrase_dialog() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("secret.db");
    {
        let mut s = Store::create_encrypted(&db, &Passphrase::new(KEY)).unwrap();
        let c = s.create_corpus("locked corpus", "e2e").unwrap();
        let doc = NewDocument {
            external_id: "case-secret".into(),
            text: "Patient Zebulon Quixotefield fainted.".into(),
            source: "e2e".into(),
            gold: None,
        };
        s.add_documents(c, &[doc]).unwrap();
    }
    let driver = Driver::start(4844, &db);
    let c = driver.connect().await;
    let open = "document.getElementById('pass-overlay') && !document.getElementById('pass-overlay').classList.contains('hidden')";
    wait_js(&c, open, "the passphrase dialog").await;
    assert_eq!(
        js(&c, "document.activeElement && document.activeElement.id").await,
        json!("pass-new"),
        "the passphrase field has the focus"
    );
    shot(&c, "20-locked").await;

    // a wrong passphrase: the clear message, the field emptied, still locked
    type_into(&c, "#pass-new", &format!("not the passphrase{ENTER}")).await;
    wait_js(
        &c,
        "document.getElementById('pass-error').textContent.includes('wrong passphrase')",
        "the wrong-passphrase message",
    )
    .await;
    let msg = js(&c, "document.getElementById('pass-error').textContent").await;
    let msg = msg.as_str().unwrap();
    assert!(msg.contains("secret.db"), "{msg}");
    assert!(!msg.contains("not the passphrase"), "{msg}");
    assert_eq!(
        js(&c, "document.getElementById('pass-new').value").await,
        json!("")
    );
    assert_eq!(js(&c, "document.body.dataset.ready || ''").await, json!(""));
    // Escape cannot skip unlocking
    type_into(&c, "#pass-new", ESCAPE).await;
    assert_eq!(js(&c, &format!("!!({open})")).await, json!(true));

    // the right one: the corpus opens
    type_into(&c, "#pass-new", &format!("{KEY}{ENTER}")).await;
    wait_js(
        &c,
        "document.body.dataset.ready === 'true'",
        "the app to start",
    )
    .await;
    wait_js(
        &c,
        "window.deidStudio.state.doc && window.deidStudio.state.doc.external_id === 'case-secret'",
        "the first narrative of the encrypted corpus",
    )
    .await;
    assert_eq!(js(&c, &format!("!!({open})")).await, json!(false));
    assert_eq!(
        js(&c, "document.getElementById('pass-new').value").await,
        json!("")
    );
    let status = js(&c, "document.getElementById('statusbar').textContent").await;
    assert!(status.as_str().unwrap().contains("(encrypted)"), "{status}");
    assert_eq!(
        js(&c, "document.getElementById('btn-encrypt').textContent").await,
        json!("Change passphrase…")
    );
    shot(&c, "21-unlocked").await;
    c.close().await.unwrap();
    drop(driver);
    // the database is still encrypted and readable with its passphrase only
    assert!(Store::open(&db).is_err());
    let s = Store::open_encrypted(&db, &Passphrase::new(KEY)).unwrap();
    assert_eq!(s.corpora().unwrap()[0].documents, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs a display, tauri-driver and WebKitWebDriver: ./studio test runs it under xvfb-run"]
async fn encrypt_database_encrypts_the_open_plain_database() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("annotations.db");
    {
        let mut s = Store::open(&db).unwrap();
        s.create_corpus("plain corpus", "e2e").unwrap();
    }
    let driver = Driver::start(4944, &db);
    let c = driver.session().await;
    click(&c, "#btn-encrypt").await;
    wait_js(
        &c,
        "!document.getElementById('pass-overlay').classList.contains('hidden')",
        "the encrypt dialog",
    )
    .await;
    // keyboard only: type, Tab to the second field, type again, Enter
    let new_key = "a brand new passphrase";
    type_into(&c, "#pass-new", &format!("{new_key}\u{E004}")).await;
    assert_eq!(
        js(&c, "document.activeElement && document.activeElement.id").await,
        json!("pass-confirm")
    );
    c.active_element()
        .await
        .unwrap()
        .send_keys(&format!("{new_key}{ENTER}"))
        .await
        .unwrap();
    wait_js(
        &c,
        "document.getElementById('sb-db').textContent.includes('(encrypted)')",
        "the database encrypted",
    )
    .await;
    assert_eq!(
        js(
            &c,
            "document.getElementById('pass-overlay').classList.contains('hidden')"
        )
        .await,
        json!(true)
    );
    shot(&c, "22-encrypted").await;
    c.close().await.unwrap();
    drop(driver);
    assert_eq!(
        deid_store::probe(&db).unwrap(),
        deid_store::DbFile::Encrypted
    );
    let s = Store::open_encrypted(&db, &Passphrase::new(new_key)).unwrap();
    assert_eq!(s.corpora().unwrap()[0].name, "plain corpus");
}
