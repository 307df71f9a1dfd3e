//! Nothing leaves the machine and no narrative text reaches a terminal or a log:
//!
//! - the `deid` command, hybrid (ONNX Runtime loaded), runs under `strace` and opens no network
//!   socket (ONNX Runtime's telemetry is off; nothing else may try either);
//! - ONNX Runtime's telemetry never starts: it would write a device id and an event cache under
//!   the home folder at start-up and upload them seconds later (too late for a short `strace`
//!   run to see, so the files are what is checked);
//! - a planted name, in good and in bad input (a malformed XML file, an invalid CSV row, a file
//!   over the size limit, a panic-prone input), never appears in anything `deid` prints.
//!
//! `strace` comes from Debian (`./studio setup` installs it).

use std::path::Path;
use std::process::Command;

const PLANTED: &str = "Zyxwobbleton";

fn deid() -> Command {
    Command::new(env!("CARGO_BIN_EXE_deid"))
}

#[test]
fn the_hybrid_command_opens_no_network_socket() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("n.txt");
    std::fs::write(
        &input,
        format!("Pt {PLANTED} seen at Mercy Hospital on 12/26/2020, 53 yo."),
    )
    .unwrap();
    let trace = dir.path().join("trace");
    let out = Command::new("strace")
        .args([
            "-f",
            "-qq",
            "-e",
            "trace=socket,connect,sendto,sendmsg",
            "-o",
        ])
        .arg(&trace)
        .arg(env!("CARGO_BIN_EXE_deid"))
        .args(["annotate", input.to_str().unwrap(), "--out"])
        .arg(dir.path().join("out"))
        .arg("--quiet")
        // the command must turn telemetry off itself, whatever the caller's environment
        .env_remove("ORT_DISABLE_TELEMETRY")
        .output()
        .expect("strace runs (./studio setup installs it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.path().join("out/n.xml").exists(), "the hybrid ran");
    let calls = std::fs::read_to_string(&trace).unwrap();
    let network: Vec<&str> = calls
        .lines()
        .filter(|l| l.contains("AF_INET") || l.contains("AF_INET6") || l.contains("AF_NETLINK"))
        .collect();
    assert!(
        network.is_empty(),
        "network sockets opened:\n{}",
        network.join("\n")
    );
}

#[test]
fn onnx_runtime_telemetry_never_starts_no_device_id_no_event_cache() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    std::fs::create_dir(&home).unwrap();
    let input = dir.path().join("n.txt");
    std::fs::write(&input, format!("Pt {PLANTED} seen on 12/26/2020.")).unwrap();
    let out = deid()
        .args(["annotate", input.to_str().unwrap(), "--out"])
        .arg(dir.path().join("out"))
        .arg("--quiet")
        .env("HOME", &home)
        .env_remove("XDG_CACHE_HOME")
        .env_remove("ORT_DISABLE_TELEMETRY")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.path().join("out/n.xml").exists(), "the hybrid ran");
    let mut written = Vec::new();
    let mut stack = vec![home.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            written.push(p.display().to_string());
            if p.is_dir() {
                stack.push(p);
            }
        }
    }
    // ONNX Runtime's telemetry, when on, creates .cache/Microsoft/DeveloperTools/.onnxruntime/
    // {deviceid, onnxruntime.db} here
    assert!(
        written.is_empty(),
        "written into the home folder: {written:?}"
    );
}

fn assert_not_printed(out: &std::process::Output, what: &str) {
    for (name, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        let s = String::from_utf8_lossy(bytes);
        assert!(
            !s.contains(PLANTED),
            "{what}: the planted name appears on {name}:\n{s}"
        );
    }
}

#[test]
fn a_planted_name_never_appears_in_any_output_or_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = format!("Pt {PLANTED} José-45 year old seen at Café 3/25 by Dr {PLANTED}.");
    std::fs::write(d.join("good.txt"), &text).unwrap();
    std::fs::write(d.join("big.txt"), text.repeat(10)).unwrap();
    std::fs::write(
        d.join("bad.xml"),
        format!("<deIdi2b2><TEXT><![CDATA[{text}]]></TEXT><TAGS><NAME id=\"P0\" start=\"3\" end=\"15\" text=\"{PLANTED}\" TYPE=\"PATIENT\"/>"),
    )
    .unwrap();
    std::fs::write(
        d.join("mismatch.xml"),
        format!("<deIdi2b2><TEXT><![CDATA[{text}]]></TEXT><TAGS><NAME id=\"P0\" start=\"0\" end=\"5\" text=\"{PLANTED}\" TYPE=\"PATIENT\"/></TAGS></deIdi2b2>"),
    )
    .unwrap();
    let csv = d.join("rows.csv");
    // a good row, a ragged row, and an unterminated quote with a byte that is not UTF-8
    let mut bytes =
        format!("id,text\n1,\"{text}\"\n2,{PLANTED},extra\n3,\"{PLANTED} ").into_bytes();
    bytes.push(0xff);
    std::fs::write(&csv, bytes).unwrap();
    let out_dir = d.join("out");
    for (what, args) in [
        ("folder", vec![d.to_str().unwrap().to_string()]),
        (
            "size limit",
            vec![
                d.join("big.txt").to_str().unwrap().to_string(),
                "--max-bytes".into(),
                "100".into(),
            ],
        ),
        ("csv", vec![csv.to_str().unwrap().to_string()]),
    ] {
        for mode in [&["--rules-only"][..], &[][..]] {
            let out = deid()
                .arg("annotate")
                .args(&args)
                .arg("--out")
                .arg(&out_dir)
                .args(mode)
                .output()
                .unwrap();
            assert_not_printed(&out, what);
            let _ = std::fs::remove_dir_all(&out_dir);
        }
    }
    // evaluation of a system file whose text differs, and explain's table is the one place
    // that shows text on purpose (the user asked for it)
    let gold = d.join("gold");
    std::fs::create_dir(&gold).unwrap();
    std::fs::copy(d.join("mismatch.xml"), gold.join("x.xml")).unwrap();
    let sys = d.join("sys");
    std::fs::create_dir(&sys).unwrap();
    std::fs::write(
        sys.join("x.xml"),
        format!("<deIdi2b2><TEXT><![CDATA[{PLANTED} other]]></TEXT><TAGS/></deIdi2b2>"),
    )
    .unwrap();
    let out = deid().args(["eval"]).arg(&gold).arg(&sys).output().unwrap();
    assert_not_printed(&out, "eval");
    assert!(!Path::new(&out_dir).exists() || std::fs::read_dir(&out_dir).is_ok());
}
