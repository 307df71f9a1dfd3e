"""Train one variation of the BiLSTM de-identifier on featurized JSONL.

    python3 -m training.deid_model.train --train training/data/train.jsonl \
        --valid training/data/valid.jsonl --dev training/data/dev.jsonl \
        --variation d --out training/runs/d

Writes OUT/checkpoint.pt (config, weights, vocabularies, training info,
metrics) and OUT/metrics.json. The dev set is only evaluated (reporting);
model selection uses the valid set.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from . import data as D
from .model import DeidBiLSTM, ModelConfig

THRESHOLDS = (0.5, 0.9, 0.95, 0.99)


def set_seed(seed: int):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


@torch.no_grad()
def predict(model: DeidBiLSTM, examples: list[D.Encoded], max_tokens: int = 8000) -> list[np.ndarray]:
    """Softmax probabilities [T, n_labels] per example, in input order."""
    model.eval()
    out: dict[int, np.ndarray] = {}
    idx = {id(e): i for i, e in enumerate(examples)}
    for batch in D.batches_by_length(examples, max_tokens):
        t = D.collate(batch)
        p = torch.softmax(model(t["word_ids"], t["char_ids"], t["features"]), dim=-1).numpy()
        for k, e in enumerate(batch):
            out[idx[id(e)]] = p[k, : len(e.word_ids)]
    return [out[i] for i in range(len(examples))]


def _prf(tp, fp, fn):
    r = tp / (tp + fn) if tp + fn else 1.0
    p = tp / (tp + fp) if tp + fp else 1.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    f2 = 5 * p * r / (4 * p + r) if p + r else 0.0
    return {"recall": r, "precision": p, "f1": f1, "f2": f2, "tp": int(tp), "fp": int(fp), "fn": int(fn)}


def binary_metrics(gold: np.ndarray, pred: np.ndarray) -> dict:
    return _prf(int((gold & pred).sum()), int((~gold & pred).sum()), int((gold & ~pred).sum()))


def evaluate(model: DeidBiLSTM, examples: list[D.Encoded]) -> dict:
    """Token-level binary PHI metrics (PHI = argmax != SAFE), recall at P(SAFE) thresholds,
    the rules alone and rules OR model, and per-category recall (gold tokens of the category the model
    calls PHI) and precision (tokens the model labels with the category that are gold PHI)."""
    probs = predict(model, examples)
    P = np.concatenate(probs)
    y = np.concatenate([e.labels for e in examples])
    rule = np.concatenate([e.rule_phi for e in examples]).astype(bool)
    gold = y != D.SAFE_ID
    pred = P.argmax(1) != D.SAFE_ID
    m = {"documents": len(examples), "tokens": int(len(y)), "phi_tokens": int(gold.sum())}
    m["argmax"] = binary_metrics(gold, pred)
    m["at_p_safe_below"] = {str(t): binary_metrics(gold, P[:, D.SAFE_ID] < t) for t in THRESHOLDS}
    m["rules"] = binary_metrics(gold, rule)
    m["rules_or_model"] = binary_metrics(gold, rule | pred)
    per = {}
    label = P.argmax(1)
    for c in np.unique(y[gold]):
        sel, said = y == c, label == c
        # precision of the category: of the tokens the model put in it, the share that are PHI (of any category)
        per[D.LABELS[c]] = {"tokens": int(sel.sum()), "recall": float(pred[sel].mean()),
                            "recall_rules_or_model": float((pred | rule)[sel].mean()),
                            "predicted": int(said.sum()),
                            "precision": float(gold[said].mean()) if said.any() else None}
    m["per_category"] = per
    m["typed_accuracy_on_phi"] = float((P.argmax(1)[gold] == y[gold]).mean()) if gold.any() else None
    return m


def class_weights(counts: np.ndarray, cap: float = 10.0) -> torch.Tensor:
    """sqrt(n_SAFE / n_c) clipped to [1, cap]; classes absent from training get 1."""
    w = np.ones(len(counts), dtype=np.float32)
    n_safe = max(1, counts[D.SAFE_ID])
    for c, n in enumerate(counts):
        if c != D.SAFE_ID and n > 0:
            w[c] = float(np.clip(math.sqrt(n_safe / n), 1.0, cap))
    return torch.from_numpy(w)


def save_checkpoint(path: Path, model: DeidBiLSTM, word_vocab, char_vocab, info: dict):
    torch.save({
        "format": 1,
        "config": model.cfg.to_dict(),
        "state_dict": model.state_dict(),
        "word_vocab": word_vocab,
        "char_vocab": char_vocab,
        "labels": D.LABELS,
        "feature_names": D.FEATURE_NAMES,
        "info": info,
    }, path)


def load_checkpoint(path: Path) -> tuple[DeidBiLSTM, dict]:
    ck = torch.load(path, map_location="cpu", weights_only=False)
    model = DeidBiLSTM(ModelConfig(**ck["config"]))
    model.load_state_dict(ck["state_dict"])
    model.eval()
    return model, ck


def distill_term(logits: torch.Tensor, target: torch.Tensor, words: torch.Tensor) -> torch.Tensor:
    """KL(target || model) per word, summed over the classes, averaged over the words of the
    boolean mask `words` (which must hold at least one)."""
    kl = nn.functional.kl_div(torch.log_softmax(logits, dim=-1), target, reduction="none").sum(-1)
    return kl[words].mean()


def optimizer_step(model: nn.Module, opt, loss: torch.Tensor) -> float:
    """One optimizer step on `loss`, gradients clipped to norm 5; the loss as a number."""
    opt.zero_grad()
    loss.backward()
    nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    opt.step()
    return loss.item()


def train_epoch(model: DeidBiLSTM, opt, loss_fn, train_ex, max_tokens: int, rng: random.Random,
                teacher: DeidBiLSTM | None = None, distill_weight: float = 0.0) -> float:
    """One pass over train_ex in shuffled length-bucketed batches; the mean batch loss. With a
    `teacher` (the base model, frozen), the words of examples marked `distill` (replay documents)
    also pull the model toward the teacher's probabilities: + distill_weight * KL(teacher || model),
    averaged over those words (knowledge distillation against forgetting, Li & Hoiem 2017). Only
    words the teacher labels right are distilled: where it was wrong (a name it called safe) the
    label alone teaches, so the model is never pulled toward releasing PHI."""
    model.train()
    total, n = 0.0, 0
    for batch in D.batches_by_length(train_ex, max_tokens, rng):
        t = D.collate(batch)
        logits = model(t["word_ids"], t["char_ids"], t["features"])
        loss = loss_fn(logits.reshape(-1, logits.shape[-1]), t["labels"].reshape(-1))
        if teacher is not None and distill_weight > 0 and bool(t["distill"].any()):
            with torch.no_grad():
                target = torch.softmax(teacher(t["word_ids"], t["char_ids"], t["features"]), dim=-1)
            words = (t["labels"] != -100) & t["distill"][:, None] & (target.argmax(-1) == t["labels"])
            if bool(words.any()):
                loss = loss + distill_weight * distill_term(logits, target, words)
        total += optimizer_step(model, opt, loss)
        n += 1
    return total / max(1, n)


def fit(model: DeidBiLSTM, train_ex, valid_ex, *, epochs: int, patience: int, lr: float, seed: int,
        max_tokens: int, max_minutes: float | None, weights: torch.Tensor, log=print) -> dict:
    """Adam + class-weighted cross entropy; keeps the epoch with the best valid PHI F2
    (recall-weighted: missing PHI costs more than over-redaction); early stopping on it."""
    rng = random.Random(seed)
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    loss_fn = nn.CrossEntropyLoss(weight=weights, ignore_index=-100)
    best, best_state, best_epoch, bad = -1.0, None, 0, 0
    history = []
    t_start = time.time()
    for epoch in range(1, epochs + 1):
        t0 = time.time()
        loss = train_epoch(model, opt, loss_fn, train_ex, max_tokens, rng)
        secs = time.time() - t0
        vm = evaluate(model, valid_ex)
        score = vm["argmax"]["f2"]
        history.append({"epoch": epoch, "loss": loss, "seconds": round(secs, 1),
                        "valid_recall": vm["argmax"]["recall"], "valid_precision": vm["argmax"]["precision"],
                        "valid_f2": score})
        log(f"epoch {epoch}: loss {loss:.4f} ({secs:.0f}s) valid R {vm['argmax']['recall']:.4f} "
            f"P {vm['argmax']['precision']:.4f} F2 {score:.4f}")
        if score > best:
            best, best_epoch, bad = score, epoch, 0
            best_state = {k: v.detach().clone() for k, v in model.state_dict().items()}
        else:
            bad += 1
            if bad >= patience:
                log(f"early stop: no valid F2 gain for {patience} epochs")
                break
        if max_minutes is not None and (time.time() - t_start) / 60 > max_minutes:
            log(f"time budget of {max_minutes} min reached")
            break
    if best_state is not None:
        model.load_state_dict(best_state)
    return {"best_epoch": best_epoch, "epochs_run": len(history), "history": history,
            "seconds": round(time.time() - t_start, 1),
            "seconds_per_epoch": round(float(np.mean([h["seconds"] for h in history])), 1) if history else None}


def add_common_args(ap: argparse.ArgumentParser):
    ap.add_argument("--valid", required=True, help="featurized JSONL for model selection")
    ap.add_argument("--dev", help="featurized dev gold JSONL: evaluated only, for reporting")
    ap.add_argument("--out", required=True, help="run directory (checkpoint.pt, metrics.json)")
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--patience", type=int, default=3)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--max-tokens", type=int, default=6000, help="tokens (padded) per batch")
    ap.add_argument("--max-len", type=int, default=300, help="training chunks of at most this many tokens")
    ap.add_argument("--max-docs", type=int, default=None, help="use only the first N training documents")
    ap.add_argument("--max-valid-docs", type=int, default=None, help="use only the first N valid documents")
    ap.add_argument("--max-minutes", type=float, default=None, help="stop after the epoch that passes this")
    ap.add_argument("--threads", type=int, default=int(os.environ.get("DEID_TRAIN_THREADS", "2")))
    ap.add_argument("--tiny", action="store_true", help="smoke mode: 40 docs, 1 epoch, small dims")
    ap.add_argument("--generator-manifest", default=None, help="manifest of the synthetic data, recorded in metadata")


MANIFEST_DROP = ("files", "valid_carrier_ids", "excluded_ids")


def read_manifest(path):
    """The generator's manifest, minus its per-file and per-id lists, plus the file's sha256."""
    if not path or not Path(path).exists():
        return None
    summary = {"path": str(path), "sha256": D.sha256_file(path)}
    try:
        m = json.loads(Path(path).read_text())
    except json.JSONDecodeError:
        return summary
    if isinstance(m, dict):
        summary.update({k: v for k, v in m.items() if k not in MANIFEST_DROP})
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train", required=True, help="featurized training JSONL")
    ap.add_argument("--variation", choices=D.VARIATIONS, default="d")
    ap.add_argument("--word-dim", type=int, default=100)
    ap.add_argument("--char-dim", type=int, default=24)
    ap.add_argument("--char-hidden", type=int, default=32)
    ap.add_argument("--hidden", type=int, default=128, help="LSTM units per direction, or CNN channels")
    ap.add_argument("--tagger", choices=["bilstm", "idcnn"], default="bilstm",
                    help="word-level tagger: BiLSTM, or iterated dilated CNN (faster on a CPU)")
    ap.add_argument("--dropout", type=float, default=0.5)
    ap.add_argument("--max-words", type=int, default=20000)
    add_common_args(ap)
    args = ap.parse_args()
    if args.tiny:
        args.max_docs, args.epochs = min(args.max_docs or 40, 40), 1
        args.word_dim, args.char_dim, args.char_hidden, args.hidden = 16, 8, 8, 16
    torch.set_num_threads(args.threads)
    set_seed(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    train_docs = D.load_jsonl(args.train, args.max_docs)
    valid_docs = D.load_jsonl(args.valid, args.max_valid_docs)
    if args.tiny:
        valid_docs = valid_docs[:20]
    if args.max_valid_docs:
        valid_docs = valid_docs[: args.max_valid_docs]
    word_vocab, char_vocab = D.build_vocabs(train_docs, args.max_words)
    post = D.uses_post_space(args.variation)
    train_ex = D.chunk(D.encode_all(train_docs, word_vocab, char_vocab, post), args.max_len)
    valid_ex = D.encode_all(valid_docs, word_vocab, char_vocab, post)
    counts = D.label_counts(train_ex)
    weights = class_weights(counts)
    print(f"train: {len(train_docs)} docs, {int(counts.sum())} tokens; valid: {len(valid_docs)} docs; "
          f"vocab {len(word_vocab)} words, {len(char_vocab)} chars; variation {args.variation}")

    cfg = ModelConfig(variation=args.variation, n_words=len(word_vocab), n_chars=len(char_vocab),
                      n_labels=len(D.LABELS), word_dim=args.word_dim, char_dim=args.char_dim,
                      char_hidden=args.char_hidden, hidden=args.hidden, dropout=args.dropout,
                      tagger=args.tagger)
    model = DeidBiLSTM(cfg)
    result = fit(model, train_ex, valid_ex, epochs=args.epochs, patience=args.patience, lr=args.lr,
                 seed=args.seed, max_tokens=args.max_tokens, max_minutes=args.max_minutes, weights=weights)

    metrics = {"valid": evaluate(model, valid_ex)}
    if args.dev:
        dev_ex = D.encode_all(D.load_jsonl(args.dev), word_vocab, char_vocab, post)
        metrics["dev"] = evaluate(model, dev_ex)
        a = metrics["dev"]["argmax"]
        print(f"dev: R {a['recall']:.4f} P {a['precision']:.4f} F1 {a['f1']:.4f}")
    info = {
        "data_sha256": D.sha256_file(args.train),
        "valid_sha256": D.sha256_file(args.valid),
        "valid_documents": len(valid_docs),
        **fit_info(len(train_docs), counts, result, args.seed, args.lr),
        "class_weights": {D.LABELS[i]: round(float(w), 3) for i, w in enumerate(weights) if counts[i]},
        "max_tokens_per_batch": args.max_tokens,
        "max_len": args.max_len,
        "generator_manifest": read_manifest(args.generator_manifest),
        "train_file": str(args.train),
        "tiny": bool(args.tiny),
        "config": cfg.to_dict(),
    }
    save_checkpoint(out / "checkpoint.pt", model, word_vocab, char_vocab, {**info, "metrics": metrics})
    (out / "metrics.json").write_text(json.dumps({"info": info, "metrics": metrics}, indent=2))
    print(f"wrote {out / 'checkpoint.pt'}")


def fit_info(documents, counts, result, seed, lr) -> dict:
    """The provenance every trained checkpoint records (training and fine-tuning alike)."""
    return {
        "documents": documents,
        "tokens": int(counts.sum()),
        "label_counts": {D.LABELS[i]: int(c) for i, c in enumerate(counts) if c},
        "epochs": result["best_epoch"],
        "epochs_run": result["epochs_run"],
        "seconds": result["seconds"],
        "seconds_per_epoch": result["seconds_per_epoch"],
        "history": result["history"],
        "seed": seed,
        "optimizer": {"name": "adam", "lr": lr},
        "selection": "best valid token-level PHI F2 (argmax != SAFE)",
    }


if __name__ == "__main__":
    main()
