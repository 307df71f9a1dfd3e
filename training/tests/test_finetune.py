"""training.finetune with the documented command line, on a tiny base model:

    python -m training.finetune --base BASE --xml REVIEWED_XML_DIR --name NAME --out DIR

- a fine-tuned model that beats the base is written with the base's thresholds recalibrated (or kept
  when calibration fails), a truthful model card and a before/after report whose numbers reproduce;
- its thresholds hold every calibration set at the target or, below it, at the base's own recall in
  the hybrid; when no thresholds can, nothing is written (exit 3);
- when nothing beats the base (0 epochs; training gold without its tags) the exit status is 3 and
  nothing is written.

Needs the deid binary ($DEID_BIN, target/release/deid or target/debug/deid): fails without it.
About a minute on 2 CPU cores.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from training.tests.test_pipeline import DEID, TAG, VALUES

ROOT = Path(__file__).resolve().parents[2]
BASE_TEMPLATES = [
    "On {DATE} I received the vaccine at {HOSPITAL} and had a fever, chills and a headache.",
    "Patient is a {AGE} year old {PROFESSION} who developed a rash on {DATE}.",
    "Lot number {IDNUM} given on {DATE}; swelling of the left arm resolved after two days.",
]
# the reviewed gold has what the base never saw: a reporter with a name, city, state and phone number
NEW = "Reported by Dr. {DOCTOR} of {CITY}, {STATE}; call {PHONE} for follow up."
GOLD_TEMPLATES = BASE_TEMPLATES + [NEW] * 4
BASE_THRESHOLDS = {"low": 0.61, "high": 0.83, "per_category": {"VEHICLE": {"low": 0.55, "high": 0.66}}}
EXPORT_DEFAULTS = {"low": 0.9, "high": 0.95, "per_category": {}}
N_GOLD = 30


def write_docs(folder: Path, n: int, seed: int, templates: list[str], tagged: bool = True):
    rng = random.Random(seed)
    folder.mkdir(parents=True)
    for k in range(n):
        text, tags = "", []
        for _ in range(rng.randint(2, 4)):
            tpl, pos = rng.choice(templates), 0
            while "{" in tpl[pos:]:
                a = tpl.index("{", pos)
                b = tpl.index("}", a)
                text += tpl[pos:a]
                v = rng.choice(VALUES[tpl[a + 1:b]])
                tags.append((tpl[a + 1:b], len(text), len(text) + len(v), v))
                text += v
                pos = b + 1
            text += tpl[pos:] + " "
        body = "".join(f'<{TAG[t]} id="P{i}" start="{s}" end="{e}" text="{v}" TYPE="{t}" comment="" />\n'
                       for i, (t, s, e, v) in enumerate(tags)) if tagged else ""
        (folder / f"doc{k:03d}.xml").write_text(
            f'<?xml version="1.0" encoding="UTF-8" ?>\n<deIdi2b2>\n<TEXT><![CDATA[{text}]]></TEXT>\n'
            f"<TAGS>\n{body}</TAGS>\n</deIdi2b2>\n", encoding="utf-8")


def py(*args, env=None, check=True) -> subprocess.CompletedProcess:
    r = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True,
                       env={**os.environ, "DEID_BIN": str(DEID), **(env or {})})
    if check and r.returncode != 0:
        raise AssertionError(f"{args[0]} exit {r.returncode}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    return r


def featurize(folder: Path, out: Path) -> Path:
    subprocess.run([str(DEID), "featurize", str(folder), "--out", str(out)], check=True, capture_output=True)
    return out


class FineTune(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not DEID.exists():
            raise AssertionError(f"{DEID} missing: build it (cargo build --release --bin deid) or set DEID_BIN")
        cls.tmp = Path(tempfile.mkdtemp(prefix="test-finetune-"))
        t = cls.tmp
        # a tiny base model that never saw a reporter line
        for split, n, seed in (("train", 40, 1), ("valid", 8, 2)):
            write_docs(t / split, n, seed, BASE_TEMPLATES)
            featurize(t / split, t / f"{split}.jsonl")
        py("training.deid_model.train", "--train", str(t / "train.jsonl"), "--valid", str(t / "valid.jsonl"),
           "--variation", "d", "--word-dim", "16", "--char-dim", "8", "--char-hidden", "8", "--hidden", "16",
           "--epochs", "10", "--lr", "0.01", "--max-tokens", "600", "--out", str(t / "run"))
        cls.base = t / "models/tiny"
        py("training.export", "--checkpoint", str(t / "run/checkpoint.pt"), "--name", "tiny", "--dev",
           str(t / "valid.jsonl"), "--out", str(cls.base), "--parity-docs", "2")
        meta = json.loads((cls.base / "metadata.json").read_text())
        meta["thresholds"] = BASE_THRESHOLDS  # as if calibrated: these must survive fine-tuning
        (cls.base / "metadata.json").write_text(json.dumps(meta))
        cls.gold = t / "reviewed"
        write_docs(cls.gold, N_GOLD, 4, GOLD_TEMPLATES)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def finetune(self, out: Path, *extra, xml=None, env=None):
        # the documented command; --epochs/--lr only make the tiny model learn in a few seconds
        return py("training.finetune", "--base", str(self.base), "--xml", str(xml or self.gold), "--name", out.name,
                  "--out", str(out), *extra, env=env, check=False)

    def evaluate(self, model_dir: Path, jsonl: Path) -> dict:
        from training.deid_model import data as D
        from training.deid_model.train import evaluate, load_checkpoint

        model, ck = load_checkpoint(model_dir / "checkpoint.pt")
        docs = D.encode_all(D.load_jsonl(jsonl), ck["word_vocab"], ck["char_vocab"], True)
        return evaluate(model, docs)["argmax"]

    def test_writes_a_better_model_with_calibrated_thresholds_and_a_truthful_report(self):
        out = self.tmp / "models/tiny-ft"
        summary = self.tmp / "summary-ok.json"
        # started as the app in rules-only mode starts it: calibration still sets the hybrid's thresholds
        r = self.finetune(out, "--epochs", "3", "--lr", "0.01", "--summary-json", str(summary),
                          env={"DEID_RULES_ONLY": "1"})
        self.assertEqual(r.returncode, 0, r.stdout[-3000:] + r.stderr[-3000:])
        for f in ("model.onnx", "char_encoder.onnx", "tagger.onnx", "metadata.json", "parity.json",
                  "checkpoint.pt", "MODEL_CARD.md", "finetune-report.md", "finetune-report.json"):
            self.assertTrue((out / f).is_file(), f)
        self.assertEqual([p.name for p in out.parent.iterdir() if p.name.startswith(".")], [])  # no staging left
        meta = json.loads((out / "metadata.json").read_text())
        self.assertEqual(meta["split"]["max_abs_diff_vs_whole"], 0.0)  # the engine's cached path
        # and the fast tagger: the word BiLSTM as one bidirectional LSTM (split_model.fuse_bilstm)
        import onnx
        lstms = [n for n in onnx.load(str(out / "tagger.onnx")).graph.node if n.op_type == "LSTM"]
        self.assertEqual([onnx.helper.get_attribute_value(a) for n in lstms for a in n.attribute
                          if a.name == "direction"], [b"bidirectional"])
        rep = json.loads((out / "finetune-report.json").read_text())
        k = rep["heldout"]["documents"]
        self.assertEqual(k, round(0.2 * N_GOLD))
        self.assertEqual(rep["gold"]["train_documents"] + k, N_GOLD)
        self.assertEqual(len(rep["heldout"]["files"]), k)
        self.assertEqual(rep["replay"]["train_documents"], 2 * rep["gold"]["train_documents"])  # ratio 2
        self.assertGreater(rep["replay"]["valid_documents"], 0)
        # --summary-json (Deid Studio reads it): the outcome and the same figures as the report
        s = json.loads(summary.read_text())
        self.assertEqual(s["outcome"], "written")
        self.assertEqual((s["before"], s["after"], s["best_epoch"]), (rep["before"], rep["after"], rep["selected_epoch"]))
        for side in ("before", "after"):
            for c, m in rep[side]["heldout"]["per_category"].items():
                self.assertIn("precision", m, c)  # of the tokens labelled c, the share that are PHI
                self.assertTrue(m["precision"] is None or 0.0 <= m["precision"] <= 1.0, (c, m))

        # thresholds: started from the base's, recalibrated on the held-out gold by deid calibrate
        self.assertEqual(rep["thresholds"]["base"], BASE_THRESHOLDS)
        self.assertEqual(rep["thresholds"]["calibration"]["status"], "calibrated", rep["thresholds"])
        self.assertEqual(meta["thresholds"], rep["thresholds"]["final"])
        self.assertEqual(meta["calibration"]["documents"], k)
        self.assertEqual(meta["calibration"]["target_recall"], 0.995)
        self.assertNotIn("deid-finetune-", json.dumps(meta["calibration"]))  # no temporary path recorded
        self.assertIn(str(self.gold), meta["calibration"]["gold"])
        c = meta["calibration"]  # no worse than the base in the hybrid, on the held-out gold (its only set)
        self.assertEqual((c["no_worse_than"], c["sets"]), ("tiny", ["held-out"]))
        self.assertGreaterEqual(c["recall_per_set"][0], c["goal_per_set"][0])
        self.assertEqual(c["goal_per_set"][0], min(0.995, c["floor_per_set"][0]))
        self.assertEqual(meta["training"]["fine_tuned_from"]["name"], "tiny")
        base_meta = json.loads((self.base / "metadata.json").read_text())
        self.assertEqual(meta["word_vocab"], base_meta["word_vocab"])  # a drop-in replacement

        # the selected epoch beats the base (recall first) and the numbers reproduce from the checkpoints
        sel = rep["selected_epoch"]
        self.assertGreaterEqual(sel, 1)
        self.assertEqual(rep["candidates"][0]["epoch"], 0)
        held = self.tmp / "check-heldout"
        held.mkdir()
        for name in rep["heldout"]["files"]:
            shutil.copyfile(self.gold / name, held / name)
        jsonl = featurize(held, self.tmp / "check-heldout.jsonl")
        before, after = self.evaluate(self.base, jsonl), self.evaluate(out, jsonl)
        for key, measured in (("before", before), ("after", after)):
            for m in ("recall", "precision"):
                self.assertAlmostEqual(rep[key]["heldout"]["argmax"][m], measured[m], places=6, msg=f"{key} {m}")
        self.assertGreater((after["recall"], after["f1"]), (before["recall"], before["f1"]))

        card = (out / "MODEL_CARD.md").read_text()
        self.assertIn(f"Fine-tuned from **tiny** on **{N_GOLD - k} reviewed gold documents**", card)
        self.assertIn(f"{k} held out", card)
        self.assertIn(f"Replay against forgetting: {rep['replay']['train_documents']} synthetic documents", card)
        # distillation (on by default) needs a base that knows its replay distribution; this tiny one finds
        # less than half of the 2021 replay PHI, so its probabilities are not kept, and the card says why
        self.assertLess(rep["before"]["replay"]["argmax"]["recall"], 0.9)
        self.assertEqual(rep["replay"]["distill"], 0.0)
        self.assertIn("(no distillation: the base finds", card)
        self.assertIn(f"epoch {sel} selected", card)
        self.assertIn("low 0.61, high 0.83; per category: VEHICLE 0.55/0.66", card)  # where they started
        self.assertNotIn("Trained on synthetic narratives", card)
        self.assertIn("| PHI recall |", card)
        md = (out / "finetune-report.md").read_text()
        self.assertIn(f"{before['recall']:.4f} -> {after['recall']:.4f}", md)
        self.assertIn(f"{before['recall']:.4f} -> {after['recall']:.4f}", r.stdout)  # the table is printed
        self.assertNotIn("held-out reviewed gold", json.loads((out / "parity.json").read_text())["source"])

    def test_failed_calibration_keeps_the_base_thresholds(self):
        wrapper = self.tmp / "deid-no-calibrate"
        wrapper.write_text(f'#!/bin/sh\nif [ "$1" = calibrate ]; then echo "simulated failure" >&2; exit 2; fi\n'
                           f'exec "{DEID}" "$@"\n')
        wrapper.chmod(0o755)
        out = self.tmp / "models/tiny-ft-nocal"
        # replay drawn from an existing featurized JSONL (the base's own training data) instead of generated
        r = self.finetune(out, "--epochs", "3", "--lr", "0.01", "--replay-jsonl", str(self.tmp / "train.jsonl"),
                          str(self.tmp / "valid.jsonl"), env={"DEID_BIN": str(wrapper)})
        self.assertEqual(r.returncode, 0, r.stdout[-3000:] + r.stderr[-3000:])
        self.assertIn("calibration failed", r.stdout)
        meta = json.loads((out / "metadata.json").read_text())
        self.assertEqual(meta["thresholds"], BASE_THRESHOLDS)
        self.assertNotEqual(meta["thresholds"], EXPORT_DEFAULTS)
        rep = json.loads((out / "finetune-report.json").read_text())
        self.assertEqual(rep["thresholds"]["calibration"]["status"], "failed")
        self.assertEqual(rep["replay"]["source"]["kind"], "existing featurized JSONL")
        self.assertEqual(rep["replay"]["valid_documents"], 8)
        self.assertIn("the base model's thresholds are kept unchanged", (out / "MODEL_CARD.md").read_text())

    def no_thresholds_deid(self, name: str) -> Path:
        """A deid whose `calibrate` runs for real, then answers as it does when no thresholds keep the
        new model at the base's recall on some set (exit 1); everything else is the real binary."""
        wrapper = self.tmp / name
        wrapper.write_text(f'#!/bin/sh\nif [ "$1" = calibrate ]; then\n'
                           f'  "{DEID}" "$@"; echo "NOT reached: below the base (simulated)"; exit 1\nfi\n'
                           f'exec "{DEID}" "$@"\n')
        wrapper.chmod(0o755)
        return wrapper

    def test_nothing_is_written_when_the_hybrid_loses_the_base_recall_on_a_set(self):
        out = self.tmp / "models/tiny-ft-worse"
        summary = self.tmp / "summary-worse.json"
        r = self.finetune(out, "--epochs", "3", "--lr", "0.01", "--replay-jsonl", str(self.tmp / "train.jsonl"),
                          str(self.tmp / "valid.jsonl"), "--summary-json", str(summary),
                          env={"DEID_BIN": str(self.no_thresholds_deid("worse"))})
        self.assertEqual(r.returncode, 3, r.stdout[-3000:] + r.stderr[-3000:])
        self.assertIn("no thresholds keep it at the target", r.stdout)
        self.assertIn("| held-out |", r.stdout)  # the hybrid per set, base -> fine-tuned
        self.assertFalse(out.exists())
        self.assertEqual([p.name for p in out.parent.iterdir() if p.name.startswith(".")], [])  # no staging
        s = json.loads(summary.read_text())
        self.assertEqual(s["outcome"], "not_better")
        self.assertEqual(s["hybrid"]["status"], "worse")
        self.assertEqual(s["hybrid"]["sets"], ["held-out"])

    def test_thresholds_hold_every_set_at_the_target_or_the_base_models_recall(self):
        out = self.tmp / "models/tiny-ft-floor"
        # employers named with everyday words: neither the rules nor the tiny base find them all,
        # so the base model's recall on the held-out gold is below the target
        VALUES["ORGANIZATION"], TAG["ORGANIZATION"] = ["Sunrise Bakery", "Green Valley Farms"], "LOCATION"
        gold = self.tmp / "reviewed-employers"
        write_docs(gold, N_GOLD, 7, GOLD_TEMPLATES + ["She works for {ORGANIZATION} as a cook."] * 3)
        # the base's own validation gold as a second calibration set (the base's calibration sets)
        valid = self.tmp / "valid"
        r = self.finetune(out, "--epochs", "3", "--lr", "0.01", "--holdout", "0.7", "--replay-jsonl",
                          str(self.tmp / "train.jsonl"), str(self.tmp / "valid.jsonl"), "--calibration-gold",
                          str(valid), xml=gold)
        self.assertEqual(r.returncode, 0, r.stdout[-3000:] + r.stderr[-3000:])
        rep = json.loads((out / "finetune-report.json").read_text())
        cal = rep["thresholds"]["calibration"]
        self.assertEqual(cal["status"], "calibrated", cal)
        meta = json.loads((out / "metadata.json").read_text())
        c = meta["calibration"]
        self.assertEqual(c["sets"], ["held-out", str(valid)])
        self.assertEqual(c["gold_sets"], [str(valid)])  # what a later fine-tune of this model calibrates on
        self.assertEqual(c["no_worse_than"], "tiny")
        self.assertEqual(c["documents"], rep["heldout"]["documents"] + 8)
        floor = c["floor_per_set"][0]
        self.assertLess(floor, 0.995)  # the base misses employers on the held-out gold ...
        self.assertAlmostEqual(c["goal_per_set"][0], floor, places=9)  # ... so its own recall is the goal there
        for k in range(2):
            self.assertGreaterEqual(c["recall_per_set"][k], c["goal_per_set"][k], c)
            # and the all-PHI recall (every category) at the target or the base's
            self.assertEqual(c["all_goal_per_set"][k], min(0.995, c["all_floor_per_set"][k]))
            self.assertGreaterEqual(c["all_recall_per_set"][k], c["all_goal_per_set"][k], c)
        # global thresholds only: no category fitted on these documents (the base's VEHICLE pair stays)
        per = {k: {x: round(v, 6) for x, v in pair.items()} for k, pair in meta["thresholds"]["per_category"].items()}
        self.assertEqual(per, BASE_THRESHOLDS["per_category"])  # (stored as f32)
        self.assertEqual(meta["thresholds"], rep["thresholds"]["final"])
        card = (out / "MODEL_CARD.md").read_text()
        self.assertIn("--no-worse-than tiny", card)
        self.assertIn(f"| held-out | {floor:.4f} -> {c['recall_per_set'][0]:.4f} | {floor:.4f} | "
                      f"{c['all_floor_per_set'][0]:.4f} -> {c['all_recall_per_set'][0]:.4f} |", card)
        # and the figures are the hybrid's: annotating the held-out gold with the new model reproduces them
        held = self.tmp / "floor-heldout"
        held.mkdir()
        for name in rep["heldout"]["files"]:
            shutil.copyfile(gold / name, held / name)
        sys_out = self.tmp / "floor-sys"
        subprocess.run([str(DEID), "annotate", str(held), "--out", str(sys_out), "--quiet", "--model", str(out)],
                       check=True, capture_output=True)
        ev = subprocess.run([str(DEID), "eval", str(held), str(sys_out), "--json"], check=True, capture_output=True,
                            text=True)
        summary = json.loads(ev.stdout)["summary"]
        self.assertAlmostEqual(summary["hipaa_recall"], c["recall_per_set"][0], places=9)
        self.assertAlmostEqual(summary["masking_recall"], c["all_recall_per_set"][0], places=9)

    def test_nothing_is_written_when_no_epoch_beats_the_base(self):
        out = self.tmp / "models/zero-epochs"
        summary = self.tmp / "summary-zero.json"
        r = self.finetune(out, "--epochs", "0", "--summary-json", str(summary))
        self.assertEqual(r.returncode, 3, r.stdout[-3000:] + r.stderr[-3000:])
        self.assertIn("Nothing written", r.stdout)
        self.assertFalse(out.exists())
        s = json.loads(summary.read_text())
        self.assertEqual((s["outcome"], s["after"]), ("not_better", None))
        self.assertIn("heldout", s["before"])
        self.assertEqual([p.name for p in out.parent.iterdir() if p.name.startswith(".")], [])  # no staging

    def test_nothing_is_written_when_the_training_gold_teaches_the_wrong_thing(self):
        # training documents with their tags removed (every PHI token labelled SAFE), scored on correct gold
        wrong, held = self.tmp / "untagged", self.tmp / "heldout-gold"
        write_docs(wrong, 24, 5, GOLD_TEMPLATES, tagged=False)
        write_docs(held, 8, 6, GOLD_TEMPLATES)
        out = self.tmp / "models/wrong"
        r = self.finetune(out, "--epochs", "3", "--lr", "0.01", "--valid-xml", str(held), "--replay-ratio", "0",
                          xml=wrong)
        self.assertEqual(r.returncode, 3, r.stdout[-3000:] + r.stderr[-3000:])
        self.assertIn("| PHI recall |", r.stdout)  # the before/after table of the best candidate
        self.assertFalse(out.exists())

    def test_bad_input_exits_2(self):
        empty = self.tmp / "one-doc"
        write_docs(empty, 1, 7, GOLD_TEMPLATES)
        r = self.finetune(self.tmp / "models/one", xml=empty)
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertIn("at least 2", r.stderr)
        self.assertFalse((self.tmp / "models/one").exists())


