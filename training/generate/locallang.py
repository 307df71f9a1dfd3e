"""Untagged text in the persona's own language: the words around the world's PHI that are not PHI.

Narratives from other countries mix English with the local language ("varón de 45 años", "né le
12/03/57", "87 Jahre", "fecha de notificación"). Without such text in training, every non-English
word the model sees is part of a name, an address or a hospital, and it learns that a foreign word
is PHI: on the international dev set "de", "le", "años", "Jahre", "domicilio" were masked by the
model although the rules released some of them (session 7 analysis, closing note of issue 9).

Where the words come from (no hand-written word lists):

* Faker's lorem provider of the language (common words of the language; MIT), for the languages
  that have one. Languages without one get no local sentence.
* Removed from it: every word that could be PHI or a date: first and last names of every Faker
  person locale of the language, the persona's own names and city, month and weekday names and
  country names of the language (babel, CLDR), and any word with a digit.
* Durations with CLDR unit patterns ("3 días", "2 Wochen", untagged: relative time is not PHI) and
  an age with the year pattern, the number tagged AGE ("45 años").
"""

import functools
import re
import warnings

from babel import Locale
from babel.units import format_unit
from faker import Faker

from .frag import Frag

# language -> Faker locale whose lorem provider holds that language (Faker 40). Hebrew is left out:
# its lorem list is made-up words, and made-up words released as safe would teach the model that an
# unknown Hebrew word (a name) is safe.
LOREM_LOCALES = {
    "es": "es_ES", "fr": "fr_FR", "de": "de_DE", "it": "it_IT", "nl": "nl_NL", "da": "da_DK",
    "pl": "pl_PL", "cs": "cs_CZ", "ru": "ru_RU", "uk": "uk_UA", "el": "el_GR",
    "ar": "ar_AA", "ja": "ja_JP", "zh": "zh_CN", "vi": "vi_VN", "th": "th_TH",
}
# languages written without spaces between words
NO_SPACES = {"ja", "zh", "th"}
DURATIONS = ["duration-day", "duration-day", "duration-week", "duration-hour", "duration-month"]


def _person_locales(lang):
    """Every Faker locale of LANG that has a person provider of its own."""
    import faker.providers.person as person
    import pkgutil
    return [m.name for m in pkgutil.iter_modules(person.__path__) if m.name.split("_")[0] == lang]


def _names(value):
    if isinstance(value, dict):
        return list(value)
    return list(value or ())


@functools.lru_cache(maxsize=None)
def unsafe_words(lang):
    """Lower-cased words of LANG that may be PHI or a date: names, months, weekdays, countries."""
    out = set()
    for loc in _person_locales(lang):
        try:
            with warnings.catch_warnings():  # fr_QC: "deprecated, use fr_CA" (both are read)
                warnings.simplefilter("ignore")
                p = Faker(loc).provider("faker.providers.person")
        except Exception:  # a locale Faker lists but cannot build
            continue
        for attr in ("first_names", "first_names_female", "first_names_male", "last_names",
                     "first_names_nonbinary"):
            for n in _names(getattr(p, attr, ())):
                out.update(_name_words(n))
    try:
        loc = Locale.parse(lang)
    except Exception:
        return frozenset(out)
    for ctx in ("format", "stand-alone"):
        for width in ("wide", "abbreviated"):
            out.update(m.lower() for m in loc.months.get(ctx, {}).get(width, {}).values())
            out.update(d.lower() for d in loc.days.get(ctx, {}).get(width, {}).values())
    for name in loc.territories.values():
        out.update(_name_words(name))
    return frozenset(out)


def _name_words(name):
    """The words of a name that may be PHI alone: the whole name, and each capitalised part of at
    least 4 letters of a name of several words ("Fuente" of "de la Fuente", "Salvador" of "El
    Salvador"), not its particles and joining words ("de", "El", "und"), which are the language's
    commonest words."""
    words = re.findall(r"\w+", name)
    out = {name.lower()}
    if len(words) == 1:
        out.add(words[0].lower())
    else:
        out.update(w.lower() for w in words if w[:1].isupper() and len(w) >= 4)
    return out


@functools.lru_cache(maxsize=None)
def word_pool(lang):
    """Faker's lorem words of LANG minus every word that could be PHI; empty without a lorem list."""
    loc = LOREM_LOCALES.get(lang)
    if loc is None:
        return ()
    words = Faker(loc).provider("faker.providers.lorem").word_list
    bad = unsafe_words(lang)
    return tuple(sorted({w for w in words if usable(w, lang, bad)}))


def usable(word, lang, bad):
    """A common word of the language that cannot be PHI: letters, no digit, no name, month or
    country, and no capital outside German (elsewhere a capital marks a proper noun: Polish
    lorem lists "Anglia", "Boże Narodzenie")."""
    if not any(c.isalpha() for c in word) or any(c.isdigit() for c in word):
        return False
    if lang != "de" and any(c.isupper() for c in word):
        return False
    parts = re.findall(r"\w+", word.lower())
    return word.lower() not in bad and not any(p in bad for p in parts)


def has_local_text(lang):
    return bool(word_pool(lang))


def local_sentence(persona, rng, upper=False):
    """One sentence in the persona's language, untagged except an age ("45 años": 45 is AGE)."""
    lang = persona.lang
    pool = word_pool(lang)
    own = {w.lower() for part in (persona.first, persona.middle, persona.last, persona.place[0])
           for w in re.findall(r"\w+", part or "")}
    words = [w for w in rng.sample(pool, min(len(pool), rng.randint(4, 11))) if w.lower() not in own]
    sep = "" if lang in NO_SPACES else " "
    fr = Frag()
    extra = rng.random()
    insert_at = rng.randint(1, max(1, len(words) - 1))
    for i, w in enumerate(words):
        if i == insert_at and extra < 0.45:
            fr.add(sep)
            n = rng.choice([1, 2, 3, 4, 5, 7, 10, 14, 21, 30])
            fr.add(format_unit(n, rng.choice(DURATIONS), locale=persona.date_loc))
        elif i == insert_at and extra < 0.7 and persona.age_years:
            fr.add(sep)
            text = format_unit(int(persona.age_years), "duration-year", locale=persona.date_loc)
            num = str(int(persona.age_years))
            k = text.find(num)
            if k < 0:  # a locale writes its own digits: keep it untagged rather than mislabel it
                fr.add(text)
            else:
                fr.add(text[:k]).phi(num, "AGE").add(text[k + len(num):])
        if i:
            fr.add(sep)
        fr.add(w[:1].upper() + w[1:] if i == 0 else w)
    fr.add("。" if lang in ("ja", "zh") else ".")
    if upper:
        fr.map_text(str.upper)
    return fr
