//! An annotation team in the real window: alice and bob, created in the annotator dialog,
//! annotate the same two narratives independently (bob never sees alice's spans), carol assigns
//! them a sample, reads the agreement figures (the same as the store computes) and records an
//! adjudication, which the database keeps with her name and the gold export names.

use super::*;
use deid::phi::{PhiType, Span};
use deid_store::{NewDocument, Store};

const TEXT: &str = "Seen by Dr Smith in Boston on 12/26/20.";
// words: Seen0 by1 Dr2 Smith3 (11..16) in4 Boston5 (20..26) on6 12 26 20

/// Chooses a new annotator through the top bar's "New annotator…" dialog.
async fn become_annotator(c: &Client, name: &str) {
    click(c, "#annotator-new").await;
    wait_js(
        c,
        "!document.getElementById('annotator-overlay').classList.contains('hidden')",
        "the new-annotator dialog",
    )
    .await;
    type_into(c, "#annotator-name", &format!("{name}{ENTER}")).await;
    wait_js(
        c,
        &format!(
            "document.getElementById('annotator-select').value === '{name}' && document.getElementById('annotator-overlay').classList.contains('hidden')"
        ),
        &format!("{name} to be the annotator"),
    )
    .await;
}

/// Opens the i-th narrative of the list and waits for it.
async fn open_row(c: &Client, i: usize, external_id: &str) {
    click(c, &format!("#doc-list .doc-row[data-i='{i}']")).await;
    wait_js(
        c,
        &format!("window.deidStudio.state.doc && window.deidStudio.state.doc.external_id === '{external_id}'"),
        &format!("narrative {external_id} to open"),
    )
    .await;
}

/// Puts the cursor on word `t` of the open narrative and presses `key`.
async fn label_word(c: &Client, t: usize, key: &str) {
    click(c, &format!("#narrative .tok[data-t='{t}']")).await;
    wait_js(
        c,
        &format!("window.deidStudio.state.cursor.tok === {t}"),
        "the cursor on the word",
    )
    .await;
    keys(c, key).await;
}

