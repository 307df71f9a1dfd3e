"""Tests of the synthetic training-data generator (training/generate).

Run from the repository root:  python3 -m unittest discover -s training/tests -t .
The end-to-end tests need carrier narratives (../shared/data/vaers/vaers-2021-01.csv where it exists,
else the demo corpus data/demo/vaers-demo.csv, or DEID_CARRIERS) and a built engine (DEID_BIN, else
target/release/deid or target/debug/deid); `./studio test` provides both.
"""

import contextlib
import csv
import glob
import io
import json
import os
import random
import shutil
import sys
import tempfile
import unicodedata
import unittest
import xml.etree.ElementTree as ET

from training.generate import __main__ as G
from training.generate import carriers as C
from training.generate.frag import VALID, Doc, Frag
from training.generate.i2b2 import to_xml
from training.generate.sources import Sources

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_SHARED = os.path.join(ROOT, "..", "shared", "data", "vaers")
# the real January 2021 file where the shared data is checked out, else the demo corpus in the repo
CSV = os.environ.get("DEID_CARRIERS") or next(
    (p for p in (os.path.join(_SHARED, "vaers-2021-01.csv"),) if os.path.isfile(p)),
    os.path.join(ROOT, "data", "demo", "vaers-demo.csv"))
CSV2 = os.path.join(_SHARED, "vaers-covid-sample.csv")
CSV90 = os.path.join(_SHARED, "vaers-1990s.csv")
EXCLUDE = os.path.join(ROOT, "tests", "fixtures", "gold", "dev", "VAERS_IDS.tsv")
EXCLUDE90 = os.path.join(ROOT, "tests", "fixtures", "gold", "dev-1990s", "VAERS_IDS.tsv")  # optional
DEID = os.environ.get("DEID_BIN") or next(
    (p for p in (os.path.join(ROOT, "target", b, "deid") for b in ("release", "debug")) if os.access(p, os.X_OK)),
    os.path.join(ROOT, "target", "release", "deid"))
HAVE_E2E = os.path.isfile(CSV) and os.path.isfile(EXCLUDE) and os.access(DEID, os.X_OK)


def bad_edge(ch):
    return ch.isspace() or unicodedata.category(ch).startswith("P")


def wordy(ch):
    """A letter, mark or digit of any script: a span may not start or end inside a run of these."""
    return unicodedata.category(ch)[0] in "LMN"


def run_generator(out, n, seed=13, extra=()):
    argv = ["--carriers", CSV, *extra, "--exclude", EXCLUDE, "--n", str(n), "--valid-fraction", "0.1",
            "--seed", str(seed), "--deid", DEID, "--out", out]
    with contextlib.redirect_stderr(io.StringIO()):
        G.main(argv)


def read_tree(out):
    """{relative path: bytes} of everything under OUT."""
    res = {}
    for p in sorted(glob.glob(os.path.join(out, "**", "*"), recursive=True)):
        if os.path.isfile(p):
            with open(p, "rb") as f:
                res[os.path.relpath(p, out)] = f.read()
    return res


def check_xml_file(tc, path):
    """Parse with ElementTree and check every invariant of the i2b2 2014 format; returns (text, tags)."""
    with open(path, "rb") as f:
        raw = f.read()
    tc.assertTrue(raw.startswith(b'<?xml version="1.0" encoding="UTF-8" ?>\n<deIdi2b2>\n<TEXT>'), path)
    tc.assertTrue(raw.endswith(b"</TAGS>\n</deIdi2b2>\n"), path)
    tc.assertNotIn(b"\r", raw, path)
    root = ET.fromstring(raw)
    tc.assertEqual(root.tag, "deIdi2b2")
    text = root.find("TEXT").text or ""
    tags = list(root.find("TAGS"))
    prev_end = 0
    for k, t in enumerate(tags):
        a = t.attrib
        tc.assertEqual(set(a), {"id", "start", "end", "text", "TYPE", "comment"}, path)
        tc.assertEqual(a["id"], f"P{k}", path)
        tc.assertIn(a["TYPE"], VALID.get(t.tag, ()), f"{path}: {t.tag}/{a['TYPE']}")
        s, e = int(a["start"]), int(a["end"])
        tc.assertTrue(0 <= s < e <= len(text), f"{path}: {s}-{e}")
        tc.assertEqual(text[s:e], a["text"], f"{path}: slice != text attribute")
        tc.assertGreaterEqual(s, prev_end, f"{path}: overlap or unsorted at {a['id']}")
        tc.assertFalse(bad_edge(text[s]) or bad_edge(text[e - 1]), f"{path}: edge of {a['text']!r}")
        tc.assertFalse(s > 0 and wordy(text[s - 1]) and wordy(text[s]), f"{path}: {a['text']!r} starts inside a word")
        tc.assertFalse(e < len(text) and wordy(text[e - 1]) and wordy(text[e]), f"{path}: {a['text']!r} ends inside a word")
        prev_end = e
    return text, tags


