#!/usr/bin/env bash
# Rebuild lexicons/safe/*.txt and lexicons/unsafe/*.txt from pinned sources.
# Sources are cached in .cache/lexicon-src (git-ignored); pass --offline to
# forbid network access and build from the cache only.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 lexicons/build.py "$@"
