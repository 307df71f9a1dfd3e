"""Synthetic i2b2 2014 training data for the Deid Studio BiLSTM.

Real VAERS narratives ("carriers") with their own PHI labelled by the Rust engine's
regular expressions and the project lexicons, plus surrogate PHI inserted in realistic
places and formats.  Run ``python3 -m training.generate --help``; see README.md.
"""
