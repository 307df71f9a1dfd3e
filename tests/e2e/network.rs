//! Nothing leaves the machine from the app either: Deid Studio runs under `strace -f` (every
//! thread and child: WebKit's web and network processes included) through its start, the import
//! of the demo corpus pre-annotated by the hybrid engine (ONNX Runtime loaded), and 25 seconds
//! more, since ONNX Runtime's telemetry used to resolve its upload host some seconds after start.
//! No process may open an internet socket, and ONNX Runtime may not write its telemetry device id
//! or event cache into the home folder.

use super::*;
use deid_store::Store;

#[test]
#[ignore = "needs a display: ./studio test runs it under xvfb-run"]
fn the_app_opens_no_internet_socket_and_onnx_runtime_telemetry_never_starts() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    std::fs::create_dir(&home).unwrap();
    let db = tmp.path().join("net.db");
    let trace = tmp.path().join("trace");
    let mut cmd = Command::new("strace");
    cmd.args(["-f", "-qq", "-e", "trace=socket,connect", "-o"])
        .arg(&trace)
        .arg(env!("CARGO_BIN_EXE_deid-studio"))
        .env("DEID_DB", &db)
        .env("HOME", &home)
        .env("DEID_ANNOTATOR", "e2e")
        // the app must keep ONNX Runtime's telemetry off by itself, with the demo import and the
        // hybrid engine as a first start has them
        .env_remove("ORT_DISABLE_TELEMETRY")
        .env_remove("DEID_RULES_ONLY")
        .env_remove("DEID_DEMO")
        .env_remove("XDG_CACHE_HOME")
        .env_remove("XDG_DATA_HOME")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // its own process group, so that the app and WebKit's processes end with strace
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child = cmd
        .spawn()
        .expect("strace runs (./studio setup installs it)");
    let group = child.id();
    let kill_all = || {
        // `--` first: procps' kill reads "-12345" after a signal as another option, and sent
        // SIGKILL to process group 1 (every process) instead of this one
        let _ = Command::new("kill")
            .args(["-s", "KILL", "--", &format!("-{group}")])
            .status();
    };

    let deadline = Instant::now() + Duration::from_secs(240);
    let imported = loop {
        let done = Store::open(&db)
            .and_then(|s| s.corpora())
            .is_ok_and(|c| c.iter().any(|c| c.documents >= 399));
        if done {
            break true;
        }
        if Instant::now() > deadline {
            break false;
        }
        std::thread::sleep(Duration::from_secs(1));
    };
    if imported {
        std::thread::sleep(Duration::from_secs(25));
    }
    kill_all();
    // strace gone (and its trace complete) before the trace is read
    let _ = child.wait();
    assert!(imported, "the demo corpus was not imported within 240 s");

    let calls = std::fs::read_to_string(&trace).unwrap();
    let internet: Vec<&str> = calls
        .lines()
        .filter(|l| l.contains("AF_INET") || l.contains("sin_port") || l.contains("sin6_port"))
        .collect();
    assert!(
        internet.is_empty(),
        "internet sockets opened:\n{}",
        internet.join("\n")
    );
    let mut onnxruntime_files = Vec::new();
    let mut stack = vec![home.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.to_string_lossy().contains("onnxruntime") {
                onnxruntime_files.push(p.display().to_string());
            }
            if p.is_dir() && !p.is_symlink() {
                stack.push(p);
            }
        }
    }
    assert!(
        onnxruntime_files.is_empty(),
        "ONNX Runtime telemetry files: {onnxruntime_files:?}"
    );
}