class Selection(unittest.TestCase):
    """The candidate kept: the best held-out F2 among those with at least the base's recall."""

    @staticmethod
    def cand(epoch, recall, precision, replay_recall=0.99):
        from training.finetune_select import Candidate
        f2 = 5 * precision * recall / (4 * precision + recall)
        a = {"recall": recall, "precision": precision, "f1": 2 * precision * recall / (precision + recall), "f2": f2}
        return Candidate(epoch, {"argmax": a}, {"argmax": {"recall": replay_recall, "precision": 0.9}})

    def test_an_early_epoch_ahead_by_a_token_of_recall_loses_to_a_precise_one(self):
        from training.finetune_select import why_not
        base = self.cand(0, 0.878, 0.730)
        early, late = self.cand(3, 0.919, 0.761), self.cand(6, 0.909, 0.854)
        self.assertEqual(why_not(early, base, 0.02), "")
        self.assertEqual(why_not(late, base, 0.02), "")
        self.assertGreater(late.key, early.key)
        self.assertGreater(late.key, base.key)

    def test_less_recall_than_the_base_or_a_forgotten_replay_is_never_kept(self):
        from training.finetune_select import why_not
        base = self.cand(0, 0.90, 0.50)
        precise = self.cand(1, 0.89, 0.95)  # a better F2, but it misses PHI the base found
        self.assertGreater(precise.key, base.key)
        self.assertIn("below the base", why_not(precise, base, 0.02))
        forgetful = self.cand(2, 0.95, 0.9, replay_recall=0.95)
        self.assertIn("replay recall fell", why_not(forgetful, base, 0.02))


if __name__ == "__main__":
    unittest.main()
