"""Split a model's ONNX graph in two so the engine can cache character encodings.

The character BiLSTM's output for a token depends only on the token's characters, and narratives
repeat their words: the engine runs `char_encoder.onnx` (char_ids -> char_vectors) only for
character sequences it has not seen before, and `tagger.onnx` (word_ids, char_vectors,
char_index, features -> probs) for every batch. Both are cut from `model.onnx` with
`onnx.utils.extract_model`, so they hold the same weights; this script checks on random inputs
that the two halves give exactly the whole graph's probabilities, then records the split in
metadata.json ("split"). Idempotent.

    python3 -m training.split_model models/deid-bilstm-v2
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
import onnx
import onnx.utils
import onnxruntime as ort

CHAR_ENCODER = "char_encoder.onnx"
TAGGER = "tagger.onnx"
CHAR_VECTORS = "char_vectors"


def char_vector_tensor(graph: onnx.GraphProto) -> str:
    """The tensor the word level reads character encodings from: the Gather's data input that
    char_index selects rows of (one vector per unique character sequence)."""
    reshaped = {n.output[0]: n.input[0] for n in graph.node if n.op_type == "Reshape"}
    for node in graph.node:
        if node.op_type == "Gather" and node.input[1] in reshaped and reshaped[node.input[1]] == "char_index":
            return node.input[0]
    sys.exit("cannot find where char_index selects the character encodings: not a deid BiLSTM graph")


def rename(model: onnx.ModelProto, old: str, new: str) -> None:
    g = model.graph
    for node in g.node:
        node.input[:] = [new if x == old else x for x in node.input]
        node.output[:] = [new if x == old else x for x in node.output]
    for v in list(g.input) + list(g.output) + list(g.value_info):
        if v.name == old:
            v.name = new


def split(model_dir: Path) -> dict:
    meta_path = model_dir / "metadata.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    whole = model_dir / meta["onnx"]
    cut = char_vector_tensor(onnx.load(str(whole)).graph)
    enc_path, tag_path = model_dir / CHAR_ENCODER, model_dir / TAGGER
    onnx.utils.extract_model(str(whole), str(enc_path), ["char_ids"], [cut])
    onnx.utils.extract_model(str(whole), str(tag_path), ["word_ids", cut, "char_index", "features"], [meta["output"]])
    for path in (enc_path, tag_path):
        m = onnx.load(str(path))
        rename(m, cut, CHAR_VECTORS)
        onnx.checker.check_model(m)
        onnx.save(m, str(path))

    # the halves give the whole graph's probabilities (same weights, same operators)
    rng = np.random.default_rng(0)
    n_chars, n_words = len(meta["char_vocab"]), len(meta["word_vocab"])
    width = meta["max_token_chars"] + meta["post_space_chars"]
    chars = rng.integers(2, n_chars, (50, width)).astype(np.int64)
    for r in range(50):
        chars[r, rng.integers(1, width):] = 0
    feeds = {
        "word_ids": rng.integers(1, n_words, (3, 40)).astype(np.int64),
        "char_ids": chars,
        "char_index": rng.integers(0, 50, (3, 40)).astype(np.int64),
        "features": (rng.random((3, 40, len(meta["feature_names"]))) > 0.8).astype(np.float32),
    }
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    run = lambda p, f: ort.InferenceSession(str(p), opts, providers=["CPUExecutionProvider"]).run(None, f)[0]
    expected = run(whole, feeds)
    vectors = run(enc_path, {"char_ids": chars})
    got = run(tag_path, {"word_ids": feeds["word_ids"], CHAR_VECTORS: vectors,
                         "char_index": feeds["char_index"], "features": feeds["features"]})
    diff = float(np.abs(got - expected).max())
    if diff > 1e-6:
        sys.exit(f"split graphs differ from the whole one by {diff}")
    meta["split"] = {"char_encoder": CHAR_ENCODER, "tagger": TAGGER, "char_vectors": CHAR_VECTORS,
                     "char_vector_size": int(vectors.shape[1]), "max_abs_diff_vs_whole": diff}
    meta_path.write_text(json.dumps(meta, indent=2, sort_keys=True), encoding="utf-8")
    return meta["split"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model_dir", type=Path)
    print(json.dumps(split(ap.parse_args().model_dir)))


if __name__ == "__main__":
    main()
