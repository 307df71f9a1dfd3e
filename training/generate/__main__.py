"""python3 -m training.generate: synthetic i2b2 2014 XML for training the BiLSTM.

  python3 -m training.generate --carriers /work/shared/data/vaers/vaers-2021-01.csv \\
      [--carriers second.csv ...] --exclude tests/fixtures/gold/dev/VAERS_IDS.tsv \\
      --n 20000 --valid-fraction 0.1 --seed 13 --deid target/release/deid --out training/data/synth

Writes OUT/train/*.xml, OUT/valid/*.xml (split by carrier VAERS_ID) and OUT/manifest.json.
Same seed and inputs give byte-identical output.  Existing *.xml in OUT/train and OUT/valid
are removed first so the folder holds exactly one run.
"""

import argparse
import bisect
import hashlib
import json
import os
import random
import sys
import time

from . import carriers as C
from .frag import Doc, TAG_OF, bad_edge
from .i2b2 import clean_text, to_xml
from .insert import build, first_person, guess_sex, is_upper_text
from .sources import Sources
from .surrogates import Persona

APPEND_HEADERS = {"H": ["", "", "Medical history: ", "History: ", "PMH: ", "Medical History/Concurrent Conditions: "],
                  "L": ["", "", "Lab data: ", "Labs: ", "Tests: ", "Diagnostic tests: "]}