@unittest.skipUnless(HAVE_E2E, "needs the carrier CSV, the dev gold ids and a built deid (DEID_BIN)")
class TestGenerateEndToEnd(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="test-generate-")
        cls.out = os.path.join(cls.tmp, "synth")
        extra = ["--carriers", CSV2] if os.path.isfile(CSV2) else []
        run_generator(cls.out, 200, seed=7, extra=extra)
        with open(os.path.join(cls.out, "manifest.json"), encoding="utf-8") as f:
            cls.manifest = json.load(f)
        cls.files = sorted(glob.glob(os.path.join(cls.out, "*", "*.xml")))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_counts_and_layout(self):
        self.assertEqual(len(self.files), 200)
        self.assertEqual(self.manifest["documents"], {"train": 180, "valid": 20})
        self.assertEqual(len(glob.glob(os.path.join(self.out, "valid", "*.xml"))), 20)
        names = [f["name"] for f in self.manifest["files"]]
        self.assertEqual(names, sorted(names))
        self.assertEqual(len(names), 200)

    def test_every_file_parses_and_slices_match(self):
        for p in self.files:
            check_xml_file(self, p)

    def test_manifest_hashes(self):
        import hashlib
        for f in self.manifest["files"]:
            with open(os.path.join(self.out, f["name"]), "rb") as fh:
                self.assertEqual(hashlib.sha256(fh.read()).hexdigest(), f["sha256"])

    def test_no_excluded_id_used(self):
        excluded = set(C.read_exclude(EXCLUDE))
        self.assertEqual(len(excluded), 57)
        self.assertEqual(sorted(excluded), self.manifest["excluded_ids"])
        used = {os.path.basename(p).rsplit("-", 1)[0] for p in self.files}
        self.assertFalse(used & excluded)
        self.assertFalse(set(self.manifest["valid_carrier_ids"]) & excluded)
        # and no excluded narrative text appears in any document
        with open(CSV, encoding="utf-8", newline="") as f:
            gold_texts = [r["SYMPTOM_TEXT"] for r in csv.DictReader(f)
                          if r["VAERS_ID"] in excluded and len(r["SYMPTOM_TEXT"]) >= 60]
        docs = [ET.parse(p).getroot().find("TEXT").text for p in self.files]
        for g in gold_texts:
            for d in docs:
                self.assertNotIn(g, d)

    def test_split_by_carrier(self):
        ids = lambda split: {os.path.basename(p).rsplit("-", 1)[0]
                             for p in glob.glob(os.path.join(self.out, split, "*.xml"))}
        train, valid = ids("train"), ids("valid")
        self.assertTrue(train and valid)
        self.assertFalse(train & valid)
        self.assertTrue(valid <= set(self.manifest["valid_carrier_ids"]))

    def test_category_census(self):
        types = set()
        for p in self.files:
            for t in ET.parse(p).getroot().find("TAGS"):
                types.add(t.get("TYPE"))
        self.assertGreaterEqual(len(types), 15, sorted(types))
        for must in ("PATIENT", "DOCTOR", "HOSPITAL", "CITY", "STATE", "AGE", "DATE", "PHONE", "IDNUM"):
            self.assertIn(must, types)
        total = self.manifest["counts"]["total"]
        self.assertEqual(sum(total.values()),
                         sum(len(list(ET.parse(p).getroot().find("TAGS"))) for p in self.files))

    def test_carrier_dates_labelled(self):
        # the carriers' own dates ("23Dec2020", "12/26/2020") must come labelled
        carrier = self.manifest["counts_by_origin"].get("carrier", {})
        self.assertGreater(carrier.get("DATE/DATE", 0), 100)

    def test_some_documents_without_insertions_and_hard_negatives_untagged(self):
        for p in self.files:
            text, tags = check_xml_file(self, p)
            tagged = "".join(t.get("text") for t in tags)
            for neg in ("Pfizer", "Moderna", "Bell's palsy", "a consumer", "EpiPen"):
                self.assertNotIn(neg, tagged.replace("PFIZER INC", ""))


