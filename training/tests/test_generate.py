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
EXCLUDE = os.path.join(ROOT, "tests", "fixtures", "gold", "dev", "VAERS_IDS.tsv")
DEID = os.environ.get("DEID_BIN") or next(
    (p for p in (os.path.join(ROOT, "target", b, "deid") for b in ("release", "debug")) if os.access(p, os.X_OK)),
    os.path.join(ROOT, "target", "release", "deid"))
HAVE_E2E = os.path.isfile(CSV) and os.path.isfile(EXCLUDE) and os.access(DEID, os.X_OK)


def bad_edge(ch):
    return ch.isspace() or unicodedata.category(ch).startswith("P")


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
                # the carrier's own labels are still on the same words
                for s, e, ty, origin in doc.spans:
                    if origin == "carrier":
                        self.assertIn(parsed[s:e], labelled)
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


if __name__ == "__main__":
    unittest.main()
