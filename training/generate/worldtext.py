"""Words around the world's PHI: titles, facility patterns, field labels, holidays, hard negatives.

These are the only hand-written tables of the world generator, and none of them holds PHI values:
they are the institutional words a name or place is embedded in ("Klinikum {city}", "CHU de
{city}", "Praxis Dr. {last}"), the titles kept outside NAME spans ("Herr", "Mme", "Dott.ssa",
"MUDr."), the field labels that stay untagged ("Geb.", "Tél.", "Personnummer") and the untagged
hard negatives of the guidelines (times of day, regulators, manufacturers, eponyms, lot numbers).
Names, streets, cities, postcodes, phone numbers and dates all come from Faker, phonenumbers and
babel (world.py, worlddates.py).
"""

from .frag import Frag

PATIENT_TITLES = {
    "en": (["Mrs", "Ms", "Mrs.", "Ms.", "Miss"], ["Mr", "Mr."]), "de": (["Frau", "Fr."], ["Herr", "Hr."]),
    "fr": (["Mme", "Madame", "Mlle"], ["M.", "Monsieur"]), "es": (["Sra.", "Doña"], ["Sr.", "Don"]),
    "it": (["Sig.ra", "Signora"], ["Sig.", "Signor"]), "pt": (["Sra.", "D."], ["Sr."]),
    "nl": (["mevr.", "Mevrouw"], ["dhr.", "De heer"]), "pl": (["Pani"], ["Pan"]), "cs": (["paní"], ["pan"]),
    "ru": (["г-жа"], ["г-н"]), "el": (["κα"], ["κ."]), "tr": (["Bayan"], ["Bay"]), "ro": (["dna"], ["dl."]),
}
DOCTOR_TITLES = {
    "en": ["Dr.", "Dr", "Dr.", "Doctor", "Prof."], "de": ["Dr.", "Dr. med.", "Prof. Dr.", "OA Dr.", "Frau Dr.", "Herr Dr."],
    "fr": ["Dr", "Dr.", "Docteur", "Pr"], "es": ["Dr.", "Dra.", "Dr."], "it": ["Dott.", "Dott.ssa", "Dr.", "Prof."],
    "pt": ["Dr.", "Dra.", "Dr."], "nl": ["dr.", "Dr.", "dokter"], "sv": ["Dr.", "doktor", "läkare"],
    "no": ["Dr.", "lege"], "da": ["Dr.", "læge"], "fi": ["Dr.", "LL", "lääkäri"], "pl": ["dr", "lek.", "dr n. med."],
    "cs": ["MUDr.", "MUDr.", "Dr."], "el": ["Δρ.", "Dr."], "ru": ["Dr.", "д-р", "врач"], "uk": ["Dr.", "лікар"],
    "tr": ["Dr.", "Uzm. Dr.", "Prof. Dr."], "ro": ["Dr."], "hu": ["Dr."], "hr": ["dr.", "Dr."], "bg": ["д-р", "Dr."],
    "he": ['ד"ר', "Dr."], "ar": ["Dr.", "د."], "id": ["dr.", "Dr."], "vi": ["BS.", "Dr."], "th": ["นพ.", "Dr."],
}
CREDENTIALS = ["MD", "MBBS", "FRCP", "GP", "PhD"]

