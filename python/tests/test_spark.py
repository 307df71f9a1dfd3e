"""PySpark in local mode (local[2]) over a sharded CSV: `deid.annotate` called per partition
(mapPartitions) gives, for every VAERS_ID, exactly the spans and masked text that
`deid annotate --format jsonl` / `--format masked` write for the same rows, in rules and hybrid
modes. Needs Java (Debian: default-jre-headless) and ../shared/data/vaers/vaers-2021-01.csv.

Prints narratives/s per core for each mode (Spark's overhead included).
"""

import csv
import os
import shutil
import sys
import tempfile
import time
import unittest
import warnings
from pathlib import Path

from helpers import VAERS, cli_outputs, import_installed_deid

deid = import_installed_deid()

SHARDS = 3
# every 8th row of the 2,370 of January 2021 (about 300), plus all non-ASCII ones;
# DEID_SPARK_EVERY=1 for all of them (the throughput figure in python/README.md)
EVERY = int(os.environ.get("DEID_SPARK_EVERY", "8"))
EXTRA = [  # narratives the VAERS sample lacks: emoji, quotes, line breaks inside a CSV field
    ("990000001", "😀 Pt Björn Ødegård, 71 yo, \"felt faint\" on 3. März 2021 👉 seen by Dr. Nguyễn."),
    ("990000002", "Line one: hives.\nLine two: Jane Doe, 555-867-5309, 12 Jan 2021.\n\nEnd 🙂"),
    ("990000003", "王小明 and Иван Петров, Karolinska University Hospital, case SE-MPA-2021-012345."),
]


def partition_annotator(mode, model_dir):
    """The function Spark ships to its Python workers: one Deidentifier per worker process
    (deid.annotate caches it), one thread each (Spark runs one task per core)."""
    def run(rows):
        import deid as d
        rows = list(rows)
        results = d.annotate([r["SYMPTOM_TEXT"] for r in rows], mode=mode, model_dir=model_dir,
                             threads=1)
        for row, res in zip(rows, results):
            spans = [(s["start"], s["end"], s["tag"], s["type"]) for s in res["spans"]]
            yield row["VAERS_ID"], res["text"], res["masked"], spans, res["error"], os.getpid()
    return run


class SparkTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
            raise AssertionError("Java is missing (PySpark needs it): apt-get install default-jre-headless")
        if not VAERS.is_file():
            raise AssertionError(f"{VAERS} is missing (set DEID_VAERS_CSV)")
        cls.model = deid.bundled_model_dir()
        if cls.model is None:
            raise AssertionError("the wheel has no bundled model: build it with python/build.sh")
        cls.tmp = tempfile.TemporaryDirectory()
        cls.shards = Path(cls.tmp.name) / "shards"
        cls.shards.mkdir()
        rows = []
        with open(VAERS, newline="", encoding="utf-8") as f:
            for i, row in enumerate(csv.DictReader(f)):
                text = row["SYMPTOM_TEXT"]
                if i % EVERY == 0 or any(ord(c) > 127 for c in text):
                    rows.append((row["VAERS_ID"], text))
        rows += EXTRA
        cls.rows = dict(rows)
        cls.paths = []
        for k in range(SHARDS):
            p = cls.shards / f"part-{k:05d}.csv"
            with open(p, "w", newline="", encoding="utf-8") as f:
                w = csv.writer(f, lineterminator="\n")
                w.writerow(["VAERS_ID", "SYMPTOM_TEXT"])
                w.writerows(rows[k::SHARDS])
            cls.paths.append(p)
        # the driver and its Python workers talk over the loopback interface only
        os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
        os.environ["PYSPARK_PYTHON"] = sys.executable
        os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
        from pyspark.sql import SparkSession
        cls.spark = (SparkSession.builder.master("local[2]").appName("deid-test")
                     .config("spark.ui.enabled", "false")
                     .config("spark.ui.showConsoleProgress", "false")
                     .config("spark.driver.host", "127.0.0.1")
                     .config("spark.driver.bindAddress", "127.0.0.1")
                     .config("spark.driver.memory", "1g")
                     .config("spark.sql.files.maxPartitionBytes", "64k")
                     .getOrCreate())
        cls.spark.sparkContext.setLogLevel("ERROR")

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()
        cls.tmp.cleanup()

    def setUp(self):
        # py4j leaves sockets to the garbage collector
        warnings.simplefilter("ignore", ResourceWarning)

    def run_mode(self, mode):
        df = self.spark.read.csv(str(self.shards), header=True, multiLine=True, escape='"',
                                 inferSchema=False)
        rdd = df.rdd
        self.assertGreaterEqual(rdd.getNumPartitions(), SHARDS)
        started = time.perf_counter()
        out = rdd.mapPartitions(partition_annotator(mode, self.model)).collect()
        secs = time.perf_counter() - started
        print(f"\nspark local[2], {mode}: {len(out)} narratives in {secs:.2f} s = "
              f"{len(out) / secs / 2:.0f} narratives/s per core (Spark overhead included)")
        return out

    def check_mode(self, mode):
        out = self.run_mode(mode)
        cli = cli_outputs(self.paths, self.tmp.name, mode, self.model,
                          ["--text-column", "SYMPTOM_TEXT", "--id-column", "VAERS_ID"])
        self.assertEqual(len(out), len(self.rows))
        self.assertEqual(sorted(i for i, *_ in out), sorted(self.rows))
        self.assertEqual(sorted(cli), sorted(self.rows))
        self.assertGreater(len({pid for *_, pid in out}), 0)
        masked_any = 0
        for vid, text, masked, spans, error, _ in out:
            with self.subTest(mode=mode, id=vid):
                self.assertIsNone(error)
                self.assertEqual(text, self.rows[vid])
                self.assertEqual(cli[vid]["text"], text)
                self.assertEqual(spans, cli[vid]["spans"])
                self.assertEqual(masked, cli[vid]["masked"])
                masked_any += bool(spans)
        self.assertGreater(masked_any, len(out) // 4, "too few narratives had any PHI span")

    def test_rules_on_spark_equal_the_command(self):
        self.check_mode("rules")

    def test_hybrid_on_spark_equals_the_command(self):
        self.check_mode("hybrid")


if __name__ == "__main__":
    unittest.main()
