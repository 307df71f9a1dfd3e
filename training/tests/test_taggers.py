"""Both word-level taggers give a narrative the same probabilities alone or in a padded batch
(the engine batches narratives of different lengths, and a centre must get the same mask for the
same narrative in the app, in `deid` and in Spark), in PyTorch and in the exported ONNX graph,
and the ONNX graph split in two (character encoder + tagger) gives the whole graph's output.
A few seconds on a CPU; no training data needed.
"""
from __future__ import annotations

import json
import tempfile
import unittest
from pathlib import Path

import numpy as np
import torch

from training.deid_model import data as D
from training.deid_model.model import DeidBiLSTM, ExportWrapper, ModelConfig, dedup_chars


def tiny(tagger: str) -> DeidBiLSTM:
    torch.manual_seed(0)
    cfg = ModelConfig(variation="d", n_words=50, n_chars=30, word_dim=8, char_dim=6, char_hidden=5,
                      hidden=12, dropout=0.0, tagger=tagger, dilations=(1, 2, 4))
    return DeidBiLSTM(cfg).eval()


def inputs(lengths: list[int], width: int, seed: int = 1):
    """A right-padded batch: word ids, characters [B, T, C], features."""
    g = torch.Generator().manual_seed(seed)
    B, T = len(lengths), width
    w = torch.zeros(B, T, dtype=torch.long)
    c = torch.zeros(B, T, D.MAX_TOKEN_CHARS + D.POST_SPACE_CHARS, dtype=torch.long)
    f = torch.zeros(B, T, D.N_FEATURES)
    for b, n in enumerate(lengths):
        w[b, :n] = torch.randint(2, 50, (n,), generator=g)
        c[b, :n, :4] = torch.randint(2, 30, (n, 4), generator=g)
        f[b, :n] = (torch.rand(n, D.N_FEATURES, generator=g) > 0.7).float()
    return w, c, f


class PaddingInvariance(unittest.TestCase):
    def test_a_narrative_gets_the_same_probabilities_alone_and_in_a_padded_batch(self):
        for tagger in ("bilstm", "idcnn"):
            with self.subTest(tagger=tagger), torch.no_grad():
                model = tiny(tagger)
                w, c, f = inputs([7, 3, 11], 11)
                batch = torch.softmax(model(w, c, f), -1)
                for b, n in enumerate([7, 3, 11]):
                    alone = torch.softmax(model(w[b:b + 1, :n], c[b:b + 1, :n], f[b:b + 1, :n]), -1)
                    diff = (alone[0] - batch[b, :n]).abs().max().item()
                    self.assertLess(diff, 1e-6, f"{tagger}: sequence {b} differs by {diff}")

    def test_the_exported_graphs_are_padding_invariant_and_split_like_the_whole(self):
        import onnxruntime as ort

        from training.export import export_onnx
        from training.split_model import split

        for tagger in ("bilstm", "idcnn"):
            with self.subTest(tagger=tagger), tempfile.TemporaryDirectory() as tmp:
                model = tiny(tagger)
                d = Path(tmp)
                export_onnx(model, d / "model.onnx")
                meta = {"onnx": "model.onnx", "output": "probs", "char_vocab": ["<pad>", "<unk>"] + ["x"] * 28,
                        "word_vocab": ["<pad>", "<unk>"] + ["w"] * 48, "max_token_chars": D.MAX_TOKEN_CHARS,
                        "post_space_chars": D.POST_SPACE_CHARS, "feature_names": D.FEATURE_NAMES,
                        "training": {"config": model.cfg.to_dict()}}
                (d / "metadata.json").write_text(json.dumps(meta))
                split(d)  # exits when the halves differ from the whole graph
                sess = ort.InferenceSession(str(d / "model.onnx"), providers=["CPUExecutionProvider"])
                w, c, f = inputs([9, 4], 12, seed=2)
                u, idx = dedup_chars(c.numpy())
                feeds = {"word_ids": w.numpy(), "char_ids": u, "char_index": idx, "features": f.numpy()}
                batch = sess.run(None, feeds)[0]
                with torch.no_grad():
                    expected = ExportWrapper(model)(w, torch.from_numpy(u), torch.from_numpy(idx), f).numpy()
                self.assertLess(float(np.abs(batch - expected)[w.numpy() != 0].max()), 1e-5)
                u1, idx1 = dedup_chars(c[1:2, :4].numpy())
                alone = sess.run(None, {"word_ids": w[1:2, :4].numpy(), "char_ids": u1, "char_index": idx1,
                                        "features": f[1:2, :4].numpy()})[0]
                self.assertLess(float(np.abs(alone[0] - batch[1, :4]).max()), 1e-5, tagger)


if __name__ == "__main__":
    unittest.main()