HOSPITALS = {
    "en": ["{city} General Hospital", "Royal {city} Hospital", "{city} University Hospital", "St {saint}'s Hospital",
           "{city} District Hospital", "{city} Regional Hospital", "{last} Memorial Hospital", "{city} Infirmary"],
    "de": ["Klinikum {city}", "Universitätsklinikum {city}", "Krankenhaus {city}", "St.-{saint}-Hospital",
           "Kreisklinik {city}", "Städtisches Klinikum {city}", "Landeskrankenhaus {city}", "Kantonsspital {city}"],
    "fr": ["CHU de {city}", "Centre hospitalier de {city}", "Hôpital {saint}", "Clinique {saint}", "CH {city}",
           "Hôpital privé de {city}"],
    "es": ["Hospital Universitario de {city}", "Hospital General de {city}", "Hospital {saint}",
           "Complejo Hospitalario de {city}", "Clínica {saint}", "Hospital Comarcal de {city}"],
    "it": ["Ospedale di {city}", "Ospedale San {saint}", "Policlinico di {city}", "Azienda Ospedaliera di {city}",
           "Presidio Ospedaliero di {city}", "ASST {city}"],
    "pt": ["Hospital de {city}", "Centro Hospitalar de {city}", "Hospital Santa {saint}", "Hospital Municipal de {city}",
           "Santa Casa de {city}"],
    "nl": ["Ziekenhuis {city}", "UMC {city}", "{saint} Ziekenhuis", "Medisch Centrum {city}", "AZ {saint}"],
    "sv": ["{city} sjukhus", "Universitetssjukhuset i {city}", "Länssjukhuset {city}", "Sjukhuset i {city}"],
    "no": ["{city} sykehus", "Sykehuset i {city}", "Universitetssykehuset {city}"],
    "da": ["{city} Sygehus", "Hospitalsenheden {city}", "Regionshospitalet {city}"],
    "fi": ["{city} terveyskeskus", "Keskussairaala {city}", "{city} aluesairaala"],
    "pl": ["Szpital Miejski {city}", "Szpital Wojewódzki {city}", "SP ZOZ {city}", "Szpital św. {saint}"],
    "cs": ["Nemocnice {city}", "Fakultní nemocnice {city}", "Krajská nemocnice {city}"],
    "el": ["Γενικό Νοσοκομείο {city}", "Νοσοκομείο {city}"], "ro": ["Spitalul Județean {city}", "Spitalul Municipal {city}"],
    "hu": ["{city} Kórház", "{city} Megyei Kórház"], "hr": ["Opća bolnica {city}", "KBC {city}"],
    "bg": ["УМБАЛ {city}", "МБАЛ {city}"], "tr": ["{city} Devlet Hastanesi", "{city} Eğitim ve Araştırma Hastanesi"],
    "ru": ["Городская больница № {n}", "ГКБ № {n}", "Поликлиника № {n}", "ЦРБ {city}"],
    "uk": ["Міська лікарня № {n}", "Обласна лікарня {city}"], "he": ["מרכז רפואי {city}", "בית חולים {city}"],
    "ar": ["مستشفى {city}", "{city} Hospital", "King {last} Hospital"], "ja": ["{city}総合病院", "{city}市民病院", "{city}医療センター"],
    "zh": ["{city}人民医院", "{city}第一人民医院", "{city}中心医院"], "ko": ["{city} 병원", "{city}대학교병원"],
    "id": ["RSUD {city}", "Rumah Sakit {saint}", "RS {city}"], "vi": ["Bệnh viện {city}", "Bệnh viện Đa khoa {city}"],
    "th": ["โรงพยาบาล{city}", "{city} Hospital"],
}
CLINICS = {
    "en": ["{last} Surgery", "{city} Medical Centre", "{city} Health Centre", "{last} Medical Practice", "{city} Polyclinic"],
    "de": ["Praxis Dr. {last}", "Hausarztpraxis {last}", "MVZ {city}", "Gemeinschaftspraxis {last}"],
    "fr": ["Cabinet médical {last}", "Maison de santé de {city}", "Centre médical {saint}"],
    "es": ["Centro de Salud {city}", "CAP {city}", "Consultorio {last}"], "it": ["Studio medico {last}", "Poliambulatorio {city}"],
    "pt": ["Centro de Saúde de {city}", "USF {city}", "Clínica {last}"], "nl": ["Huisartsenpraktijk {last}", "Gezondheidscentrum {city}"],
    "sv": ["Vårdcentralen {city}", "Husläkarmottagningen {city}"], "no": ["{city} legesenter", "Legevakten i {city}"],
    "da": ["Lægehuset {city}"], "fi": ["{city} terveysasema"], "pl": ["Przychodnia {last}", "NZOZ {city}"],
    "cs": ["Poliklinika {city}"], "ja": ["{last}クリニック", "{city}診療所"], "zh": ["{city}社区卫生服务中心"], "ko": ["{city} 의원"],
}
PHARMACIES = {
    "en": ["Boots", "Lloyds Pharmacy", "{city} Pharmacy", "{last}'s Chemist", "Well Pharmacy"],
    "de": ["{saint}-Apotheke", "Apotheke am Markt", "Löwen-Apotheke", "Stadt-Apotheke {city}", "Adler-Apotheke"],
    "fr": ["Pharmacie du Centre", "Pharmacie {last}", "Pharmacie de la Gare"], "es": ["Farmacia {last}", "Farmacia {saint}"],
    "it": ["Farmacia {last}", "Farmacia Comunale {city}"], "pt": ["Farmácia {last}", "Farmácia Central"],
    "nl": ["Apotheek {last}", "Apotheek {city}"], "sv": ["Apoteket {saint}", "Apotek Hjärtat {city}"],
    "no": ["Vitusapotek {city}", "Apotek 1 {city}"], "da": ["{city} Apotek"], "fi": ["{city} apteekki"],
    "pl": ["Apteka {saint}", "Apteka Centralna"], "cs": ["Lékárna {city}"], "ja": ["{city}薬局"], "zh": ["{city}大药房"],
}
NURSING = {
    "en": ["{city} Care Home", "{last} House Nursing Home", "{saint} Residential Home"],
    "de": ["Seniorenheim {city}", "Pflegeheim {saint}", "Altenheim {city}"], "fr": ["EHPAD {saint}", "EHPAD de {city}"],
    "es": ["Residencia {saint}", "Residencia de mayores {city}"], "it": ["RSA {saint}", "Casa di riposo {city}"],
    "pt": ["Lar {saint}"], "nl": ["Verpleeghuis {saint}", "Zorgcentrum {city}"], "sv": ["{city} äldreboende"],
    "no": ["{city} sykehjem"], "da": ["Plejehjemmet {city}"], "fi": ["{city} palvelukoti"],
}
VAX_SITES = {
    "en": ["{city} Vaccination Centre", "{city} Leisure Centre"], "de": ["Impfzentrum {city}"],
    "fr": ["Centre de vaccination de {city}", "Vaccinodrome de {city}"], "es": ["Vacunódromo de {city}"],
    "it": ["Hub vaccinale {city}"], "nl": ["GGD-vaccinatielocatie {city}"], "sv": ["Vaccinationscentralen {city}"],
}
SAINTS = {"en": ["Mary", "John", "James", "Luke", "Vincent", "Thomas"], "de": ["Josef", "Elisabeth", "Marien", "Vinzenz", "Franziskus"],
          "fr": ["Joseph", "Louis", "Antoine", "Martin"], "es": ["San Juan de Dios", "Virgen del Rocío", "La Paz", "San Pedro"],
          "it": ["Raffaele", "Giovanni", "Camillo", "Martino"], "pt": ["Maria", "Joana", "Luzia"], "nl": ["Antonius", "Franciscus", "Jan"],
          "sv": ["Hjärtat", "Kronan", "Lejonet"], "pl": ["Jadwigi", "Łukasza", "Anny"], "id": ["Carolus", "Elisabeth"]}