@unittest.skipUnless(HAVE_E2E, "needs the carrier CSV, the dev gold ids and a built deid (DEID_BIN)")
class TestReproducible(unittest.TestCase):
    def test_same_seed_same_bytes(self):
        tmp = tempfile.mkdtemp(prefix="test-generate-repro-")
        try:
            out = os.path.join(tmp, "synth")
            run_generator(out, 30, seed=21)
            first = read_tree(out)
            # a stale file from an earlier run must not survive
            with open(os.path.join(out, "train", "stale-000.xml"), "w") as f:
                f.write("x")
            run_generator(out, 30, seed=21)
            second = read_tree(out)
            self.assertEqual(sorted(first), sorted(second))
            for k in first:
                self.assertEqual(first[k], second[k], k)
            self.assertEqual(len([k for k in first if k.endswith(".xml")]), 30)
            run_generator(out, 30, seed=22)
            third = read_tree(out)
            self.assertNotEqual(first.get("manifest.json"), third.get("manifest.json"))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


class TestOffsetsNonAscii(unittest.TestCase):
    """Offsets are code points: non-ASCII (incl. astral) text before and between spans, CR, ']]>'."""

    @classmethod
    def setUpClass(cls):
        cls.src = Sources()
        C._Lex.load(cls.src)

    def make_carrier(self, text):
        c = C.Carrier("999001", {"S": text}, "F", 47, None, "test")
        c.labels["S"] = C.lexicon_labels(text, [])
        return c

    def test_generated_documents_roundtrip(self):
        text = ("Café naïve – the patient felt “dizzy” on Monday 😀😀 after the shot; she went to the hospital. "
                "Résumé: fièvre ]]> since December. Her husband drove her to the ER.\nSeen in Springfield, IL.\r\n"
                "Zoë was fine on Christmas Eve.")
        c = self.make_carrier(text)
        labelled = {text[s:e] for s, e, _ in c.labels["S"]}
        self.assertIn("Monday", labelled)
        self.assertIn("December", labelled)
        self.assertIn("Christmas Eve", labelled)
        self.assertIn("IL", labelled)
        tmp = tempfile.mkdtemp(prefix="test-generate-unicode-")
        try:
            stats = {}
            for k in range(40):
                doc = G.make_document(c, k, 3, "train", self.src, stats)
                p = os.path.join(tmp, f"{k}.xml")
                with open(p, "wb") as f:
                    f.write(to_xml(doc.text, doc.spans).encode("utf-8"))
                parsed, tags = check_xml_file(self, p)
                self.assertEqual(parsed, doc.text)  # CR and ']]>' survive the round trip
                self.assertIn("😀😀", parsed)
                got = [(int(t.get("start")), int(t.get("end")), t.get("TYPE")) for t in tags]
                self.assertEqual(got, [(s, e, ty) for s, e, ty, *_ in doc.spans])
                # the carrier's own labels are still on the same words (whatever the document's casing)
                for s, e, ty, origin in doc.spans:
                    if origin == "carrier":
                        self.assertIn(parsed[s:e].lower(), {x.lower() for x in labelled})
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def test_doc_insert_and_replace_shift_offsets(self):
        d = Doc("é 😀 on 12/28/2020 ok", [[7, 17, "DATE", "carrier"]])
        self.assertEqual(d.text[7:17], "12/28/2020")
        self.assertTrue(d.insert(0, Frag("Dr. ").phi("Zoë Ñúñez", "DOCTOR").add(": ")))
        self.assertFalse(d.insert(d.spans[1][0] + 2, "x"))  # inside a span: refused
        s, e = d.spans[1][:2]
        self.assertEqual(d.text[s:e], "12/28/2020")
        self.assertTrue(d.replace(s, e, Frag().phi("28Dec2020", "DATE")))
        d.check()
        self.assertEqual([d.text[a:b] for a, b, *_ in d.spans], ["Zoë Ñúñez", "28Dec2020"])

    def test_phi_trims_punctuation_edges(self):
        fr = Frag("Tel ").phi("(555) 123-4567", "PHONE").add(" ").phi("J.D.", "PATIENT")
        d = Doc("")
        d.insert(0, fr)
        d.check()
        self.assertEqual([d.text[a:b] for a, b, *_ in d.spans], ["555) 123-4567", "J.D"])

    def test_xml_escaping(self):
        text = 'a\rb ]]> "q" & <x>\tM&M'
        xml = to_xml(text, [[len(text) - 3, len(text), "PATIENT"]])
        self.assertNotIn("\r", xml)
        root = ET.fromstring(xml.encode("utf-8"))
        self.assertEqual(root.find("TEXT").text, text)
        self.assertEqual(root.find("TAGS")[0].get("text"), "M&M")

