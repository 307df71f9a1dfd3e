"""i2b2 2014 XML writing (the exact format the Rust reader in src/i2b2.rs validates)."""

from .frag import TAG_OF

HEAD = '<?xml version="1.0" encoding="UTF-8" ?>\n<deIdi2b2>\n<TEXT>'


def _text(text):
    """CDATA sections; every '\\r' as &#13; between them; ']]>' split across two sections."""
    if not text:
        return "<![CDATA[]]>"
    out = []
    for i, run in enumerate(text.split("\r")):
        if i:
            out.append("&#13;")
        if run:
            out.append("<![CDATA[" + run.replace("]]>", "]]]]><![CDATA[>") + "]]>")
    return "".join(out)


_ATTR = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def _attr(v):
    return "".join(_ATTR.get(c, c) for c in v)


def _xml_ok(c):
    o = ord(c)
    return o in (9, 10, 13) or 0x20 <= o <= 0xD7FF or 0xE000 <= o <= 0xFFFD or o >= 0x10000


def clean_text(text):
    """Replace characters XML 1.0 cannot carry (C0 controls, U+FFFE/F) by a space, same length."""
    if all(_xml_ok(c) for c in text):
        return text
    return "".join(c if _xml_ok(c) else " " for c in text)


def to_xml(text, spans):
    """SPANS: sorted, disjoint [start, end, TYPE, ...] with code point offsets."""
    parts = [HEAD, _text(text), "</TEXT>\n<TAGS>\n"]
    for i, sp in enumerate(spans):
        s, e, ty = sp[0], sp[1], sp[2]
        parts.append('<%s id="P%d" start="%d" end="%d" text="%s" TYPE="%s" comment="" />\n'
                     % (TAG_OF[ty], i, s, e, _attr(text[s:e]), ty))
    parts.append("</TAGS>\n</deIdi2b2>\n")
    return "".join(parts)