UNIVERSITIES = {"en": "University of {city}", "de": "Universität {city}", "fr": "Université de {city}",
                "es": "Universidad de {city}", "it": "Università di {city}", "pt": "Universidade de {city}",
                "nl": "Universiteit {city}", "sv": "{city} universitet", "pl": "Uniwersytet {city}"}

HOLIDAYS = {
    "*": ["Christmas", "Christmas Eve", "New Year's Eve", "New Year's Day", "Easter", "Easter Monday"],
    "en": ["Boxing Day", "Good Friday", "Bank Holiday Monday"], "de": ["Weihnachten", "Heiligabend", "Silvester", "Ostern", "Pfingsten"],
    "fr": ["Noël", "Pâques", "Toussaint", "14 juillet"], "es": ["Navidad", "Nochebuena", "Semana Santa", "Nochevieja"],
    "it": ["Natale", "Pasqua", "Ferragosto", "Capodanno"], "pt": ["Natal", "Páscoa", "Carnaval"], "nl": ["Kerstmis", "Pasen", "Koningsdag"],
    "sv": ["midsommar", "julafton", "nyårsafton"], "no": ["julaften", "påske"], "da": ["juleaften", "påske"], "fi": ["juhannus", "joulu"],
    "pl": ["Boże Narodzenie", "Wigilia", "Wielkanoc"], "ru": ["Новый год", "Рождество"], "zh": ["Chinese New Year", "春节", "Spring Festival"],
    "ja": ["Golden Week", "お正月"], "ko": ["Chuseok", "Seollal", "설날"], "hi": ["Diwali", "Holi"], "ar": ["Ramadan", "Eid al-Fitr", "Eid al-Adha"],
    "he": ["Hanukkah", "Yom Kippur", "Passover"], "th": ["Songkran"], "vi": ["Tết"], "id": ["Lebaran", "Idul Fitri"], "tr": ["Kurban Bayramı"],
}

