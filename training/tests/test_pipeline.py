"""Smoke test of the deep pipeline: featurize → train (--tiny) → export (ONNX check, metadata,
parity). Runs in well under 60 s on CPU. Fine-tuning is tested in test_finetune.py.

    training/.venv/bin/python -m unittest training.tests.test_pipeline -v

Needs target/release/deid (skipped without it). Uses a handful of hand-written i2b2 documents,
never the dev gold set.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEID = Path(os.environ.get("DEID_BIN") or next(
    (p for p in (ROOT / "target/release/deid", ROOT / "target/debug/deid") if p.exists()),
    ROOT / "target/release/deid"))

TEMPLATES = [
    ("On {DATE} I received the vaccine at {HOSPITAL} and had a fever, chills and a headache.", ),
    ("Patient is a {AGE} year old {PROFESSION} who developed a rash on {DATE}.", ),
    ("Reported by Dr. {DOCTOR} of {CITY}, {STATE}; call {PHONE} for follow up.", ),
    ("Lot number {IDNUM} given on {DATE}; swelling of the left arm resolved after two days.", ),
]
VALUES = {
    "DATE": ["12/28/2020", "January 3, 2021", "1/4/21", "Dec 30"],
    "HOSPITAL": ["Mercy General Hospital", "St. Luke's Clinic"],
    "AGE": ["45", "67", "32"],
    "PROFESSION": ["nurse", "pharmacist", "teacher"],
    "DOCTOR": ["Smith", "Alvarez", "Nguyen"],
    "CITY": ["Springfield", "Dayton"],
    "STATE": ["Ohio", "Texas"],
    "PHONE": ["555-123-4567", "(614) 555-0199"],
    "IDNUM": ["EK5730", "039K20A"],
}
TAG = {"DATE": "DATE", "HOSPITAL": "LOCATION", "AGE": "AGE", "PROFESSION": "PROFESSION", "DOCTOR": "NAME",
       "CITY": "LOCATION", "STATE": "LOCATION", "PHONE": "CONTACT", "IDNUM": "ID"}


def write_docs(folder: Path, n: int, seed: int):
    rng = random.Random(seed)
    folder.mkdir(parents=True)
    for k in range(n):
        text, tags = "", []
        for _ in range(rng.randint(2, 4)):
            tpl = rng.choice(TEMPLATES)[0]
            pos = 0
            while "{" in tpl[pos:]:
                a = tpl.index("{", pos)
                b = tpl.index("}", a)
                text += tpl[pos:a]
                typ = tpl[a + 1:b]
                v = rng.choice(VALUES[typ])
                tags.append((typ, len(text), len(text) + len(v), v))
                text += v
                pos = b + 1
            text += tpl[pos:] + " "
        body = "".join(
            f'<{TAG[t]} id="P{i}" start="{s}" end="{e}" text="{v}" TYPE="{t}" comment="" />\n'
            for i, (t, s, e, v) in enumerate(tags))
        (folder / f"doc{k:03d}.xml").write_text(
            f'<?xml version="1.0" encoding="UTF-8" ?>\n<deIdi2b2>\n<TEXT><![CDATA[{text}]]></TEXT>\n'
            f"<TAGS>\n{body}</TAGS>\n</deIdi2b2>\n", encoding="utf-8")


def run(*args):
    subprocess.run([sys.executable, "-m", *args], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


@unittest.skipUnless(DEID.exists(), f"{DEID} missing: cargo build --release")
class PipelineSmoke(unittest.TestCase):
    def test_train_export_finetune(self):
        import numpy as np
        import onnxruntime as ort

        from training.export import onnx_feeds

        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            for split, n, seed in (("train", 30, 1), ("valid", 8, 2), ("dev", 8, 3)):
                write_docs(tmp / split, n, seed)
                subprocess.run([str(DEID), "featurize", str(tmp / split), "--out", str(tmp / f"{split}.jsonl")],
                               check=True, stdout=subprocess.DEVNULL)
            run("training.deid_model.train", "--train", str(tmp / "train.jsonl"), "--valid",
                str(tmp / "valid.jsonl"), "--dev", str(tmp / "dev.jsonl"), "--variation", "d", "--tiny",
                "--out", str(tmp / "run"))
            self.assertTrue((tmp / "run/checkpoint.pt").exists())
            model_dir = tmp / "models/smoke"
            run("training.export", "--checkpoint", str(tmp / "run/checkpoint.pt"), "--name", "smoke",
                "--dev", str(tmp / "dev.jsonl"), "--out", str(model_dir), "--parity-docs", "3")
            meta = json.loads((model_dir / "metadata.json").read_text())
            for key in ("format", "name", "version", "variation", "onnx", "inputs", "output", "word_vocab",
                        "char_vocab", "labels", "feature_names", "max_token_chars", "post_space_chars",
                        "lowercase_digits_to_zero", "thresholds", "training", "metrics"):
                self.assertIn(key, meta)
            self.assertEqual(meta["format"], 1)
            self.assertEqual(len(meta["feature_names"]), 31)
            self.assertEqual(meta["labels"][0], "SAFE")
            self.assertEqual(len(meta["labels"]), 29)
            self.assertEqual(meta["word_vocab"][:2], ["<pad>", "<unk>"])
            self.assertEqual(meta["inputs"], {"word_ids": "word_ids", "char_ids": "char_ids", "char_index": "char_index",
                                              "features": "features"})
            self.assertTrue((model_dir / "MODEL_CARD.md").exists())
            self.assertTrue((model_dir / "checkpoint.pt").exists())

            # parity fixture reproduces with onnxruntime, from the JSONL, with the metadata's vocabularies
            parity = json.loads((model_dir / "parity.json").read_text())
            docs = {json.loads(l)["id"]: json.loads(l) for l in (tmp / "dev.jsonl").read_text().splitlines()}
            wi = {w: i for i, w in enumerate(meta["word_vocab"])}
            ci = {c: i for i, c in enumerate(meta["char_vocab"])}
            sess = ort.InferenceSession(str(model_dir / meta["onnx"]), providers=["CPUExecutionProvider"])
            for p in parity["documents"]:
                d = docs[p["id"]]
                T = len(d["tokens"])
                w = np.array([[wi.get(x, 1) for x in d["words"]]], dtype=np.int64)
                c = np.zeros((1, T, 23), dtype=np.int64)
                for i, s in enumerate(d["chars"]):
                    c[0, i, : len(s)] = [ci.get(ch, 1) for ch in s]
                f = np.array([d["features"]], dtype=np.float32)
                # each distinct character sequence once, as the Rust runtime feeds it
                names = [i.name for i in sess.get_inputs()]
                probs = sess.run([meta["output"]], onnx_feeds(names, w, c, f))[0][0]
                self.assertLess(float(np.abs(probs - np.array(p["probs"])).max()), 1e-4)
                self.assertLess(float(np.abs(probs.sum(-1) - 1).max()), 1e-4)


if __name__ == "__main__":
    unittest.main()
