"""Fine-tune an exported model on reviewed gold (a folder of i2b2 XML, as Deid Studio exports reviewed
documents) and write a NEW model directory, only if it is better than the base on held-out gold.

    training/.venv/bin/python -m training.finetune --base models/deid-bilstm-v2 --xml REVIEWED_XML_DIR \\
        --name deid-bilstm-v2-ft --out models/deid-bilstm-v2-ft

1. Holds out --holdout (20%, at least 1) of the XML documents, seeded, by document, for model selection
   and threshold calibration (--valid-xml DIR: that folder instead); trains on the rest.
2. Replays synthetic documents of the base model's training distribution against forgetting
   (--replay-ratio per gold training document; training/data/{train,valid}.jsonl when present, else
   generated now with training.generate from the base's own carriers, styles and countries, and
   featurized), their words trained toward the base's probabilities as well as their labels
   (--distill), and scores --replay-valid-docs more.
3. Candidates: the base model (epoch 0) and every epoch's model, scored on the held-out gold. A
   fine-tuned model is eligible only if its PHI token recall is at least the base's and its replay
   recall fell by at most --max-replay-drop; the best held-out F2 wins (then recall, then precision),
   and one is written only if it beats the base (finetune_select.py says why F2).
4. Thresholds and the hybrid's verdict: `deid calibrate --target-recall 0.995 --no-worse-than BASE
   --global-only` on the held-out gold plus the gold the base model was calibrated on (its metadata's
   calibration.gold_sets, those present; --calibration-gold DIR instead): on every set the hybrid
   must reach the target, or where the base model stays below it there, the base's own recall; among
   the thresholds that do, the most recall of all sets together that keeps the base's precision (the
   best precision where none keeps it). When no thresholds do, the fine-tuned model would lose
   recall against the base on some set: nothing is written (exit 3). When calibration cannot run, the
   base model's thresholds are kept.
5. Writes DIR (model.onnx, metadata.json, parity.json, checkpoint.pt, MODEL_CARD.md,
   finetune-report.md, finetune-report.json) and prints the before/after table; --summary-json FILE
   also gets the outcome with the before/after figures, whatever it is (Deid Studio reads it).

Exit status: 0 DIR written; 2 bad arguments or input (nothing written); 3 no fine-tuned model beat the
base on the held-out gold, or the best one loses the base's recall in the hybrid on some gold set (the
table is printed, nothing written); 1 anything else (nothing written).
"""
from __future__ import annotations

import time

T_START = time.time()  # before the imports below (torch takes seconds): the time reported is the command's

import argparse  # noqa: E402
import contextlib  # noqa: E402
import copy  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import torch  # noqa: E402

from training import export as E  # noqa: E402
from training import finetune_data as F  # noqa: E402
from training import finetune_report as R  # noqa: E402
from training.deid_model import data as D  # noqa: E402
from training.deid_model.train import evaluate, fit_info, load_checkpoint, save_checkpoint, set_seed  # noqa: E402
from training.finetune_select import class_weights_from, select  # noqa: E402

