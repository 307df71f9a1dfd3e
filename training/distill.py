"""Distil a trained model (the teacher, e.g. deid-bilstm-v2) into another trained one (the
student, e.g. the faster deid-idcnn-64) on featurized JSONL:

    training/.venv/bin/python -m training.distill --teacher models/deid-bilstm-v2/checkpoint.pt \\
        --student models/deid-idcnn-64-v3/checkpoint.pt --train training/data/train.jsonl \\
        --valid training/data/valid.jsonl --out training/runs/idcnn-distilled

Why: the dilated-CNN tagger runs the hybrid twice as fast as the BiLSTM but, trained on labels
alone, calls more safe words PHI (1 to 5 points of hybrid precision). The BiLSTM's probabilities
carry what it learnt about those words ("dark knowledge", Hinton et al. 2015), so the student
is trained on each word's label (class-weighted cross entropy, the weights of its own training)
plus `--weight` x KL(teacher || student) on the words the teacher labels right; where the
teacher is wrong (a name it calls safe) the label alone teaches, so the student is never pulled
toward releasing PHI. The student as it was (epoch 0) is a candidate; the epoch with the best
validation F2 is kept, as in training.

The two models may have different vocabularies: each reads the documents encoded with its own.
Writes OUT/checkpoint.pt (the student's architecture and vocabularies, its training record with
a `distillation` entry) and OUT/metrics.json; `training.export` turns it into a model folder.
"""
from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from .deid_model import data as D
from .deid_model.train import (
    distill_term,
    evaluate,
    load_checkpoint,
    optimizer_step,
    predict,
    save_checkpoint,
    set_seed,
)


def encoded(docs: list[dict], ck: dict, max_len: int) -> list[D.Encoded]:
    """The documents as a checkpoint's model reads them, cut into training pieces."""
    post = D.uses_post_space(ck["config"]["variation"])
    return D.chunk(D.encode_all(docs, ck["word_vocab"], ck["char_vocab"], post), max_len)


def teacher_targets(teacher, teacher_ex: list[D.Encoded], student_ex: list[D.Encoded],
                    max_tokens: int) -> dict[int, np.ndarray]:
    """The teacher's probabilities of every piece, keyed by the student's piece (`id()`); the two
    lists hold the same pieces in the same order."""
    assert [len(e.word_ids) for e in teacher_ex] == [len(e.word_ids) for e in student_ex]
    probs = predict(teacher, teacher_ex, max_tokens)
    return {id(s): p.astype(np.float16) for s, p in zip(student_ex, probs)}


def padded(targets: dict[int, np.ndarray], batch: list[D.Encoded], n_labels: int) -> torch.Tensor:
    T = max(len(e.word_ids) for e in batch)
    out = np.zeros((len(batch), T, n_labels), dtype=np.float32)
    for i, e in enumerate(batch):
        p = targets[id(e)]
        out[i, : len(p)] = p
    return torch.from_numpy(out)


