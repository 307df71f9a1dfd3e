"""Export a trained checkpoint to models/<name>/: model.onnx, metadata.json, MODEL_CARD.md,
parity.json (PyTorch probabilities for a few short dev documents) and checkpoint.pt (for fine-tuning),
and the graph split in two (char_encoder.onnx, tagger.onnx; see split_model.py).

    python3 -m training.export --checkpoint training/runs/d/checkpoint.pt \
        --name deid-bilstm-v2 --dev training/data/dev.jsonl --out models/deid-bilstm-v2
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import sys
from pathlib import Path

import numpy as np
import torch

from training.deid_model import data as D
from training.deid_model.model import ExportWrapper, dedup_chars
from training.deid_model.train import evaluate, load_checkpoint
from training.split_model import split as split_graph

OPSET = 17
INPUT_NAMES = ["word_ids", "char_ids", "char_index", "features"]
OUTPUT_NAME = "probs"


def export_onnx(model, path: Path):
    wrapper = ExportWrapper(model).eval()
    B, T, C = 2, 7, D.MAX_TOKEN_CHARS + D.POST_SPACE_CHARS
    w = torch.randint(2, model.cfg.n_words, (B, T)) if model.cfg.n_words > 2 else torch.ones(B, T, dtype=torch.long)
    w[1, 5:] = 0
    U = 9
    c = torch.randint(2, max(3, model.cfg.n_chars), (U, C)) % max(2, model.cfg.n_chars)
    c[:, 4:] = 0
    c[:, 0] = 1
    idx = torch.randint(0, U, (B, T))
    f = torch.zeros(B, T, D.N_FEATURES)
    torch.onnx.export(
        wrapper, (w, c, idx, f), str(path), dynamo=False, opset_version=OPSET,
        input_names=INPUT_NAMES, output_names=[OUTPUT_NAME],
        dynamic_axes={
            "word_ids": {0: "batch", 1: "tokens"},
            "char_ids": {0: "unique", 1: "chars"},
            "char_index": {0: "batch", 1: "tokens"},
            "features": {0: "batch", 1: "tokens"},
            OUTPUT_NAME: {0: "batch", 1: "tokens"},
        },
    )


def torch_probs(model, w, c, f):
    """PyTorch's probabilities from the training-time inputs (char_ids [B, T, C])."""
    with torch.no_grad():
        return torch.softmax(model.eval()(w, c, f), dim=-1)


def onnx_feeds(names, w, c, f):
    u, idx = dedup_chars(np.asarray(c))
    feeds = {"word_ids": np.asarray(w), "char_ids": u, "char_index": idx, "features": np.asarray(f)}
    return {k: v for k, v in feeds.items() if k in names}


def padded_batch(examples: list[D.Encoded], extra_tokens=3, extra_chars=5):
    """A batch with padding on both the token and the char axis (wider than needed)."""
    t = D.collate(examples)
    B, T, C = t["char_ids"].shape
    w = torch.zeros(B, T + extra_tokens, dtype=torch.long)
    w[:, :T] = t["word_ids"]
    c = torch.zeros(B, T + extra_tokens, C + extra_chars, dtype=torch.long)
    c[:, :T, :C] = t["char_ids"]
    f = torch.zeros(B, T + extra_tokens, D.N_FEATURES)
    f[:, :T] = t["features"]
    return w, c, f


