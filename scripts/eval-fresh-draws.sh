#!/usr/bin/env bash
# Figures on fresh draws of the surrogate sets, which no rule or threshold was tuned on:
#   scripts/eval-fresh-draws.sh [DEID_BINARY] [SALT...] [-- MODE_FLAG...]
# e.g. scripts/eval-fresh-draws.sh target/release/deid a7 b9 c1
#      scripts/eval-fresh-draws.sh target/release/deid a7 -- --rules-only
# Each SALT (default: a7 b9 c1 c2 c3 c4) regenerates dev-sub-us, -caps, -lower and dev-sub-world
# with salted seeds (tests/fixtures/gold/surrogates.py --salt): the same 57 narratives with other
# surrogate values and other inserted phrases. The committed sets are development data that rules
# were written against; these draws show whether a change generalises, and the last lines give the
# worst draw per set. Needs training/.venv (Faker, phonenumbers, Babel: training/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-target/release/deid}
shift || true
salts=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do salts+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
[ ${#salts[@]} -gt 0 ] || salts=(a7 b9 c1 c2 c3 c4)
py=training/.venv/bin/python
[ -x "$py" ] || { echo "training/.venv is missing: run training/setup.sh" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-6s %-18s %5s %8s %8s %8s %9s\n' draw set docs HIPAA-R word-R mask-R precision | tee "$work/table"
for salt in "${salts[@]}"; do
  "$py" tests/fixtures/gold/surrogates.py --salt "$salt" --out "$work/$salt" >/dev/null
  for set in dev-sub-us dev-sub-us-caps dev-sub-us-lower dev-sub-world; do
    gold="$work/$salt/$set/xml"
    out="$work/out-$salt-$set"
    "$BIN" annotate "$gold" --out "$out" --quiet "$@" >/dev/null
    "$BIN" eval "$gold" "$out" --json | python3 -c '
import json,sys
r=json.load(sys.stdin); s=r["summary"]
print("%-6s %-18s %5d %8.4f %8.4f %8.4f %9.4f" % (sys.argv[1], sys.argv[2], r["documents"], s["hipaa_recall"], s["word_recall"], s["masking_recall"], s["precision"]))' "$salt" "$set" | tee -a "$work/table"
  done
done
python3 - "$work/table" <<'PY'
import sys, collections
rows = [l.split() for l in open(sys.argv[1]).read().splitlines()[1:]]
by = collections.defaultdict(list)
for r in rows:
    by[r[1]].append([float(x) for x in r[3:]])
print("worst draw per set (HIPAA-R, word-R, mask-R, precision each at its minimum):")
for k, v in by.items():
    print("  %-18s %8.4f %8.4f %8.4f %9.4f" % ((k,) + tuple(min(c) for c in zip(*v))))
PY
