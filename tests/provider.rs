//! Where the model runs, as a user of `deid` sees it on a machine without a GPU (tests never need
//! one): `--provider cuda` falls back to the CPU with a message and the same output, `auto` (the
//! default) runs on the CPU with the CPU build of ONNX Runtime, and an unknown provider is refused
//! before anything runs. On a GPU machine `./studio setup` installs the GPU build and `auto`
//! uses it (measured with `./studio bench`, not here).

use std::path::Path;
use std::process::{Command, Output};

fn annotate(input: &Path, out: &Path, provider: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_deid"));
    cmd.args([
        "annotate",
        input.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
    .args(["--format", "jsonl", "--quiet"]);
    if let Some(p) = provider {
        cmd.args(["--provider", p]);
    }
    cmd.output().expect("deid runs")
}

/// Whether the ONNX Runtime library the tests load is a GPU build (`./studio setup` on a GPU
/// machine, or DEID_GPU=1): then `auto` tries CUDA too.
fn gpu_build() -> bool {
    std::env::var("ORT_DYLIB_PATH").is_ok_and(|p| p.contains("onnxruntime-gpu"))
}

fn outputs(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn cuda_without_a_gpu_falls_back_to_the_cpu_with_a_message_and_the_same_output() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::write(
        input.join("a.txt"),
        "Patient John Smith, 45 years old, seen at Mercy Hospital on 3/12/2021 with fever.",
    )
    .unwrap();
    std::fs::write(
        input.join("b.txt"),
        "pt bob had rash after dose 2 in Dayton, OH.",
    )
    .unwrap();

    let cpu = annotate(&input, &tmp.path().join("cpu"), Some("cpu"));
    assert!(
        cpu.status.success(),
        "{}",
        String::from_utf8_lossy(&cpu.stderr)
    );
    assert!(
        cpu.stderr.is_empty(),
        "the CPU asked for says nothing: {}",
        String::from_utf8_lossy(&cpu.stderr)
    );

    let cuda = annotate(&input, &tmp.path().join("cuda"), Some("cuda"));
    let said = String::from_utf8_lossy(&cuda.stderr);
    assert!(cuda.status.success(), "{said}");
    assert!(
        said.contains("CUDA was asked for but CUDA cannot run")
            && said.contains("running on the CPU"),
        "the fallback is said: {said}"
    );
    assert_eq!(
        outputs(&tmp.path().join("cuda")),
        outputs(&tmp.path().join("cpu"))
    );

    let auto = annotate(&input, &tmp.path().join("auto"), None);
    let said = String::from_utf8_lossy(&auto.stderr);
    assert!(auto.status.success(), "{said}");
    if gpu_build() {
        assert!(
            said.contains("this ONNX Runtime is a GPU build but CUDA cannot run"),
            "{said}"
        );
    } else {
        assert!(
            said.is_empty(),
            "auto with the CPU build runs on the CPU quietly: {said}"
        );
    }
    assert_eq!(
        outputs(&tmp.path().join("auto")),
        outputs(&tmp.path().join("cpu"))
    );
}

#[test]
fn an_unknown_provider_is_refused_before_anything_runs() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("a.txt"), "fever").unwrap();
    let out = annotate(tmp.path(), &tmp.path().join("out"), Some("tpu"));
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("auto") && said.contains("cuda"), "{said}");
    assert!(!tmp.path().join("out").exists(), "nothing was written");
}
