"""Identifiers per country: national identity numbers (SSN), worldwide case ids (IDNUM), hospital
record numbers (MEDICALRECORD) and health insurance numbers (HEALTHPLAN), with their field labels.

National numbers come from Faker's ssn providers where Faker has one for the country (Swedish
personnummer, Finnish henkilötunnus, French NIR, Italian codice fiscale, PESEL, AMKA, BSN, AHV, CPF,
CURP, Aadhaar, Chinese and Korean resident numbers, ...); the few without one (NHS number, Danish
CPR, Irish PPSN, Russian SNILS, South African ID, ...) are built here with their check digits.
Case ids follow the E2B worldwide unique case identification number: country code, sender
(regulator or manufacturer) and the sender's number ("SE-MPA-2021-012345", "GB-MHRA-ADR 25123456",
"DE-PEI-2021-004567", "FR-ANSM-...", "JP-PFIZER INC-2021123456").  Regulator acronyms are facts
about each country's medicines agency; the numbers are random.
"""

from .frag import Frag

REGULATORS = {
    "GB": ["MHRA"], "IE": ["HPRA"], "DE": ["PEI", "BFARM"], "AT": ["BASGAGES"], "CH": ["SWISSMEDIC"],
    "FR": ["ANSM", "AFSSAPS"], "BE": ["FAMHP"], "NL": ["LRB"], "SE": ["MPA"], "NO": ["NOMAADVRE"],
    "DK": ["DKMA"], "FI": ["FIMEA"], "ES": ["AEMPS"], "PT": ["INFARMED"], "IT": ["MINISAL02", "AIFA"],
    "PL": ["URPL"], "CZ": ["CZSUKL"], "GR": ["GREOF"], "RO": ["ANMDMR"], "HU": ["OGYI"], "HR": ["HALMED"],
    "BG": ["BDA"], "TR": ["TITCK"], "RU": ["RZN"], "UA": ["SEC"], "IL": ["MOH"], "SA": ["SFDA"],
    "AE": ["MOHAP"], "EG": ["EDA"], "DZ": ["CNPM"], "IN": ["CDSCO"], "PK": ["DRAP"], "CN": ["NMPA"],
    "TW": ["TFDA"], "JP": ["PMDA"], "KR": ["MFDS", "KIDS"], "TH": ["THFDA"], "VN": ["DAV"], "ID": ["BPOM"],
    "PH": ["PHFDA"], "AU": ["TGA"], "NZ": ["MEDSAFE"], "CA": ["HC"], "MX": ["COFEPRIS"],
    "BR": ["ANVISA"], "AR": ["ANMAT"], "CO": ["INVIMA"], "ZA": ["SAHPRA"], "NG": ["NAFDAC"], "KE": ["PPB"],
}

