"""Data for `training.finetune`: the `deid` binary, the held-out split of the reviewed gold (by
document), featurizing, the synthetic replay data (against forgetting) and the dev gold (reporting).
"""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from training.deid_model import data as D

ROOT = Path(__file__).resolve().parent.parent
# carrier narratives for generating replay data: the base model's own carriers, else the demo corpus
CARRIERS = (ROOT.parent / "shared/data/vaers/vaers-2021-01.csv", Path("/work/shared/data/vaers/vaers-2021-01.csv"),
            ROOT / "data/demo/vaers-demo.csv")
EXCLUDE = ROOT / "tests/fixtures/gold/dev/VAERS_IDS.tsv"  # the dev gold's carriers are never generated from
# the carriers of every gold set (dev and check sets: VAERS_IDS.tsv), which --replay-exclude-gold
# keeps out of the replay too: a model the project ships must never have seen, even as replay, a
# narrative or field that a set scores it on
GOLD_EXCLUDES = tuple(sorted((ROOT / "tests/fixtures/gold").glob("*/VAERS_IDS.tsv")))
SYNTH_JSONL = (ROOT / "training/data/train.jsonl", ROOT / "training/data/valid.jsonl")
DEV_GOLD = ROOT / "tests/fixtures/gold/dev"


class InputError(Exception):
    """Bad input (missing binary, too few documents, unreadable XML): exit status 2."""


def resolve_deid(explicit: str | None) -> Path:
    """--deid, else $DEID_BIN, else target/release/deid, else target/debug/deid."""
    cands = [explicit] if explicit else [os.environ.get("DEID_BIN") or None,
                                         ROOT / "target/release/deid", ROOT / "target/debug/deid"]
    for c in cands:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return Path(c).resolve()
    raise InputError(f"no deid binary ({', '.join(str(c) for c in cands if c)}): build it with "
                     "`cargo build --release --bin deid`, or set DEID_BIN / --deid")


def xml_files(folder: Path) -> list[Path]:
    """The .xml files under folder (recursively, as `deid featurize` reads them), in name order."""
    if not folder.is_dir():
        raise InputError(f"{folder} is not a folder of i2b2 XML")
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() == ".xml")


def split_holdout(files: list[Path], fraction: float, seed: int) -> tuple[list[Path], list[Path]]:
    """(train, held out): a seeded shuffle of the documents, round(fraction * n) (at least 1) held out."""
    if len(files) < 2:
        raise InputError(f"{len(files)} XML document(s): fine-tuning needs at least 2 (one is held out)")
    order = list(files)
    random.Random(f"{seed}:holdout").shuffle(order)
    k = min(len(files) - 1, max(1, round(fraction * len(files))))
    return sorted(order[k:]), sorted(order[:k])


def stage(files: list[Path], root: Path, folder: Path) -> Path:
    """Copy files (paths relative to root, '/' → '__') into a fresh folder for the engine."""
    folder.mkdir(parents=True)
    for f in files:
        shutil.copyfile(f, folder / "__".join(f.relative_to(root).parts))
    return folder


def featurize(deid: Path, src: Path, out: Path) -> list[dict]:
    """`deid featurize SRC --out OUT`, loaded (documents without tokens dropped)."""
    r = subprocess.run([str(deid), "featurize", str(src), "--out", str(out)], capture_output=True, text=True)
    if r.returncode != 0:
        raise InputError(f"deid featurize {src} failed (exit {r.returncode}):\n{r.stderr.strip()[-2000:]}")
    return D.load_jsonl(out)


def sample_jsonl(path: Path, k: int, seed: str) -> list[dict]:
    """k documents drawn uniformly (seeded reservoir sample, one pass) from a large JSONL."""
    rng, keep, n = random.Random(seed), [], 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            if len(keep) < k:
                keep.append(line)
            else:
                j = rng.randrange(n + 1)
                if j < k:
                    keep[j] = line
            n += 1
    docs = [json.loads(l) for l in keep]
    return [d for d in docs if d["tokens"]]


