"""Stand-in training data until the synthetic generator lands.

Writes VAERS narratives (minus the dev gold ids) as .txt, runs
`deid annotate --format jsonl --rules-only`, and turns each document's
high-precision `pattern_spans` into i2b2 XML tags, so `deid featurize` gives
labelled JSONL. Only for getting the code running: the labels are the rules'
own pattern hits, so numbers trained on this are not to be reported.

    python3 -m training.make_standin --csv /work/shared/data/vaers/vaers-2021-01.csv \
        --exclude tests/fixtures/gold/dev/VAERS_IDS.tsv --deid target/release/deid \
        --out training/data/standin
"""
import argparse
import csv
import json
import random
import shutil
import subprocess
import tempfile
from pathlib import Path
from xml.sax.saxutils import quoteattr


def i2b2_xml(text: str, spans) -> str:
    tags = []
    for k, s in enumerate(spans):
        tags.append(
            f'<{s["tag"]} id="P{k}" start="{s["start"]}" end="{s["end"]}" '
            f'text={quoteattr(s["text"])} TYPE="{s["type"]}" comment="" />'
        )
    body = text.replace("]]>", "]] >")
    return (
        '<?xml version="1.0" encoding="UTF-8" ?>\n<deIdi2b2>\n'
        f"<TEXT><![CDATA[{body}]]></TEXT>\n<TAGS>\n" + "\n".join(tags) + "\n</TAGS>\n</deIdi2b2>\n"
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv", required=True)
    ap.add_argument("--exclude", required=True)
    ap.add_argument("--deid", default="target/release/deid")
    ap.add_argument("--out", default="training/data/standin")
    ap.add_argument("--valid-fraction", type=float, default=0.15)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()

    csv.field_size_limit(10**9)
    exclude = {l.split("\t")[0].strip() for l in open(args.exclude) if l.strip()}
    rows = []
    with open(args.csv, encoding="utf-8", errors="replace", newline="") as f:
        for row in csv.DictReader(f):
            text = row.get("SYMPTOM_TEXT", "")
            if row["VAERS_ID"] in exclude or not text.strip():
                continue
            rows.append((row["VAERS_ID"], text))
    random.Random(args.seed).shuffle(rows)
    n_valid = int(len(rows) * args.valid_fraction)
    out = Path(args.out)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "txt").mkdir()
        for vid, text in rows:
            (tmp / "txt" / f"{vid}.txt").write_text(text, encoding="utf-8")
        subprocess.run(
            [args.deid, "annotate", str(tmp / "txt"), "--out", str(tmp / "ann"),
             "--format", "jsonl", "--rules-only", "-q"],
            check=True,
        )
        for split in ("train", "valid"):
            if (out / split).exists():
                shutil.rmtree(out / split)
            (out / split).mkdir(parents=True)
        for k, (vid, _) in enumerate(rows):
            split = "valid" if k < n_valid else "train"
            doc = json.loads((tmp / "ann" / f"{vid}.jsonl").read_text(encoding="utf-8").splitlines()[0])
            (out / split / f"{vid}.xml").write_text(i2b2_xml(doc["text"], doc["pattern_spans"]), encoding="utf-8")
    print(f"wrote {len(rows) - n_valid} train and {n_valid} valid documents to {out}")


if __name__ == "__main__":
    main()