MRN_LABELS = {
    "en": ["MRN", "Hospital no.", "Hosp No", "Patient ID", "Unit no.", "Case note no.", "Hospital number"],
    "de": ["Pat.-Nr.", "Patientennummer", "Fallnr.", "Fall-Nr.", "PID"],
    "fr": ["IPP", "N° de dossier", "NIP", "No dossier"],
    "es": ["NHC", "Nº historia clínica", "N° HC", "Historia clínica"],
    "it": ["Cartella clinica n.", "N. nosologico", "ID paziente"],
    "pt": ["Processo n.º", "Nº processo", "Prontuário"],
    "nl": ["Patiëntnummer", "Pat.nr.", "Ziekenhuisnummer"],
    "sv": ["Journalnr", "Pat-ID"], "no": ["Journalnr."], "da": ["Journalnr."], "fi": ["Potilasnro"],
    "pl": ["Nr historii choroby", "Nr księgi głównej"], "cs": ["Číslo chorobopisu"],
    "ru": ["№ истории болезни", "Медкарта №"], "uk": ["№ історії хвороби"], "el": ["Αρ. μητρώου"],
    "tr": ["Protokol no", "Hasta no"], "ja": ["患者ID", "カルテ番号"], "zh": ["住院号", "病历号"],
    "ko": ["등록번호", "환자번호"], "he": ["מס' תיק"],
}
SSN_LABELS = {
    "GB": ["NHS No", "NHS number", "NI number"], "IE": ["PPSN", "PPS No"], "DE": ["RV-Nr.", "SV-Nummer"],
    "AT": ["SVNR", "SV-Nr."], "CH": ["AHV-Nr.", "AVS"], "FR": ["NIR", "N° SS", "N° de sécurité sociale"],
    "BE": ["NISS", "Rijksregisternummer"], "NL": ["BSN"], "SE": ["Personnummer", "Pnr"],
    "NO": ["Fødselsnummer", "F.nr."], "DK": ["CPR", "CPR-nr."], "FI": ["Henkilötunnus", "HETU"],
    "ES": ["DNI", "NIE", "NUSS"], "PT": ["NIF", "Nº utente"], "IT": ["Codice fiscale", "CF"],
    "PL": ["PESEL"], "CZ": ["RČ", "Rodné číslo"], "GR": ["AMKA"], "RO": ["CNP"], "HU": ["TAJ"],
    "HR": ["OIB"], "BG": ["ЕГН", "EGN"], "TR": ["TC Kimlik No", "T.C."], "RU": ["СНИЛС", "SNILS"],
    "UA": ["ІПН", "RNOKPP"], "IL": ["ת.ז.", "ID no"], "SA": ["National ID", "Iqama"], "AE": ["Emirates ID"],
    "EG": ["National ID"], "DZ": ["NIN"], "IN": ["Aadhaar"], "PK": ["CNIC"], "CN": ["身份证号", "ID card"],
    "TW": ["身分證字號"], "JP": ["マイナンバー", "My Number"], "KR": ["주민등록번호", "RRN"],
    "TH": ["เลขประจำตัวประชาชน", "National ID"], "VN": ["CCCD"], "ID": ["NIK"], "PH": ["SSS No."],
    "AU": ["TFN"], "NZ": ["NHI"], "CA": ["SIN"], "MX": ["CURP"], "BR": ["CPF"], "AR": ["DNI"],
    "CO": ["CC", "Cédula"], "ZA": ["ID No"], "NG": ["NIN"], "KE": ["ID No"],
}
HEALTHPLAN_LABELS = {"DE": "KVNR", "FR": "Carte Vitale", "AU": "Medicare No", "CA": "Health card",
                     "BE": "Mutualité", "NL": "Verzekerdennummer", "ES": "Tarjeta sanitaria",
                     "IT": "Tessera sanitaria", "BR": "Cartão SUS", "MX": "NSS", "JP": "保険者番号"}


def _digits(rng, n):
    return "".join(str(rng.randrange(10)) for _ in range(n))


def _luhn_digit(body):
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def nhs_number(rng):
    while True:
        body = _digits(rng, 9)
        c = 11 - sum(int(x) * (10 - i) for i, x in enumerate(body)) % 11
        if c == 11:
            c = 0
        if c != 10:
            n = body + str(c)
            return rng.choice([f"{n[:3]} {n[3:6]} {n[6:]}", n, f"{n[:3]}-{n[3:6]}-{n[6:]}"])


def ppsn(rng):
    body = _digits(rng, 7)
    total = sum(int(x) * (8 - i) for i, x in enumerate(body))
    return body + "WABCDEFGHIJKLMNOPQRSTUV"[total % 23] + ("A" if rng.random() < 0.2 else "")


def snils(rng):
    body = _digits(rng, 9)
    s = sum(int(x) * (9 - i) for i, x in enumerate(body))
    c = s if s < 100 else (0 if s in (100, 101) else s % 101 % 100)
    return f"{body[:3]}-{body[3:6]}-{body[6:]} {c:02d}"


def za_id(rng, dob):
    body = f"{dob.year % 100:02d}{dob.month:02d}{dob.day:02d}{_digits(rng, 4)}{rng.choice('01')}8"
    return body + _luhn_digit(body)


def dk_cpr(rng, dob):
    return f"{dob.day:02d}{dob.month:02d}{dob.year % 100:02d}" + rng.choice(["-", "-", ""]) + _digits(rng, 4)


def personnummer(rng, dob, long=False):
    """Swedish personnummer YYMMDD-NNNC (Luhn over the nine digits), "19570312-1234" when LONG."""
    body = f"{dob.year % 100:02d}{dob.month:02d}{dob.day:02d}{_digits(rng, 3)}"
    n = body + _luhn_digit(body)
    return (str(dob.year)[:2] if long else "") + f"{n[:6]}-{n[6:]}"


