"""What `training.finetune` does against forgetting the styles the base model was trained on:

- the replay documents are generated from the base model's own mix (its generator manifest: the 2021
  and 1990s carriers, their shares, the document styles and the countries), not from one carrier file;
- with --distill, the replay documents' words are pulled toward the base model's probabilities
  (knowledge distillation) where the base labels them right; the gold documents' words, and replay
  words the base got wrong, learn their labels alone.

Needs the VAERS carrier CSVs in ../shared/data/vaers/ (fails without them). A few seconds on a CPU.
"""
from __future__ import annotations

import copy
import json
import random
import unittest
from pathlib import Path

import numpy as np
import torch
from torch import nn

from training import finetune_data as F
from training.deid_model import data as D
from training.deid_model.train import train_epoch
from training.finetune_select import MIN_TEACHER_RECALL, select
from training.tests.test_taggers import tiny

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared/data/vaers"


class ReplayMix(unittest.TestCase):
    def test_replay_is_generated_from_the_shipped_models_own_mix(self):
        for name in ("vaers-2021-01.csv", "vaers-1990s.csv"):
            self.assertTrue((SHARED / name).is_file(), f"{SHARED / name} missing")
        meta = json.loads((ROOT / "models/deid-bilstm-v2/metadata.json").read_text())
        args = F._base_generator_args(meta["training"]["generator_manifest"])
        self.assertIsNotNone(args)
        pairs = dict(zip(args[::2], args[1::2]))
        carriers = [Path(args[i + 1]).name for i in range(0, len(args), 2) if args[i] == "--carriers"]
        self.assertEqual(carriers, ["vaers-2021-01.csv", "vaers-1990s.csv"])  # the 1990s shorthand too
        self.assertEqual(pairs["--carrier-mix"], "0.6,0.4")
        self.assertIn("upper=", pairs["--styles"])
        self.assertIn("lower=", pairs["--styles"])
        self.assertIn("SE:", pairs["--countries"])
        # the dev gold's carriers are never generated from
        excluded = [args[i + 1] for i in range(0, len(args), 2) if args[i] == "--exclude"]
        self.assertIn(str(ROOT / "tests/fixtures/gold/dev/VAERS_IDS.tsv"), excluded)
        self.assertIn(str(ROOT / "tests/fixtures/gold/dev-1990s/VAERS_IDS.tsv"), excluded)

    def test_a_fine_tuned_base_replays_the_mix_of_the_model_it_came_from(self):
        # deid-bilstm-v3 was written by the learning loop: no manifest of its own, v2's underneath
        meta = json.loads((ROOT / "models/deid-bilstm-v3/metadata.json").read_text())
        self.assertIsNone(meta["training"]["generator_manifest"])
        args = F._base_generator_args(F.base_generator_manifest(meta["training"]))
        self.assertIsNotNone(args)
        carriers = [Path(args[i + 1]).name for i in range(0, len(args), 2) if args[i] == "--carriers"]
        self.assertEqual(carriers, ["vaers-2021-01.csv", "vaers-1990s.csv"])
        self.assertIsNone(F.base_generator_manifest({"fine_tuned_from": {"generator_manifest": None}}))

    def test_a_base_whose_carriers_are_not_here_replays_the_default_carrier(self):
        manifest = {"arguments": {"carriers": ["/elsewhere/vaers-2021-01.csv", "/elsewhere/not-here.csv"]}}
        self.assertIsNone(F._base_generator_args(manifest))
        self.assertIsNone(F._base_generator_args({}))  # a base trained without a manifest (tiny test models)