@dataclass
class Replay:
    train: list[dict] = field(default_factory=list)
    valid: list[dict] = field(default_factory=list)
    source: dict = field(default_factory=dict)  # what it is, for the report and the model card


def _compatible(docs: list[dict]) -> bool:
    return all(len(d["features"][0]) == D.N_FEATURES and "labels" in d for d in docs[:5] if d["features"])


def replay_data(n_train: int, n_valid: int, *, deid: Path, tmp: Path, seed: int, base_info: dict,
                jsonl: list[str] | None, carriers: str | None, field_docs: float = 0.0,
                exclude: list[str] | None = None, log=print) -> Replay:
    """Synthetic documents from the base model's training distribution: drawn from an existing featurized
    JSONL (training/data/train.jsonl + valid.jsonl, as train.sh writes them) or, if there is none,
    generated now with training.generate (the base's generator seed, carriers as in train.sh) and
    featurized. FIELD_DOCS of the generated documents are a carrier's HISTORY or LAB_DATA field alone
    (training.generate --field-docs). A failure is reported (source["error"]) and fine-tuning goes on
    without replay."""
    if n_train <= 0 and n_valid <= 0:
        return Replay(source={"kind": "none", "reason": "disabled (--replay-ratio 0 and --replay-valid-docs 0)"})
    tr, va = (Path(p) for p in (jsonl or SYNTH_JSONL))
    if tr.is_file() and va.is_file():
        rep = Replay(sample_jsonl(tr, n_train, f"{seed}:replay:train"), sample_jsonl(va, n_valid, f"{seed}:replay:valid"),
                     {"kind": "existing featurized JSONL", "train_file": str(tr), "valid_file": str(va),
                      "train_sha256": D.sha256_file(tr)})
        if _compatible(rep.train + rep.valid):
            rep.source.update(train_documents=len(rep.train), valid_documents=len(rep.valid))
            log(f"replay: {len(rep.train)} + {len(rep.valid)} (validation) documents from {tr} / {va}")
            return rep
        log(f"replay: {tr} was written by another featurizer version; generating instead")
    gm = base_generator_manifest(base_info) or {}
    gseed = gm["seed"] if isinstance(gm.get("seed"), int) else seed
    carrier = Path(carriers) if carriers else next((c for c in CARRIERS if c.is_file()), None)
    if carrier is None or not carrier.is_file():
        return Replay(source={"kind": "none", "error": f"no carrier CSV ({carriers or ', '.join(map(str, CARRIERS))})"})
    n_train, n = max(1, n_train), max(1, n_train) + max(0, n_valid)
    out = tmp / "replay"
    cmd = [sys.executable, "-m", "training.generate", "--n", str(n), "--valid-fraction", repr(n_valid / n),
           "--seed", str(gseed), "--deid", str(deid), "--out", str(out)]
    base_args = _base_generator_args(gm) if not carriers else None
    if base_args:
        # the base's own mix of carriers, styles and countries: replay is the distribution it learnt
        cmd += base_args
    else:
        cmd += ["--carriers", str(carrier)] + (["--exclude", str(EXCLUDE)] if EXCLUDE.is_file() else [])
    for e in exclude or []:
        cmd += ["--exclude", str(Path(e).resolve())]
    if field_docs > 0:
        cmd += ["--field-docs", repr(float(field_docs))]
    used = [cmd[i + 1] for i in range(len(cmd) - 1) if cmd[i] == "--carriers"]
    mix = ", the base model's own mix of carriers, styles and countries" if base_args else ""
    log(f"replay: generating {n_train} + {n_valid} (validation) synthetic documents from "
        f"{' + '.join(Path(c).name for c in used)} (training.generate, seed {gseed}{mix})")
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        return Replay(source={"kind": "none", "error": f"training.generate failed (exit {r.returncode}): "
                                                        f"{r.stderr.strip()[-1000:]}"})
    try:
        train = featurize(deid, out / "train", tmp / "replay-train.jsonl")
        valid = featurize(deid, out / "valid", tmp / "replay-valid.jsonl") if (out / "valid").is_dir() else []
    except InputError as e:
        return Replay(source={"kind": "none", "error": str(e)})
    manifest = {}
    if (out / "manifest.json").is_file():
        m = json.loads((out / "manifest.json").read_text())
        manifest = {k: m.get(k) for k in ("generator", "seed", "documents", "sha256_all")}
    return Replay(train, valid, {"kind": "generated", "generator": "training.generate",
                                 "carriers": used,
                                 "base_distribution": bool(base_args),
                                 "exclude": [str(EXCLUDE.relative_to(ROOT))] + [str(e) for e in exclude or []],
                                 "seed": gseed,
                                 "field_docs": field_docs,
                                 "manifest": manifest, "train_documents": len(train),
                                 "valid_documents": len(valid)})


