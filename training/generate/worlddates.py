"""Dates as the world writes them: numeric orders and separators, and month names per language.

Month and weekday names and the long/medium/full patterns come from babel (CLDR data):
"3. März 2021", "12 de marzo de 2021", "3 mars 2021", "3 марта 2021 г.", "2021年3月3日".  Only the
format context is used: babel 2.18's stand-alone month names (and skeletons that resolve to them)
can leak between locales depending on call order ("hi_IN" months in Hebrew after "he_IL"); every
call used here was checked to give the same result in isolation and in either order.  A month
named alone or with a year uses the format-context name only in languages without a genitive
month form (not ru/uk/pl/cs/el/fi/hr/bg ...), otherwise English or digits.
Numeric and English forms: 12.03.1957, 1957-03-12, 12 March 1957, 12-MAR-2021, 12/03/57, 12MAR2021.
"""

try:
    from babel.dates import format_date, get_day_names, get_month_names
except ImportError:  # only world personas use this module (world.World reports the missing package)
    pass

EN_MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
EN_MONTH = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December"]

# numeric order per date locale: dmy (most of the world), ymd (East Asia, Sweden, Hungary, ISO), mdy (US/PH)
YMD_LOCALES = ("zh", "ja", "ko", "hu", "sv", "lt")
NUMERIC_SEP = {"de": ".", "da": ".", "nb": ".", "fi": ".", "pl": ".", "cs": ".", "ru": ".", "uk": ".",
               "bg": ".", "tr": ".", "ro": ".", "hr": ".", "nl": "-", "sv": "-", "hu": ".", "zh": "/",
               "ja": "/", "ko": ".", "en": "/", "fr": "/", "es": "/", "it": "/", "pt": "/", "el": "/",
               "he": ".", "ar": "/", "hi": "/", "id": "/", "vi": "/", "th": "/"}

_SPACES = {"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u200f": "", "\u200e": "", "\u061c": ""}


def _clean(s):
    for a, b in _SPACES.items():
        s = s.replace(a, b)
    return s.strip()


class DateFormats:
    """Babel tables for one locale, looked up once (format context only)."""

    _cache = {}

    @classmethod
    def get(cls, loc):
        d = cls._cache.get(loc)
        if d is None:
            d = cls._cache[loc] = cls(loc)
        return d

    def __init__(self, loc):
        self.loc = loc
        self.lang = loc.split("_")[0]
        self.month_wide = [_clean(get_month_names("wide", "format", loc)[m]) for m in range(1, 13)]
        self.month_abbr = [_clean(get_month_names("abbreviated", "format", loc)[m]) for m in range(1, 13)]
        self.day_wide = [_clean(get_day_names("wide", "format", loc)[d]) for d in range(7)]


GENITIVE = ("ru", "uk", "be", "pl", "cs", "sk", "el", "fi", "hr", "sl", "lt", "lv", "bg", "ca", "hy", "ka")
DM_PATTERN = {"de": "d. MMMM", "da": "d. MMMM", "nb": "d. MMMM", "fi": "d. MMMM", "cs": "d. MMMM", "hr": "d. MMMM",
              "es": "d 'de' MMMM", "pt": "d 'de' MMMM", "hu": "MMMM d.", "ja": "M月d日", "zh": "M月d日", "ko": "M월 d일",
              "vi": "d MMMM", "lt": "MMMM d 'd'."}
MY_JOIN = {"es": "{m} de {y}", "pt": "{m} de {y}", "ja": "{y}年{m}", "zh": "{y}年{m}", "ko": "{y}년 {m}",
           "hu": "{y}. {m}", "vi": "{m}, {y}"}


def local_date(d, loc, style):
    """babel-formatted date in LOC: long/medium/full/short, or 'dm' (day and month, no year)."""
    if style == "dm":
        lang = loc.split("_")[0]
        pat = DM_PATTERN.get(lang, "MMMM d" if loc in ("en_US", "en_PH", "en_CA") else "d MMMM")
        return _clean(format_date(d, pat, locale=loc))
    return _clean(format_date(d, style, locale=loc))