# ---------------------------------------------------------------------------------------------
# The world's PHI (training/generate/world*.py, intl.py) and document styles (styles.py)
# ---------------------------------------------------------------------------------------------

def tags_of(files):
    """[(TYPE, text, document text)] of every tag of FILES, and the list of document texts."""
    out, texts = [], []
    for p in files:
        root = ET.parse(p).getroot()
        text = root.find("TEXT").text or ""
        texts.append(text)
        out.extend((t.get("TYPE"), t.get("text"), text) for t in root.find("TAGS"))
    return out, texts


WORLD_COUNTRIES = "RU:2,UA,GR:2,SA:2,IL:2,CN:2,JP:2,KR:2,IN:2,SE:2,DE:2,FR:2,PL:2,IT:2,GB:2,ES,NL:2,BR,IE,CZ"


@unittest.skipUnless(HAVE_E2E, "needs the carrier CSV, the dev gold ids and a built deid (DEID_BIN)")
class TestWorld(unittest.TestCase):
    """Every document's persona from abroad: scripts, local formats, case ids, styles."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="test-generate-world-")
        cls.out = os.path.join(cls.tmp, "synth")
        run_generator(cls.out, 400, seed=11, extra=["--intl-fraction", "1", "--countries", WORLD_COUNTRIES,
                                                     "--styles", "asis=0.7,upper=0.1,lower=0.1,shorthand=0.1",
                                                     "--local-text", "0.6"])
        with open(os.path.join(cls.out, "manifest.json"), encoding="utf-8") as f:
            cls.manifest = json.load(f)
        cls.files = sorted(glob.glob(os.path.join(cls.out, "*", "*.xml")))
        cls.tags, cls.texts = tags_of(cls.files)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def spans(self, *types):
        return [t for ty, t, _ in self.tags if ty in types]

    def test_files_valid_whole_words(self):
        for p in self.files:
            check_xml_file(self, p)

    def test_scripts_of_names(self):
        scripts = set()
        for t in self.spans("PATIENT", "DOCTOR"):
            for ch in t:
                if ch.isalpha():
                    scripts.add(unicodedata.name(ch).split()[0])
        for must in ("LATIN", "CYRILLIC", "GREEK", "ARABIC", "HEBREW", "CJK", "HANGUL"):
            self.assertIn(must, scripts)
        self.assertTrue(scripts & {"HIRAGANA", "KATAKANA", "DEVANAGARI"} or "CJK" in scripts)
        accented = [t for t in self.spans("PATIENT", "DOCTOR") if not t.isascii()
                    and all(unicodedata.name(c).startswith("LATIN") for c in t if c.isalpha())]
        self.assertGreater(len(accented), 10)  # "Björn", "Małgorzata", "Ó Rúnaidhe"
        self.assertEqual(self.manifest["world"]["documents_by_country"].get("US", 0), 0)

    def test_local_streets_postcodes_phones(self):
        import re
        streets = self.spans("STREET")
        found = {name for name, rx in [("de", r"(?:straße|strasse|weg|allee|platz|ring|gasse)\s+\d"),
                                       ("fr", r"^\d+,? (?:rue|avenue|boulevard|chemin|place|impasse|allée|quai)"),
                                       ("pl", r"^(?:ul\.|al\.|aleja|pl\.) .+\d"),
                                       ("it", r"^(?:Via|Viale|Piazza|Borgo|Strada|Contrada|Vicolo|Piazzale|Largo) .+\d"),
                                       ("ru", r"(?:ул\.|пр\.|пер\.|наб\.|бул\.|ш\.|алл\.|пл\.).*д\. \d")]
                 if any(re.search(rx, st, re.I) for st in streets)}
        self.assertGreaterEqual(len(found), 3, found)
        zips = self.spans("ZIP")
        zfound = {name for name, rx in [("pl", r"^\d\d-\d{3}$"), ("se", r"^(?:SE-)?\d{3} \d\d$"), ("nl", r"^\d{4} ?[A-Z]{2}$"),
                                        ("gb", r"^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$"), ("br", r"^\d{5}-\d{3}$"),
                                        ("de", r"^(?:D-)?\d{5}$")]
                  if any(re.match(rx, z) for z in zips)}
        self.assertGreaterEqual(len(zfound), 4, zfound)
        phones = self.spans("PHONE", "FAX")
        self.assertTrue(any(re.match(r"^\+(?!1\b)\d{1,3} ", p) for p in phones))       # +46 70 123 45 67
        self.assertTrue(any(re.match(r"^00\d{1,3} ", p) for p in phones))             # 0044 20 7946 0958
        self.assertTrue(any(re.match(r"^\+\d{8,15}$", p) for p in phones))            # E.164
        self.assertTrue(any(re.match(r"^0\d", p) for p in phones))                    # national
        fmts = self.manifest["world"]["formats"]
        for k in ("phone:e164", "phone:intl", "phone:national", "phone:00"):
            self.assertGreater(fmts.get(k, 0), 0, k)

    def test_date_formats(self):
        import re
        dates = self.spans("DATE")
        for name, rx in [("12.03.1957", r"^\d\d\.\d\d\.\d{4}$"), ("1957-03-12", r"^\d{4}-\d\d-\d\d$"),
                         ("12 March 1957", r"^\d{1,2} (?:January|February|March|April|May|June|July|August|September|"
                                           r"October|November|December) \d{4}$"),
                         ("12-MAR-2021", r"^\d\d-[A-Z]{3}-\d{4}$"), ("12/03/57", r"^\d\d/\d\d/\d\d$"),
                         ("3. März 2021", r"^\d{1,2}\. (?:Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|"
                                          r"November|Dezember) \d{4}$"),
                         ("12 de marzo de 2021", r"^\d{1,2} de [a-z]+ de \d{4}$"),
                         ("5 janvier 2021", r"^\d{1,2} (?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|"
                                            r"octobre|novembre|décembre) \d{4}$")]:
            self.assertTrue(any(re.match(rx, d, re.I) for d in dates), name)

    def test_case_ids_and_national_ids(self):
        import re
        ids = self.spans("IDNUM")
        self.assertTrue(any(re.match(r"^(?!US)[A-Z]{2}-[A-Z0-9]+", i) for i in ids), ids[:20])
        self.assertTrue(any(re.match(r"^(?:SE-MPA|GB-MHRA|DE-PEI|FR-ANSM|FR-AFSSAPS|IT-|ES-AEMPS|NL-LRB|PL-URPL)", i) for i in ids))
        self.assertGreater(len(self.spans("SSN")), 5)

    def test_styles(self):
        styles = self.manifest["world"]["documents_by_style"]
        for st in ("asis", "upper", "lower", "shorthand"):
            self.assertGreater(styles.get(st, 0), 0, st)
        letters = lambda t: [c for c in t if c.isalpha() and (c.isupper() or c.islower())]
        self.assertTrue(any(len(letters(t)) > 50 and not any(c.islower() for c in letters(t)) for t in self.texts))
        self.assertTrue(any(len(letters(t)) > 50 and not any(c.isupper() for c in letters(t)) for t in self.texts))

    def test_local_language_sentences_inserted(self):
        self.assertEqual(self.manifest["arguments"]["local_text"], 0.6)
        self.assertGreater(self.manifest["insertions_by_strategy"].get("local_text", 0), 20)

    def test_sources_and_licences_in_manifest(self):
        src = self.manifest["sources"]
        for key, lic in (("faker", "MIT"), ("phonenumbers", "Apache-2.0"), ("babel", "BSD-3-Clause")):
            self.assertIn(lic, src[key])
        import faker, phonenumbers, babel
        self.assertIn(faker.VERSION, src["faker"])
        self.assertIn(phonenumbers.__version__, src["phonenumbers"])
        self.assertIn(babel.__version__, src["babel"])


class TestLocalTextStyles(unittest.TestCase):
    """--local-text-styles asis: local-language text only in mixed-case documents, never in ALL
    CAPS, lower case or shorthand (where it taught a model to release lower-case names)."""

    def test_local_text_only_in_the_chosen_styles(self):
        tmp = tempfile.mkdtemp(prefix="test-generate-local-styles-")
        try:
            out = os.path.join(tmp, "synth")
            run_generator(out, 160, seed=5, extra=["--intl-fraction", "1", "--countries", WORLD_COUNTRIES,
                                                   "--styles", "asis=0.5,upper=0.2,lower=0.3",
                                                   "--local-text", "1", "--local-text-styles", "asis"])
            with open(os.path.join(out, "manifest.json"), encoding="utf-8") as f:
                manifest = json.load(f)
            by_style = manifest["world"]["local_text_by_style"]
            self.assertGreater(by_style.get("asis", 0), 10, by_style)
            self.assertEqual(set(by_style), {"asis"}, by_style)
            self.assertGreater(manifest["world"]["documents_by_style"].get("lower", 0), 10)
            self.assertEqual(manifest["arguments"]["local_text_styles"], ["asis"])
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


class TestLocalLanguageText(unittest.TestCase):
    """Untagged sentences in the persona's language (locallang.py): never a word that may be PHI."""

    def test_pools_hold_no_names_months_countries_or_digits(self):
        from babel import Locale
        from faker import Faker
        from training.generate import locallang as L
        for lang, loc in L.LOREM_LOCALES.items():
            pool = L.word_pool(lang)
            self.assertGreater(len(pool), 40, lang)
            lower = {w.lower() for w in pool}
            babel_loc = Locale.parse(lang)
            months = {m.lower() for m in babel_loc.months["format"]["wide"].values()}
            days = {d.lower() for d in babel_loc.days["format"]["wide"].values()}
            self.assertFalse(lower & months, lang)
            self.assertFalse(lower & days, lang)
            self.assertFalse(lower & {t.lower() for t in babel_loc.territories.values()}, lang)
            self.assertFalse([w for w in pool if any(c.isdigit() for c in w)], lang)
            person = Faker(loc).provider("faker.providers.person")
            firsts = {n.lower() for n in (person.first_names if hasattr(person, "first_names") else ())}
            self.assertFalse(lower & firsts, lang)
        # a word Faker's Spanish lorem list holds that is a Spanish month, and one that is a name
        self.assertNotIn("abril", L.word_pool("es"))
        self.assertIn("abril", L.unsafe_words("es"))

    def test_a_sentence_tags_only_the_age(self):
        from training.generate import locallang as L

        class Persona:
            lang, date_loc, first, middle, last, place, age_years = "es", "es_ES", "Lucía", "", "Ortega", ("Soria",), 45
        rng = random.Random(3)
        ages = 0
        for _ in range(200):
            fr = L.local_sentence(Persona, rng)
            for s, e, ty in fr.spans():
                self.assertEqual((ty, fr.text[s:e]), ("AGE", "45"))
                self.assertIn("años", fr.text)
                ages += 1
            for own in ("Lucía", "Ortega", "Soria"):
                self.assertNotIn(own.lower(), fr.text.lower())
        self.assertGreater(ages, 10)
        upper = L.local_sentence(Persona, random.Random(4), upper=True).text
        self.assertEqual(upper, upper.upper())