EXIT_NOT_BETTER = 3
ROOT = Path(__file__).resolve().parents[1]
RESERVE_S = 60  # left of --max-minutes for export, calibration and the reports


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="python -m training.finetune", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=True, help="existing model directory (checkpoint.pt, metadata.json)")
    ap.add_argument("--xml", required=True, help="folder of reviewed gold i2b2 .xml")
    ap.add_argument("--name", required=True, help="the new model's name (metadata.json, MODEL_CARD.md)")
    ap.add_argument("--out", required=True, help="the NEW model directory (written only on success)")
    ap.add_argument("--version", default="1.0.0")
    ap.add_argument("--overwrite", action="store_true", help="replace --out if it exists")
    ap.add_argument("--holdout", type=float, default=0.2, help="fraction of documents held out (default 0.2)")
    ap.add_argument("--valid-xml", help="held-out gold folder to use instead of splitting --xml")
    ap.add_argument("--replay-ratio", type=float, default=2.0,
                    help="synthetic replay documents per gold training document (default 2; 0: none)")
    ap.add_argument("--replay-valid-docs", type=int, default=100,
                    help="synthetic validation documents scored for forgetting (default 100)")
    ap.add_argument("--replay-jsonl", nargs=2, metavar=("TRAIN", "VALID"),
                    help="featurized synthetic JSONL to draw replay from (default training/data/{train,valid}.jsonl "
                         "when both exist, else generated)")
    ap.add_argument("--replay-field-docs", type=float, default=0.0,
                    help="share of generated replay documents that are one HISTORY or LAB_DATA field alone, as "
                         "reports' fields are de-identified (default 0: the base's own narratives); 0.25 to 0.4 "
                         "made the report fields read better and the narratives a little worse (training/ABLATION.md)")
    ap.add_argument("--replay-exclude", action="append", default=[], metavar="FILE",
                    help="VAERS ids (first column, one a line) never generated from, beside the dev gold's "
                         "(repeat it): the carriers of a set being written")
    ap.add_argument("--replay-exclude-gold", action="store_true",
                    help="keep the carriers of every gold set (tests/fixtures/gold/*/VAERS_IDS.tsv) out of the "
                         "replay: for a model the project ships, which those sets will score")
    ap.add_argument("--replay-carriers", help="carrier CSV when generating (default ../shared/data/vaers/"
                                              "vaers-2021-01.csv, else data/demo/vaers-demo.csv)")
    ap.add_argument("--distill", type=float, default=1.0,
                    help="weight of the pull toward the base model's probabilities on the replay documents' words "
                         "(knowledge distillation against forgetting, default 1; 0: their labels only)")
    ap.add_argument("--max-replay-drop", type=float, default=0.02,
                    help="a candidate whose replay recall fell by more than this is not kept (default 0.02)")
    ap.add_argument("--dev", help="featurized dev gold JSONL, reported before/after only (default: "
                                  "tests/fixtures/gold/dev featurized) and used for parity.json")
    ap.add_argument("--target-recall", type=float, default=0.995, help="deid calibrate's target (default 0.995)")
    ap.add_argument("--calibration-gold", action="append", metavar="DIR",
                    help="gold i2b2 folder the thresholds must also hold on, no worse than the base (repeat it; "
                         "default: the base model's calibration.gold_sets that are present)")
    ap.add_argument("--deid", help="deid binary (default $DEID_BIN, target/release/deid, target/debug/deid)")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--patience", type=int, default=4,
                    help="epochs without a better candidate before stopping (default 4: the first epochs often dip)")
    ap.add_argument("--max-minutes", type=float, default=9.0,
                    help=f"wall-clock budget of the whole command; no epoch starts that would end later than "
                         f"{RESERVE_S} s before it (default 9)")
    ap.add_argument("--lr", type=float, default=1e-3, help="Adam learning rate (default 1e-3, as the base)")
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--max-tokens", type=int, default=6000, help="padded tokens per batch")
    ap.add_argument("--max-len", type=int, default=300, help="training chunks of at most this many tokens")
    ap.add_argument("--threads", type=int, default=int(os.environ.get("DEID_TRAIN_THREADS", "2")))
    ap.add_argument("--parity-docs", type=int, default=5)
    ap.add_argument("--summary-json", help="also write the outcome here, whatever it is (exit 0 or 3): "
                                           '{"outcome": "written" | "not_better", "before", "after", ...}; '
                                           "Deid Studio reads it")
    return ap.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    try:
        return run(args)
    except F.InputError as e:
        print(f"finetune: {e}", file=sys.stderr)
        return 2


def check_paths(args) -> tuple[Path, Path]:
    base, out = Path(args.base), Path(args.out)
    meta = base / "metadata.json"
    if meta.is_file() and "quantized" in json.loads(meta.read_text(encoding="utf-8")):
        source = json.loads(meta.read_text(encoding="utf-8"))["quantized"].get("from", "its source")
        raise F.InputError(f"{base} is a quantized model: fine-tune {source} and quantize the result "
                           "(python -m training.quantize)")
    for f in ("checkpoint.pt", "metadata.json"):
        if not (base / f).is_file():
            raise F.InputError(f"{base / f} missing: --base must be a model directory written by training.export")
    if out.resolve() == base.resolve():
        raise F.InputError("--out must be a new directory, not the base model's")
    if out.exists() and any(out.iterdir()) and not args.overwrite:
        raise F.InputError(f"{out} exists and is not empty: choose a new --out (or --overwrite)")
    return base, out


