"""The `deid` Python API: results equal to the `deid` command's (jsonl spans, masked text) in
rules and hybrid modes, code-point offsets with non-ASCII text and emoji, errors for bad input
that never quote narrative text, the per-process cache, pickling, and ONNX Runtime found through
the onnxruntime wheel when ORT_DYLIB_PATH is unset.

Run: python/.venv/bin/python -m unittest discover -s python/tests -t python/tests
"""

import os
import pickle
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from helpers import cli_outputs, import_installed_deid, span_tuples

deid = import_installed_deid()

NARRATIVES = {
    "ascii": "Pt is a 53-year-old nurse seen at Mercy Hospital on 23Dec2020 by Dr. John Smith; "
             "call 555-123-4567. Rash and fever resolved.",
    "accents": "Patient Björn Ødegård (né le 3. März 1961) vu à l'hôpital Karolinska; fièvre 39°C.",
    "emoji": "😀🚑 Pt Maria García-López, 34 yo, got Pfizer dose 2 on 01/05/2021 👉 hives 🤒 "
             "at Saint Mary's, seen by 王小明 and Иван Петров.",
    "newlines": "Line one: headache.\r\nLine two: Jane Doe called 12 Jan 2021.\n\nEnd 🙂",
    "shorthand": "PT C/O SOB AFTER VAX, HX OF ASTHMA. SEEN IN ED 1/2/21, DC'D HOME. DR KOWALSKI",
}
SECRET = "Zebulon Quaxworth"


class ApiTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.model = deid.bundled_model_dir()
        if cls.model is None:
            raise AssertionError("the wheel has no bundled model: build it with python/build.sh")
        cls.rules = deid.Deidentifier(mode="rules")
        cls.hybrid = deid.Deidentifier(mode="hybrid")
        txt = Path(cls.tmp.name) / "txt"
        txt.mkdir()
        for name, text in NARRATIVES.items():
            (txt / f"{name}.txt").write_bytes(text.encode("utf-8"))
        cls.cli = {mode: cli_outputs([txt], cls.tmp.name, mode, cls.model)
                   for mode in ("rules", "hybrid")}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def check_same_as_cli(self, d, mode):
        names = list(NARRATIVES)
        got = d.annotate([NARRATIVES[n] for n in names])
        self.assertEqual(len(got), len(names))
        cli = self.cli[mode]
        for name, r in zip(names, got):
            with self.subTest(mode=mode, doc=name):
                self.assertEqual(set(r), {"text", "masked", "spans", "error"})
                self.assertIsNone(r["error"])
                self.assertEqual(r["text"], NARRATIVES[name])
                self.assertEqual(cli[name]["text"], r["text"])
                self.assertEqual(span_tuples(r), cli[name]["spans"])
                self.assertEqual(r["masked"], cli[name]["masked"])

    def test_rules_equal_the_command(self):
        self.assertEqual(self.rules.mode, "rules")
        self.check_same_as_cli(self.rules, "rules")

    def test_hybrid_equals_the_command(self):
        self.assertEqual(self.hybrid.mode, "hybrid")
        self.assertIn("on CPU", self.hybrid.description)
        self.assertEqual(self.rules.description, "rules only")
        self.check_same_as_cli(self.hybrid, "hybrid")

    def test_offsets_are_code_points_and_masks_cover_whole_words(self):
        text = NARRATIVES["emoji"]
        for d in (self.rules, self.hybrid):
            r = d.annotate([text])[0]
            covered = {text[s["start"]:s["end"]] for s in r["spans"]}
            for word in ("García", "王小明", "Иван", "Петров", "01/05/2021"):
                self.assertTrue(any(word in c for c in covered), (d.mode, word))
                self.assertNotIn(word, r["masked"])
            for s in r["spans"]:
                self.assertTrue(0 <= s["start"] < s["end"] <= len(text))
                self.assertEqual(s["tag"], s["tag"].upper())
            # a code-point shift: the same narrative after two more emoji
            shifted = d.annotate(["🙂🙂" + text])[0]
            self.assertEqual([(s["start"] - 2, s["end"] - 2) for s in shifted["spans"]],
                             [(s["start"], s["end"]) for s in r["spans"]])
            self.assertEqual(shifted["masked"], "🙂🙂" + r["masked"])

    def test_module_level_annotate_caches_one_deidentifier_per_setting(self):
        texts = [NARRATIVES["ascii"], NARRATIVES["accents"]]
        first = deid.annotate(texts, mode="rules")
        cached = [v for k, v in deid._cache.items() if k[0] == "rules"]
        second = deid.annotate(tuple(texts), mode="rules")
        self.assertEqual(first, second)
        self.assertEqual([v for k, v in deid._cache.items() if k[0] == "rules"], cached)
        self.assertEqual(len(cached), 1)
        self.assertEqual(deid.annotate(texts, mode="hybrid"), self.hybrid.annotate(texts))
        self.assertEqual(deid.annotate([], mode="rules"), [])

    def test_threads_and_pickling_do_not_change_results(self):
        texts = list(NARRATIVES.values())
        one = deid.Deidentifier(mode="hybrid", threads=1)
        self.assertEqual(one.annotate(texts), self.hybrid.annotate(texts))
        copy = pickle.loads(pickle.dumps(self.rules))
        self.assertEqual(copy.annotate(texts), self.rules.annotate(texts))

    def test_pandas_series_and_generators_are_accepted(self):
        import pandas as pd
        s = pd.Series([NARRATIVES["ascii"], NARRATIVES["emoji"]], index=[10, 20])
        got = self.rules.annotate(s)
        self.assertEqual(got, self.rules.annotate(s.tolist()))
        masked = pd.Series([r["masked"] for r in got], index=s.index)
        self.assertNotIn("Smith", masked[10])
        self.assertEqual(self.rules.annotate(t for t in s), got)

    def test_bad_input_types_are_errors_that_do_not_quote_the_text(self):
        d = self.rules
        cases = [
            (SECRET, TypeError, "one str"),
            (None, TypeError, "NoneType"),
            (42, TypeError, "int"),
            ([SECRET, 7], TypeError, "texts[1] is int"),
            ([SECRET, SECRET.encode()], TypeError, "texts[1] is bytes"),
            ([SECRET, None], TypeError, "texts[1] is NoneType"),
            ([SECRET + " \ud800"], ValueError, "texts[0]"),
        ]
        for arg, exc, says in cases:
            with self.subTest(arg=type(arg).__name__):
                with self.assertRaises(exc) as cm:
                    d.annotate(arg)
                msg = str(cm.exception)
                self.assertIn(says, msg)
                self.assertNotIn("Zebulon", msg)
                self.assertNotIn("Quaxworth", msg)

    def test_bad_settings_are_errors(self):
        with self.assertRaises(ValueError):
            deid.Deidentifier(mode="fast")
        with self.assertRaises(TypeError):
            deid.Deidentifier(mode=None)
        with self.assertRaises(ValueError):
            deid.Deidentifier(mode="rules", threads=0)
        with self.assertRaises(ValueError):
            deid.Deidentifier(mode="rules", provider="tpu")
        with tempfile.TemporaryDirectory() as empty:
            with self.assertRaises(deid.DeidError) as cm:
                deid.Deidentifier(mode="hybrid", model_dir=empty)
            self.assertIn(empty, str(cm.exception))
            with self.assertRaises(deid.DeidError):
                deid.Deidentifier(mode="rules", lexicons_dir=os.path.join(empty, "missing"))
        self.assertTrue(issubclass(deid.DeidError, RuntimeError))

    def test_onnx_runtime_is_found_in_the_onnxruntime_wheel(self):
        # a fresh interpreter without ORT_DYLIB_PATH: the library of the onnxruntime wheel
        env = {k: v for k, v in os.environ.items() if k != "ORT_DYLIB_PATH"}
        code = ("import deid, os; lib = deid.ort_library(); d = deid.Deidentifier();"
                "r = d.annotate(['Seen by Dr. John Smith on 23Dec2020'])[0];"
                "print(lib); print(os.environ['ORT_DYLIB_PATH'] == lib); print(r['masked'])")
        p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, cwd=tempfile.gettempdir())
        self.assertEqual(p.returncode, 0, p.stderr[-2000:])
        lib, same, masked = p.stdout.strip().splitlines()
        self.assertIn(os.path.join("onnxruntime", "capi", "libonnxruntime.so"), lib)
        self.assertEqual(same, "True")
        self.assertNotIn("Smith", masked)


if __name__ == "__main__":
    unittest.main()
