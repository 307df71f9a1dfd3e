"""Featurized JSONL (written by `deid featurize`) → vocabularies and padded tensors.

Rust is the single source of preprocessing: tokens, `words` (lowercased,
digits→'0'), `chars` (token cut to MAX_TOKEN_CHARS + up to POST_SPACE_CHARS
following characters) and the 31 features all come from the JSONL. This module
only maps strings to ids and pads.
"""
from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import numpy as np
import torch

from ..definitions import FEATURE_NAMES, LABELS, N_FEATURES, SAFE_LABEL  # noqa: F401 (re-exported)

PAD, UNK = "<pad>", "<unk>"
PAD_ID, UNK_ID = 0, 1
MAX_TOKEN_CHARS = 20
POST_SPACE_CHARS = 3

# "SAFE" + the i2b2 2014 TYPEs (index = class id) and the feature columns, in the order the
# engine computes them: generated from definitions/definitions.toml, as Rust's are.
LABEL_ID = {l: i for i, l in enumerate(LABELS)}
SAFE_ID = 0
assert LABELS[SAFE_ID] == SAFE_LABEL

VARIATIONS = ("a", "b", "c", "d")


def uses_chars(variation: str) -> bool:
    return variation in ("b", "c", "d")


def uses_post_space(variation: str) -> bool:
    return variation in ("c", "d")


def uses_features(variation: str) -> bool:
    return variation == "d"


def load_jsonl(path: str | Path, limit: int | None = None) -> list[dict]:
    docs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if limit is not None and len(docs) >= limit:
                break
            if line.strip():
                d = json.loads(line)
                if d["tokens"]:
                    docs.append(d)
    return docs


def sha256_file(path: str | Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def char_string(token: str, chars: str, post_space: bool) -> str:
    """The character-encoder input of one token: `chars` with or without its post-space characters."""
    if post_space:
        return chars
    return chars[: min(len(token), MAX_TOKEN_CHARS)]


def build_vocab(seqs: Iterable[Iterable[str]], min_count: int = 2, max_size: int | None = None) -> list[str]:
    counts = Counter()
    for s in seqs:
        counts.update(s)
    items = [(w, c) for w, c in counts.items() if c >= min_count]
    items.sort(key=lambda wc: (-wc[1], wc[0]))
    if max_size is not None:
        items = items[: max(0, max_size - 2)]
    return [PAD, UNK] + [w for w, _ in items]


def build_vocabs(docs: list[dict], max_words: int = 20000, min_count: int = 2) -> tuple[list[str], list[str]]:
    words = build_vocab((d["words"] for d in docs), min_count, max_words)
    chars = build_vocab((c for d in docs for c in d["chars"]), min_count, None)
    return words, chars


@dataclass
class Encoded:
    id: str
    word_ids: np.ndarray  # [T] int64
    char_ids: np.ndarray  # [T, C] int64
    features: np.ndarray  # [T, 31] float32
    labels: np.ndarray  # [T] int64
    rule_phi: np.ndarray  # [T] int64
    # fine-tuning: a replay document, trained toward the base model's probabilities as well as its
    # labels (training.finetune --distill)
    distill: bool = False


def encode(doc: dict, word_index: dict, char_index: dict, post_space: bool) -> Encoded:
    T = len(doc["tokens"])
    wid = np.array([word_index.get(w, UNK_ID) for w in doc["words"]], dtype=np.int64)
    cstrs = [char_string(t, c, post_space) for t, c in zip(doc["tokens"], doc["chars"])]
    C = max(1, max(len(s) for s in cstrs))
    cid = np.zeros((T, C), dtype=np.int64)
    for i, s in enumerate(cstrs):
        cid[i, : len(s)] = [char_index.get(ch, UNK_ID) for ch in s]
    feats = np.asarray(doc["features"], dtype=np.float32).reshape(T, N_FEATURES)
    labels = np.array([LABEL_ID.get(l, LABEL_ID["OTHER"]) for l in doc["labels"]], dtype=np.int64)
    rule = np.asarray(doc.get("rule_phi", [0] * T), dtype=np.int64)
    return Encoded(doc["id"], wid, cid, feats, labels, rule)


def encode_all(docs, word_vocab, char_vocab, post_space) -> list[Encoded]:
    wi = {w: i for i, w in enumerate(word_vocab)}
    ci = {c: i for i, c in enumerate(char_vocab)}
    return [encode(d, wi, ci, post_space) for d in docs]


def chunk(examples: list[Encoded], max_len: int) -> list[Encoded]:
    """Split long documents into pieces of at most max_len tokens (training only)."""
    out = []
    for e in examples:
        T = len(e.word_ids)
        if T <= max_len:
            out.append(e)
            continue
        for s in range(0, T, max_len):
            sl = slice(s, s + max_len)
            cid = e.char_ids[sl]
            out.append(Encoded(f"{e.id}#{s}", e.word_ids[sl], cid, e.features[sl], e.labels[sl], e.rule_phi[sl],
                               e.distill))
    return out


def collate(batch: list[Encoded]) -> dict[str, torch.Tensor]:
    """Right-pad with 0 (word/char ids), 0.0 (features), -100 (labels: ignored by the loss)."""
    B = len(batch)
    T = max(len(e.word_ids) for e in batch)
    C = max(e.char_ids.shape[1] for e in batch)
    w = np.zeros((B, T), dtype=np.int64)
    c = np.zeros((B, T, C), dtype=np.int64)
    f = np.zeros((B, T, N_FEATURES), dtype=np.float32)
    y = np.full((B, T), -100, dtype=np.int64)
    r = np.zeros((B, T), dtype=np.int64)
    for i, e in enumerate(batch):
        n = len(e.word_ids)
        w[i, :n] = e.word_ids
        c[i, :n, : e.char_ids.shape[1]] = e.char_ids
        f[i, :n] = e.features
        y[i, :n] = e.labels
        r[i, :n] = e.rule_phi
    return {
        "word_ids": torch.from_numpy(w),
        "char_ids": torch.from_numpy(c),
        "features": torch.from_numpy(f),
        "labels": torch.from_numpy(y),
        "rule_phi": torch.from_numpy(r),
        "distill": torch.tensor([e.distill for e in batch], dtype=torch.bool),
    }


def batches_by_length(examples: list[Encoded], max_tokens: int, rng: random.Random | None = None,
                      max_batch: int = 64) -> list[list[Encoded]]:
    """Group examples of similar length so that batch_size * max_len <= max_tokens; shuffled if rng."""
    order = sorted(range(len(examples)), key=lambda i: len(examples[i].word_ids))
    if rng is not None:
        # shuffle within length buckets for variety, then keep the sort approximately
        order = sorted(order, key=lambda i: (len(examples[i].word_ids) // 8, rng.random()))
    batches, cur, cur_max = [], [], 0
    for i in order:
        n = len(examples[i].word_ids)
        new_max = max(cur_max, n)
        if cur and (new_max * (len(cur) + 1) > max_tokens or len(cur) >= max_batch):
            batches.append(cur)
            cur, new_max = [], n
        cur.append(examples[i])
        cur_max = new_max
    if cur:
        batches.append(cur)
    if rng is not None:
        rng.shuffle(batches)
    return batches


def label_counts(examples: list[Encoded]) -> np.ndarray:
    counts = np.zeros(len(LABELS), dtype=np.int64)
    for e in examples:
        counts += np.bincount(e.labels, minlength=len(LABELS))
    return counts