# field labels per language: name, date of birth, phone, address, e-mail, reporter
LABELS = {
    "en": (["Patient", "Name", "Pt"], ["DOB", "D.O.B.", "Date of birth", "born"], ["Tel", "Tel.", "Phone", "Mob", "Mobile"],
           ["Address", "Addr"], ["E-mail", "Email", "e-mail"], ["Reporter", "Reported by", "GP"]),
    "de": (["Patient", "Patientin", "Name"], ["Geb.", "Geb.-Dat.", "geboren am", "Geburtsdatum"], ["Tel.", "Telefon", "Mobil", "Handy"],
           ["Anschrift", "Adresse", "Wohnort"], ["E-Mail", "Mail"], ["Melder", "Meldender Arzt", "Hausarzt"]),
    "fr": (["Patient", "Patiente", "Nom"], ["Né le", "Née le", "Date de naissance", "DDN"], ["Tél.", "Tél", "Portable"],
           ["Adresse", "Domicile"], ["Courriel", "E-mail", "Mél"], ["Déclarant", "Médecin traitant"]),
    "es": (["Paciente", "Nombre"], ["Fecha de nacimiento", "F. nac.", "FN"], ["Tel.", "Teléfono", "Móvil", "Tfno."],
           ["Dirección", "Domicilio"], ["Correo", "E-mail"], ["Notificador", "Médico"]),
    "it": (["Paziente", "Nome"], ["Nato il", "Nata il", "Data di nascita"], ["Tel.", "Cell.", "Telefono"],
           ["Indirizzo", "Residenza"], ["E-mail", "Mail"], ["Segnalatore", "Medico curante"]),
    "pt": (["Doente", "Utente", "Paciente", "Nome"], ["Data de nascimento", "D.N.", "DN"], ["Tel.", "Telemóvel", "Celular"],
           ["Morada", "Endereço"], ["E-mail"], ["Notificador", "Médico"]),
    "nl": (["Patiënt", "Naam"], ["Geb.datum", "Geboortedatum", "geb."], ["Tel.", "Telefoon", "Mob."], ["Adres"], ["E-mail"], ["Melder", "Huisarts"]),
    "sv": (["Patient", "Namn"], ["Född", "Födelsedatum"], ["Tel.", "Telefon", "Mobil"], ["Adress"], ["E-post"], ["Anmälare", "Läkare"]),
    "no": (["Pasient", "Navn"], ["Født", "Fødselsdato"], ["Tlf.", "Mobil"], ["Adresse"], ["E-post"], ["Melder", "Fastlege"]),
    "da": (["Patient", "Navn"], ["Født", "Fødselsdato"], ["Tlf.", "Mobil"], ["Adresse"], ["E-mail"], ["Indberetter", "Læge"]),
    "fi": (["Potilas", "Nimi"], ["Syntynyt", "Syntymäaika"], ["Puh.", "Puhelin"], ["Osoite"], ["Sähköposti"], ["Ilmoittaja"]),
    "pl": (["Pacjent", "Pacjentka", "Imię i nazwisko"], ["Data urodzenia", "ur."], ["Tel.", "tel. kom."], ["Adres"], ["E-mail"], ["Zgłaszający"]),
    "cs": (["Pacient", "Pacientka", "Jméno"], ["Datum narození", "nar."], ["Tel.", "Mobil"], ["Adresa", "Bydliště"], ["E-mail"], ["Oznamovatel"]),
    "el": (["Ασθενής", "Όνομα"], ["Ημ. γέννησης"], ["Τηλ."], ["Διεύθυνση"], ["Email"], ["Αναφέρων"]),
    "ru": (["Пациент", "ФИО"], ["Дата рождения", "Д.р."], ["Тел.", "Моб."], ["Адрес"], ["Эл. почта", "E-mail"], ["Сообщил"]),
    "uk": (["Пацієнт", "ПІБ"], ["Дата народження"], ["Тел."], ["Адреса"], ["Ел. пошта"], ["Повідомив"]),
    "tr": (["Hasta", "Adı Soyadı"], ["Doğum tarihi", "D.T."], ["Tel.", "GSM"], ["Adres"], ["E-posta"], ["Bildiren"]),
    "ja": (["患者", "氏名"], ["生年月日"], ["電話", "TEL"], ["住所"], ["メール"], ["報告者"]),
    "zh": (["患者", "姓名"], ["出生日期"], ["电话", "手机"], ["地址"], ["邮箱"], ["报告人"]),
    "ko": (["환자", "성명"], ["생년월일"], ["전화", "휴대폰"], ["주소"], ["이메일"], ["보고자"]),
    "id": (["Pasien", "Nama"], ["Tgl. lahir", "Tanggal lahir"], ["Telp.", "HP"], ["Alamat"], ["Email"], ["Pelapor"]),
    "vi": (["Bệnh nhân", "Họ tên"], ["Ngày sinh"], ["ĐT", "SĐT"], ["Địa chỉ"], ["Email"], ["Người báo cáo"]),
}