class TestWorldUnits(unittest.TestCase):
    """Pieces that need neither the engine nor the carriers."""

    def test_persona_is_per_document(self):
        # a document's Faker draws do not depend on the documents made before it
        from training.generate.intl import IntlPersona
        from training.generate.world import World
        w = World(["DE", "JP", "RU"])
        src = Sources()

        def persona(doc_seed, cc):
            w.begin(doc_seed)
            p = IntlPersona(src, random.Random(doc_seed), w, cc, sex="F", age=40)
            return (p.first, p.last, p.place, p.phone(), p.ssn(), p.street())
        a = persona("s:train:1:0", "DE")
        persona("s:train:2:0", "JP")
        persona("s:train:3:0", "RU")
        self.assertEqual(a, persona("s:train:1:0", "DE"))

    def test_world_independent_of_hash_seed(self):
        # Faker 40.54 builds one list from a set and some ssn providers draw from the module-level
        # random: the generator sorts / reroutes them, so PYTHONHASHSEED and earlier runs do not matter
        import subprocess
        code = ("import json, random; from training.generate.world import World, COUNTRIES;"
                "from training.generate.intl import IntlPersona; from training.generate.sources import Sources;"
                "w = World(); src = Sources(); out = {}\n"
                "for cc in sorted(COUNTRIES):\n"
                "    for k in range(3):\n"
                "        w.begin(f'7:train:{cc}:{k}'); p = IntlPersona(src, random.Random(f'{cc}{k}'), w, cc, sex='FM'[k % 2])\n"
                "        out[f'{cc}{k}'] = [p.first, p.last, list(p.place), p.phone(), p.ssn(), p.healthplan(),"
                " p.street(), p.email(), p.idnum().text, p.organization().text, p.date_text()]\n"
                "print(json.dumps(out, ensure_ascii=False, sort_keys=True))")
        runs = [subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                               env=dict(os.environ, PYTHONHASHSEED=h)).stdout for h in ("1", "4242")]
        self.assertEqual(runs[0], runs[1])
        self.assertGreater(len(json.loads(runs[0])), 100)

    def test_national_id_check_digits(self):
        import datetime
        from training.generate import worldids as W
        r = random.Random(5)
        dob = datetime.date(1957, 3, 12)
        pnr = W.personnummer(r, dob)
        self.assertTrue(pnr.startswith("570312-"))
        digits = pnr.replace("-", "")
        self.assertEqual(W._luhn_digit(digits[:9]), digits[9])
        self.assertTrue(W.hetu(r, dob).startswith("120357-"))
        nhs = W.nhs_number(r).replace(" ", "").replace("-", "")
        self.assertEqual((sum(int(x) * (10 - i) for i, x in enumerate(nhs[:9])) + int(nhs[9])) % 11, 0)
        rc = W.rodne_cislo(r, dob, "F").replace("/", "")
        self.assertTrue(rc.startswith("575312"))  # women: month + 50
        self.assertEqual(int(rc[:9]) % 11 % 10, int(rc[9]))

    def test_case_mapping_keeps_offsets(self):
        from training.generate.styles import map_case
        t = "Straße İzmir ŉ Łódź 😀 Σίσυφος"
        for fn in (str.upper, str.lower):
            self.assertEqual(len(map_case(t, fn)), len(t))
        self.assertEqual(map_case("Straße", str.upper), "STRAßE")

    def test_shorthand_rewrite_shifts_spans(self):
        from training.generate.styles import rewrite, shorthand, whole_words
        d = Doc("The patient received the vaccine with Zoë Ñúñez on 12/28/2020 and was seen",
                [[38, 47, "PATIENT", "x"], [51, 61, "DATE", "x"]])
        self.assertEqual([d.text[a:b] for a, b, *_ in d.spans], ["Zoë Ñúñez", "12/28/2020"])
        shorthand(d, random.Random(1))
        d.check()
        self.assertEqual([d.text[a:b] for a, b, *_ in d.spans], ["Zoë Ñúñez", "12/28/2020"])
        self.assertLess(len(d.text), 75)
        self.assertEqual(rewrite(d, [(d.spans[0][0] + 1, d.spans[0][0] + 2, "x")]), 0)  # inside a span: refused
        d2 = Doc("aged 53yo and Dr.Smithson", [[5, 7, "AGE", "x"], [17, 22, "DOCTOR", "x"]])
        self.assertEqual(whole_words(d2), 2)
        self.assertEqual([d2.text[a:b] for a, b, *_ in d2.spans], ["53yo", "Smithson"])

    def test_glued_carrier_dates(self):
        from training.generate.carriers import GLUED_DATE
        t = "given DTP 6Feb86- ok until 9FEB86; 2nd seizure 17mar86; seen 12-jan-90; onset mar90; 7dec fever; decreased"
        self.assertEqual([m.group(0) for m in GLUED_DATE.finditer(t)],
                         ["6Feb86", "9FEB86", "17mar86", "12-jan-90", "mar90", "7dec"])

    def test_babel_tables_independent_of_call_order(self):
        # babel 2.18 leaks stand-alone month names between locales depending on call order; the
        # generator only uses format-context calls, which must give the same in either order
        import subprocess
        code = ("import datetime, json, random, sys; from training.generate.worlddates import date_text;"
                "locs = ['he_IL', 'hi_IN', 'zh_CN', 'ru_RU', 'pl_PL', 'de_DE', 'ar_SA', 'el_GR'];"
                "locs = locs[::-1] if sys.argv[1] == 'r' else locs;"
                "print(json.dumps({l: [date_text(datetime.date(2021, m, 5), l, random.Random(0), st)[0]"
                " for m in range(1, 13) for st in ('babel_long', 'babel_full', 'babel_dm', 'babel_my', 'month', 'weekday')]"
                " for l in locs}, sort_keys=True))")
        runs = [subprocess.run([sys.executable, "-c", code, o], cwd=ROOT, capture_output=True, text=True, check=True).stdout
                for o in ("f", "r")]
        self.assertEqual(runs[0], runs[1])
        self.assertIn("5 марта", json.loads(runs[0])["ru_RU"])