def hetu(rng, dob):
    """Finnish henkilötunnus DDMMYY, century sign, NNN, check character (mod 31)."""
    sign = "+" if dob.year < 1900 else "-" if dob.year < 2000 else "A"
    nnn = f"{rng.randint(2, 899):03d}"
    base = f"{dob.day:02d}{dob.month:02d}{dob.year % 100:02d}"
    return base + sign + nnn + "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(base + nnn) % 31]


def rodne_cislo(rng, dob, sex):
    """Czech birth number YYMMDD/SSSC (month + 50 for women), the ten digits divisible by 11."""
    body = f"{dob.year % 100:02d}{dob.month + (50 if sex == 'F' else 0):02d}{dob.day:02d}{_digits(rng, 3)}"
    return f"{body[:6]}/{body[6:]}{int(body) % 11 % 10}"


def chinese_id(world, rng, dob, sex):
    """18-character resident id: area code (Faker's zh_CN list), birth date, serial, sex digit, check."""
    p = [q for q in world.fk("zh_CN").providers if type(q).__module__ == "faker.providers.ssn.zh_CN"][0]
    body = rng.choice(p.area_codes) + dob.strftime("%Y%m%d") + _digits(rng, 2) + \
        rng.choice("13579" if sex == "M" else "02468")
    return body + str((1 - 2 * int(body, 13)) % 11).replace("10", "X")


def curp(rng, dob, sex, first, last):
    """Mexican CURP with Faker's es_MX tables and check digit, from the persona's names and birth date."""
    from faker.providers.ssn import es_MX as mx
    up = lambda s: "".join(c for c in s.upper() if c in mx.ALPHABET) or "X"
    l, f = up(last), up(first)
    vowel = next((c for c in l[1:] if c in mx.VOWELS), "X")
    initials = l[0] + vowel + rng.choice(mx.ALPHABET) + f[0]
    initials = mx.FORBIDDEN_WORDS.get(initials, initials)
    body = (initials + dob.strftime("%y%m%d") + ("M" if sex == "F" else "H") + rng.choice(mx.STATES_RENAPO)
            + "".join(rng.choice(mx.CONSONANTS) for _ in range(3)) + ("0" if dob.year < 2000 else "A"))
    return body + str(mx.curp_checksum(body))


# Faker's ssn providers whose result does not depend on today's date (those that do are built above or
# get the persona's birth date): personnummer, hetu, birth numbers and Chinese ids use date.today()
FAKER_SSN = {"AT", "CH", "FR", "BE", "NL", "IT", "GR", "RO", "HU", "HR", "BG", "TR", "IL", "TW", "KR", "TH",
             "PH", "CA", "DZ"}