def base_generator_manifest(info: dict) -> dict | None:
    """The generator manifest of the synthetic data a model learnt from: its own (a model trained by
    train.sh), else that of the model it was fine-tuned from, and so on down the chain. A model the
    learning loop wrote has none of its own, and a second fine-tune from it must still replay the
    original mix (both VAERS files, the styles, the countries), not one default carrier."""
    seen = 0
    while info and seen < 32:
        if info.get("generator_manifest"):
            return info["generator_manifest"]
        info, seen = info.get("fine_tuned_from") or {}, seen + 1
    return None


def _base_generator_args(manifest: dict) -> list[str] | None:
    """training.generate's arguments for the base model's own training distribution (its manifest's
    carriers, their mix, the document styles and the countries), or None when a carrier file it used is
    not on this machine. The carriers are looked up by file name beside the first default carrier, since
    the manifest holds the paths of the machine it was trained on."""
    a = manifest.get("arguments") or {}
    names = [Path(c).name for c in a.get("carriers") or []]
    if not names:
        return None
    here = next((c.parent for c in CARRIERS[:2] if c.is_file()), None)
    if here is None or not all((here / n).is_file() for n in names):
        return None
    args = []
    for n in names:
        args += ["--carriers", str(here / n)]
    for ex in a.get("exclude") or []:
        if (ROOT / ex).is_file():
            args += ["--exclude", str(ROOT / ex)]
    if EXCLUDE.is_file() and str(EXCLUDE) not in args:
        args += ["--exclude", str(EXCLUDE)]
    if a.get("carrier_mix"):
        args += ["--carrier-mix", ",".join(repr(float(x)) for x in a["carrier_mix"])]
    if isinstance(a.get("styles"), dict):
        args += ["--styles", ",".join(f"{k}={v}" for k, v in a["styles"].items())]
    if isinstance(a.get("countries"), dict):
        args += ["--countries", ",".join(f"{k}:{v}" for k, v in a["countries"].items())]
    if a.get("intl_fraction") is not None:
        args += ["--intl-fraction", repr(float(a["intl_fraction"]))]
    return args


def dev_gold(deid: Path, dev_jsonl: str | None, tmp: Path, fine_tune_files: list[Path]) -> tuple[list[dict], dict]:
    """The dev gold for reporting only: --dev JSONL, else tests/fixtures/gold/dev featurized now."""
    if dev_jsonl:
        return D.load_jsonl(dev_jsonl), {"source": str(dev_jsonl)}
    if not DEV_GOLD.is_dir():
        return [], {"source": None}
    docs = featurize(deid, DEV_GOLD, tmp / "dev-gold.jsonl")
    ours = {p.stem for p in fine_tune_files}
    overlap = sorted(ours & {p.stem for p in xml_files(DEV_GOLD)})
    return docs, {"source": str(DEV_GOLD.relative_to(ROOT)), "overlap_with_fine_tuning_data": overlap}