@unittest.skipUnless(HAVE_E2E and os.path.isfile(CSV90), "needs vaers-1990s.csv, the dev gold ids and a built deid")
class TestCarriers1990s(unittest.TestCase):
    def test_mixed_carriers(self):
        tmp = tempfile.mkdtemp(prefix="test-generate-1990s-")
        try:
            out = os.path.join(tmp, "synth")
            extra = ["--carriers", CSV90, "--carrier-mix", "0.5,0.5"]
            if os.path.isfile(EXCLUDE90):
                extra += ["--exclude", EXCLUDE90]
            run_generator(out, 80, seed=3, extra=extra)
            with open(os.path.join(out, "manifest.json"), encoding="utf-8") as f:
                m = json.load(f)
            self.assertEqual(m["carrier_sources"], {os.path.basename(CSV): 40, os.path.basename(CSV90): 40})
            files = sorted(glob.glob(os.path.join(out, "*", "*.xml")))
            for p in files:
                check_xml_file(self, p)
            if os.path.isfile(EXCLUDE90):
                used = {os.path.basename(p).rsplit("-", 1)[0] for p in files}
                self.assertFalse(used & set(C.read_exclude(EXCLUDE90)))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)



@unittest.skipUnless(HAVE_E2E and os.path.isfile(CSV90), "needs vaers-1990s.csv, the dev gold ids and a built deid")
class TestFieldDocuments(unittest.TestCase):
    """--field-docs: some documents are one HISTORY or LAB_DATA field alone, as `deid annotate
    --text-column HISTORY` reads a report's field; the narratives beside them do not change."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="test-generate-fields-")
        cls.runs = {}
        for share in ("0", "0.5"):
            out = os.path.join(cls.tmp, share)
            run_generator(out, 60, seed=11, extra=["--carriers", CSV90, "--carrier-mix", "0,1",
                                                   "--field-docs", share])
            with open(os.path.join(out, "manifest.json"), encoding="utf-8") as f:
                m = json.load(f)
            cls.runs[share] = (out, m, read_tree(out))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def fields_of_carriers(self):
        """{VAERS_ID: [HISTORY, LAB_DATA]} of the 1990s file."""
        with open(CSV90, encoding="utf-8", errors="replace", newline="") as f:
            return {r["VAERS_ID"]: [r.get("HISTORY") or "", r.get("LAB_DATA") or ""] for r in csv.DictReader(f)}

    def test_field_documents_are_a_field_of_their_carrier(self):
        out, m, tree = self.runs["0.5"]
        fields = self.fields_of_carriers()
        n_field = m["insertions_by_strategy"].get("field_document", 0)
        self.assertGreaterEqual(n_field, 20, "about half of 60 documents")
        self.assertLessEqual(n_field, 40)
        self.assertEqual(m["arguments"]["field_docs"], 0.5)
        whole = 0
        for name, raw in tree.items():
            if not name.endswith(".xml"):
                continue
            text = ET.fromstring(raw).find("TEXT").text or ""
            vid = os.path.basename(name).split("-", 1)[0]
            folded = " ".join(text.lower().split())
            if any(f.strip() and " ".join(f.lower().split()) == folded for f in fields[vid]):
                whole += 1  # a field alone, untouched but for the document's case style
            check_xml_file(self, os.path.join(out, name))
        # two thirds of the field documents get no inserted PHI: their text is the field itself
        self.assertGreaterEqual(whole, n_field // 3)
        self.assertLessEqual(whole, n_field)

    def test_the_narratives_stay_those_of_a_run_without_field_documents(self):
        _, _, plain = self.runs["0"]
        _, m, mixed = self.runs["0.5"]
        docs = [n for n in mixed if n.endswith(".xml")]
        fields = [n for n in docs if "-F" in os.path.basename(n)]
        self.assertEqual(len(docs), 60)
        self.assertEqual(len(fields), m["insertions_by_strategy"].get("field_document", 0))
        for n in docs:
            if n not in fields:
                self.assertEqual(mixed[n], plain[n], n)


if __name__ == "__main__":
    unittest.main()