def national_id(world, cc, rng, dob, sex="F", names=("A", "B")):
    """The country's national identity number (i2b2 SSN), consistent with the birth date DOB where the
    number encodes one.  Never depends on today's date (Faker's age-based providers are not used)."""
    from .world import COUNTRIES
    conf = COUNTRIES[cc]
    loc = conf["addr"] if cc not in ("BE", "CH", "DZ") else {"BE": "nl_BE", "CH": "de_CH", "DZ": "fr_DZ"}[cc]
    f = world.fk(loc) if loc else None
    dob = dob if dob.year >= 1900 else dob.replace(year=1900 + dob.year % 100)
    if cc == "SE":
        return personnummer(rng, dob, long=rng.random() < 0.4)
    if cc == "FI":
        return hetu(rng, dob)
    if cc == "CZ":
        return rodne_cislo(rng, dob, sex)
    if cc == "CN":
        return chinese_id(world, rng, dob, sex)
    if cc == "MX":
        return curp(rng, dob, sex, names[0], names[1])
    if cc == "NO":
        n = f.ssn(dob=dob.strftime("%Y%m%d"), gender=sex)
        return f"{n[:6]} {n[6:]}" if rng.random() < 0.4 else n
    if cc == "AT":
        return f.ssn(birthdate=dob)
    if cc == "PL":
        import datetime
        return world.fk("pl_PL").pesel(date_of_birth=datetime.datetime(dob.year, dob.month, dob.day), sex=sex)
    if cc == "UA":
        return f.ssn(birthday=dob.strftime("%d-%m-%Y"), gender=sex)
    if cc == "FR":
        n = f.ssn()
        return n if rng.random() < 0.5 else f"{n[0]} {n[1:3]} {n[3:5]} {n[5:7]} {n[7:10]} {n[10:13]} {n[13:]}"
    if cc == "BE":
        n = f.ssn()
        return n if rng.random() < 0.5 else f"{n[:2]}.{n[2:4]}.{n[4:6]}-{n[6:9]}.{n[9:]}"
    if cc in FAKER_SSN and f is not None:
        return f.ssn()
    if cc == "GB":
        return nhs_number(rng) if rng.random() < 0.7 else world.fk("en_GB").ssn()
    if cc == "DE":
        return world.fk("de_DE").rvnr(birthdate=dob)
    if cc == "DK":
        return dk_cpr(rng, dob)
    if cc == "IE":
        return ppsn(rng)
    if cc == "ES":
        fe = world.fk("es_ES")
        return rng.choice([fe.nif, fe.nif, fe.nie, fe.nuss])()
    if cc == "PT":
        return world.fk("pt_PT").vat_id()[2:] if rng.random() < 0.5 else _digits(rng, 9)
    if cc == "RU":
        return snils(rng)
    if cc == "IN":
        a = world.fk("en_IN").aadhaar_id()
        return f"{a[:4]} {a[4:8]} {a[8:]}" if rng.random() < 0.6 else a
    if cc == "JP":
        n = _digits(rng, 12)
        return f"{n[:4]} {n[4:8]} {n[8:]}" if rng.random() < 0.5 else n
    if cc == "BR":
        return world.fk("pt_BR").cpf()
    if cc == "ZA":
        return za_id(rng, dob)
    if cc == "AR":
        n = f"{rng.randint(10, 45)}{_digits(rng, 6)}"
        return f"{n[:2]}.{n[2:5]}.{n[5:]}" if rng.random() < 0.6 else n
    if cc == "PK":
        return f"{_digits(rng, 5)}-{_digits(rng, 7)}-{rng.randint(1, 9)}"
    if cc == "AE":
        return f"784-{dob.year}-{_digits(rng, 7)}-{rng.randint(0, 9)}"
    if cc == "SA":
        return rng.choice("12") + _digits(rng, 9)
    if cc == "EG":
        return f"{2 if dob.year < 2000 else 3}{dob.year % 100:02d}{dob.month:02d}{dob.day:02d}{_digits(rng, 7)}"
    if cc == "NZ":
        return "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ") for _ in range(3)) + _digits(rng, 4)
    if cc == "AU":
        n = _digits(rng, 9)
        return f"{n[:3]} {n[3:6]} {n[6:]}"
    if cc == "VN":
        return "0" + _digits(rng, 11)
    if cc == "ID":
        return _digits(rng, 16)
    if cc == "CO":
        return f"{rng.randint(1, 99)}.{_digits(rng, 3)}.{_digits(rng, 3)}" if rng.random() < 0.5 else _digits(rng, 10)
    return _digits(rng, rng.choice([8, 9, 10, 11]))  # NG NIN, KE ID, ...


def healthplan_id(world, cc, rng, dob, sex="F"):
    if cc == "DE":
        return world.fk("de_DE").kvnr()[:10]
    if cc == "AU":
        n = str(rng.randint(2, 6)) + _digits(rng, 9)
        return f"{n[:4]} {n[4:9]} {n[9]}"
    if cc == "CA":
        return f"{_digits(rng, 4)}-{_digits(rng, 3)}-{_digits(rng, 3)}-" + "".join(rng.choice("ABCDEFGHJKLMNPRSTVWXYZ") for _ in range(2))
    if cc == "FR":  # the carte Vitale carries the NIR
        return national_id(world, cc, rng, dob, sex)
    return rng.choice([_digits(rng, 10), "80" + _digits(rng, 18), _digits(rng, 3) + " " + _digits(rng, 3) + " " + _digits(rng, 3)])


