"""Document styles, applied to the whole text AFTER insertion so the labels stay aligned.

* asis: the carrier's own mixed case,
* upper: ALL CAPS (older systems),
* lower: all lower case,
* shorthand: clinical shorthand ("pt recvd vax; 7dec fever 103") written into the text outside the
  spans (offsets shifted), then mostly lower case.

Casing maps each code point to one code point (a character whose upper/lower form is longer,
such as "ß" -> "SS", is left as it is), so every span's offsets stay valid.  A carrier that is
already ALL CAPS stays upper; an all-lower-case carrier (a third of the 1990s file) becomes lower
or shorthand.  Separately, names may be lower-cased in mixed-case text ("pt bob", "wife sarah",
"dr. john bowman").  Finally every span is widened to whole words (letters, marks and digits of
any script), as the evaluation masks whole Unicode words.
"""

import bisect
import re
import unicodedata

STYLES = ("asis", "upper", "lower", "shorthand")
DEFAULT_STYLES = "asis=0.80,upper=0.08,lower=0.07,shorthand=0.05"


def parse_styles(spec):
    """'asis=0.8,upper=0.1' -> [(0.8, 'asis'), (0.1, 'upper')]; a bare name has weight 1."""
    out = []
    for part in (spec or "").split(","):
        part = part.strip()
        if not part:
            continue
        name, _, w = part.partition("=")
        name = name.strip().lower()
        if name not in STYLES:
            raise ValueError(f"unknown style {name!r} (known: {', '.join(STYLES)})")
        out.append((float(w) if w else 1.0, name))
    if not out or sum(w for w, _ in out) <= 0:
        raise ValueError("--styles needs at least one style with a positive weight")
    return out


def carrier_case(text):
    letters = [c for c in text if c.isalpha() and (c.isupper() or c.islower())]
    if len(letters) < 20:
        return "mixed"
    up = sum(c.isupper() for c in letters)
    if up > 0.8 * len(letters):
        return "upper"
    if up == 0:
        return "lower"
    return "mixed"


def choose_style(rng, weights, text):
    kind = carrier_case(text)
    if kind == "upper":
        return "upper"
    if kind == "lower":
        return "shorthand" if rng.random() < 0.4 else "lower"
    total = sum(w for w, _ in weights)
    x = rng.random() * total
    for w, name in weights:
        x -= w
        if x < 0:
            return name
    return weights[-1][1]


def map_case(text, fn):
    """FN (str.upper / str.lower) per code point, keeping characters whose mapping is not one code point."""
    out = []
    for ch in text:
        m = fn(ch)
        out.append(m if len(m) == 1 else ch)
    return "".join(out)


def rewrite(doc, edits):
    """Apply EDITS [(start, end, replacement)] outside every span; spans are shifted. Returns how many."""
    spans = doc.spans
    ok = []
    last = -1
    for s, e, rep in sorted(edits):
        if s < last or any(a < e and b > s for a, b, *_ in spans):
            continue
        ok.append((s, e, rep))
        last = e
    if not ok:
        return 0
    parts, pos, acc = [], 0, 0
    ends, deltas = [], []
    for s, e, rep in ok:
        parts.append(doc.text[pos:s])
        parts.append(rep)
        pos = e
        acc += len(rep) - (e - s)
        ends.append(e)
        deltas.append(acc)
    parts.append(doc.text[pos:])

    def shift(p):  # edits ending at or before P move it (an edit never overlaps a span)
        i = bisect.bisect_right(ends, p)
        return p + (deltas[i - 1] if i else 0)

    doc.text = "".join(parts)
    for sp in spans:
        sp[0], sp[1] = shift(sp[0]), shift(sp[1])
    return len(ok)


