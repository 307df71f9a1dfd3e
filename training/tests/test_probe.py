"""Tests of the independent world-surrogate probe, tests/fixtures/gold/probe/ (see its README.md).

generate.py writes one seed for the first narratives of both dev sets (--limit) into a temporary
folder, twice:
  * its own validation and --validate report 0 problems;
  * read back here: every tag's text equals TEXT[start:end], tags sorted and not overlapping,
    every source narrative present with as many tags as the gold file;
  * the -caps and -lower folders have the same files, text lengths and tag offsets/TYPEs as the
    as-is folder, and their text is the as-is text upper- / lower-cased;
  * the two runs are identical byte for byte (deterministic), also under two PYTHONHASHSEED values.
Plus in-process checks of the transliteration that replaces unidecode.

Run from the repository root:  training/.venv/bin/python -m unittest discover -s training/tests -t .
(the generator needs Faker, phonenumbers and Babel, pinned in training/.venv).
"""

import glob
import os
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLD = os.path.join(ROOT, "tests", "fixtures", "gold")
GENERATE = os.path.join(GOLD, "probe", "generate.py")
# never leave __pycache__ folders in the (tracked) gold folder
ENV = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
SEED, LIMIT = 11, 25
SETS = {"vaers2021": "dev/*.xml", "1990s": "dev-1990s/xml/*.xml"}


def run_generate(*args):
    return subprocess.run([sys.executable, "-B", GENERATE, *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=300)


def read_tree(folder):
    out = {}
    for dirpath, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder)] = f.read()
    return out


def read_xml(path):
    root = ET.parse(path).getroot()
    text = root.find("TEXT").text or ""
    tags = [(t.tag, int(t.get("start")), int(t.get("end")), t.get("TYPE"), t.get("text"))
            for t in root.find("TAGS")]
    return text, tags


