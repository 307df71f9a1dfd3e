"""python3 -m training.generate: synthetic i2b2 2014 XML for training the BiLSTM.

  python3 -m training.generate --carriers /work/shared/data/vaers/vaers-2021-01.csv \\
      [--carriers second.csv ...] [--carrier-mix 0.6,0.4] --exclude tests/fixtures/gold/dev/VAERS_IDS.tsv \\
      --n 20000 --valid-fraction 0.1 --seed 13 --deid target/release/deid --out training/data/synth \\
      [--intl-fraction 0.6] [--countries GB:8,DE,SE:3] [--styles asis=0.8,upper=0.08,lower=0.07,shorthand=0.05]

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
from . import styles as ST
from .frag import Doc, TAG_OF, bad_edge
from .i2b2 import clean_text, to_xml
from . import insert as insert_mod
from .insert import build, first_person, guess_sex, is_upper_text
from .intl import make_persona
from .sources import Sources
from .world import COUNTRIES, script_of

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
    ap.add_argument("--carrier-mix", default="",
                    help="share of documents per --carriers file, in their order (e.g. 0.6,0.4); "
                         "default: every carrier used evenly")
    ap.add_argument("--intl-fraction", type=float, default=0.6,
                    help="share of documents whose persona is from another country than the US (0: US only)")
    ap.add_argument("--countries", default="",
                    help="countries of the international personas, CC[:weight],... (default: all %d of "
                         "training/generate/world.py with their weights)" % len(COUNTRIES))
    ap.add_argument("--local-text", type=float, default=0.0,
                    help="share of international documents given 1-3 untagged sentences in their own language "
                         "(locallang.py; default 0: a model trained with 0.6 released more PHI in lower case "
                         "and ALL CAPS, see the generator README)")
    ap.add_argument("--local-text-styles", default="",
                    help="document styles that may get local-language text, comma-separated (default: every "
                         "style; 'asis' keeps it out of ALL CAPS, lower case and shorthand, where it taught a "
                         "model to release lower-case names)")
    ap.add_argument("--field-docs", type=float, default=0.0,
                    help="share of documents that are one HISTORY or LAB_DATA field of a carrier alone, as a "
                         "report's field is de-identified on its own (default 0: every document is a narrative); "
                         "a third of them get inserted PHI, the rest only the field's own")
    ap.add_argument("--styles", default=ST.DEFAULT_STYLES,
                    help="document styles for mixed-case carriers, name=weight,... of %s (ALL-CAPS carriers "
                         "stay upper, lower-case carriers become lower/shorthand)" % "/".join(ST.STYLES))
    a = ap.parse_args(argv)
    if a.n < 0 or not (0.0 <= a.valid_fraction < 1.0):
        ap.error("--n must be >= 0 and 0 <= --valid-fraction < 1")
    if not 0.0 <= a.intl_fraction <= 1.0:
        ap.error("--intl-fraction must be in [0, 1]")
    if not 0.0 <= a.local_text <= 1.0:
        ap.error("--local-text must be in [0, 1]")
    if not 0.0 <= a.field_docs <= 1.0:
        ap.error("--field-docs must be in [0, 1]")
    try:
        a.style_weights = ST.parse_styles(a.styles)
        a.country_weights = parse_countries(a.countries)
        a.mix = [float(x) for x in a.carrier_mix.split(",")] if a.carrier_mix.strip() else []
    except ValueError as e:
        ap.error(str(e))
    if a.mix and (len(a.mix) != len(a.carriers) or any(x < 0 for x in a.mix) or sum(a.mix) <= 0):
        ap.error("--carrier-mix needs one non-negative share per --carriers file")
    return a


def parse_countries(spec):
    """'GB:8,DE,SE:3' -> [('DE', 1.0), ('GB', 8.0), ('SE', 3.0)]; empty: the table's own weights."""
    if not spec.strip():
        return sorted((cc, float(c["w"])) for cc, c in COUNTRIES.items())
    out = {}
    for part in spec.split(","):
        cc, _, w = part.strip().partition(":")
        cc = cc.strip().upper()
        if not cc:
            continue
        if cc not in COUNTRIES:
            raise ValueError(f"unknown country {cc!r} (known: {' '.join(sorted(COUNTRIES))})")
        out[cc] = float(w) if w else float(COUNTRIES[cc]["w"])
    if not out or sum(out.values()) <= 0:
        raise ValueError("--countries needs at least one country with a positive weight")
    return sorted(out.items())


