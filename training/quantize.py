"""Quantize a split model's tagger to int8 weights, for batch work on the CPU.

The tagger (`tagger.onnx`: the word BiLSTM and the output layer) is most of the hybrid's time;
ONNX Runtime's dynamic quantization stores its weights as int8 and runs `DynamicQuantizeLSTM` /
`MatMulInteger`, with `reduce_range` (7-bit weights) so that no CPU's 8-bit multiply-add
saturates and every machine computes the same numbers. The character encoder stays as it is: the
engine caches its output, so it is a small part of the time.

Dynamic quantization scales each input tensor by its own range. In a batch of several documents
one document's probabilities would then depend on the others beside it; the output records
"quantized" in metadata.json and the engine runs such a model one document per batch
(`DeepModel::predict`), so a narrative gets the same result in the app and in a batch run.

The output is a model directory the engine loads as any other (`--model DIR`): metadata.json
(name `<source>-int8`, "quantized", the source's thresholds until `deid calibrate` chooses the
model's own), the source's character encoder, the quantized tagger and whole graph, and a
parity.json whose probabilities are ONNX Runtime's on the int8 graphs, one document at a time,
for the source's parity documents (tests/model_parity.rs then checks the engine against them).

    python3 -m training.quantize models/deid-bilstm-v2 models/deid-bilstm-v2-int8
    target/release/deid calibrate --model models/deid-bilstm-v2-int8 --global-only \\
        --target-recall 0.995 --no-worse-than models/deid-bilstm-v2 \\
        --gold tests/fixtures/gold/dev --gold tests/fixtures/gold/dev-1990s/xml \\
        --gold tests/fixtures/gold/dev-intl/xml --gold tests/fixtures/gold/dev-caps/xml \\
        --gold tests/fixtures/gold/dev-lower/xml
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

import numpy as np
import onnxruntime as ort
from onnxruntime.quantization import QuantType, quantize_dynamic

METHOD = "onnxruntime.quantization.quantize_dynamic, int8 weights (QInt8, reduce_range), character encoder unchanged"


def session(path: Path) -> ort.InferenceSession:
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 1
    return ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])


def split_probs(encoder: ort.InferenceSession, tagger: ort.InferenceSession, meta: dict,
                word_ids: list[int], char_ids: list[list[int]], features: list[list[float]]) -> np.ndarray:
    """One document's probabilities through the split pair, as the engine feeds it: every
    token's character row encoded (a row per token; the engine's de-duplication does not change
    the result), then the tagger."""
    split = meta["split"]
    width = max(1, max(len(c) for c in char_ids))
    chars = np.zeros((len(char_ids), width), dtype=np.int64)
    for i, row in enumerate(char_ids):
        chars[i, : len(row)] = row
    enc_in = meta["inputs"]["char_ids"]
    vectors = encoder.run([split["char_vectors"]], {enc_in: chars})[0]
    feeds = {
        meta["inputs"]["word_ids"]: np.asarray([word_ids], dtype=np.int64),
        split["char_vectors"]: vectors,
        meta["inputs"]["char_index"]: np.arange(len(word_ids), dtype=np.int64)[None],
        meta["inputs"]["features"]: np.asarray([features], dtype=np.float32),
    }
    return tagger.run([meta["output"]], feeds)[0][0]


def quantize(source: Path, out: Path) -> dict:
    """Write the int8 model directory `out` from the split model `source`; returns its metadata."""
    meta = json.loads((source / "metadata.json").read_text(encoding="utf-8"))
    split = meta.get("split")
    if not split:
        sys.exit(f"{source}: not a split model (run python3 -m training.split_model {source} first)")
    if meta.get("quantized"):
        sys.exit(f"{source}: already quantized")
    out.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source / split["char_encoder"], out / split["char_encoder"])
    for name in (split["tagger"], meta["onnx"]):
        quantize_dynamic(str(source / name), str(out / name), weight_type=QuantType.QInt8, reduce_range=True)

    encoder = session(out / split["char_encoder"])
    tagger = session(out / split["tagger"])
    src_encoder = session(source / split["char_encoder"])
    src_tagger = session(source / split["tagger"])
    parity = json.loads((source / "parity.json").read_text(encoding="utf-8"))
    worst = 0.0
    agree = total = 0
    for doc in parity["documents"]:
        feats = doc["features"]
        probs = split_probs(encoder, tagger, meta, doc["word_ids"], doc["char_ids"], feats)
        before = split_probs(src_encoder, src_tagger, meta, doc["word_ids"], doc["char_ids"], feats)
        worst = max(worst, float(np.abs(probs - before).max()))
        agree += int((probs.argmax(-1) == before.argmax(-1)).sum())
        total += len(doc["word_ids"])
        doc["probs"] = probs.astype(float).tolist()
    parity["model"] = out.name
    parity["source"] = (f"the parity documents of {source.name}; probs from ONNX Runtime "
                        f"{ort.__version__} on the int8 char_encoder + tagger, one document per run")
    (out / "parity.json").write_text(json.dumps(parity), encoding="utf-8")

    meta["name"] = out.name
    meta["quantized"] = {"from": source.name, "method": METHOD}
    meta["quantization_check"] = {
        "parity_documents": len(parity["documents"]),
        "tokens": total,
        "argmax_agreement_with_source": agree / max(1, total),
        "max_abs_prob_diff_vs_source": worst,
    }
    (out / "metadata.json").write_text(json.dumps(meta, indent=2, sort_keys=True), encoding="utf-8")
    return meta


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", type=Path, help="a split model directory (metadata.json with \"split\")")
    ap.add_argument("out", type=Path, help="the int8 model directory to write")
    args = ap.parse_args()
    meta = quantize(args.source, args.out)
    check = meta["quantization_check"]
    print(f"{args.out}: argmax agreement with {args.source.name} {check['argmax_agreement_with_source']:.4f} "
          f"on {check['tokens']} parity tokens, max |p - p_source| {check['max_abs_prob_diff_vs_source']:.4f}; "
          "calibrate its thresholds with deid calibrate --no-worse-than (see this script's help)")


if __name__ == "__main__":
    main()