SHORT = [
    (r"\b[Tt]he patient\b", ["pt", "pt", "the pt"]), (r"\b[Pp]atient\b", ["pt"]),
    (r"\b[Rr]eceived\b", ["recvd", "rec'd", "rcvd", "recd"]), (r"\b[Vv]accin(?:e|ation)\b", ["vax", "vacc", "vaccine"]),
    (r"\b[Ww]ithout\b", ["w/o"]), (r"\b[Ww]ith\b", ["w/"]), (r"\b[Hh]istory of\b", ["hx", "h/o"]), (r"\b[Hh]istory\b", ["hx"]),
    (r"\b[Dd]iagnos(?:is|ed)\b", ["dx", "dx'd"]), (r"\b[Tt]reat(?:ment|ed)\b", ["tx", "tx'd"]), (r"\b[Ss]ymptoms\b", ["sx", "sxs"]),
    (r"\b[Ee]mergency (?:room|department)\b", ["ER", "ED", "er"]), (r"\b[Aa]pproximately\b", ["approx", "~", "appx"]),
    (r"\bhours\b", ["hrs", "h"]), (r"\bminutes\b", ["min", "mins"]), (r"\bweeks\b", ["wks"]), (r"\bdays\b", ["d", "dys", "days"]),
    (r"\b[Aa]fter\b", ["p/", "post", "after"]), (r"\b(?:[Bb]ecause of|[Dd]ue to)\b", ["d/t", "2/2"]),
    (r"\b[Cc]omplain(?:ed|s|ing)? of\b", ["c/o"]), (r"\b[Tt]emperature\b", ["temp", "T"]), (r"\b[Bb]lood pressure\b", ["BP", "bp"]),
    (r"\b(?:[Pp]hysician|[Dd]octor)\b", ["MD", "dr", "physician"]), (r"\b[Ll]eft\b", ["lt", "L"]), (r"\b[Rr]ight\b", ["rt", "R"]),
    (r"\b[Aa]nd\b", ["&", "and", "+"]), (r"\b[Ss]econd\b", ["2nd"]), (r"\b[Ff]irst\b", ["1st"]),
    (r"\b[Ss]hortness of breath\b", ["SOB", "sob"]), (r"\b[Nn]ausea and vomiting\b", ["N/V", "n/v"]),
    (r"[- ]years?[- ]old\b", ["yo", " yo", " y/o", "y/o"]), (r"\b[Rr]eported\b", ["rptd", "reported"]),
    (r"\b[Ii]njection site\b", ["inj site"]), (r"\b(?:was|were) (?=[a-z])", ["", "was "]),
    (r"\. (?=[A-Za-z])", ["; ", ". ", ";", ". "]), (r"\b[Aa]ppointment\b", ["appt"]), (r"\b[Pp]rescribed\b", ["rx'd", "prescribed"]),
]
SHORT_RE = [(re.compile(p), reps) for p, reps in SHORT]


def shorthand(doc, rng):
    edits = []
    for rx, reps in SHORT_RE:
        for m in rx.finditer(doc.text):
            if rng.random() < 0.75:
                edits.append((m.start(), m.end(), rng.choice(reps)))
    return rewrite(doc, edits)


def lower_names(doc, rng):
    """Names in lower case within mixed text: 'pt bob', 'wife sarah', 'dr. john bowman'."""
    chars = list(doc.text)
    n = 0
    for s, e, ty, *_ in doc.spans:
        if ty in ("PATIENT", "DOCTOR") and rng.random() < 0.8:
            chars[s:e] = map_case("".join(chars[s:e]), str.lower)
            n += 1
            if ty == "DOCTOR" and "".join(chars[max(0, s - 4):s]) in ("Dr. ", "DR. "):
                chars[s - 4:s] = list("dr. ")
    doc.text = "".join(chars)
    return n


def apply_style(doc, style, rng):
    """Apply STYLE to DOC in place; returns a dict of what was done (for the manifest)."""
    done = {"style:" + style: 1}
    if style == "shorthand":
        done["shorthand_edits"] = shorthand(doc, rng)
        if rng.random() < 0.85:
            doc.text = map_case(doc.text, str.lower)
            done["style_case:lower"] = 1
    elif style == "upper":
        doc.text = map_case(doc.text, str.upper)
    elif style == "lower":
        doc.text = map_case(doc.text, str.lower)
    elif rng.random() < 0.06:
        done["lower_names_docs"] = 1
        done["lower_names_spans"] = lower_names(doc, rng)
    return done


def is_word_char(ch):
    return unicodedata.category(ch)[0] in "LMN"


def whole_words(doc):
    """Widen every span to whole words (no span edge inside a run of letters/marks/digits of any
    script); spans that then touch are merged into the first one's type.  Returns how many changed."""
    t = doc.text
    n = len(t)
    changed = 0
    out = []
    for sp in sorted(doc.spans):
        s, e = sp[0], sp[1]
        while s > 0 and is_word_char(t[s - 1]) and is_word_char(t[s]):
            s -= 1
        while e < n and is_word_char(t[e]) and is_word_char(t[e - 1]):
            e += 1
        if (s, e) != (sp[0], sp[1]):
            changed += 1
            sp[0], sp[1] = s, e
        if out and sp[0] < out[-1][1]:
            out[-1][1] = max(out[-1][1], sp[1])
            continue
        out.append(sp)
    doc.spans = out
    return changed