def run(args) -> int:
    t0 = T_START
    base, out = check_paths(args)
    deid = F.resolve_deid(args.deid)
    torch.set_num_threads(args.threads)
    set_seed(args.seed)
    model, ck = load_checkpoint(base / "checkpoint.pt")
    base_meta = json.loads((base / "metadata.json").read_text())
    base_info = ck["info"]
    post = D.uses_post_space(model.cfg.variation)
    enc = lambda docs: D.encode_all(docs, ck["word_vocab"], ck["char_vocab"], post)  # noqa: E731

    with tempfile.TemporaryDirectory(prefix="deid-finetune-") as tmp:
        tmp = Path(tmp)
        xml = Path(args.xml)
        files = F.xml_files(xml)
        if args.valid_xml:
            train_files, held_files = files, F.xml_files(Path(args.valid_xml))
            held_root = Path(args.valid_xml)
            how = f"the folder {args.valid_xml}"
            if not train_files or not held_files:
                raise F.InputError("--xml and --valid-xml both need at least one .xml document")
        else:
            train_files, held_files = F.split_holdout(files, args.holdout, args.seed)
            held_root = xml
            how = f"seeded split by document, seed {args.seed}, fraction {args.holdout}"
        train_docs = F.featurize(deid, F.stage(train_files, xml, tmp / "train-xml"), tmp / "train.jsonl")
        held_dir = F.stage(held_files, held_root, tmp / "heldout-xml")
        held_docs = F.featurize(deid, held_dir, tmp / "heldout.jsonl")
        if not train_docs or not held_docs:
            raise F.InputError("no tokens in the training or held-out documents")
        print(f"gold: {len(files)} documents in {xml}; training on {len(train_docs)}, holding out "
              f"{len(held_docs)} ({how})")

        replay = F.replay_data(round(args.replay_ratio * len(train_docs)) if args.replay_ratio > 0 else 0,
                               args.replay_valid_docs, deid=deid, tmp=tmp, seed=args.seed, base_info=base_info,
                               jsonl=args.replay_jsonl, carriers=args.replay_carriers,
                               field_docs=args.replay_field_docs,
                               exclude=args.replay_exclude + ([str(e) for e in F.GOLD_EXCLUDES]
                                                              if args.replay_exclude_gold else []))
        if "error" in replay.source:
            print(f"WARNING: no replay data, forgetting is neither prevented nor measured: {replay.source['error']}")
        dev_docs, dev_source = F.dev_gold(deid, args.dev, tmp, train_files + held_files)

        replay_train = enc(replay.train)
        for e in replay_train:
            e.distill = True
        train_ex = D.chunk(enc(train_docs) + replay_train, args.max_len)
        held_ex, replay_ex, dev_ex = enc(held_docs), enc(replay.valid), enc(dev_docs)
        counts = D.label_counts(train_ex)
        before = {"heldout": None, "replay": None, "dev": evaluate(model, dev_ex) if dev_ex else None}
        deadline = t0 + args.max_minutes * 60 - RESERVE_S if args.max_minutes else None
        print(f"fine-tuning {base.name} (variation {model.cfg.variation}) on {len(train_docs)} gold + "
              f"{len(replay.train)} replay documents ({int(counts.sum())} tokens), lr {args.lr}, "
              f"up to {args.epochs} epochs")
        sel = select(model, train_ex, held_ex, replay_ex, epochs=args.epochs, patience=args.patience, lr=args.lr,
                     seed=args.seed, max_tokens=args.max_tokens, weights=class_weights_from(base_info, counts),
                     deadline=deadline, max_replay_drop=args.max_replay_drop, distill=args.distill)
        base_c, best = sel["candidates"][0], sel["best"]
        before.update(heldout=base_c.heldout, replay=base_c.replay)

        if best.epoch == 0:
            other = sel["best_fine_tuned"]
            if other:
                after = {"heldout": other.heldout, "replay": other.replay}
                print(f"\nbase vs the best fine-tuned candidate (epoch {other.epoch}):\n")
                print(R.before_after(before, after))
            write_summary(args, {"outcome": "not_better", "base": base.name, "best_epoch": other.epoch if other else None,
                                 "stopped": sel["stopped"], "heldout_documents": len(held_docs), "before": before,
                                 "after": {"heldout": other.heldout, "replay": other.replay} if other else None})
            print(f"\nNo fine-tuned model beat {base.name} on the {len(held_docs)} held-out documents "
                  f"(F2 with recall at least the base's; replay recall may fall by at most {args.max_replay_drop}); "
                  f"{sel['stopped']}. Nothing written to {out}. Exit status {EXIT_NOT_BETTER}.")
            return EXIT_NOT_BETTER

        after = {"heldout": best.heldout, "replay": best.replay, "dev": evaluate(model, dev_ex) if dev_ex else None}
        report = {
            "name": args.name, "out": str(out),
            "base": {"name": base.name, "path": str(base), "documents": base_info.get("documents"),
                     "train_file": base_info.get("train_file"), "data_sha256": base_info.get("data_sha256"),
                     "generator": (base_info.get("generator_manifest") or {}).get("generator")},
            "gold": {"xml": str(xml), "documents": len(files), "train_documents": len(train_docs),
                     "train_tokens": sum(len(d["tokens"]) for d in train_docs)},
            "heldout": {"documents": len(held_docs), "how": how, "files": ["__".join(p.relative_to(held_root).parts) for p in held_files],
                        "tokens": sum(len(d["tokens"]) for d in held_docs)},
            "replay": {"ratio": args.replay_ratio, "train_documents": len(replay.train),
                       "valid_documents": len(replay.valid), "max_recall_drop": args.max_replay_drop,
                       "distill": sel["distill"], "distillation": sel["distillation"], "source": replay.source},
            "dev": dev_source,
            "selection": "candidates = the base model (epoch 0) + every epoch; held-out gold PHI tokens "
                         "(argmax != SAFE): F2, then recall, then precision; a fine-tuned candidate needs at "
                         "least the base's held-out recall, must beat the base and lose at most "
                         f"{args.max_replay_drop} replay recall",
            "selected_epoch": best.epoch, "stopped": sel["stopped"],
            "candidates": [c.summary() for c in sel["candidates"]],
            "before": before, "after": after, "threads": args.threads,
            "table": R.before_after(before, after),
        }
        try:
            write_model(args, model, ck, base_meta, report, sel, counts, held_dir, replay, tmp, t0, deid)
        except WorseInHybrid as e:
            write_summary(args, {"outcome": "not_better", "base": base.name, "best_epoch": best.epoch,
                                 "stopped": sel["stopped"], "heldout_documents": len(held_docs),
                                 "before": report["before"], "after": report["after"], "hybrid": e.cal})
            print("\n" + report["table"] + "\n\n" + R.hybrid_table(e.cal))
            print(f"\nEpoch {best.epoch} beat {base.name} on the held-out gold, but in the hybrid no thresholds keep "
                  f"it at the target, or at {base.name}'s recall where that is lower, on every gold set (above). "
                  f"Nothing written to {out}. Exit status {EXIT_NOT_BETTER}.")
            return EXIT_NOT_BETTER
    write_summary(args, {"outcome": "written", "base": base.name, "best_epoch": best.epoch, "stopped": sel["stopped"],
                         "heldout_documents": len(held_docs), "before": report["before"], "after": report["after"],
                         "out": str(out), "report": str(out / "finetune-report.json")})
    print("\n" + report["table"])
    print(f"\nwrote {out} ({report['seconds']['total']:.0f} s): epoch {best.epoch} of "
          f"{len(sel['candidates']) - 1} selected over the base; thresholds "
          f"{report['thresholds']['calibration']['status']}; see {out / 'finetune-report.md'}")
    return 0