def parse_args(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m training.generate", description=__doc__.split("\n")[0])
    ap.add_argument("--carriers", action="append", required=True, help="carrier CSV (repeatable)")
    ap.add_argument("--exclude", action="append", default=[],
                    help="TSV whose first column is a VAERS_ID never to use (repeatable)")
    ap.add_argument("--n", type=int, default=20000, help="documents in all (train + valid)")
    ap.add_argument("--valid-fraction", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--deid", default="target/release/deid", help="engine binary (built if missing)")
    ap.add_argument("--out", default="training/data/synth")
    ap.add_argument("--no-cache", action="store_true",
                    help="ignore .cache/lexicon-src; sample names/places from lexicons/unsafe only")
    a = ap.parse_args(argv)
    if a.n < 0 or not (0.0 <= a.valid_fraction < 1.0):
        ap.error("--n must be >= 0 and 0 <= --valid-fraction < 1")
    return a


def split_carriers(carriers, seed, vf):
    ids = [c.vid for c in carriers]
    order = list(ids)
    random.Random(f"{seed}:split").shuffle(order)
    nv = int(round(len(order) * vf))
    if vf > 0 and nv == 0 and len(order) > 1:
        nv = 1
    valid = set(order[:nv])
    return [c for c in carriers if c.vid not in valid], [c for c in carriers if c.vid in valid]


def plan(pool, ndocs, seed, split):
    """(carrier, k) pairs: shuffled passes over POOL so carriers are used evenly."""
    out, k = [], 0
    while pool and len(out) < ndocs:
        p = list(pool)
        random.Random(f"{seed}:{split}:pass{k}").shuffle(p)
        out.extend((c, k) for c in p[:ndocs - len(out)])
        k += 1
    return out


def carrier_doc(c, rng):
    text = c.texts["S"]
    spans = [s + ["carrier"] for s in c.labels.get("S", [])]
    for fld in ("H", "L"):
        if fld in c.texts and fld in c.labels and rng.random() < 0.2:
            sep = rng.choice(["\n\n", "\n", " ", "\n\n"])
            head = rng.choice(APPEND_HEADERS[fld])
            off = len(text) + len(sep) + len(head)
            text = text + sep + head + c.texts[fld]
            spans += [[s + off, e + off, ty, "carrier"] for s, e, ty in c.labels[fld]]
    return Doc(text, spans)


def to_crlf(doc):
    nl = [i for i, ch in enumerate(doc.text) if ch == "\n"]
    if not nl:
        return doc
    def shift(p):
        return p + bisect.bisect_left(nl, p)
    doc.text = doc.text.replace("\n", "\r\n")
    for sp in doc.spans:
        sp[0], sp[1] = shift(sp[0]), shift(sp[1])
    return doc


def make_document(c, k, seed, split, src, stats):
    rng = random.Random(f"{seed}:{split}:{c.vid}:{k}")
    doc = carrier_doc(c, rng)
    first = first_person(c.texts["S"])
    persona = Persona(src, rng, sex=guess_sex(c.texts["S"], c.sex), age=c.age, vax_date=c.vax_date)
    build(doc, persona, rng, first, is_upper_text(c.texts["S"]), stats)
    if "\n" in doc.text and rng.random() < 0.03:
        to_crlf(doc)
    text = clean_text(doc.text)
    if text != doc.text:
        doc.text = text
        doc.spans = [sp for sp in doc.spans if not (bad_edge(text[sp[0]]) or bad_edge(text[sp[1] - 1]))]
    doc.check()
    return doc


def main(argv=None):
    a = parse_args(argv)
    t0 = time.time()
    exclude = sorted(set(i for path in a.exclude for i in C.read_exclude(path)))
    src = Sources(use_cache=not a.no_cache)
    carriers, cstats = C.load_carriers(a.carriers, exclude)
    if not carriers:
        raise SystemExit("generate: no carriers left after exclusion")
    train_c, valid_c = split_carriers(carriers, a.seed, a.valid_fraction)
    n_valid = int(round(a.n * a.valid_fraction)) if valid_c else 0
    n_train = a.n - n_valid
    plans = {"train": plan(train_c, n_train, a.seed, "train"), "valid": plan(valid_c, n_valid, a.seed, "valid")}
    used = {}
    for split in ("train", "valid"):
        for c, _ in plans[split]:
            used[c.vid] = c
    used_list = [c for c in carriers if c.vid in used]
    dropped = C.annotate(used_list, a.deid, src) if used_list else 0
    t_annot = time.time()

    counts = {"train": {}, "valid": {}}
    by_origin = {}
    strat = {}
    files = []
    excl = set(exclude)
    for split in ("train", "valid"):
        d = os.path.join(a.out, split)
        os.makedirs(d, exist_ok=True)
        for name in sorted(os.listdir(d)):
            if name.endswith(".xml"):
                os.remove(os.path.join(d, name))
        for c, k in plans[split]:
            if not c.texts:
                continue
            assert c.vid not in excl
            doc = make_document(c, k, a.seed, split, src, strat)
            xml = to_xml(doc.text, doc.spans).encode("utf-8")
            name = f"{split}/{c.vid}-{k:03d}.xml"
            with open(os.path.join(a.out, name), "wb") as f:
                f.write(xml)
            files.append((name, hashlib.sha256(xml).hexdigest(), len(xml)))
            for sp in doc.spans:
                key = f"{TAG_OF[sp[2]]}/{sp[2]}"
                counts[split][key] = counts[split].get(key, 0) + 1
                o = by_origin.setdefault(sp[3], {})
                o[key] = o.get(key, 0) + 1
    files.sort()
    total = {}
    for split in counts:
        for key, v in counts[split].items():
            total[key] = total.get(key, 0) + v
    h = hashlib.sha256()
    for name, sha, _ in files:
        h.update(f"{name}\t{sha}\n".encode())
    manifest = {
        "generator": "training.generate",
        "seed": a.seed,
        "arguments": {"carriers": a.carriers, "exclude": a.exclude, "n": a.n,
                      "valid_fraction": a.valid_fraction, "seed": a.seed, "deid": a.deid,
                      "out": a.out, "no_cache": a.no_cache},
        "sources": dict(src.used, lexicons="lexicons/unsafe/*.txt"),
        "carriers": dict(cstats, usable=len(carriers), train_carriers=len(train_c),
                         valid_carriers=len(valid_c), used=len(used_list),
                         fields_dropped_text_mismatch=dropped),
        "valid_carrier_ids": sorted(c.vid for c in valid_c),
        "excluded_ids": exclude,
        "documents": {"train": sum(1 for f in files if f[0].startswith("train/")),
                      "valid": sum(1 for f in files if f[0].startswith("valid/"))},
        "counts": {"total": total, "train": counts["train"], "valid": counts["valid"]},
        "counts_by_origin": by_origin,
        "insertions_by_strategy": strat,
        "files": [{"name": n, "sha256": s, "bytes": b} for n, s, b in files],
        "sha256_all": h.hexdigest(),
    }
    with open(os.path.join(a.out, "manifest.json"), "w", encoding="utf-8", newline="\n") as f:
        f.write(json.dumps(manifest, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    t1 = time.time()
    print(f"generate: {len(files)} documents ({manifest['documents']['train']} train, "
          f"{manifest['documents']['valid']} valid) from {len(used_list)} carriers in {a.out} "
          f"[{t_annot - t0:.1f}s setup+engine, {t1 - t_annot:.1f}s generation]", file=sys.stderr)
    for key in sorted(total):
        print(f"  {key:24s} {total[key]:8d}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