class ProbeTest(unittest.TestCase):
    maxDiff = 4000

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.out = [os.path.join(cls.tmp.name, "a"), os.path.join(cls.tmp.name, "b")]
        cls.procs = [run_generate("--seed", str(SEED), "--limit", str(LIMIT), "--out", o) for o in cls.out]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def seed_dir(self, i=0):
        return os.path.join(self.out[i], str(SEED))

    def test_generator_reports_no_problem(self):
        for proc in self.procs:
            report = f"\n--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}"
            self.assertEqual(proc.returncode, 0, report)
            self.assertIn(f"seed {SEED}: {2 * LIMIT} docs", proc.stdout, report)
            self.assertIn(f"{6 * LIMIT} files", proc.stdout, report)
            self.assertIn(" 0 problems", proc.stdout, report)
        proc = run_generate("--validate", self.seed_dir())
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        self.assertIn(" 0 problems", proc.stdout)

    def test_offsets_and_spans(self):
        for set_name, pattern in SETS.items():
            sources = sorted(glob.glob(os.path.join(GOLD, pattern)))[:LIMIT]
            for suffix in ("", "-caps", "-lower"):
                folder = os.path.join(self.seed_dir(), set_name + suffix)
                self.assertEqual(sorted(os.listdir(folder)), [os.path.basename(p) for p in sources])
                for src in sources:
                    text, tags = read_xml(os.path.join(folder, os.path.basename(src)))
                    _, gold_tags = read_xml(src)
                    where = f"{set_name}{suffix}/{os.path.basename(src)}"
                    self.assertEqual([(t[0], t[3]) for t in tags], [(t[0], t[3]) for t in gold_tags], where)
                    prev_end = 0
                    for tag, start, end, typ, span in tags:
                        self.assertEqual(text[start:end], span, f"{where}: {typ} {start}-{end}")
                        self.assertTrue(span and span == span.strip(), f"{where}: {span!r}")
                        self.assertGreaterEqual(start, prev_end, f"{where}: overlap or unsorted at {start}")
                        prev_end = end

    def test_case_styles_share_offsets(self):
        for set_name in SETS:
            base = os.path.join(self.seed_dir(), set_name)
            for name in sorted(os.listdir(base)):
                text, tags = read_xml(os.path.join(base, name))
                for suffix, mapped in (("-caps", str.upper), ("-lower", str.lower)):
                    ctext, ctags = read_xml(os.path.join(base + suffix, name))
                    where = f"{set_name}{suffix}/{name}"
                    self.assertEqual(len(ctext), len(text), where)
                    self.assertEqual([t[:4] for t in ctags], [t[:4] for t in tags], where)
                    # character by character; a character whose mapping is longer stays as it is, and
                    # lower-casing may write a Greek final sigma
                    for a, b in zip(text, ctext):
                        m = mapped(a)
                        self.assertIn(b, (m if len(m) == 1 else a, "ς"), f"{where}: {a!r} -> {b!r}")

    def test_deterministic(self):
        first, second = read_tree(self.seed_dir(0)), read_tree(self.seed_dir(1))
        self.assertEqual(len(first), 6 * LIMIT + 1)   # six folders + countries.tsv
        self.assertEqual(sorted(first), sorted(second))
        differing = [k for k in first if first[k] != second[k]]
        self.assertEqual(differing, [], "two runs of the same seed differ")

    def test_deterministic_whatever_the_hash_seed(self):
        # seed 127's 51st narrative picked its facility's town by a set's order, which followed
        # Python's per-process string hashing: "ASL Reschen 2" on one run, "ASL Castana 2" on the next
        trees = []
        with tempfile.TemporaryDirectory() as tmp:
            for hash_seed in ("1", "2"):
                out = os.path.join(tmp, hash_seed)
                proc = subprocess.run(
                    [sys.executable, "-B", GENERATE, "--seed", "127", "--limit", "51", "--out", out],
                    cwd=ROOT, env=dict(ENV, PYTHONHASHSEED=hash_seed), capture_output=True,
                    text=True, timeout=300)
                self.assertEqual(proc.returncode, 0, proc.stderr)
                trees.append(read_tree(os.path.join(out, "127", "vaers2021")))
        differing = [k for k in trees[0] if trees[0][k] != trees[1].get(k)]
        self.assertEqual(differing, [], "the same seed differs under two hash seeds")


class TranslitTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        sys.path.insert(0, GOLD)
        old = sys.dont_write_bytecode
        sys.dont_write_bytecode = True
        try:
            from probe import translit
        finally:
            sys.dont_write_bytecode = old
            sys.path.remove(GOLD)
        cls.t = translit

    def test_tables(self):
        t = self.t
        self.assertEqual(t.translit("Елена Соловьёва", "ru"), "Yelena Solovyova")
        self.assertEqual(t.translit("Щукин", "ru"), "Shchukin")
        self.assertEqual(t.translit("Євгенія Юрченко", "uk"), "Yevheniia Yurchenko")
        self.assertEqual(t.translit("Григорій Мар'яненко", "uk"), "Hryhorii Marianenko")
        self.assertEqual(t.translit("Παπαδόπουλος", "el"), "Papadopoulos")
        self.assertEqual(t.ascii_fold("Łukasz Müller-Øster Dell’Acqua"), "Lukasz Muller-Oster DellAcqua")
        self.assertEqual(t.ascii_fold("Straße Ærø"), "Strasse AEro")

    def test_ascii_fold_is_ascii(self):
        for s in ("Ñúñez", "Γιώργος", "Ёлкин", "王伟", "Nguyễn Thị Đào", "İstanbul"):
            self.assertTrue(self.t.ascii_fold(s).isascii(), s)

    def test_no_unidecode(self):
        for path in glob.glob(os.path.join(GOLD, "probe", "*.py")):
            with open(path, encoding="utf-8") as f:
                src = f.read()
            self.assertNotIn("import unidecode", src, path)
            self.assertNotIn("from unidecode", src, path)


if __name__ == "__main__":
    unittest.main()
