"""Carrier narratives: real VAERS texts with the PHI they already contain labelled.

Labels come from two high-precision sources:

1. the Rust engine's regular-expression recognizers (`pattern_spans` of
   `deid annotate --format jsonl --rules-only`: dates, ages, IDs, contacts), and
2. the project lexicons (lexicons/unsafe/): months, weekdays and holidays in date context,
   US state names, "City, ST" state codes (plus the city when the lexicon knows it), and
   country names.

The engine's `spans` field (the conservative rule output) is deliberately not used.
"""

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from .frag import bad_edge

FIELDS = ("S", "H", "L")  # SYMPTOM_TEXT, HISTORY, LAB_DATA
TEXT_COLUMNS = {"S": ("SYMPTOM_TEXT", "text", "narrative"), "H": ("HISTORY",), "L": ("LAB_DATA",)}
ID_COLUMNS = ("VAERS_ID", "id")
TRIVIAL = {"", "none", "unknown", "n/a", "na", "no", "none.", "unk", "none known", "nka", "nkda",
           "none reported", "not applicable", "see above", "no known", "denies"}


class Carrier:
    __slots__ = ("vid", "texts", "sex", "age", "vax_date", "source", "labels")

    def __init__(self, vid, texts, sex, age, vax_date, source):
        self.vid = vid
        self.texts = texts  # field -> text
        self.sex = sex
        self.age = age
        self.vax_date = vax_date
        self.source = source
        self.labels = {}  # field -> [[start, end, TYPE], ...]


def read_exclude(path):
    ids = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            first = line.rstrip("\r\n").split("\t")[0].strip()
            if first and not first.startswith("#") and first.upper() != "VAERS_ID":
                ids.append(first)
    return sorted(set(ids))


def _parse_date(s):
    import datetime
    s = (s or "").strip()
    for fmt in ("%m/%d/%Y", "%Y-%m-%d"):
        try:
            return datetime.datetime.strptime(s, fmt).date()
        except ValueError:
            pass
    return None


def _col(row, names):
    for n in names:
        if n in row and row[n] is not None:
            return row[n]
    return ""


def load_carriers(paths, exclude):
    """Carriers from the CSVs in order; the first occurrence of an id wins; excluded ids and
    empty narratives are dropped.  Returns (carriers, stats)."""
    excl = set(exclude)
    seen = set()
    out = []
    stats = {"rows": 0, "excluded_rows": 0, "duplicate_rows": 0, "empty_rows": 0}
    for path in paths:
        with open(path, encoding="utf-8", errors="replace", newline="") as f:
            for i, row in enumerate(csv.DictReader(f)):
                stats["rows"] += 1
                vid = _col(row, ID_COLUMNS).strip() or f"{os.path.basename(path)}-{i}"
                if vid in excl:
                    stats["excluded_rows"] += 1
                    continue
                if vid in seen:
                    stats["duplicate_rows"] += 1
                    continue
                texts = {}
                for fld in FIELDS:
                    t = _col(row, TEXT_COLUMNS[fld])
                    if fld == "S" or t.strip().lower().strip(".") not in TRIVIAL and len(t.strip()) >= 12:
                        texts[fld] = t
                if not texts.get("S", "").strip():
                    stats["empty_rows"] += 1
                    continue
                seen.add(vid)
                age = None
                try:
                    a = float(row.get("AGE_YRS") or "")
                    if 1 <= a < 110:  # the 1990s file has fractional ages ("16.7"): the age in years
                        age = int(a)
                except ValueError:
                    pass
                vax = _parse_date(row.get("VAX_DATE"))
                if vax is not None and not 1960 <= vax.year <= 2030:
                    vax = None
                out.append(Carrier(vid, texts, (row.get("SEX") or "U").strip().upper(), age,
                                   vax, os.path.basename(path)))
    return out, stats


def ensure_deid(deid):
    if os.path.isfile(deid) and os.access(deid, os.X_OK):
        return deid
    print(f"generate: {deid} missing, running cargo build --release", file=sys.stderr, flush=True)
    subprocess.run(["cargo", "build", "--release"], check=True)
    if not os.path.isfile(deid):
        raise SystemExit(f"generate: {deid} still missing after cargo build --release")
    return deid


