"""Split a model's ONNX graph in two so the engine can cache character encodings.

The character BiLSTM's output for a token depends only on the token's characters, and narratives
repeat their words: the engine runs `char_encoder.onnx` (char_ids -> char_vectors) only for
character sequences it has not seen before, and `tagger.onnx` (word_ids, char_vectors,
char_index, features -> probs) for every batch. Both are cut from `model.onnx` with
`onnx.utils.extract_model`, so they hold the same weights; this script checks on random inputs
that the two halves give exactly the whole graph's probabilities, then records the split in
metadata.json ("split"). Idempotent.

The tagger's word BiLSTM is then rewritten as one ONNX `LSTM` node with
`direction="bidirectional"` and `sequence_lens` (`fuse_bilstm`). PyTorch exports the backward
direction as a forward LSTM over each sequence reversed within its length (two GatherElements
with their index arithmetic, and the transposes around two LSTM nodes); ONNX Runtime's LSTM
reverses within `sequence_lens` itself. On every position inside a sequence the probabilities
are the same (checked below with padded batches; the engine's test compares the two on every dev
narrative), and the tagger runs about 10% faster on the CPU. Padded positions, which the engine
never reads, are zeros instead of values computed over padding.

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
from onnx import TensorProto, helper, numpy_helper
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


def fuse_bilstm(model: onnx.ModelProto, module: str = "word_lstm") -> bool:
    """Replace `module`'s forward and backward LSTM (and the reversal around the backward one)
    by one bidirectional LSTM node reading the sequence lengths; False (graph unchanged) when
    the graph is not the shape `deid_model.model.BiLSTM` exports."""
    g = model.graph
    nodes = list(g.node)
    producer = {o: n for n in nodes for o in n.output}
    lstm = {d: [n for n in nodes if n.op_type == "LSTM" and n.output[0].startswith(f"/{module}/{d}/")] for d in ("fwd", "bwd")}
    concat = [n for n in nodes if n.op_type == "Concat" and n.output[0].startswith(f"/{module}/")
              and any(a.name == "axis" and a.i == 2 for a in n.attribute)]
    sums = [n for n in nodes if n.op_type == "ReduceSum"]
    if len(lstm["fwd"]) != 1 or len(lstm["bwd"]) != 1 or len(concat) != 1 or len(sums) != 1:
        return False
    fwd, bwd, out, lengths = lstm["fwd"][0], lstm["bwd"][0], concat[0], sums[0]
    to_time_major = producer.get(fwd.input[0])
    if to_time_major is None or to_time_major.op_type != "Transpose":
        return False
    weights = {t.name: t for t in g.initializer}
    stack = lambda k: numpy_helper.from_array(
        np.concatenate([numpy_helper.to_array(weights[n.input[k]]) for n in (fwd, bwd)], 0), f"/{module}/bi/{'WRB'[k - 1]}")
    hidden = next(a.i for a in fwd.attribute if a.name == "hidden_size")
    shape = numpy_helper.from_array(np.array([0, 0, 2 * hidden], dtype=np.int64), f"/{module}/bi/shape")
    p = f"/{module}/bi/"
    fused = [
        helper.make_node("Cast", [lengths.output[0]], [p + "lengths"], to=TensorProto.INT32, name=p + "Cast"),
        helper.make_node("Transpose", [to_time_major.input[0]], [p + "x"], perm=[1, 0, 2], name=p + "Transpose"),
        helper.make_node("LSTM", [p + "x", f"{p}W", f"{p}R", f"{p}B", p + "lengths"], [p + "y"],
                         hidden_size=hidden, direction="bidirectional", name=p + "LSTM"),
        # [time, direction, batch, hidden] -> [batch, time, direction * hidden], as the Concat gave
        helper.make_node("Transpose", [p + "y"], [p + "y_bt"], perm=[2, 0, 1, 3], name=p + "Transpose_1"),
        helper.make_node("Reshape", [p + "y_bt", p + "shape"], [out.output[0]], name=p + "Reshape"),
    ]
    g.initializer.extend([stack(1), stack(2), stack(3), shape])
    # keep what the outputs still need, in an order where every input comes first
    needed = {o.name for o in g.output}
    candidates = [n for n in nodes if n is not out] + fused
    while True:
        live = [n for n in candidates if any(o in needed for o in n.output)]
        grown = needed | {i for n in live for i in n.input if i}
        if grown == needed:
            break
        needed = grown
    ready = {i.name for i in g.input} | {t.name for t in g.initializer}
    ordered = []
    while live:
        n = next(n for n in live if all(not i or i in ready for i in n.input))
        ordered.append(n)
        ready.update(n.output)
        live.remove(n)
    g.ClearField("node")
    g.node.extend(ordered)
    kept = [t for t in g.initializer if t.name in needed]
    g.ClearField("initializer")
    g.initializer.extend(kept)
    onnx.checker.check_model(model)
    return True


def split(model_dir: Path) -> dict:
    meta_path = model_dir / "metadata.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    whole = model_dir / meta["onnx"]
    cut = char_vector_tensor(onnx.load(str(whole)).graph)
    enc_path, tag_path = model_dir / CHAR_ENCODER, model_dir / TAGGER
    onnx.utils.extract_model(str(whole), str(enc_path), ["char_ids"], [cut])
    onnx.utils.extract_model(str(whole), str(tag_path), ["word_ids", cut, "char_index", "features"], [meta["output"]])
    fused = False
    for path in (enc_path, tag_path):
        m = onnx.load(str(path))
        rename(m, cut, CHAR_VECTORS)
        if path == tag_path:
            fused = fuse_bilstm(m)
        onnx.checker.check_model(m)
        onnx.save(m, str(path))

    # the halves give the whole graph's probabilities (same weights, same operators)
    rng = np.random.default_rng(0)
    n_chars, n_words = len(meta["char_vocab"]), len(meta["word_vocab"])
    width = meta["max_token_chars"] + meta["post_space_chars"]
    chars = rng.integers(2, n_chars, (50, width)).astype(np.int64)
    for r in range(50):
        chars[r, rng.integers(1, width):] = 0
    word_ids = rng.integers(1, n_words, (3, 40)).astype(np.int64)
    word_ids[1, 25:], word_ids[2, 7:] = 0, 0  # padded: only positions inside a sequence count
    feeds = {
        "word_ids": word_ids,
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
    diff = float(np.abs(got - expected)[word_ids != 0].max())
    if diff > 1e-6:
        sys.exit(f"split graphs differ from the whole one by {diff}")
    meta["split"] = {"char_encoder": CHAR_ENCODER, "tagger": TAGGER, "char_vectors": CHAR_VECTORS,
                     "char_vector_size": int(vectors.shape[1]), "max_abs_diff_vs_whole": diff}
    if not fused and meta.get("training", {}).get("config", {}).get("tagger", "bilstm") == "bilstm":
        print(f"{model_dir}: the word BiLSTM is not in the expected shape; the tagger is left unfused")
    meta_path.write_text(json.dumps(meta, indent=2, sort_keys=True), encoding="utf-8")
    return meta["split"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model_dir", type=Path)
    print(json.dumps(split(ap.parse_args().model_dir)))


if __name__ == "__main__":
    main()