/// ctrl+enter and wait until the narrative is done for the current annotator.
async fn done_and_next(c: &Client, from: &str) {
    keys(c, &format!("{CTRL}{ENTER}")).await;
    wait_js(
        c,
        &format!(
            "[...document.querySelectorAll('#doc-list .doc-row')].some(r => r.textContent.includes('{from}') && r.querySelector('.dot.done'))"
        ),
        &format!("{from} to be marked done"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs a display, tauri-driver and WebKitWebDriver: ./studio test runs it under xvfb-run"]
async fn two_annotators_agreement_and_adjudication() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("team.db");
    let ids = {
        let mut s = Store::open(&db).unwrap();
        let c = s.create_corpus("team corpus", "e2e").unwrap();
        let docs: Vec<NewDocument> = ["case-1", "case-2"]
            .iter()
            .map(|id| NewDocument {
                external_id: id.to_string(),
                text: TEXT.into(),
                source: "e2e".into(),
                gold: None,
            })
            .collect();
        let ids = s.add_documents(c, &docs).unwrap();
        for id in &ids {
            s.save_pre_annotation(
                *id,
                "e2e",
                "rules",
                &[Span::new(11, 16, PhiType::Doctor)],
                &[],
                0.1,
            )
            .unwrap();
        }
        ids
    };
    let driver = Driver::start(4944, &db);
    let c = driver.session().await;
    wait_js(
        &c,
        "window.deidStudio.state.doc && window.deidStudio.state.doc.external_id === 'case-1'",
        "the first narrative",
    )
    .await;
    // the annotator is shown: the one the app started with
    assert_eq!(
        js(&c, "document.getElementById('annotator-select').value").await,
        json!("e2e")
    );

    // ---- alice: Boston is a CITY on case-1; both narratives done
    become_annotator(&c, "alice").await;
    open_row(&c, 0, "case-1").await;
    label_word(&c, 5, "6").await;
    wait_js(&c, &span_js(20, 26, "CITY"), "alice's CITY").await;
    done_and_next(&c, "case-1").await;
    open_row(&c, 1, "case-2").await;
    done_and_next(&c, "case-2").await;

    // ---- bob starts from the pre-annotation, not from alice's work
    become_annotator(&c, "bob").await;
    open_row(&c, 0, "case-1").await;
    let snap = snapshot(&c).await;
    assert!(
        !has_span(&snap, 20, 26, "CITY"),
        "bob sees alice's span: {snap}"
    );
    assert!(has_span(&snap, 11, 16, "DOCTOR"), "{snap}");
    assert_eq!(
        snap["doc"]["status"],
        json!("new"),
        "alice's status leaked: {snap}"
    );
    assert_eq!(
        js(
            &c,
            "document.querySelectorAll('#doc-list .dot.done').length"
        )
        .await,
        json!(0),
        "bob's list shows his own statuses"
    );
    // Smith is a PATIENT for bob
    label_word(&c, 3, "3").await;
    wait_js(&c, &span_js(11, 16, "PATIENT"), "bob's PATIENT").await;
    done_and_next(&c, "case-1").await;
    open_row(&c, 1, "case-2").await;
    done_and_next(&c, "case-2").await;
    // alice's work is untouched
    {
        let s = Store::open(&db).unwrap();
        let alice = s.document_for(ids[0], "alice").unwrap();
        assert_eq!(alice.gold.len(), 2);
        assert_eq!(alice.gold[0].kind, PhiType::Doctor);
    }

    // ---- carol: a sample for alice and bob, the agreement figures
    become_annotator(&c, "carol").await;
    click(&c, "#btn-agreement").await;
    wait_js(
        &c,
        "!document.getElementById('agreement-view').classList.contains('hidden') && document.querySelector('#agr-a option[value=\"bob\"]')",
        "the agreement view",
    )
    .await;
    click(&c, "#agr-a option[value='alice']").await;
    click(&c, "#agr-b option[value='bob']").await;
    click(&c, "#agr-new-sample summary").await;
    type_into(&c, "#agr-sample-name", "pilot").await;
    js(
        &c,
        "(document.getElementById('agr-sample-count').value = '2', 1)",
    )
    .await;
    click(&c, "#agr-sample-create").await;
    wait_js(
        &c,
        "document.getElementById('agr-sample').selectedOptions[0]?.textContent.startsWith('pilot')",
        "the new sample to be chosen",
    )
    .await;
    click(&c, "#agr-run").await;
    wait_js(
        &c,
        "document.getElementById('agr-cards')",
        "the agreement figures",
    )
    .await;

    let expected = {
        let s = Store::open(&db).unwrap();
        let sample = s.samples(1).unwrap()[0].clone();
        assert_eq!(sample.documents, ids);
        assert_eq!(sample.annotators, vec!["alice", "bob"]);
        assert_eq!(sample.created_by, "carol");
        s.agreement(1, Some(sample.id), "alice", "bob").unwrap()
    };
    assert_eq!(expected.compared, 2);
    assert_eq!(expected.agreement.disagreements.len(), 2);
    let cards = js(&c, "document.getElementById('agr-cards').textContent").await;
    let cards = cards.as_str().unwrap();
    let kappa = format!("{:.3}", expected.agreement.overall.kappa.unwrap());
    assert!(cards.contains(&kappa), "kappa {kappa} not shown: {cards}");
    assert!(cards.contains("Narratives compared2"), "{cards}");
    // the CITY row: alice 1 word, bob none; kappa 0 there, AC1 high
    let city = js(
        &c,
        "[...document.querySelectorAll('#agr-categories tr[data-category=\"CITY\"] td')].map(t => t.textContent)",
    )
    .await;
    let city_figures = expected
        .agreement
        .categories
        .iter()
        .find(|k| k.category == PhiType::City)
        .unwrap();
    assert_eq!(city[1], json!("1"));
    assert_eq!(city[2], json!("0"));
    assert_eq!(
        city[4],
        json!(format!("{:.3}", city_figures.token.kappa.unwrap()))
    );
    assert_eq!(
        city[6],
        json!(format!("{:.3}", city_figures.token.ac1.unwrap()))
    );
    assert_eq!(
        js(
            &c,
            "document.querySelectorAll('#agr-disagreements tr.dis').length"
        )
        .await,
        json!(2)
    );
    shot(&c, "30-agreement").await;

    // ---- the first disagreement opens case-1 side by side
    click(&c, "#agr-disagreements tr.dis td").await;
    wait_js(
        &c,
        "!document.getElementById('adjudication-view').classList.contains('hidden') && document.querySelectorAll('#adj-list tr[data-i]').length === 2",
        "the adjudication view with two disagreements",
    )
    .await;
    let title = js(&c, "document.getElementById('adj-title').textContent").await;
    assert_eq!(title, json!("Adjudication of case-1"));
    assert_eq!(
        js(&c, "document.querySelectorAll('#adj-a mark.phi').length").await,
        json!(2),
        "alice's version: Smith and Boston"
    );
    assert_eq!(
        js(&c, "document.querySelectorAll('#adj-b mark.phi').length").await,
        json!(1),
        "bob's version: Smith"
    );
    assert_eq!(
        js(&c, "document.getElementById('adj-record').disabled").await,
        json!(true),
        "nothing recorded before every disagreement has a choice"
    );
    // Smith: bob's PATIENT; Boston: alice's CITY
    click(&c, "input[name='adj-0'][value='b']").await;
    click(&c, "input[name='adj-1'][value='a']").await;
    wait_js(
        &c,
        "!document.getElementById('adj-record').disabled && document.querySelectorAll('#adj-preview mark.phi').length === 2",
        "the preview of the adjudicated gold",
    )
    .await;
    click(&c, "#adj-record").await;
    wait_js(
        &c,
        "document.getElementById('adj-result').textContent.includes('Adjudicated by carol')",
        "the adjudication to be recorded",
    )
    .await;
    shot(&c, "31-adjudication").await;
    {
        let s = Store::open(&db).unwrap();
        let decided = s.adjudications(ids[0]).unwrap();
        assert_eq!(decided.len(), 1);
        assert_eq!(decided[0].adjudicator, "carol");
        assert_eq!(
            (
                decided[0].annotator_a.as_str(),
                decided[0].annotator_b.as_str()
            ),
            ("alice", "bob")
        );
        let kinds: Vec<_> = decided[0]
            .spans
            .iter()
            .map(|g| (g.start, g.end, g.kind))
            .collect();
        assert_eq!(
            kinds,
            vec![(11, 16, PhiType::Patient), (20, 26, PhiType::City)]
        );
        assert_eq!(
            s.document_for(ids[0], "bob").unwrap().gold.len(),
            1,
            "bob's own version kept"
        );
    }

    // ---- the adjudicated gold export names its version and holds only the adjudicated narrative
    type_into(&c, "#adj-list input", ESCAPE).await;
    wait_js(
        &c,
        "!document.getElementById('agreement-view').classList.contains('hidden')",
        "escape back to the agreement view",
    )
    .await;
    click(&c, "#btn-export").await;
    click(&c, "#exp-version option[value='adjudicated']").await;
    let out = tmp.path().join("adjudicated-gold");
    set_folder(&c, &out.display().to_string()).await;
    click(&c, "#exp-i2b2").await;
    wait_js(
        &c,
        "document.getElementById('exp-result').textContent.includes('Wrote 1 gold')",
        "the adjudicated gold export",
    )
    .await;
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["annotator"], json!("adjudicated"));
    assert_eq!(manifest["exported_by"], json!("carol"));
    assert_eq!(
        exported_tags(&out.join("case-1.xml")),
        vec![
            (11, 16, "PATIENT".to_string()),
            (20, 26, "CITY".to_string())
        ]
    );
    assert!(
        !out.join("case-2.xml").exists(),
        "case-2 was never adjudicated"
    );

    // ---- a second decision with an edit: Smith was neither's category but a HOSPITAL
    click(&c, "#exp-close").await;
    click(&c, "#agr-disagreements tr.dis td").await;
    wait_js(
        &c,
        "document.querySelectorAll('#adj-list tr[data-i]').length === 2 && document.getElementById('adj-result').textContent.includes('Adjudicated by carol')",
        "the adjudication view showing the earlier decision",
    )
    .await;
    click(&c, "input[name='adj-0'][value='a']").await;
    click(&c, "input[name='adj-1'][value='a']").await;
    click(&c, "#adj-list select[data-i='0'] option[value='HOSPITAL']").await;
    wait_js(
        &c,
        "document.querySelector('#adj-preview mark.phi').dataset.kind === 'HOSPITAL'",
        "the edited category in the preview",
    )
    .await;
    click(&c, "#adj-record").await;
    wait_js(
        &c,
        "document.getElementById('adj-result').textContent.includes('2 spans recorded')",
        "the edited adjudication to be recorded",
    )
    .await;
    let s = Store::open(&db).unwrap();
    let decided = s.adjudications(ids[0]).unwrap();
    assert_eq!(decided.len(), 2, "the first decision is kept");
    let kinds: Vec<_> = decided[1]
        .spans
        .iter()
        .map(|g| (g.start, g.end, g.kind))
        .collect();
    assert_eq!(
        kinds,
        vec![(11, 16, PhiType::Hospital), (20, 26, PhiType::City)]
    );
    assert_eq!(
        s.document_for(ids[0], "alice").unwrap().gold[0].kind,
        PhiType::Doctor
    );

    // ---- the report: the current annotator's work first, then alice's, the adjudicated gold
    // and everybody's, each with the store's figures for that version
    let corpus = s.document(ids[0]).unwrap().corpus;
    click(&c, "#btn-report").await;
    wait_js(
        &c,
        "(document.querySelector('#report-body h2') || {}).textContent === \"Review report: carol's work\"",
        "the report of carol's work",
    )
    .await;
    for (version, heading) in [
        (Some("alice"), "alice's work"),
        (Some("adjudicated"), "the adjudicated gold"),
        (None, "everybody's work"),
    ] {
        js(
            &c,
            &format!(
                "(document.getElementById('report-version').value = '{}', document.getElementById('report-version').dispatchEvent(new Event('change')), 1)",
                version.unwrap_or("")
            ),
        )
        .await;
        wait_js(
            &c,
            &format!(
                "(document.querySelector('#report-body h2') || {{}}).textContent === \"Review report: {heading}\""
            ),
            heading,
        )
        .await;
        let want = s.report_for(corpus, version).unwrap();
        let text = js(&c, "document.getElementById('report-body').textContent").await;
        let text = text.as_str().unwrap();
        assert!(
            // (the card's figure and its line are separate elements)
            text.contains(&format!(
                "judged{}of {} in the corpus",
                want.judged, want.documents
            )) && text.contains(&format!(
                "{} narrative{}",
                want.evaluated,
                if want.evaluated == 1 { "" } else { "s" }
            )),
            "{heading}: {text}"
        );
    }
    // the sample's agreement per category is in the report too
    let agreement = js(
        &c,
        "Array.from(document.querySelectorAll('#report-body table.report-agreement')).map(t => t.textContent).join('|')",
    )
    .await;
    let agreement = agreement.as_str().unwrap();
    assert!(
        agreement.contains("all PHI") && agreement.contains("kappa"),
        "{agreement}"
    );
    let caption = js(
        &c,
        "document.querySelector('#report-body figure[id^=chart-agreement] figcaption').textContent",
    )
    .await;
    assert!(
        caption.as_str().unwrap().contains("alice and bob"),
        "{caption}"
    );
    shot(&c, "32-report-per-annotator").await;

    // the list narrowed to the sample (the choices are read again back in the review)
    click(&c, "#btn-review").await;
    wait_js(
        &c,
        "Array.from(document.querySelectorAll('#filter-sample option')).some(o => o.textContent.startsWith('sample “pilot”'))",
        "the sample among the list's filters",
    )
    .await;
    js(
        &c,
        "(document.getElementById('filter-sample').selectedIndex = 1, document.getElementById('filter-sample').dispatchEvent(new Event('change')), 1)",
    )
    .await;
    let in_sample = s.samples(corpus).unwrap()[0].documents.len();
    wait_js(
        &c,
        &format!("window.deidStudio.state.filter.sample !== null && window.deidStudio.state.list && window.deidStudio.state.list.total === {in_sample}"),
        "the list of the sample's narratives",
    )
    .await;
    js(
        &c,
        "(document.querySelector('#report-body figure[id^=chart-agreement]').scrollIntoView(), 1)",
    )
    .await;
    shot(&c, "33-report-agreement").await;
}