class Options:
    """How a document is made beyond its carrier: world personas and styles (defaults: US only, as is)."""

    def __init__(self, world=None, intl_fraction=0.0, country_weights=(), style_weights=((1.0, "asis"),)):
        self.world = world
        self.intl_fraction = intl_fraction if world is not None else 0.0
        self.country_weights = list(country_weights)
        self.style_weights = list(style_weights)

    def country(self, rng):
        if not self.country_weights or rng.random() >= self.intl_fraction:
            return "US"
        total = sum(w for _, w in self.country_weights)
        x = rng.random() * total
        for cc, w in self.country_weights:
            x -= w
            if x < 0:
                return cc
        return self.country_weights[-1][0]


def split_carriers(carriers, seed, vf):
    ids = [c.vid for c in carriers]
    order = list(ids)
    random.Random(f"{seed}:split").shuffle(order)
    nv = int(round(len(order) * vf))
    if vf > 0 and nv == 0 and len(order) > 1:
        nv = 1
    valid = set(order[:nv])
    return [c for c in carriers if c.vid not in valid], [c for c in carriers if c.vid in valid]


def plan_mixed(pool, ndocs, seed, split, paths, mix):
    """Like plan(), with MIX[i] of the documents from the carriers of PATHS[i] (by file name)."""
    if not mix:
        return plan(pool, ndocs, seed, split)
    groups = [[c for c in pool if c.source == os.path.basename(p)] for p in paths]
    live = [(i, mix[i]) for i in range(len(groups)) if groups[i] and mix[i] > 0]
    total = sum(w for _, w in live)
    counts, given = {}, 0
    for j, (i, w) in enumerate(live):
        counts[i] = ndocs - given if j == len(live) - 1 else int(round(ndocs * w / total))
        given += counts[i]
    out = []
    for i, n in counts.items():
        out.extend(plan(groups[i], max(0, n), seed, f"{split}:src{i}"))
    return out


def plan(pool, ndocs, seed, split):
    """(carrier, k) pairs: shuffled passes over POOL so carriers are used evenly."""
    out, k = [], 0
    while pool and len(out) < ndocs:
        p = list(pool)
        random.Random(f"{seed}:{split}:pass{k}").shuffle(p)
        out.extend((c, k) for c in p[:ndocs - len(out)])
        k += 1
    return out


def has_field(c):
    """Whether carrier C has a HISTORY or LAB_DATA field worth a document of its own."""
    return "H" in c.texts or "L" in c.texts


def with_field_docs(pairs, pool, share, seed, split):
    """(carrier, k, slot) for each planned (carrier, k), slot None for a narrative: SHARE of the
    slots become a field document, of their own carrier when it has a HISTORY or LAB_DATA field,
    else of one drawn from the carriers of POOL from the same file that have one (the carrier mix
    holds). The other slots keep their carrier and their narrative."""
    fielded = {}
    for c in filter(has_field, pool):
        fielded.setdefault(c.source, []).append(c)
    out = []
    for slot, (c, k) in enumerate(pairs):
        pick = random.Random(f"{seed}:{split}:{c.vid}:{k}:field")
        if share > 0 and fielded.get(c.source) and pick.random() < share:
            out.append((c if has_field(c) else pick.choice(fielded[c.source]), k, slot))
        else:
            out.append((c, k, None))
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


# A field document gets inserted PHI this often: most real history and lab fields hold none (or
# only their own dates), and a field crowded with names would teach that a short list is PHI.
FIELD_INSERT_P = 1 / 3


def field_doc(c, rng):
    """One HISTORY or LAB_DATA field alone ("Hayfever, allergic to cats, PCN"; "CBC nl, UA neg
    3/2/91"), as `deid annotate --text-column HISTORY` reads it, or None when the carrier has none
    (or its field's labels were dropped)."""
    fields = [f for f in ("H", "L") if f in c.texts and f in c.labels]
    if not fields:
        return None
    fld = rng.choice(fields)
    return Doc(c.texts[fld], [s + ["carrier"] for s in c.labels[fld]])


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


