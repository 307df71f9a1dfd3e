"""Text with PHI spans: fragments to insert and the document they go into.

Offsets are Python str indices, i.e. Unicode code points, as in i2b2 2014 XML.
"""

import unicodedata

from ..definitions import TAG_OF, TYPES_BY_TAG

# i2b2 tag -> its TYPEs, and TYPE -> tag (generated from definitions/definitions.toml)
VALID = TYPES_BY_TAG


def bad_edge(ch):
    """Whitespace or Unicode punctuation (categories P*) may not start or end a span."""
    return ch.isspace() or unicodedata.category(ch).startswith("P")


class Frag:
    """A piece of text built left to right, some parts of it PHI of a given TYPE."""

    __slots__ = ("parts",)

    def __init__(self, *parts):
        self.parts = []  # (text, TYPE or None)
        for p in parts:
            self.add(p)

    def add(self, x, ty=None):
        if isinstance(x, Frag):
            self.parts.extend(x.parts)
        elif x:
            self.parts.append((x, ty))
        return self

    def phi(self, text, ty):
        """Add TEXT as a TYPE span, moving edge punctuation/whitespace outside the span."""
        i, j = 0, len(text)
        while i < j and bad_edge(text[i]):
            i += 1
        while j > i and bad_edge(text[j - 1]):
            j -= 1
        if text[:i]:
            self.parts.append((text[:i], None))
        if text[i:j]:
            self.parts.append((text[i:j], ty))
        if text[j:]:
            self.parts.append((text[j:], None))
        return self

    @property
    def text(self):
        return "".join(t for t, _ in self.parts)

    def spans(self, offset=0):
        out, pos = [], offset
        for t, ty in self.parts:
            if ty is not None:
                out.append([pos, pos + len(t), ty])
            pos += len(t)
        return out

    def map_text(self, fn):
        """Apply a str -> str function (same length not required) to every part."""
        self.parts = [(fn(t), ty) for t, ty in self.parts]
        return self

    def map_phi(self, fn, types=None):
        self.parts = [((fn(t) if ty is not None and (types is None or ty in types) else t), ty)
                      for t, ty in self.parts]
        return self

    def types(self):
        return [ty for _, ty in self.parts if ty is not None]

    def __repr__(self):
        return "Frag(%r)" % self.parts


class Doc:
    """A narrative and its spans [start, end, TYPE, origin]; edits keep the offsets right."""

    def __init__(self, text, spans=()):
        self.text = text
        self.spans = sorted([list(s) for s in spans])

    def free_at(self, pos):
        """Whether text can be inserted at POS without splitting a span."""
        return all(not (s < pos < e) for s, e, *_ in self.spans)

    def free_range(self, start, end):
        return all(e <= start or s >= end for s, e, *_ in self.spans)

    def insert(self, pos, frag, origin="insert"):
        """Insert FRAG (a Frag or str) at POS; returns False (and changes nothing) if POS is inside a span."""
        if isinstance(frag, str):
            frag = Frag(frag)
        if not self.free_at(pos):
            return False
        text = frag.text
        n = len(text)
        for sp in self.spans:
            if sp[0] >= pos:
                sp[0] += n
                sp[1] += n
        self.text = self.text[:pos] + text + self.text[pos:]
        for s, e, ty in frag.spans(pos):
            self.spans.append([s, e, ty, origin])
        self.spans.sort()
        return True

    def replace(self, start, end, frag, origin="insert"):
        """Replace text[start:end] by FRAG. Spans inside [start, end) are dropped; a span
        crossing a boundary makes the replacement fail (returns False)."""
        if isinstance(frag, str):
            frag = Frag(frag)
        keep = []
        for sp in self.spans:
            s, e = sp[0], sp[1]
            if e <= start or s >= end:
                keep.append(sp)
            elif s >= start and e <= end:
                continue
            else:
                return False
        text = frag.text
        delta = len(text) - (end - start)
        for sp in keep:
            if sp[0] >= end:
                sp[0] += delta
                sp[1] += delta
        self.text = self.text[:start] + text + self.text[end:]
        self.spans = keep
        for s, e, ty in frag.spans(start):
            self.spans.append([s, e, ty, origin])
        self.spans.sort()
        return True

    def check(self):
        """Raise ValueError unless the spans are valid, sorted and disjoint."""
        prev_end = 0
        for s, e, ty, *_ in self.spans:
            if not (0 <= s < e <= len(self.text)):
                raise ValueError("span out of range: %r" % ([s, e, ty],))
            if s < prev_end:
                raise ValueError("overlapping spans at %d: %r" % (s, self.text[s:e]))
            if bad_edge(self.text[s]) or bad_edge(self.text[e - 1]):
                raise ValueError("span edge is whitespace/punctuation: %r" % self.text[s:e])
            if ty not in TAG_OF:
                raise ValueError("unknown TYPE %r" % ty)
            prev_end = e