class WorseInHybrid(Exception):
    """The fine-tuned model loses the base model's recall in the hybrid on some gold set, whatever its
    thresholds (`deid calibrate --no-worse-than` exit 1); `cal` is the calibration record."""

    def __init__(self, cal: dict):
        super().__init__("worse than the base in the hybrid")
        self.cal = cal


def write_summary(args, summary: dict):
    """--summary-json: the outcome and the before/after figures (no text of any document)."""
    if args.summary_json:
        R.write_json(Path(args.summary_json), summary)


def write_model(args, model, ck, base_meta, report, sel, counts, held_dir, replay, tmp, t0, deid):
    """Everything into a staging folder next to --out, moved into place only when complete."""
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = out.parent / f".{out.name}.partial-{os.getpid()}"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        hist = sel["candidates"][1:]
        result = {"best_epoch": sel["best"].epoch, "epochs_run": len(hist), "seconds": sel["seconds"],
                  "history": [c.summary() for c in hist],
                  "seconds_per_epoch": round(sum(c.seconds for c in hist) / len(hist), 1)}
        info = {**fit_info(report["gold"]["train_documents"] + len(replay.train), counts, result, args.seed, args.lr),
                "data_sha256": D.sha256_file(tmp / "train.jsonl"), "train_file": args.xml,
                "selection": report["selection"], "generator_manifest": None,
                "fine_tuned_from": {**report["base"], "generator_manifest": F.base_generator_manifest(ck["info"])},
                "fine_tuning": {k: report[k] for k in ("gold", "heldout", "replay")}}
        save_checkpoint(staging / "checkpoint.pt", model, ck["word_vocab"], ck["char_vocab"],
                        {**info, "metrics": {"heldout": report["after"]["heldout"]}})
        # parity fixture: the dev gold if given, else synthetic replay documents (no reviewed text leaves
        # the held-out set), else the held-out gold
        if args.dev:
            parity, source = Path(args.dev), f"{args.dev} (--dev)"
        elif replay.valid:
            parity, source = tmp / "parity.jsonl", "synthetic replay validation documents (deid featurize)"
            parity.write_text("".join(json.dumps(d) + "\n" for d in replay.valid))
        else:
            parity, source = tmp / "heldout.jsonl", "held-out reviewed gold documents (deid featurize)"
        report["parity_source"], report["parity_is_gold"] = source, parity == tmp / "heldout.jsonl"
        log = io.StringIO()
        try:
            with contextlib.redirect_stdout(log), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                E.export(argparse.Namespace(checkpoint=str(staging / "checkpoint.pt"), name=args.name,
                                            version=args.version, dev=str(parity), out=str(staging),
                                            parity_docs=args.parity_docs, parity_source=source))
        except BaseException:
            print(log.getvalue(), end="")
            raise
        print(f"exported ONNX (parity checked against PyTorch; fixture: {source})")
        meta_path = staging / "metadata.json"
        meta = json.loads(meta_path.read_text())
        base_thr = copy.deepcopy(base_meta.get("thresholds") or {"low": 0.9, "high": 0.95, "per_category": {}})
        meta["thresholds"] = base_thr
        copied = {"method": f"copied from {report['base']['name']}", "base_calibration": base_meta.get("calibration")}
        meta["calibration"] = dict(copied)
        meta["metrics"] = {"heldout": report["after"]["heldout"], "heldout_base": report["before"]["heldout"],
                           "replay_valid": report["after"]["replay"], "dev": report["after"]["dev"],
                           "onnx_check": meta["metrics"].get("onnx_check")}
        meta_path.write_text(json.dumps(meta, indent=1, ensure_ascii=False))
        cal = choose_thresholds(args, deid, staging, held_dir, report, base_meta)
        if cal["status"] == "worse":
            raise WorseInHybrid(cal)
        meta = json.loads(meta_path.read_text())
        if cal["status"] != "calibrated":
            meta["thresholds"] = base_thr
            meta["calibration"] = {**copied, "recalibration_failed": cal.get("error")}
            meta_path.write_text(json.dumps(meta, indent=1, ensure_ascii=False))
        report["thresholds"] = {"base": base_thr, "final": meta["thresholds"], "calibration": cal}
        report["seconds"] = {"total": round(time.time() - t0, 1), "training": sel["seconds"]}
        (staging / "MODEL_CARD.md").write_text(R.model_card(report, meta))
        (staging / "finetune-report.md").write_text(R.report_markdown(report))
        R.write_json(staging / "finetune-report.json", report)
        if out.exists():
            shutil.rmtree(out)
        staging.rename(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def calibration_sets(args, base_meta: dict) -> list[Path]:
    """The gold sets the new thresholds must also hold on: --calibration-gold, else the base model's
    calibration.gold_sets (relative to the repository) that are present."""
    if args.calibration_gold:
        dirs = [Path(d) for d in args.calibration_gold]
        missing = [str(d) for d in dirs if not d.is_dir()]
        if missing:
            raise F.InputError(f"--calibration-gold: no such folder: {', '.join(missing)}")
        return dirs
    listed = (base_meta.get("calibration") or {}).get("gold_sets") or []
    return [ROOT / d for d in listed if (ROOT / d).is_dir()]


def choose_thresholds(args, deid: Path, staging: Path, held_dir: Path, report: dict, base_meta: dict) -> dict:
    """`deid calibrate --no-worse-than BASE` on the held-out gold and the calibration sets: status
    "calibrated" (thresholds written into staging's metadata.json), "worse" (no thresholds keep the base's
    recall on every set) or "failed" (calibration could not run)."""
    sets = calibration_sets(args, base_meta)
    report["calibration_sets"] = [str(d) for d in sets]
    cal = calibrate(deid, staging, [held_dir] + sets, args.target_recall, report["heldout"]["documents"], report,
                    no_worse_than=Path(args.base))
    if cal["status"] == "calibrated" and cal.get("exit") == 1:
        cal["status"] = "worse"
    return cal


def calibrate(deid: Path, model_dir: Path, gold: list[Path], target: float, n_docs: int, report: dict,
              no_worse_than: Path) -> dict:
    """`deid calibrate --model DIR --gold HELDOUT [--gold SET...] --target-recall T --no-worse-than BASE
    --global-only`, which rewrites metadata.json's thresholds (starting from the base's); exit 1 = no
    thresholds hold every set at the target or the base's recall. The temporary held-out path it
    records is replaced by a description of the held-out set."""
    cmd = [str(deid), "calibrate", "--model", str(model_dir)]
    for g in gold:
        cmd += ["--gold", str(g)]
    cmd += ["--target-recall", str(target), "--no-worse-than", str(no_worse_than), "--global-only"]
    print(f"calibrating on the held-out gold and {len(gold) - 1} more gold set(s), no worse than {no_worse_than}")
    # thresholds are the hybrid's: a rules-only setting of the caller (the app started with
    # DEID_RULES_ONLY=1 runs this) must not reach `deid calibrate`, which refuses it
    env = {k: v for k, v in os.environ.items() if k not in ("DEID_RULES_ONLY", "DEID_MODEL")}
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, env=env)
    except (OSError, subprocess.TimeoutExpired) as e:
        return {"status": "failed", "error": str(e), "target_recall": target}
    held = f"{n_docs} held-out documents of {report['gold']['xml']} ({report['heldout']['how']})"
    print("\n".join(l.replace(str(gold[0]), "held-out gold") for l in r.stdout.strip().splitlines()
                    if not l.startswith("thresholds written to")))
    meta_path = model_dir / "metadata.json"
    meta = json.loads(meta_path.read_text())
    c = meta.get("calibration") or {}
    if r.returncode not in (0, 1) or not str(c.get("gold", "")).startswith(str(gold[0])):
        err = (r.stderr.strip() or r.stdout.strip())[-500:]
        print(f"WARNING: calibration failed (exit {r.returncode}): keeping the base model's thresholds\n{err}")
        return {"status": "failed", "error": f"deid calibrate exit {r.returncode}: {err}", "target_recall": target}
    c["gold"] = ", ".join([held] + [str(g) for g in gold[1:]])
    c["sets"] = ["held-out"] + [str(Path(g).relative_to(ROOT)) if Path(g).is_relative_to(ROOT) else str(g)
                                for g in gold[1:]]
    c["gold_sets"] = c["sets"][1:]
    c["no_worse_than"] = report["base"]["name"]
    meta["calibration"] = c
    meta_path.write_text(json.dumps(meta, indent=1, ensure_ascii=False))
    return {"status": "calibrated", "exit": r.returncode, **{k: v for k, v in c.items() if k != "gold"},
            "output": r.stdout.strip().replace(str(gold[0]), "held-out gold")}


if __name__ == "__main__":
    sys.exit(main())