def make_document(c, k, seed, split, src, stats, opts=None, world_stats=None, field_slot=None):
    """One document: carrier, persona (US or another country), insertions, style, whole-word spans.
    With FIELD_SLOT (with_field_docs), one of the carrier's fields alone instead of its narrative."""
    opts = opts or Options()
    doc_seed = f"{seed}:{split}:{c.vid}:{k}" + ("" if field_slot is None else f":field{field_slot}")
    rng = random.Random(doc_seed)
    # (its own generator: a field document's other draws are those of a narrative)
    pick = random.Random(f"{doc_seed}:field")
    field = field_doc(c, pick) if field_slot is not None else None
    doc = field or carrier_doc(c, rng)
    first = first_person(c.texts["S"])
    style = ST.choose_style(rng, opts.style_weights, doc.text)
    cc = opts.country(rng)
    if opts.world is not None:
        opts.world.begin(doc_seed)
    persona = make_persona(src, opts.world, cc, rng, sex=guess_sex(c.texts["S"], c.sex), age=c.age,
                           vax_date=c.vax_date, shorthand=style == "shorthand")
    local_before = stats.get("local_text", 0)
    if field is None or pick.random() < FIELD_INSERT_P:
        build(doc, persona, rng, first, is_upper_text(doc.text if field else c.texts["S"]), stats, style=style)
    if field is not None:
        stats["field_document"] = stats.get("field_document", 0) + 1
    local_added = stats.get("local_text", 0) - local_before
    done = ST.apply_style(doc, style, rng)
    if "\n" in doc.text and rng.random() < 0.03:
        to_crlf(doc)
    text = clean_text(doc.text)
    if text != doc.text:
        doc.text = text
        doc.spans = [sp for sp in doc.spans if not (bad_edge(text[sp[0]]) or bad_edge(text[sp[1] - 1]))]
    done["spans_widened_to_words"] = ST.whole_words(doc)
    doc.check()
    if world_stats is not None:
        _count(world_stats, "documents_by_country", cc)
        _count(world_stats, "documents_by_style", style)
        if local_added:
            _count(world_stats, "local_text_by_style", style, local_added)
        for key, v in list(done.items()) + list(getattr(persona, "formats", {}).items()):
            _count(world_stats, "formats", key, v)
        for s, e, ty, *_ in doc.spans:
            t = doc.text[s:e]
            scr = script_of(t)
            if scr == "LATIN" and not t.isascii():
                scr = "LATIN (non-ASCII)"
            _count(world_stats, "span_scripts", f"{scr}/{ty}")
    return doc


def _count(d, group, key, v=1):
    g = d.setdefault(group, {})
    g[key] = g.get(key, 0) + v


def _by_source(pairs):
    out = {}
    for c, *_ in pairs:
        out[c.source] = out.get(c.source, 0) + 1
    return dict(sorted(out.items()))


def main(argv=None):
    a = parse_args(argv)
    t0 = time.time()
    world = None
    if a.intl_fraction > 0:
        from .world import World
        world = World([cc for cc, _ in a.country_weights])
    exclude = sorted(set(i for path in a.exclude for i in C.read_exclude(path)))
    src = Sources(use_cache=not a.no_cache)
    carriers, cstats = C.load_carriers(a.carriers, exclude)
    if not carriers:
        raise SystemExit("generate: no carriers left after exclusion")
    train_c, valid_c = split_carriers(carriers, a.seed, a.valid_fraction)
    n_valid = int(round(a.n * a.valid_fraction)) if valid_c else 0
    n_train = a.n - n_valid
    plans = {"train": with_field_docs(plan_mixed(train_c, n_train, a.seed, "train", a.carriers, a.mix),
                                      train_c, a.field_docs, a.seed, "train"),
             "valid": with_field_docs(plan_mixed(valid_c, n_valid, a.seed, "valid", a.carriers, a.mix),
                                      valid_c, a.field_docs, a.seed, "valid")}
    used = {}
    for split in ("train", "valid"):
        for c, *_ in plans[split]:
            used[c.vid] = c
    used_list = [c for c in carriers if c.vid in used]
    dropped = C.annotate(used_list, a.deid, src) if used_list else 0
    t_annot = time.time()
    opts = Options(world, a.intl_fraction, a.country_weights, a.style_weights)
    insert_mod.LOCAL_TEXT_P = a.local_text
    insert_mod.LOCAL_TEXT_STYLES = frozenset(x.strip() for x in a.local_text_styles.split(",") if x.strip())
    world_stats = {}

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
        for c, k, slot in plans[split]:
            if not c.texts:
                continue
            assert c.vid not in excl
            doc = make_document(c, k, a.seed, split, src, strat, opts, world_stats, field_slot=slot)
            xml = to_xml(doc.text, doc.spans).encode("utf-8")
            name = f"{split}/{c.vid}-{k:03d}.xml" if slot is None else f"{split}/{c.vid}-F{slot:05d}.xml"
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
                      "out": a.out, "no_cache": a.no_cache, "carrier_mix": a.mix,
                      "intl_fraction": a.intl_fraction, "local_text": a.local_text,
                      "field_docs": a.field_docs,
                      "local_text_styles": sorted(insert_mod.LOCAL_TEXT_STYLES),
                      "countries": dict(a.country_weights),
                      "styles": {n: w for w, n in a.style_weights}},
        "sources": dict(src.used, lexicons="lexicons/unsafe/*.txt",
                        **(world.used if world else {}),
                        world_tables="training/generate/worldtext.py, worldids.py (titles, facility words, "
                                     "field labels, holidays, regulator acronyms: hand-written, no PHI values)"),
        "world": {k: dict(sorted(v.items())) for k, v in sorted(world_stats.items())},
        "carrier_sources": _by_source([p for split in ("train", "valid") for p in plans[split]]),
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
