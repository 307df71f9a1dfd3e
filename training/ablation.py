"""Ablation of Meldau 2018 variations a-d: same data, same budget, same seed.

    python3 -m training.ablation --train training/data/train.jsonl --valid training/data/valid.jsonl \
        --dev training/data/dev.jsonl --epochs 4 --max-docs 5000 --runs training/runs/ablation

Trains each variation (training/runs/ablation/<v>/checkpoint.pt) unless --table-only, then writes
training/ABLATION.md with dev (reporting only) and valid token-level PHI recall/precision/F1.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from training.deid_model.data import VARIATIONS

DESCRIPTIONS = {
    "a": "words only",
    "b": "+ char BiLSTM (token chars only)",
    "c": "+ char BiLSTM with 3 post-space chars",
    "d": "c + 31 rule/lexicon features",
}


def row(v, m, split, key="argmax"):
    x = m["metrics"][split][key]
    return f"| {v} | {DESCRIPTIONS[v]} | {x['recall']:.4f} | {x['precision']:.4f} | {x['f1']:.4f} |"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train", required=True)
    ap.add_argument("--valid", required=True)
    ap.add_argument("--dev", required=True)
    ap.add_argument("--runs", default="training/runs/ablation")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--patience", type=int, default=2)
    ap.add_argument("--max-docs", type=int, default=None)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--variations", default="abcd")
    ap.add_argument("--table-only", action="store_true")
    ap.add_argument("--rescore-dev", action="store_true",
                    help="re-evaluate every checkpoint on --dev (e.g. after the featurizer changed)")
    ap.add_argument("--report", default="training/ABLATION.md")
    ap.add_argument("--notes", default="", help="free text appended to the report")
    ap.add_argument("--generator-manifest", default=None)
    args, rest = ap.parse_known_args()
    runs = Path(args.runs)
    for v in args.variations:
        if args.table_only:
            break
        cmd = [sys.executable, "-m", "training.deid_model.train", "--train", args.train, "--valid", args.valid,
               "--dev", args.dev, "--variation", v, "--epochs", str(args.epochs), "--patience", str(args.patience),
               "--seed", str(args.seed), "--out", str(runs / v)] + rest
        if args.max_docs:
            cmd += ["--max-docs", str(args.max_docs)]
        if args.generator_manifest:
            cmd += ["--generator-manifest", args.generator_manifest]
        print(" ".join(cmd), flush=True)
        subprocess.run(cmd, check=True)

    results = {}
    for v in VARIATIONS:
        p = runs / v / "metrics.json"
        if p.exists():
            results[v] = json.loads(p.read_text())
    if not results:
        sys.exit("no results")
    if args.rescore_dev:
        from training.deid_model import data as D
        from training.deid_model.train import evaluate, load_checkpoint
        dev_docs = D.load_jsonl(args.dev)
        for v, m in results.items():
            model, ck = load_checkpoint(runs / v / "checkpoint.pt")
            ex = D.encode_all(dev_docs, ck["word_vocab"], ck["char_vocab"], D.uses_post_space(v))
            m["metrics"]["dev"] = evaluate(model, ex)
    any_m = next(iter(results.values()))
    info = any_m["info"]
    c = info.get("config")
    dims = (f"word emb {c['word_dim']}, char emb {c['char_dim']}, char BiLSTM {c['char_hidden']}/dir, "
            f"word BiLSTM {c['hidden']}/dir, dropout {c['dropout']}") if c else "default dims"
    head = "| variation | inputs | recall | precision | F1 |\n|---|---|---|---|---|"
    lines = [
        "# Ablation: Meldau 2018 variations a-d",
        "",
        f"Training data: `{info['train_file']}` (sha256 `{info['data_sha256'][:16]}…`), "
        f"{info['documents']} documents, {info['tokens']} tokens; "
        f"at most {args.epochs} epochs (patience {args.patience}), seed {args.seed}, "
        f"same dims for all ({dims}), "
        "Adam 1e-3, class-weighted cross entropy; model selection on the valid split by PHI F2.",
        "",
        "Token-level binary PHI: a token is predicted PHI when argmax != SAFE.",
        "",
        "## Dev gold (57 real VAERS narratives; reporting only, never tuned on)",
        "",
        head,
    ] + [row(v, m, "dev") for v, m in results.items() if "dev" in m["metrics"]] + [
        "",
        "### Dev gold, rules OR model (the engine's combination: PHI unless both say safe)",
        "",
        head,
    ] + [row(v, m, "dev", "rules_or_model") for v, m in results.items() if "dev" in m["metrics"]] + [
        "",
        "### Dev recall / precision at P(SAFE) < t",
        "",
        "| variation | " + " | ".join(f"t={t}" for t in any_m["metrics"]["dev"]["at_p_safe_below"]) + " |",
        "|---|" + "---|" * len(any_m["metrics"]["dev"]["at_p_safe_below"]),
    ] + [
        f"| {v} | " + " | ".join(f"R {x['recall']:.3f} / P {x['precision']:.3f}"
                                 for x in m["metrics"]["dev"]["at_p_safe_below"].values()) + " |"
        for v, m in results.items()
    ] + [
        "",
        "## Validation split (synthetic, same distribution as training)",
        "",
        head,
    ] + [row(v, m, "valid") for v, m in results.items()] + [
        "",
        "## Training time",
        "",
        "| variation | epochs run | best epoch | s/epoch | total s |",
        "|---|---|---|---|---|",
    ] + [
        f"| {v} | {m['info']['epochs_run']} | {m['info']['epochs']} | {m['info']['seconds_per_epoch']} | "
        f"{m['info']['seconds']} |" for v, m in results.items()
    ] + ["", "Rules alone on dev: " + (lambda r: f"recall {r['recall']:.4f}, precision {r['precision']:.4f}, "
                                                 f"F1 {r['f1']:.4f}")(any_m["metrics"]["dev"]["rules"]), ""]
    if args.notes:
        lines += ["## Notes", "", args.notes, ""]
    Path(args.report).write_text("\n".join(lines))
    print(f"wrote {args.report}")


if __name__ == "__main__":
    main()