LOCAL_STYLES = [  # (weight, key)
    (14, "num"), (5, "num_yy"), (6, "iso"), (9, "en_long"), (6, "en_mon"), (5, "dash_MON"), (3, "glued_MON"),
    (14, "babel_long"), (6, "babel_medium"), (3, "babel_full"), (4, "babel_dm"), (3, "num_nopad"),
]


def date_text(d, loc, rng, style=None):
    """(text, key): one date written the way LOC writes it, or in the international English forms."""
    df = DateFormats.get(loc)
    lang = df.lang
    if style is None:
        total = sum(w for w, _ in LOCAL_STYLES)
        x = rng.random() * total
        for w, k in LOCAL_STYLES:
            x -= w
            if x < 0:
                style = k
                break
        else:
            style = "num"
    y, m, dd = d.year, d.month, d.day
    sep = NUMERIC_SEP.get(lang, "/")
    ymd = lang in YMD_LOCALES
    if style == "num":  # 12.03.1957 / 12/03/1957 / 12-03-1957 / 2021/03/12
        return (f"{y}{sep}{m:02d}{sep}{dd:02d}" if ymd else f"{dd:02d}{sep}{m:02d}{sep}{y}"), f"num:{'ymd' if ymd else 'dmy'}{sep}"
    if style == "num_yy":  # 12/03/57
        s = rng.choice(["/", ".", "-"]) if rng.random() < 0.3 else sep
        return (f"{y % 100:02d}{s}{m:02d}{s}{dd:02d}" if ymd else f"{dd:02d}{s}{m:02d}{s}{y % 100:02d}"), f"num_yy:{s}"
    if style == "num_nopad":  # 3.3.2021
        return (f"{y}{sep}{m}{sep}{dd}" if ymd else f"{dd}{sep}{m}{sep}{y}"), f"num_nopad:{sep}"
    if style == "iso":  # 1957-03-12
        return f"{y}-{m:02d}-{dd:02d}", "iso"
    if style == "en_long":  # 12 March 1957
        return f"{dd} {EN_MONTH[m - 1]} {y}", "en_d_Month_y"
    if style == "en_mon":  # 12 Mar 2021 / 12-Mar-2021
        return rng.choice([f"{dd} {EN_MON[m - 1]} {y}", f"{dd:02d}-{EN_MON[m - 1]}-{y}"]), "en_d_Mon_y"
    if style == "dash_MON":  # 12-MAR-2021
        return f"{dd:02d}-{EN_MON[m - 1].upper()}-{y if rng.random() < 0.8 else y % 100:02d}", "dd-MON-yyyy"
    if style == "glued_MON":  # 12MAR2021
        return f"{dd:02d}{EN_MON[m - 1].upper()}{y}", "ddMONyyyy"
    if style == "babel_long":
        return local_date(d, loc, "long"), f"babel_long:{lang}"
    if style == "babel_medium":
        return local_date(d, loc, "medium"), f"babel_medium:{lang}"
    if style == "babel_full":
        return local_date(d, loc, "full"), f"babel_full:{lang}"
    if style == "babel_dm":  # day and month without the year: "3. März", "12 de marzo", "3 марта"
        return local_date(d, loc, "dm"), f"babel_dm:{lang}"
    if style == "babel_my":  # "März 2021", "marzo de 2021"; "03.2021" where the month would be genitive
        if lang in GENITIVE:
            return f"{m:02d}{sep if sep != '-' else '/'}{y}", "num_my"
        return MY_JOIN.get(lang, "{m} {y}").format(m=df.month_wide[m - 1], y=y), f"babel_my:{lang}"
    if style == "month":  # the month name alone (English where the local form would be genitive)
        if lang in GENITIVE:
            return EN_MONTH[m - 1], "en_month"
        return df.month_wide[m - 1], f"month:{lang}"
    if style == "weekday":
        return df.day_wide[d.weekday()], f"weekday:{lang}"
    if style == "shorthand":  # "7dec", "7/12", "dec7"
        mon = EN_MON[m - 1].lower()
        return rng.choice([f"{dd}{mon}", f"{dd}{mon}{y % 100:02d}", f"{dd}/{m}", f"{mon}{dd}"]), "shorthand"
    raise ValueError(style)
