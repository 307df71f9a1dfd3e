#!/usr/bin/env bash
# One command: venv → deid binary → synthetic data (if missing) → featurize → train → export.
#
#   training/train.sh                 # variation d, exported to models/deid-bilstm-v2
#   NAME=x VARIATION=c EPOCHS=8 MAX_DOCS=5000 MAX_MINUTES=30 training/train.sh
#   NAME=deid-bilstm-small HIDDEN=64 WORD_DIM=50 training/train.sh   # a smaller, faster word LSTM
#   NAME=deid-idcnn-64 TAGGER=idcnn HIDDEN=64 MAX_MINUTES=32 training/train.sh   # a CNN tagger, 2.3x the hybrid's speed
#   TINY=1 training/train.sh          # smoke run: 40 documents, 1 epoch, small dims → training/runs/tiny
#   CARRIERS=path.csv                 # carrier narratives (default: ../shared/data/vaers/vaers-2021-01.csv and
#                                     #   vaers-1990s.csv, mixed CARRIER_MIX=0.6,0.4)
#   INTL_FRACTION=0.6 COUNTRIES=GB:8,DE STYLES=asis=0.8,upper=0.08,lower=0.07,shorthand=0.05   # generator options
#   LOCAL_TEXT=0.6                    # untagged local-language sentences (off by default; see generate/README.md)
#   LOCAL_TEXT_STYLES=asis            # ... only in documents of these styles (default: every style)
#
# Training runs niced on 2 threads (DEID_TRAIN_THREADS).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
NAME="${NAME:-deid-bilstm-v2}"
VARIATION="${VARIATION:-d}"
EPOCHS="${EPOCHS:-15}"
SEED="${SEED:-13}"
SYNTH="${SYNTH:-training/data/synth}"
DATA="${DATA:-training/data}"
N_DOCS="${N_DOCS:-20000}"
OUT="${OUT:-models/$NAME}"
RUN="${RUN:-training/runs/$NAME}"
extra=()
[ -n "${MAX_DOCS:-}" ] && extra+=(--max-docs "$MAX_DOCS")
[ -n "${MAX_MINUTES:-}" ] && extra+=(--max-minutes "$MAX_MINUTES")
# model size (a smaller word LSTM is the way to a faster hybrid: HIDDEN=64 WORD_DIM=50)
[ -n "${HIDDEN:-}" ] && extra+=(--hidden "$HIDDEN")
[ -n "${WORD_DIM:-}" ] && extra+=(--word-dim "$WORD_DIM")
# the word-level tagger: TAGGER=idcnn (dilated convolutions, HIDDEN channels) instead of the BiLSTM
[ -n "${TAGGER:-}" ] && extra+=(--tagger "$TAGGER")
if [ -n "${TINY:-}" ]; then
    extra+=(--tiny)
    RUN="training/runs/tiny"
    OUT="${OUT_TINY:-training/runs/tiny/model}"
fi

training/setup.sh
py="training/.venv/bin/python"
cargo build --release --bin deid
deid="target/release/deid"

if [ ! -d "$SYNTH/train" ] || [ ! -d "$SYNTH/valid" ]; then
    gen=()
    if [ -n "${CARRIERS:-}" ]; then
        gen+=(--carriers "$CARRIERS")
    else
        gen+=(--carriers "$root/../shared/data/vaers/vaers-2021-01.csv")
        if [ -f "$root/../shared/data/vaers/vaers-1990s.csv" ]; then
            gen+=(--carriers "$root/../shared/data/vaers/vaers-1990s.csv" --carrier-mix "${CARRIER_MIX:-0.6,0.4}")
        fi
    fi
    for ex in tests/fixtures/gold/dev/VAERS_IDS.tsv tests/fixtures/gold/dev-1990s/VAERS_IDS.tsv \
        tests/fixtures/gold/dev-vaers-sub/VAERS_IDS.tsv tests/fixtures/gold/dev-vaers-sub-2/VAERS_IDS.tsv \
        tests/fixtures/gold/dev-vaers-sub-3/VAERS_IDS.tsv tests/fixtures/gold/dev-vaers-sub-4/VAERS_IDS.tsv \
        tests/fixtures/gold/dev-vaers-sub-5/VAERS_IDS.tsv tests/fixtures/gold/dev-vaers-sub-6/VAERS_IDS.tsv \
        tests/fixtures/gold/dev-vaers-sub-7/VAERS_IDS.tsv \
        tests/fixtures/gold/dev-vaers-sub-8/VAERS_IDS.tsv \
        tests/fixtures/gold/dev-vaers-sub-9/VAERS_IDS.tsv \
        tests/fixtures/gold/dev-vaers-sub-10/VAERS_IDS.tsv \
        tests/fixtures/gold/dev-vaers-sub-11/VAERS_IDS.tsv \
        tests/fixtures/gold/dev-vaers-sub-12/VAERS_IDS.tsv; do
        [ -f "$ex" ] && gen+=(--exclude "$ex")
    done
    [ -n "${INTL_FRACTION:-}" ] && gen+=(--intl-fraction "$INTL_FRACTION")
    [ -n "${COUNTRIES:-}" ] && gen+=(--countries "$COUNTRIES")
    [ -n "${STYLES:-}" ] && gen+=(--styles "$STYLES")
    [ -n "${LOCAL_TEXT:-}" ] && gen+=(--local-text "$LOCAL_TEXT")
    [ -n "${LOCAL_TEXT_STYLES:-}" ] && gen+=(--local-text-styles "$LOCAL_TEXT_STYLES")
    "$py" -m training.generate "${gen[@]}" --n "$N_DOCS" --seed "$SEED" --deid "$deid" --out "$SYNTH"
fi
mkdir -p "$DATA"
"$deid" featurize "$SYNTH/train" --out "$DATA/train.jsonl"
"$deid" featurize "$SYNTH/valid" --out "$DATA/valid.jsonl"
"$deid" featurize tests/fixtures/gold/dev --out "$DATA/dev.jsonl"
manifest=()
for m in "$SYNTH/manifest.json" "$SYNTH/MANIFEST.json"; do
    [ -f "$m" ] && manifest=(--generator-manifest "$m") && break
done

nice -n 10 "$py" -m training.deid_model.train --train "$DATA/train.jsonl" --valid "$DATA/valid.jsonl" \
    --dev "$DATA/dev.jsonl" --variation "$VARIATION" --epochs "$EPOCHS" --seed "$SEED" --out "$RUN" \
    ${manifest[@]+"${manifest[@]}"} ${extra[@]+"${extra[@]}"}
nice -n 10 "$py" -m training.export --checkpoint "$RUN/checkpoint.pt" --name "$NAME" \
    --dev "$DATA/dev.jsonl" --out "$OUT"