WORLD_NEGATIVES = [
    "Vaccinated at {TIMEW} in the morning; observed until {TIMEW2}.",
    "Onset at {TIMEW}, resolved by {TIMEW2}.",
    "Reported to the {REGULATOR} by {ROLEW}.",
    "The {REGULATOR} and the marketing authorisation holder ({MANUW}) were informed.",
    "{MANUW} vaccine, batch {LOTW}, dose {DOSENUM}.",
    "Batch no. {LOTW}, {DOSENUM} dose(s) given.",
    "Diagnosis of {EPONYMW} was considered.",
    "Differential diagnosis: {EPONYMW}.",
    "{FIELDLABEL}: not provided.",
    "{FIELDLABEL} unknown, {FIELDLABEL2} withheld by reporter.",
    "Source: spontaneous report via the {REGULATOR} Yellow Card scheme.",
    "Temp 38.{D} at {TIMEW}, paracetamol 1 g given.",
]
TIMES = ["07:30", "7:30", "0730", "0230", "830am", "8.30am", "14:45", "22h30", "9 a.m.", "21.00 Uhr", "10h15", "1500 hrs", "06:00", "11:05 pm"]
REGULATOR_NAMES = ["MHRA", "BfArM", "PEI", "Paul-Ehrlich-Institut", "ANSM", "AEMPS", "AIFA", "Lareb", "Swissmedic",
                   "Läkemedelsverket", "Fimea", "EMA", "WHO", "Uppsala Monitoring Centre", "TGA", "Health Canada", "PMDA",
                   "ANVISA", "COFEPRIS", "CDSCO", "HPRA", "SAHPRA", "FDA"]
MANU_NAMES = ["BioNTech", "Pfizer-BioNTech", "AstraZeneca", "Vaxzevria", "Sinovac", "Sinopharm", "Gamaleya", "Sputnik V",
              "Bharat Biotech", "Covaxin", "Covishield", "Serum Institute of India", "Janssen", "Novavax", "CureVac", "Valneva"]
EPONYMS_W = ["Guillain-Barré syndrome", "Guillain-Barre-Syndrom", "syndrome de Guillain-Barré", "Bell's palsy",
             "Kawasaki disease", "Stevens-Johnson syndrome", "Henoch-Schönlein purpura", "Creutzfeldt-Jakob disease",
             "Hashimoto's thyroiditis", "Sjögren's syndrome", "Ménière's disease", "Quincke's oedema", "Parsonage-Turner syndrome"]
FIELD_LABELS = ["MRN", "Tel", "e-mail", "DOB", "Address", "NHS No", "Fax", "Postcode", "Geb.-Dat.", "Tél.", "Personnummer"]
ROLES_W = ["a pharmacist", "the GP", "a hospital physician", "a consumer", "the vaccinating nurse", "a healthcare professional"]


def resolve_extra(key, ctx):
    """Frag for the world template keys (hard negatives, untagged; HPLAN), or None for an unknown key."""
    r, P = ctx.rng, ctx.P
    if key in ("TIMEW", "TIMEW2"):
        return Frag(r.choice(TIMES))
    if key == "REGULATOR":
        return Frag(r.choice(REGULATOR_NAMES))
    if key == "MANUW":
        return Frag(r.choice(MANU_NAMES))
    if key == "LOTW":
        return Frag(r.choice([f"{P.letters(2)}{P.digits(4)}", f"{P.letters(3)}{P.digits(4)}", f"{P.digits(7)} {P.letters(1)}",
                              f"{P.letters(1)}{P.digits(3)}{P.letters(1)}", f"FD{P.digits(4)}"]))
    if key == "DOSENUM":
        return Frag(r.choice(["1", "2", "3", "1 of 2", "2 of 2"]))
    if key == "EPONYMW":
        return Frag(r.choice(EPONYMS_W))
    if key in ("FIELDLABEL", "FIELDLABEL2"):
        return Frag(r.choice(FIELD_LABELS))
    if key == "ROLEW":
        return Frag(r.choice(ROLES_W))
    if key == "D":
        return Frag(str(r.randint(0, 9)))
    if key == "HPLAN":  # the only tagged key here: a health insurance number after its local label
        return Frag().phi(P.healthplan(), "HEALTHPLAN")
    return None
