"""Fine-tune an exported model on a folder of i2b2 XML (as Deid Studio exports reviewed documents)
and write a NEW model directory. The vocabularies, labels and architecture of the base model are kept
(models/<base>/checkpoint.pt), so the new model is a drop-in replacement.

    python3 -m training.finetune --base models/deid-bilstm-v1 --xml path/to/reviewed_xml \
        --name deid-bilstm-v1-ft --out models/deid-bilstm-v1-ft [--valid-xml DIR] [--epochs 5]

Without --valid-xml, 15% of the documents (at least 1) are held out for model selection.
"""
from __future__ import annotations

import argparse
import random
import subprocess
import tempfile
from pathlib import Path

import torch

from training import export as E
from training.deid_model import data as D
from training.deid_model.train import (class_weights, evaluate, fit, fit_info, load_checkpoint, read_manifest,
                                       save_checkpoint, set_seed)

ROOT = Path(__file__).resolve().parent.parent


def featurize(deid: str, xml_dir: Path, out: Path) -> Path:
    subprocess.run([deid, "featurize", str(xml_dir), "--out", str(out)], check=True)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=True, help="existing model directory with checkpoint.pt")
    ap.add_argument("--xml", help="folder of i2b2 .xml to fine-tune on")
    ap.add_argument("--jsonl", help="...or an already featurized JSONL")
    ap.add_argument("--valid-xml", help="folder of i2b2 .xml for model selection")
    ap.add_argument("--valid-jsonl")
    ap.add_argument("--dev", default=str(ROOT / "training/data/dev.jsonl"),
                    help="featurized dev gold JSONL: reporting and the parity fixture")
    ap.add_argument("--name", required=True)
    ap.add_argument("--version", default="1.0.0")
    ap.add_argument("--out", required=True, help="the NEW model directory")
    ap.add_argument("--deid", default=str(ROOT / "target/release/deid"))
    ap.add_argument("--epochs", type=int, default=5)
    ap.add_argument("--patience", type=int, default=2)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--max-tokens", type=int, default=6000)
    ap.add_argument("--max-len", type=int, default=300)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--max-minutes", type=float, default=None)
    ap.add_argument("--parity-docs", type=int, default=5)
    args = ap.parse_args()
    if not (args.xml or args.jsonl):
        ap.error("--xml or --jsonl is required")
    base = Path(args.base)
    out = Path(args.out)
    if out.resolve() == base.resolve():
        ap.error("--out must be a new directory, not the base model's")
    torch.set_num_threads(args.threads)
    set_seed(args.seed)

    model, ck = load_checkpoint(base / "checkpoint.pt")
    variation = model.cfg.variation
    post = D.uses_post_space(variation)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        train_path = Path(args.jsonl) if args.jsonl else featurize(args.deid, Path(args.xml), tmp / "ft.jsonl")
        docs = D.load_jsonl(train_path)
        if args.valid_jsonl or args.valid_xml:
            vpath = Path(args.valid_jsonl) if args.valid_jsonl else featurize(args.deid, Path(args.valid_xml),
                                                                               tmp / "ftv.jsonl")
            valid_docs = D.load_jsonl(vpath)
        else:
            rng = random.Random(args.seed)
            docs = docs[:]
            rng.shuffle(docs)
            n_valid = max(1, int(0.15 * len(docs)))
            valid_docs, docs = docs[:n_valid], docs[n_valid:] or docs[:n_valid]
        data_sha = D.sha256_file(train_path)

    train_ex = D.chunk(D.encode_all(docs, ck["word_vocab"], ck["char_vocab"], post), args.max_len)
    valid_ex = D.encode_all(valid_docs, ck["word_vocab"], ck["char_vocab"], post)
    counts = D.label_counts(train_ex)
    print(f"fine-tuning {base.name} (variation {variation}) on {len(docs)} docs, {int(counts.sum())} tokens; "
          f"valid {len(valid_docs)} docs")
    before = evaluate(model, valid_ex)["argmax"]
    print(f"before: valid R {before['recall']:.4f} P {before['precision']:.4f}")
    result = fit(model, train_ex, valid_ex, epochs=args.epochs, patience=args.patience, lr=args.lr,
                 seed=args.seed, max_tokens=args.max_tokens, max_minutes=args.max_minutes,
                 weights=class_weights(counts))

    metrics = {"valid": evaluate(model, valid_ex), "valid_before_finetuning": before}
    if args.dev and Path(args.dev).exists():
        metrics["dev"] = evaluate(model, D.encode_all(D.load_jsonl(args.dev), ck["word_vocab"], ck["char_vocab"],
                                                      post))
    base_info = ck["info"]
    info = {
        "data_sha256": data_sha,
        **fit_info(len(docs), counts, result, args.seed, args.lr),
        "generator_manifest": read_manifest(None),
        "train_file": str(args.xml or args.jsonl),
        "fine_tuned_from": {"name": base.name, "data_sha256": base_info.get("data_sha256"),
                            "documents": base_info.get("documents"), "tokens": base_info.get("tokens"),
                            "generator_manifest": base_info.get("generator_manifest")},
    }
    out.mkdir(parents=True, exist_ok=True)
    save_checkpoint(out / "checkpoint.pt", model, ck["word_vocab"], ck["char_vocab"], {**info, "metrics": metrics})
    if not Path(args.dev).exists():
        raise SystemExit(f"{args.dev} is missing: featurize tests/fixtures/gold/dev to build the parity fixture")
    E.export(argparse.Namespace(checkpoint=str(out / "checkpoint.pt"), name=args.name, version=args.version,
                                dev=args.dev, out=str(out), parity_docs=args.parity_docs))


if __name__ == "__main__":
    main()