def annotate(carriers, deid, src):
    """Run the engine once over all fields of CARRIERS; set carrier.labels from pattern_spans
    plus lexicon labels.  Fields whose text comes back different are dropped."""
    _Lex.load(src)
    deid = ensure_deid(deid)
    tmp = tempfile.mkdtemp(prefix="deid-generate-")
    try:
        csv_path = os.path.join(tmp, "carriers.csv")
        with open(csv_path, "w", encoding="utf-8", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["id", "text"])
            for c in carriers:
                for fld, t in c.texts.items():
                    w.writerow([f"{c.vid}__{fld}", t])
        out_dir = os.path.join(tmp, "out")
        subprocess.run([deid, "annotate", csv_path, "--format", "jsonl", "--rules-only", "--quiet",
                        "--out", out_dir, "--text-column", "text", "--id-column", "id"], check=True)
        # a CSV in, one JSON line per row out (`carriers.jsonl`), keyed by the id column; a row the
        # engine could not annotate has no line and its field is dropped below
        records = {}
        with open(os.path.join(out_dir, "carriers.jsonl"), encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    rec = json.loads(line)
                    records[rec["id"]] = rec
        dropped = 0
        for c in carriers:
            for fld in list(c.texts):
                rec = records.get(f"{c.vid}__{fld}")
                if rec is None or rec.get("text") != c.texts[fld]:
                    dropped += 1
                    if fld == "S":
                        c.texts = {}
                        break
                    del c.texts[fld]
                    continue
                spans = []
                for s in rec.get("pattern_spans", []):
                    sp = trim(c.texts[fld], s["start"], s["end"])
                    if sp and s.get("type"):
                        spans.append([sp[0], sp[1], s["type"]])
                c.labels[fld] = lexicon_labels(c.texts[fld], disjoint(spans))
        return dropped
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def trim(text, s, e):
    while s < e and bad_edge(text[s]):
        s += 1
    while e > s and bad_edge(text[e - 1]):
        e -= 1
    return (s, e) if s < e else None


def disjoint(spans):
    """Sorted, keeping the earlier/longer span when two overlap."""
    out = []
    for s in sorted(spans, key=lambda x: (x[0], -(x[1] - x[0]))):
        if out and s[0] < out[-1][1]:
            continue
        out.append(s)
    return out


# ---------------------------------------------------------------------------------------
# Lexicon labels for carrier PHI the regular expressions do not cover
# ---------------------------------------------------------------------------------------

class _Lex:
    ready = False

    @classmethod
    def load(cls, src):
        if cls.ready:
            return
        months = set(src.months)
        cls.month_full = {m for m in months if len(m) > 4 or m in ("june", "july")} | {"may"}
        cls.month_abbr = months - cls.month_full
        wd = set(src.weekdays)
        cls.wd_full = {w for w in wd if w.endswith("day")}
        cls.wd_abbr = wd - cls.wd_full
        words = sorted(months | wd, key=len, reverse=True)
        cls.month_wd_re = re.compile(r"\b(" + "|".join(words) + r")\b", re.I)
        hol = []
        for h in sorted(src.holidays, key=len, reverse=True):
            toks = h.split()
            pat = ""
            for i, t in enumerate(toks):
                if t == "s" and i > 0:
                    pat += r"'?s"
                else:
                    pat += (r"[\s-]+" if i else "") + re.escape(t)
            hol.append(pat)
        cls.holiday_re = re.compile(r"\b(" + "|".join(hol) + r")\b", re.I)
        states = sorted((s for s in src.us_states_lexicon if s.replace(" ", "").isalpha()), key=len, reverse=True)
        cls.state_re = re.compile(r"\b(" + "|".join(r"\s+".join(map(re.escape, s.split())) for s in states) + r")\b", re.I)
        cls.codes = set(src.state_codes)
        cls.code_re = re.compile(r"\b((?:[A-Z][a-z]+\.? ){0,2}[A-Z][a-z]+), ([A-Z]{2})\b(?!-)")
        skip = {"chad", "jordan", "georgia", "turkey", "jersey", "niger", "guinea", "reunion", "man",
                "mali", "chile", "dominica", "christmas island", "puerto rico", "guam", "american samoa",
                "northern mariana islands", "us virgin islands", "u s virgin islands", "virgin islands",
                "isle of man", "jan mayen", "svalbard and jan mayen", "china", "india", "panama"}
        countries = sorted((c for c in src.countries_lexicon if c not in skip and c.replace(" ", "").isalpha()),
                           key=len, reverse=True)
        cls.country_re = re.compile(r"\b(" + "|".join(r"\s+".join(map(re.escape, c.split())) for c in countries)
                                    + r"|China|India|Panama)\b", re.I)
        cls.cities = None
        cls.ready = True

    @classmethod
    def city_set(cls):
        if cls.cities is None:
            from .sources import read_lexicon
            cls.cities = set(read_lexicon("cities.txt"))
        return cls.cities


AMBIG_MONTH = {"may", "march", "august"}
AMBIG_CODES = {"MD", "PA", "MS", "ME", "OR", "IN", "HI", "OK", "DE", "CO", "ID", "LA", "MA", "AS", "GU", "MP", "VI"}
PREP_BEFORE = re.compile(r"(?:\b(?:in|on|of|since|until|till|by|early|late|mid|end|beginning|from|through|"
                         r"last|this|next|before|after|around|during)[\s-]+)$", re.I)
NUM_AFTER = re.compile(r"^\.?,?\s{0,2}(?:\d{1,2}(?:st|nd|rd|th)?\b(?!:)|\d{4}\b|'\d\d\b)")
NUM_BEFORE = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?[\s-]{0,2}$", re.I)
EXT_RIGHT = re.compile(r"^(?:\.?\s{1,2}\d{1,2}(?:st|nd|rd|th)?(?![:\d])(?:,?\s{1,2}(?:19|20)\d\d)?\b|,?\s{1,2}(?:of\s+)?(?:19|20)\d\d\b)", re.I)
EXT_LEFT = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?$", re.I)


def _free(spans, s, e):
    return all(e <= a or s >= b for a, b, _ in spans)


MONTH_RX = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
            r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
# shorthand dates glued to numbers, as the 1990s carriers write them: "6feb86", "17MAR86", "12-jan-90", "7dec", "mar90"
GLUED_DATE = re.compile(r"(?<![A-Za-z0-9])(?:\d{1,2}(?:st|nd|rd|th)?-?" + MONTH_RX + r"\.?(?:-?'?(?:19|20)?\d\d)?|"
                        + MONTH_RX + r"\.?-?'?(?:19|20)?\d\d)(?![A-Za-z0-9])", re.I)


def lexicon_labels(text, spans):
    """Add DATE (glued shorthand, month/weekday/holiday), STATE, CITY and COUNTRY labels to SPANS."""
    lx = _Lex
    out = [list(s) for s in spans]

    def add(s, e, ty):
        sp = trim(text, s, e)
        if sp and _free(out, sp[0], sp[1]):
            out.append([sp[0], sp[1], ty])
            return True
        return False

    for m in GLUED_DATE.finditer(text):
        add(m.start(), m.end(), "DATE")

    for m in lx.holiday_re.finditer(text):
        w = m.group(0)
        if w.lower() in ("eid", "new year", "new years") and not w[0].isupper():
            continue
        add(m.start(), m.end(), "DATE")

    for m in lx.month_wd_re.finditer(text):
        w = m.group(0)
        lw = w.lower()
        s, e = m.start(), m.end()
        before, after = text[max(0, s - 40):s], text[e:e + 20]
        cap = w[0].isupper()
        sentence_start = not before.strip() or before.rstrip()[-1:] in ".;:!?"
        num_adj = bool(NUM_AFTER.match(after) or NUM_BEFORE.search(before))
        prep = bool(PREP_BEFORE.search(before))
        is_month = lw in lx.month_full or lw in lx.month_abbr
        ok = False
        if is_month:
            if lw in AMBIG_MONTH:
                ok = num_adj or (cap and not sentence_start and prep)
            elif lw in lx.month_full:
                ok = True
            else:  # abbreviation
                ok = num_adj or (cap and prep)
        else:
            if lw in lx.wd_full:
                ok = True
            else:
                ok = cap and (prep or bool(re.match(r"^,?\s{1,2}\d{1,2}/\d{1,2}", after)))
        if not ok:
            continue
        # extend over an adjacent day/year not already labelled
        es, ee = s, e
        if is_month:
            r = EXT_RIGHT.match(text[e:e + 20])
            if r:
                ee = e + r.end()
            left = EXT_LEFT.search(text[max(0, s - 12):s])
            if left:
                es = s - (len(text[max(0, s - 12):s]) - left.start())
        if not add(es, ee, "DATE"):
            add(s, e, "DATE")

    for m in lx.state_re.finditer(text):
        w = m.group(0)
        if not all(t[0].isupper() for t in w.split() if t not in ("of",)):
            continue
        lw = w.lower()
        if lw in ("washington", "georgia", "virginia", "indiana", "nevada", "florida", "carolina") and \
                not re.search(r"\b(?:in|from|to|of|near|at|visiting|moved|live|lives|lived)\s+$|,\s*$", text[max(0, m.start() - 12):m.start()], re.I):
            continue
        add(m.start(), m.end(), "STATE")

    for m in lx.code_re.finditer(text):
        code = m.group(2)
        if code not in lx.codes:
            continue
        after = text[m.end():m.end() + 8]
        zip_follows = bool(re.match(r"^\s{1,2}\d{5}\b", after))
        if code in AMBIG_CODES and not zip_follows:
            continue
        city = m.group(1)
        # the city: the longest suffix of the capitalised words that the lexicon knows
        words = city.split()
        c_start = None
        for k in range(len(words)):
            cand = " ".join(words[k:]).lower().replace(".", "")
            if cand in lx.city_set():
                c_start = m.start(1) + len(" ".join(words[:k])) + (1 if k else 0)
                break
        if c_start is None and not zip_follows:
            continue  # "Labs, CT", "Depression, MI": not a place
        if add(m.start(2), m.end(2), "STATE") and c_start is not None:
            add(c_start, m.end(1), "CITY")
        z = re.match(r"^\s{1,2}(\d{5}(?:-\d{4})?)\b", after)
        if z:
            add(m.end() + z.start(1), m.end() + z.end(1), "ZIP")

    for m in lx.country_re.finditer(text):
        w = m.group(0)
        if not all(t[0].isupper() for t in w.split() if t.lower() not in ("of", "and", "the")):
            continue
        add(m.start(), m.end(), "COUNTRY")

    return sorted(out)
