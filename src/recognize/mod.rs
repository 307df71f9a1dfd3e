//! Regular-expression recognizers producing typed PHI spans.
