"""`training.quantize` turns the shipped split model into an int8 one the engine can load: the
tagger and whole graph quantized, the character encoder unchanged, metadata recording
"quantized" (which makes the engine run it one document per batch), and a parity fixture of the
int8 graphs' own probabilities that agree with the source model's decisions. A few seconds.
"""
from __future__ import annotations

import json
import tempfile
import unittest
from pathlib import Path

import numpy as np

from training import quantize

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "models" / "deid-bilstm-v2"


class TestQuantize(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.out = Path(cls.tmp.name) / "v2-int8"
        cls.meta = quantize.quantize(SOURCE, cls.out)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_the_directory_holds_a_loadable_int8_model_that_says_so(self):
        src = json.loads((SOURCE / "metadata.json").read_text(encoding="utf-8"))
        meta = json.loads((self.out / "metadata.json").read_text(encoding="utf-8"))
        self.assertEqual(meta["name"], "v2-int8")
        self.assertEqual(meta["quantized"]["from"], "deid-bilstm-v2")
        # everything the engine checks is the source's: vocabularies, features, labels, split
        for key in ("word_vocab", "char_vocab", "feature_names", "labels", "split", "inputs", "output"):
            self.assertEqual(meta[key], src[key], key)
        for name in (meta["onnx"], meta["split"]["tagger"], meta["split"]["char_encoder"]):
            self.assertTrue((self.out / name).is_file(), name)
        # int8 weights: the tagger is a fraction of the source's size; the encoder is unchanged
        tagger = meta["split"]["tagger"]
        self.assertLess((self.out / tagger).stat().st_size, (SOURCE / tagger).stat().st_size / 2)
        enc = meta["split"]["char_encoder"]
        self.assertEqual((self.out / enc).read_bytes(), (SOURCE / enc).read_bytes())

    def test_the_int8_tagger_decides_as_the_source_on_the_parity_documents(self):
        check = self.meta["quantization_check"]
        self.assertGreater(check["tokens"], 50)
        self.assertGreaterEqual(check["argmax_agreement_with_source"], 0.99)
        self.assertLess(check["max_abs_prob_diff_vs_source"], 0.1)

    def test_the_parity_fixture_is_the_int8_graphs_own_output(self):
        parity = json.loads((self.out / "parity.json").read_text(encoding="utf-8"))
        source = json.loads((SOURCE / "parity.json").read_text(encoding="utf-8"))
        self.assertEqual([d["id"] for d in parity["documents"]], [d["id"] for d in source["documents"]])
        encoder = quantize.session(self.out / self.meta["split"]["char_encoder"])
        tagger = quantize.session(self.out / self.meta["split"]["tagger"])
        for doc in parity["documents"]:
            probs = np.asarray(doc["probs"])
            np.testing.assert_allclose(probs.sum(-1), 1.0, atol=1e-4)
            again = quantize.split_probs(encoder, tagger, self.meta, doc["word_ids"], doc["char_ids"],
                                         doc["features"])
            self.assertLess(float(np.abs(again - probs).max()), 1e-6, doc["id"])

    def test_a_quantized_model_is_not_fine_tuned_but_its_source_is_named(self):
        import argparse

        from training import finetune
        from training import finetune_data as F
        args = argparse.Namespace(base=str(self.out), out=str(Path(self.tmp.name) / "ft"), overwrite=False)
        with self.assertRaises(F.InputError) as e:
            finetune.check_paths(args)
        self.assertIn("deid-bilstm-v2", str(e.exception))

    def test_a_quantized_model_is_not_quantized_again(self):
        with self.assertRaises(SystemExit):
            quantize.quantize(self.out, Path(self.tmp.name) / "twice")


if __name__ == "__main__":
    unittest.main()
