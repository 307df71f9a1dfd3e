//! The word lists of the local-language rule: the six languages' ordinary words
//! (`lexicons/context/common_words_world.txt`) and German nouns (`lexicons/context/nouns_de.txt`),
//! German's marker words and titles, verbs of residence, the kinds of institutions that head a
//! name, world legal forms, the sex after an age and the one-letter words. Separate from
//! `local_language` (mod.rs), which counts a narrative's language and decides what to release;
//! these are data it reads.

use rustc_hash::FxHashSet;
use std::sync::LazyLock;

/// The words of a generated word list (one per line, `#` comments).
fn word_set(list: &'static str) -> FxHashSet<&'static str> {
    list.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

pub(super) static COMMON: LazyLock<FxHashSet<&'static str>> = LazyLock::new(|| {
    word_set(include_str!(
        "../../../../../lexicons/context/common_words_world.txt"
    ))
});

pub(super) static GERMAN_NOUNS: LazyLock<FxHashSet<&'static str>> =
    LazyLock::new(|| word_set(include_str!("../../../../../lexicons/context/nouns_de.txt")));

/// Words only German writes among the six languages, folded: a narrative with enough of them is
/// German, where capitals mark nouns, not names.
pub(super) const GERMAN_MARKERS: &[&str] = &[
    "und", "nicht", "wurde", "wurden", "wird", "ist", "hatte", "hat", "sich", "nach", "bei", "dem",
    "des", "einer", "eine", "keine", "auch", "oder", "seit", "uber", "unter", "zum", "zur", "vom",
    "beim", "ohne", "sowie", "wegen",
];

/// German markers a narrative needs to be read as German.
pub(super) const MIN_GERMAN_MARKERS: usize = 4;

/// Titles before a German name ("Herr Huber", "Fr. Dr. Weber"), folded.
pub(super) const GERMAN_TITLES: &[&str] = &[
    "herr",
    "herrn",
    "frau",
    "hr",
    "fr",
    "dr",
    "prof",
    "dipl",
    "mag",
    "ing",
    "med",
    "schwester",
    "pfleger",
];

/// Verbs of residence of the six languages, folded: "vive en", "habite à", "wohnt in", "woont
/// in", "mora em", "abita a", "reside en", "risiede a".
pub(super) const RESIDENCE_VERBS: &[&str] = &[
    "vive",
    "vivia",
    "reside",
    "residia",
    "habita",
    "habite",
    "habitait",
    "demeure",
    "wohnt",
    "woont",
    "mora",
    "morava",
    "abita",
    "risiede",
    "domiciliado",
    "domiciliada",
    // the first person and the plural ("vivo en privada de los jazmines", "wij wonen ...")
    "vivo",
    "vivimos",
    "viven",
    "habito",
    "habitons",
    "moro",
    "moramos",
    "wohne",
    "wohnen",
    "woon",
    "wonen",
    "abito",
    "abitiamo",
];

/// The kinds of schools, employers and shops of the six languages, folded, that head a name
/// ("escuela n.º 47 de pocitos", "azienda usl", "usine renault"): where capitals say nothing, such
/// a word and the words next to it keep their decision (the facility heads too).
pub(super) const INSTITUTIONS: &[&str] = &[
    "escuela",
    "scuola",
    "ecole",
    "universidad",
    "universita",
    "universite",
    "universidade",
    "universiteit",
    "liceo",
    "lycee",
    "college",
    "instituto",
    "istituto",
    "azienda",
    "empresa",
    "entreprise",
    "firma",
    "fabrica",
    "usine",
    "fabriek",
    "bedrijf",
    "unternehmen",
    "ufficio",
    "oficina",
    "bureau",
    "banco",
    "banque",
    "hotel",
    "restaurante",
    "restaurant",
    "ristorante",
    "supermercado",
    "supermarche",
    "supermercato",
    "tienda",
    "negozio",
    "magasin",
    "loja",
    "winkel",
    "laden",
    "taller",
    "officina",
    "atelier",
    "cooperativa",
    "mutualista",
    "mutuelle",
    "asociacion",
    "associazione",
    "association",
    "associacao",
    "vereniging",
    "verein",
    "ministerio",
    "ministero",
    "ministere",
    "ayuntamiento",
    "comune",
    "mairie",
    "prefeitura",
    "gemeinde",
    "gemeente",
    "parroquia",
    "parrocchia",
    "paroisse",
    "residencia",
    "residenza",
    "posto",
    "poste",
    // ("puesto de salud", "posto de saúde", "poste de santé": health posts)
    "salud",
    "saude",
    "sante",
    "servizio",
    "servicio",
    // (Portuguese "serviço": "SERVICO NACIONAL DE AMBULANCIAS")
    "servico",
    // (a neighbourhood's, a park's or a French cooperative's kind before its name: "QUARTIER
    // SALAMANIDA", "bairro Riboque", "parc national des Monts-Valin", "la coopérative pastorale
    // El Vath")
    "quartier",
    "bairro",
    "barrio",
    "parc",
    "parque",
    "cooperative",
    "dispensario",
    "consultorio",
    "farmacia",
    "salon",
    "kapsalon",
    "peluqueria",
    "cafe",
    "bar",
    "panaderia",
    "boulangerie",
    "bakkerij",
    "garage",
    "transport",
    "transporte",
    "transports",
    "trasporti",
];

/// Legal forms after a company's name in the six languages and their neighbours, folded
/// ("Confecções Ribeirinha Lda", "Trasporti Rossi S.r.l.", "Bouwbedrijf de Vries B.V."): the words
/// before one are its name. (Not "sa", "as", "ab", "ag": ordinary words there.)
pub(super) const WORLD_LEGAL_FORMS: &[&str] = &[
    "lda", "ltda", "srl", "spa", "sarl", "sas", "gmbh", "bv", "nv", "kg", "oy", "sl", "slu", "cia",
    "eireli",
];

/// A person's sex as the world's demographics write it, folded: after an age ("47 yo m", "58
/// años, femenina" is the word itself; `local_language`) and before a count of days, a newborn's
/// age ("esther, m, 9 jours"; `usage`).
pub(in crate::rules) const SEX_WORDS: &[&str] = &[
    "m",
    "f",
    "h",
    "male",
    "female",
    "masc",
    "fem",
    "masculino",
    "masculina",
    "femenino",
    "femenina",
    "feminino",
    "masculin",
    "feminin",
    "feminine",
    "maschio",
    "femmina",
    "mannlich",
    "weiblich",
    "man",
    "vrouw",
    "homme",
    "femme",
    "garcon",
    "fille",
    "nino",
    "nina",
    "varon",
    "mujer",
    "menino",
    "menina",
];

/// The one-letter words of the six languages, folded ("y", "o", "e", "à", "i"): in an ALL CAPS or
/// lower-case narrative other letters alone are English shorthand as often ("c/o", "n/v", "h/a",
/// the 1990s reports) and say nothing of the language.
pub(super) const LETTER_WORDS: &[&str] = &["y", "o", "e", "i", "u"];
