"""Shared by the Python package's tests: the installed package, the `deid` command, and running
that command on the same narratives to compare outputs.

These tests fail (never skip) when something is missing: the wheel not installed in the venv
(python/build.sh), the `deid` binary ($DEID_BIN, else target/release/deid, else
target/debug/deid), Java for PySpark, or the VAERS data in ../shared/data/vaers/.
"""

import csv
import json
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VAERS = Path(os.environ.get("DEID_VAERS_CSV",
                            ROOT.parent / "shared" / "data" / "vaers" / "vaers-2021-01.csv"))


def import_installed_deid():
    """`deid` as installed from the wheel, never the source folder python/deid/."""
    import deid
    where = Path(deid.__file__).resolve()
    if "site-packages" not in where.parts:
        raise AssertionError(f"deid imported from {where}, not from an installed wheel: "
                             "run python/build.sh and the tests with python/.venv/bin/python")
    return deid


def deid_bin():
    env = os.environ.get("DEID_BIN")
    candidates = [Path(env)] if env else [ROOT / "target" / "release" / "deid",
                                          ROOT / "target" / "debug" / "deid"]
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    raise AssertionError(f"the deid binary is missing (looked at {', '.join(map(str, candidates))}): "
                         "cargo build --bin deid, or set DEID_BIN")


def engine_args(mode, model_dir):
    if mode == "rules":
        return ["--rules-only"]
    return ["--model", str(model_dir)]


def run_cli(inp, out, fmt, mode, model_dir, extra=()):
    """`deid annotate INP --format FMT --out OUT` (rules-only or hybrid with MODEL_DIR)."""
    cmd = [str(deid_bin()), "annotate", str(inp), "--out", str(out), "--format", fmt, "--quiet",
           *engine_args(mode, model_dir), *extra]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)} exited {p.returncode}: {p.stderr[-2000:]}")


def cli_outputs(inputs, tmp, mode, model_dir, extra=()):
    """Run the command on every input (a .txt folder or a CSV file) in jsonl and masked formats;
    returns {id: {"text", "spans": [(start, end, tag, type)], "masked"}}. Reads both layouts the
    command writes: one file per narrative (NAME.jsonl, NAME.txt) and, for a CSV, one file for all
    of it (STEM.jsonl, one line per row; STEM.masked.csv, columns id and masked_text)."""
    docs, masked = {}, {}
    for k, inp in enumerate(inputs):
        jdir, mdir = Path(tmp) / f"{mode}-jsonl-{k}", Path(tmp) / f"{mode}-masked-{k}"
        run_cli(inp, jdir, "jsonl", mode, model_dir, extra)
        run_cli(inp, mdir, "masked", mode, model_dir, extra)
        for f in sorted(jdir.glob("*.jsonl")):
            for line in f.read_bytes().decode("utf-8").splitlines():
                doc = json.loads(line)
                docs[doc["id"]] = doc
        for f in sorted(mdir.glob("*.txt")):
            masked[f.stem] = f.read_bytes().decode("utf-8")  # bytes: keep \r\n as written
        for f in sorted(mdir.glob("*.masked.csv")):
            with open(f, newline="", encoding="utf-8") as fh:
                for row in csv.DictReader(fh):
                    masked[row["id"]] = row["masked_text"]
    if set(docs) != set(masked):
        raise AssertionError("the command's jsonl and masked outputs name different documents")
    return {i: {"text": d["text"],
                "spans": [(s["start"], s["end"], s["tag"], s["type"]) for s in d["spans"]],
                "masked": masked[i]}
            for i, d in docs.items()}


def span_tuples(result):
    return [(s["start"], s["end"], s["tag"], s["type"]) for s in result["spans"]]