MANUFACTURERS = [
    (30, "{cc}-PFIZER INC-{y}{n6}"), (10, "{cc}-MODERNATX, INC.-MOD-{y}-{n6}"), (6, "{cc}-JNJFOC-{y}{n8}"),
    (8, "{cc}-ASTRAZENECA-{y}A{n6}"), (4, "{cc}-GLAXOSMITHKLINE-{cc}{y}EME{n6}"), (3, "{cc}-SANOFI PASTEUR-{n6}"),
    (3, "{cc}-BAYER-{y}-{n6}"), (3, "{cc}-NOVARTISPH-NVSC{y}{cc}{n6}"), (3, "{cc}-ROCHE-{n7}"),
]
REGULATOR_FORMS = {
    "GB": ["GB-MHRA-ADR {n8}", "GB-MHRA-WEBCOVID-{y}{n8}", "GB-MHRA-EYC {n8}", "GB-MHRA-{y}-{n6}"],
    "SE": ["SE-MPA-{y}-{n6}", "SE-MPA-{n13}"], "DE": ["DE-PEI-{y}-{n6}", "DE-PEI-PEI{y}{n6}", "DE-BFARM-{n8}"],
    "FR": ["FR-ANSM-{cc2}{y}{n6}", "FR-AFSSAPS-{cc2}{y}{n4}"], "NL": ["NL-LRB-{n8}"],
    "IT": ["IT-MINISAL02-{n6}", "IT-AIFA-{y}-{n6}"], "BE": ["BE-FAMHP-DHH-N{y}-{n6}"],
    "NO": ["NO-NOMAADVRE-FHI-{y}-U{n6}"], "DK": ["DK-DKMA-WBS-{n7}", "DK-DKMA-ADR {n8}"],
    "AT": ["AT-BASGAGES-{y}-{n5}"], "IE": ["IE-HPRA-{y}-{n6}"],
}
CASE_LABELS = {
    "en": ["Case ID", "Case no.", "Report no.", "Ref.", "Worldwide case ID", "Reference number", "Our ref"],
    "de": ["Fallnummer", "Fall-Nr.", "Meldungsnr.", "Aktenzeichen", "Az."], "fr": ["N° de cas", "Réf.", "N° de déclaration"],
    "es": ["Nº de caso", "Ref.", "Notificación nº"], "it": ["Caso n.", "Segnalazione n.", "Rif."],
    "pt": ["Caso n.º", "Notificação nº"], "nl": ["Meldingsnummer", "Kenmerk"], "sv": ["Ärendenr", "Dnr"],
    "no": ["Saksnr."], "da": ["Sagsnr."], "fi": ["Tapausnumero"], "pl": ["Nr zgłoszenia", "Sygn."],
    "cs": ["Č. hlášení"], "ru": ["№ сообщения"], "ja": ["症例番号"], "zh": ["病例编号"], "ko": ["보고번호"],
}


def case_id(cc, rng, lang, year=None):
    """(Frag) a worldwide or local case id after its label; the label is never tagged."""
    y = year or rng.choice([2019, 2020, 2021, 2021, 2021, 2022])
    subs = dict(cc=cc, y=y, n4=_digits(rng, 4), n5=_digits(rng, 5), n6=_digits(rng, 6), n7=_digits(rng, 7),
                n8=_digits(rng, 8), n13=_digits(rng, 13), cc2=rng.choice(["PA", "LY", "BX", "RN", "NC", "TO"]))
    k = rng.random()
    if k < 0.4:
        reg = rng.choice(REGULATORS.get(cc, ["MOH"]))
        forms = REGULATOR_FORMS.get(cc, [f"{cc}-{reg}-{{y}}-{{n6}}", f"{cc}-{reg}-{{n8}}", f"{cc}-{reg}-{{y}}{{n6}}"])
        text = rng.choice(forms).format(**subs)
    elif k < 0.75:
        total = sum(w for w, _ in MANUFACTURERS)
        x = rng.random() * total
        text = MANUFACTURERS[-1][1]
        for w, t in MANUFACTURERS:
            x -= w
            if x < 0:
                text = t
                break
        text = text.format(**subs)
    else:
        label = rng.choice(CASE_LABELS.get(lang, []) + CASE_LABELS["en"])
        num = rng.choice([f"{y}-{subs['n6']}", subs["n8"], f"{y}/{subs['n5']}", f"{cc}{y}{subs['n6']}",
                          f"{subs['n4']}-{subs['n4'][::-1]}"])
        return Frag(label + rng.choice([": ", " ", " "])).phi(num, "IDNUM")
    if rng.random() < 0.3:
        return Frag(rng.choice(["Worldwide case ID: ", "WWID ", "Case ", "Report "])).phi(text, "IDNUM")
    return Frag().phi(text, "IDNUM")


def mrn_value(rng, cc):
    return rng.choice([_digits(rng, 8), _digits(rng, 7), "00" + _digits(rng, 6), f"{rng.randint(1, 9)}{_digits(rng, 9)}",
                       f"{_digits(rng, 2)}-{_digits(rng, 6)}", f"{cc}{_digits(rng, 7)}",
                       f"{_digits(rng, 3)} {_digits(rng, 3)} {_digits(rng, 4)}"])