def check_onnx(model, onnx_path: Path, examples: list[D.Encoded]) -> dict:
    import onnxruntime as ort

    sess = ort.InferenceSession(str(onnx_path), providers=["CPUExecutionProvider"])
    names = [i.name for i in sess.get_inputs()]
    w, c, f = padded_batch(examples)
    onnx_probs = sess.run([OUTPUT_NAME], onnx_feeds(names, w.numpy(), c.numpy(), f.numpy()))[0]
    reference = torch_probs(model, w, c, f).numpy()
    diff_batch = 0.0
    diff_alone = 0.0
    for k, e in enumerate(examples):
        n = len(e.word_ids)
        diff_batch = max(diff_batch, float(np.abs(onnx_probs[k, :n] - reference[k, :n]).max()))
        # padding invariance: the document alone, without any padding
        alone = sess.run([OUTPUT_NAME], onnx_feeds(names, e.word_ids[None], e.char_ids[None], e.features[None]))[0][0]
        diff_alone = max(diff_alone, float(np.abs(alone - reference[k, :n]).max()))
    return {"inputs": names, "max_abs_diff_padded_batch": diff_batch, "max_abs_diff_unpadded_vs_padded": diff_alone,
            "batch_shape": list(c.shape)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--checkpoint", required=True)
    ap.add_argument("--name", required=True)
    ap.add_argument("--version", default="1.0.0")
    ap.add_argument("--dev", required=True, help="featurized dev gold JSONL (parity fixture + metrics)")
    ap.add_argument("--out", required=True, help="model directory, e.g. models/deid-bilstm-v2")
    ap.add_argument("--parity-docs", type=int, default=5)
    ap.add_argument("--parity-only", action="store_true",
                    help="rewrite only parity.json (after a deliberate change of the rule features)")
    args = ap.parse_args()
    torch.set_num_threads(2)
    refresh_parity(args) if args.parity_only else export(args)


def parity_fixture(model, ck, args):
    """The parity fixture: PyTorch's probabilities on the shortest dev documents (at least 15
    tokens), one document at a time, with the featurizer output they were computed from. Returns
    (dev documents, encoded examples, picked indices, the fixture as parity.json holds it)."""
    post = D.uses_post_space(model.cfg.variation)
    dev_docs = D.load_jsonl(args.dev)
    dev_ex = D.encode_all(dev_docs, ck["word_vocab"], ck["char_vocab"], post)
    order = sorted(range(len(dev_docs)), key=lambda i: len(dev_docs[i]["tokens"]))
    pick = ([i for i in order if len(dev_docs[i]["tokens"]) >= 15] or order)[: max(1, args.parity_docs)]
    parity_docs = []
    with torch.no_grad():
        for i in pick:
            e = dev_ex[i]
            p = torch_probs(model, torch.from_numpy(e.word_ids[None]), torch.from_numpy(e.char_ids[None]),
                            torch.from_numpy(e.features[None]))[0].numpy()
            d = dev_docs[i]
            parity_docs.append({"id": d["id"], "tokens": d["tokens"], "words": d["words"], "chars": d["chars"],
                                "features": d["features"], "word_ids": e.word_ids.tolist(),
                                "char_ids": [[int(x) for x in row if x] for row in e.char_ids],
                                "probs": p.astype(float).tolist()})
    parity = {
        "model": args.name, "labels": D.LABELS, "tolerance": 1e-4,
        "source": (getattr(args, "parity_source", None) or "tests/fixtures/gold/dev (deid featurize)")
                  + "; probs from PyTorch, one document per batch; "
                  "words/chars/features are the featurizer output the probs were computed from",
        "documents": parity_docs}
    return dev_docs, dev_ex, pick, parity


def refresh_parity(args):
    """Rewrite only OUT/parity.json from the checkpoint and a dev JSONL featurized now: after a
    deliberate change of the rule features (tests/model_parity.rs says which token drifted), the
    model, its thresholds and its card stay as they are."""
    model, ck = load_checkpoint(Path(args.checkpoint))
    _, _, _, parity = parity_fixture(model, ck, args)
    (Path(args.out) / "parity.json").write_text(json.dumps(parity))
    print(f"wrote {Path(args.out) / 'parity.json'} ({len(parity['documents'])} docs)")


def export(args):
    """args: checkpoint, name, version, dev, out, parity_docs (an argparse.Namespace or alike); optional
    parity_source (what the dev JSONL is, recorded in parity.json)."""
    model, ck = load_checkpoint(Path(args.checkpoint))
    cfg = model.cfg
    info = ck["info"]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    onnx_path = out / "model.onnx"
    export_onnx(model, onnx_path)

    post = D.uses_post_space(cfg.variation)
    dev_docs, dev_ex, pick, parity = parity_fixture(model, ck, args)
    check = check_onnx(model, onnx_path, [dev_ex[i] for i in pick[:3]])
    ok = check["max_abs_diff_padded_batch"] < 1e-5 and check["max_abs_diff_unpadded_vs_padded"] < 1e-5
    print(f"onnxruntime vs PyTorch: {check}")
    if not ok:
        print("ONNX output differs from PyTorch by >= 1e-5", file=sys.stderr)
        sys.exit(1)
    parity_docs = parity["documents"]
    (out / "parity.json").write_text(json.dumps(parity))

    metrics = dict(info.get("metrics", {}))
    metrics["dev"] = evaluate(model, dev_ex)  # re-scored with the dev JSONL given here (current featurizer)
    metrics["dev"]["jsonl_sha256"] = D.sha256_file(args.dev)
    onnx_inputs = check["inputs"]
    training = {k: v for k, v in info.items() if k not in ("metrics",)}
    training["history"] = info.get("history", [])
    training["config"] = cfg.to_dict()
    metadata = {
        "format": 1,
        "name": args.name,
        "version": args.version,
        "variation": cfg.variation,
        "onnx": "model.onnx",
        "inputs": {n: n for n in onnx_inputs},
        "output": OUTPUT_NAME,
        "word_vocab": ck["word_vocab"],
        "char_vocab": ck["char_vocab"],
        "labels": D.LABELS,
        "feature_names": D.FEATURE_NAMES,
        "max_token_chars": D.MAX_TOKEN_CHARS,
        "post_space_chars": D.POST_SPACE_CHARS if post else 0,
        "lowercase_digits_to_zero": True,
        "thresholds": {"low": 0.9, "high": 0.95, "per_category": {}},
        "padding": {"word_id": D.PAD_ID, "unknown_word_id": D.UNK_ID, "char_id": D.PAD_ID,
                    "unknown_char_id": D.UNK_ID, "feature": 0.0},
        "opset": OPSET,
        "created": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "training": training,
        "metrics": {"dev": metrics.get("dev"), "valid": metrics.get("valid"), "onnx_check": check},
    }
    (out / "metadata.json").write_text(json.dumps(metadata, indent=1, ensure_ascii=False))
    if Path(args.checkpoint).resolve() != (out / "checkpoint.pt").resolve():
        shutil.copyfile(args.checkpoint, out / "checkpoint.pt")
    # the engine caches character encodings when the graph is also there in two halves
    split_graph(out)
    (out / "MODEL_CARD.md").write_text(model_card(args.name, args.version, cfg, metadata, onnx_path))
    size = onnx_path.stat().st_size
    print(f"wrote {out}: model.onnx {size / 1e6:.2f} MB, metadata.json, parity.json ({len(parity_docs)} docs), "
          f"MODEL_CARD.md, checkpoint.pt")


def _fmt(m, key="argmax"):
    if not m:
        return "n/a"
    a = m[key]
    return f"recall {a['recall']:.4f}, precision {a['precision']:.4f}, F1 {a['f1']:.4f} ({m['tokens']} tokens, {m['phi_tokens']} PHI)"


def model_card(name, version, cfg, meta, onnx_path) -> str:
    t = meta["training"]
    dev, valid = meta["metrics"]["dev"], meta["metrics"]["valid"]
    gm = t.get("generator_manifest")
    cnn = getattr(cfg, "tagger", "bilstm") == "idcnn"
    word_tagger = (f"word-level dilated CNN ({len(cfg.dilations)} residual layers of {cfg.hidden} channels, "
                   f"kernel 3, dilations {', '.join(map(str, cfg.dilations))}; Strubell et al. 2017)"
                   if cnn else "word-level BiLSTM")
    lines = [
        f"# {name} {version}",
        "",
        "Deep de-identifier for adverse drug reaction narratives (VAERS-style free text):",
        f"after Meldau et al. 2018, variation **{cfg.variation}** "
        "(word embedding + character BiLSTM over the token and up to 3 following characters + "
        f"31 rule/lexicon features → {word_tagger} → softmax over SAFE and the 28 i2b2 PHI types)"
        if cfg.variation == "d" else f"a BiLSTM after Meldau et al. 2018, variation **{cfg.variation}**.",
        "",
        "## Intended use",
        "",
        "A second opinion inside Deid Studio's engine: a token stays PHI unless both the rules and this model "
        "say it is safe (P(SAFE) at or above the configured threshold). It is not meant to be used alone, "
        "and not for text types far from VAERS narratives (clinical notes, letters, tables).",
        "",
        "## Data",
        "",
        f"- Training: {t.get('documents')} documents, {t.get('tokens')} tokens; "
        f"file sha256 `{t.get('data_sha256')}` (`{t.get('train_file')}`).",
        f"- Label counts: {json.dumps(t.get('label_counts'))}",
        "- Generator manifest: " + (json.dumps({k: gm.get(k) for k in ("path", "sha256", "generator", "seed",
                                                                         "documents", "arguments")})
                                    if gm else "none recorded"),
        "- Model selection on the validation split (best token-level PHI F2); the 57-document dev gold "
        "set (real VAERS narratives, hand-annotated) is used for reporting only.",
        "",
        "## Architecture and training",
        "",
        f"- word embedding {cfg.word_dim} (vocabulary {cfg.n_words}, min count 2, capped at 20k), "
        f"char embedding {cfg.char_dim} + char BiLSTM {cfg.char_hidden}/direction with masked max pooling, "
        + (f"dilated CNN of {cfg.hidden} channels over the words" if cnn else f"word BiLSTM {cfg.hidden}/direction")
        + f", dropout {cfg.dropout}.",
        f"- Adam (lr {t['optimizer']['lr']}), class-weighted cross entropy (sqrt inverse frequency, capped at 10), "
        f"seed {t.get('seed')}, best epoch {t.get('epochs')} of {t.get('epochs_run')} "
        f"({t.get('seconds_per_epoch')} s/epoch on 2 CPU threads).",
        f"- ONNX opset {meta['opset']}, {onnx_path.stat().st_size / 1e6:.1f} MB; "
        f"max |ONNX - PyTorch| = {meta['metrics']['onnx_check']['max_abs_diff_padded_batch']:.2e} on a padded batch.",
        "",
        "## Metrics (token level, PHI = argmax != SAFE)",
        "",
        f"- dev gold: {_fmt(dev)}",
        f"- dev gold, rules OR model: {_fmt(dev, 'rules_or_model')}",
        f"- validation: {_fmt(valid)}",
    ]
    if dev:
        lines += ["", "Recall / precision on dev when PHI = P(SAFE) < t:", "",
                  "| t | recall | precision |", "|---|---|---|"]
        for th, m in dev["at_p_safe_below"].items():
            lines.append(f"| {th} | {m['recall']:.4f} | {m['precision']:.4f} |")
        lines += ["", "Per-category recall on dev (model alone / rules OR model):", ""]
        for c, m in dev["per_category"].items():
            lines.append(f"- {c}: {m['recall']:.3f} / {m['recall_rules_or_model']:.3f} ({m['tokens']} tokens)")
    lines += [
        "",
        "## Limits",
        "",
        "- Trained on synthetic narratives (real VAERS carrier text with generated PHI surrogates); real PHI "
        "looks different in ways the generator does not know. The dev set has few PHI types "
        "(mostly DATE, IDNUM, AGE, PROFESSION, HOSPITAL): recall on names, addresses and contact details is "
        "measured on synthetic data only.",
        "- English only; the vocabulary is lowercased with digits mapped to 0; tokens and features must come "
        "from the same `deid` tokenizer/featurizer version (feature_names are checked at load time).",
        "- Probabilities are not calibrated; thresholds should be set on validation data, never on the gold set.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