def distill_epoch(student, opt, loss_fn, train_ex, targets, weight: float, max_tokens: int,
                  rng: random.Random) -> float:
    student.train()
    total, n = 0.0, 0
    for batch in D.batches_by_length(train_ex, max_tokens, rng):
        t = D.collate(batch)
        logits = student(t["word_ids"], t["char_ids"], t["features"])
        loss = loss_fn(logits.reshape(-1, logits.shape[-1]), t["labels"].reshape(-1))
        target = padded(targets, batch, logits.shape[-1])
        words = (t["labels"] != -100) & (target.argmax(-1) == t["labels"])
        if weight > 0 and bool(words.any()):
            loss = loss + weight * distill_term(logits, target, words)
        total += optimizer_step(student, opt, loss)
        n += 1
    return total / max(1, n)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--teacher", required=True, help="the teacher's checkpoint.pt")
    ap.add_argument("--student", required=True, help="the trained student's checkpoint.pt")
    ap.add_argument("--train", required=True, help="featurized training JSONL")
    ap.add_argument("--valid", required=True, help="featurized validation JSONL (selection)")
    ap.add_argument("--out", required=True, help="run directory (checkpoint.pt, metrics.json)")
    ap.add_argument("--weight", type=float, default=1.0, help="weight of the KL term (default 1)")
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=3e-4, help="Adam learning rate (default 3e-4: the student is trained)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--max-tokens", type=int, default=6000)
    ap.add_argument("--max-len", type=int, default=300)
    ap.add_argument("--max-docs", type=int, default=None, help="only the first N training documents")
    ap.add_argument("--max-valid-docs", type=int, default=None)
    ap.add_argument("--max-minutes", type=float, default=None, help="stop after the epoch that passes this")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    set_seed(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    t_start = time.time()

    teacher, tck = load_checkpoint(Path(args.teacher))
    student, sck = load_checkpoint(Path(args.student))
    for key in ("labels", "feature_names"):
        if tck[key] != sck[key]:
            raise SystemExit(f"teacher and student differ in {key}: they cannot be distilled")
    train_docs = D.load_jsonl(args.train, args.max_docs)
    valid_docs = D.load_jsonl(args.valid, args.max_valid_docs)
    train_ex = encoded(train_docs, sck, args.max_len)
    valid_ex = D.encode_all(valid_docs, sck["word_vocab"], sck["char_vocab"],
                            D.uses_post_space(sck["config"]["variation"]))
    t0 = time.time()
    targets = teacher_targets(teacher, encoded(train_docs, tck, args.max_len), train_ex, args.max_tokens)
    print(f"teacher {tck['config'].get('tagger', 'bilstm')} probabilities of {len(train_ex)} pieces "
          f"in {time.time() - t0:.0f} s")

    weights = torch.tensor([sck["info"].get("class_weights", {}).get(l, 1.0) for l in D.LABELS],
                           dtype=torch.float32)
    loss_fn = nn.CrossEntropyLoss(weight=weights, ignore_index=-100)
    opt = torch.optim.Adam(student.parameters(), lr=args.lr)
    rng = random.Random(args.seed)

    def score(epoch: int, loss: float | None, secs: float) -> dict:
        a = evaluate(student, valid_ex)["argmax"]
        print(f"epoch {epoch}: " + (f"loss {loss:.4f} ({secs:.0f}s) " if loss is not None else "(the student as it was) ")
              + f"valid R {a['recall']:.4f} P {a['precision']:.4f} F2 {a['f2']:.4f}")
        return {"epoch": epoch, "loss": loss, "seconds": round(secs, 1), "valid_recall": a["recall"],
                "valid_precision": a["precision"], "valid_f2": a["f2"]}

    history = [score(0, None, 0.0)]
    best = history[0]
    best_state = {k: v.detach().clone() for k, v in student.state_dict().items()}
    for epoch in range(1, args.epochs + 1):
        t0 = time.time()
        loss = distill_epoch(student, opt, loss_fn, train_ex, targets, args.weight, args.max_tokens, rng)
        h = score(epoch, loss, time.time() - t0)
        history.append(h)
        if h["valid_f2"] > best["valid_f2"]:
            best = h
            best_state = {k: v.detach().clone() for k, v in student.state_dict().items()}
        if args.max_minutes is not None and (time.time() - t_start) / 60 > args.max_minutes:
            print(f"time budget of {args.max_minutes} min reached")
            break
    student.load_state_dict(best_state)
    student.eval()
    metrics = {"valid": evaluate(student, valid_ex)}
    info = dict(sck["info"])
    info["distillation"] = {
        "teacher": str(args.teacher),
        "student": str(args.student),
        "weight": args.weight,
        "lr": args.lr,
        "epochs_run": len(history) - 1,
        "best_epoch": best["epoch"],
        "history": history,
        "seconds": round(time.time() - t_start, 1),
        "train_file": str(args.train),
        "data_sha256": D.sha256_file(args.train),
        "documents": len(train_docs),
        "words": "each word's label, plus KL(teacher || student) where the teacher labels it right",
    }
    save_checkpoint(out / "checkpoint.pt", student, sck["word_vocab"], sck["char_vocab"], {**info, "metrics": metrics})
    (out / "metrics.json").write_text(json.dumps({"distillation": info["distillation"], "metrics": metrics}, indent=2))
    print(f"kept epoch {best['epoch']}; wrote {out / 'checkpoint.pt'}")


if __name__ == "__main__":
    main()