def examples(n: int, length: int, seed: int, distill: bool) -> list[D.Encoded]:
    """Random documents whose words are all labelled SAFE."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(n):
        chars = np.zeros((length, D.MAX_TOKEN_CHARS + D.POST_SPACE_CHARS), dtype=np.int64)
        chars[:, :4] = rng.integers(2, 30, (length, 4))
        out.append(D.Encoded(f"{seed}-{k}", rng.integers(2, 50, length).astype(np.int64), chars,
                             (rng.random((length, D.N_FEATURES)) > 0.7).astype(np.float32),
                             np.zeros(length, dtype=np.int64), np.zeros(length, dtype=np.int64), distill))
    return out


def divergence(model, teacher, docs) -> float:
    """Mean KL(teacher || model) over the words of docs."""
    t = D.collate(docs)
    with torch.no_grad():
        p = torch.softmax(teacher(t["word_ids"], t["char_ids"], t["features"]), -1)
        logq = torch.log_softmax(model(t["word_ids"], t["char_ids"], t["features"]), -1)
    kl = nn.functional.kl_div(logq, p, reduction="none").sum(-1)
    return kl[t["labels"] != -100].mean().item()


def labelled_by(teacher, docs: list[D.Encoded]) -> list[D.Encoded]:
    """docs with the teacher's own argmax as their labels: the teacher is right on every word, as a
    base model is on most words of its own training distribution."""
    out = []
    for e in docs:
        t = D.collate([e])
        with torch.no_grad():
            best = teacher(t["word_ids"], t["char_ids"], t["features"]).argmax(-1)[0].numpy()
        out.append(D.Encoded(e.id, e.word_ids, e.char_ids, e.features, best.astype(np.int64), e.rule_phi,
                             e.distill))
    return out


class Distillation(unittest.TestCase):
    def train(self, docs, distill: float):
        torch.manual_seed(0)
        model = tiny("bilstm")
        teacher = copy.deepcopy(model).eval()
        opt = torch.optim.Adam(model.parameters(), lr=0.05)
        loss_fn = nn.CrossEntropyLoss(ignore_index=-100)
        for _ in range(10):
            train_epoch(model, opt, loss_fn, docs, 2000, random.Random(0), teacher, distill)
        return model.eval(), teacher

    def test_replay_words_keep_the_base_models_probabilities(self):
        replay = labelled_by(tiny("bilstm"), examples(8, 9, seed=1, distill=True))
        gold = examples(8, 9, seed=2, distill=False)  # a new task: every word SAFE
        plain, teacher = self.train(replay + gold, 0.0)
        distilled, _ = self.train(replay + gold, 5.0)
        # labels alone keep the base's argmax on the replay words at best, not its probabilities;
        # distillation holds them near the base's probabilities
        self.assertLess(divergence(distilled, teacher, replay), 0.5 * divergence(plain, teacher, replay))

    def test_words_the_base_got_wrong_and_gold_words_learn_their_labels_alone(self):
        # replay words whose labels the base gets wrong (it says otherwise), and gold words: the
        # distillation term leaves them to their labels, so training is exactly as without it
        teacher = tiny("bilstm")
        wrong = []
        for e in labelled_by(teacher, examples(8, 9, seed=1, distill=True)):
            wrong.append(D.Encoded(e.id, e.word_ids, e.char_ids, e.features, (e.labels + 1) % teacher.cfg.n_labels,
                                   e.rule_phi, True))
        for docs in (examples(8, 9, seed=2, distill=False), wrong):
            plain, _ = self.train(docs, 0.0)
            distilled, _ = self.train(docs, 5.0)
            for (name, a), b in zip(plain.state_dict().items(), distilled.state_dict().values()):
                self.assertTrue(torch.equal(a, b), name)
    def test_a_base_that_knows_its_replay_is_distilled_one_that_does_not_is_not(self):
        # replay documents whose every word is a PATIENT name; one base finds them all, the other (its
        # output biased to SAFE) none
        replay = [D.Encoded(e.id, e.word_ids, e.char_ids, e.features, np.ones_like(e.labels), e.rule_phi, True)
                  for e in examples(6, 9, seed=1, distill=True)]
        gold = examples(6, 9, seed=2, distill=False)
        for safe_bias, expect in ((0.0, 5.0), (3.0, 0.0)):
            model = tiny("bilstm")
            with torch.no_grad():
                model.out.bias[0] += safe_bias
            sel = select(model, gold + replay, gold, replay, epochs=1, patience=1, lr=0.01, seed=0, max_tokens=2000,
                         weights=torch.ones(model.cfg.n_labels), deadline=None, max_replay_drop=1.0, distill=5.0,
                         log=lambda _: None)
            recall = sel["candidates"][0].replay["argmax"]["recall"]
            self.assertEqual(recall, 1.0 if expect else 0.0)
            self.assertEqual(sel["distill"], expect, sel["distillation"])

if __name__ == "__main__":
    unittest.main()
