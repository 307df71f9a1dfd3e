//! Narratives written in another language than English: the ordinary words of that language.
//!
//! The model was trained on English narratives; on a Spanish or French one it masks nearly every
//! word ("presentó", "après", "tratamento"), and the causality evidence goes with them. Where a
//! narrative is written in Spanish, French, Italian, Portuguese, German or Dutch
//! (`lexicons/context/common_words_world.txt`: the frequent words of each that its dictionary
//! lists in lower case, no name, place or occupation), such a word is released when nothing
//! makes it doubtful:
//! - where the narrative uses capitals where they belong (`case_informative`), the word is all
//!   lower case, or capitalised only as a sentence's first word with no capitalised word after it
//!   ("Presentó fiebre", "Antecedentes:"); in an ALL CAPS or lower-case narrative, where a name
//!   looks like any word ("rosa", "blanco"), only a word that no name, place, street or month list
//!   holds and that is no institution's head ("escuela", "azienda", "krankenhaus"), and not next
//!   to such a word or a word a recognizer claimed, across a short particle or a hyphen
//!   ("pescador artesanal", "quarta de cinzas", "fortaleza-ce"); a word of up to three letters
//!   only beside another released word (an acronym looks like a particle: "anp");
//! - no UNSAFE list of places, months or streets and no other rule claims it: only words the
//!   rules called unknown, safe (an English SAFE word no name list claims: "de", "la") or possibly
//!   a name, which among a language's most frequent words means another country's surname
//!   ("los", "dans", "mit"; the list keeps out the given names of these languages: "juan");
//! - no number stands next to it on its line: an address ("entre 12 y 14", "apto 32") or an
//!   identifier keeps its words (a date's number does not count: "reçue le 17 juillet"; nor a
//!   case's code of letters and digits, "notificação BR-ANVISA-2024-71836, recebida", nor, where
//!   capitals mean something, a year after a plain word, "desde 2021"; a particle between a
//!   holiday or a month and its year stays the date's, "la Navidad de 2019");
//! - it does not join capitalised words nor stand before one: a name's or a street's particles
//!   ("María de la Cruz", "Rua de São Bento"), a place's or a facility's kind ("barrio San
//!   Miguel", "la pharmacie du Rond-Point");
//! - it is not in an apposition where an occupation stands: after an age ("34 años,
//!   comerciante") or after a name, in brackets or after its comma ("M. Mbarga (chauffeur de
//!   moto-taxi)", "Ana Fonseca Rizo, ama de casa");
//! - it is no short particle between two words that stay masked ("ama de casa");
//! - it is not hyphened between two words that may be a name's ("Fonds-des-Blancs"), nor after
//!   a hospital's abbreviated head ("hosp. britanico");
//! - it is not in an address after its label or a verb of residence ("domicilio: ...", "vive en
//!   la colonia ...", "woont in de wijk ..."), to the end of its sentence or line;
//! - it is not the name after a person's label and its colon ("DOENTE: FELICIDADE NAMBUNDU",
//!   "PATIENTE : TOUTOU"), up to four words with blanks alone between, nor a street word's
//!   particle before an elided article and the street's name ("rue de l'Alzette");
//! - where capitals say nothing, it is not among the five words after a street's kind of four
//!   letters or more, up to the name's comma ("AVENIDA DAS FORÇAS POPULARES, CASA N.º 77").
//!
//! Which language a narrative is in is counted, not guessed: more of its words are ordinary words
//! of these languages (and no English SAFE word) than half of its English SAFE words; in ALL CAPS
//! or lower case, of single letters only the languages' one-letter words count ("y", "e"; "c/o",
//! "n/v" are English shorthand). An English narrative with capitals where they belong is counted
//! again sentence by sentence (and line by line), so that a header or a quoted sentence in the
//! reporter's language is read in it ("Notificación ..., fecha de recepción ..."); where capitals
//! say nothing, only the whole narrative decides (session 44 counted the sentences of every
//! narrative and lost a HIPAA token on a check set; counted only where capitals guard the names,
//! session 48 lost none on any dev or check set).

use std::borrow::Cow;

use super::cue::RESIDENCE_LABELS;
use super::word_class::{WordClasses, FACILITY_HEAD};
use super::{is_recent_year, usage, Reason, TokenRule};
use crate::definitions::Feature;
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;

mod words;
pub(super) use words::SEX_WORDS;
use words::*;

/// Fewer words of the other language than this say nothing about the narrative's language.
const MIN_LOCAL_WORDS: usize = 5;

/// Whether the folded word is an ordinary word of one of the languages.
fn is_common_world_word(folded: &str) -> bool {
    COMMON.contains(folded)
}

/// Whether the narrative is written in one of the languages: its words that only they know
/// outnumber half of its English SAFE words.
fn written_in_another_language(
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
    caseless: bool,
) -> bool {
    let (mut english, mut local) = (0usize, 0usize);
    for (f, w) in flags.iter().zip(folded) {
        if !w.starts_with(|c: char| c.is_alphabetic()) {
            continue;
        }
        if f & flag::SAFE != 0 {
            english += 1;
        } else if (!caseless || w.chars().nth(1).is_some() || LETTER_WORDS.contains(&w.as_ref()))
            && is_common_world_word(w)
        {
            local += 1;
        }
    }
    local >= MIN_LOCAL_WORDS && local * 2 > english
}

/// In a narrative with capitals where they belong, the sentences and lines written in one of the
/// languages (a report's header in the reporter's language inside an English report:
/// "Notificación ..., fecha de recepción 15/03/2021."), by the narrative's own count on each.
fn sentences_in_another_language(
    doc: &Tokenized,
    rules: &[TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) -> Vec<bool> {
    let n = doc.len();
    let mut scope = vec![false; n];
    let mut start = 0;
    for i in 1..=n {
        let ends = i == n
            || rules[i].features.has(Feature::IsSentenceBeginning)
            || doc.gap_before(i).contains('\n');
        if ends {
            if written_in_another_language(&flags[start..i], &folded[start..i], false) {
                scope[start..i].fill(true);
            }
            start = i;
        }
    }
    scope
}

/// Whether the rules' decision leaves a word to this rule: unknown, safe, or only possibly a name
/// ("los", "dans", "mit" are surnames of other countries; a month, a place or a street keeps its
/// decision).
/// A word of lower-case letters only.
fn is_lower_word(w: &str) -> bool {
    w.chars().all(char::is_lowercase)
}

fn claimable(reason: Reason) -> bool {
    match reason {
        Reason::Unknown | Reason::Safe => true,
        Reason::Unsafe(feature) => feature == Feature::IsPossiblyName.name(),
        _ => false,
    }
}

/// A person's labels in a report's languages, folded, before the name and its colon.
const PERSON_LABELS: &[&str] = &[
    "doente", "paciente", "patient", "patiente", "paziente", "pacient", "pacjent", "pasien",
    "pasient", "utente", "nome", "nom", "name", "nombre", "naam",
];

/// Releases the ordinary words of the narrative's language (see the module's documentation).
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
    class: &WordClasses,
) {
    // in ALL CAPS or lower case a name looks like any word: only words no name, place or street
    // list holds are candidates there, and a word the rules mark for such a list stands where a
    // capitalised word would
    let caseless = !doc.case_informative;
    let n = doc.len();
    let scope = if written_in_another_language(flags, folded, caseless) {
        vec![true; n]
    } else if caseless {
        return;
    } else {
        sentences_in_another_language(doc, rules, flags, folded)
    };
    if !scope.contains(&true) {
        return;
    }
    let institution =
        |k: usize| INSTITUTIONS.contains(&folded[k].as_ref()) || class.on(k, FACILITY_HEAD);
    let has_digit = |k: usize| doc.token_text(k).bytes().any(|b| b.is_ascii_digit());
    // (a date's number says nothing of an address: "reçue le 17 juillet", "à partir du 8 mars";
    // but a weekday's or a month's word beside it is the date's: "19/06/2024 (quarta-feira)")
    // (nor a case's code of letters and digits glued by hyphens, "notificación ES-AEMPS-24-118372,
    // recibida el", nor a date written with its year, "desde 10/10/2024", "desde 2021": words
    // beside them are a report's, not an address's; `number_next` says which side each excuses)
    let code_or_dated = |k: usize| {
        let glued = |gap: &str| matches!(gap, "-" | "/" | ".");
        let mut first = k;
        while first > 0 && glued(doc.gap_before(first)) {
            first -= 1;
        }
        let mut last = k;
        while last + 1 < n && glued(doc.gap_after(last)) {
            last += 1;
        }
        let lettered = (first..=last).any(|m| doc.token_text(m).chars().any(char::is_alphabetic));
        (lettered && last - first >= 2) || (first..=last).any(|m| is_recent_year(doc.token_text(m)))
    };
    // (a year excuses only the word before it, after a word that is no name's: where capitals
    // mean something, "toma omeprazol desde 2021"; not "desde o Natal de 2021", a holiday that
    // is a town too, nor anything where capitals say nothing)
    let year_after_plain_word = |i: usize| {
        doc.case_informative
            && i > 0
            && !doc.token_text(i - 1).starts_with(char::is_uppercase)
            && !doc.gap_before(i).contains('\n')
    };
    let number_next = |i: usize| {
        let date_flags = flag::WEEKDAY | flag::MONTH | flag::HOLIDAY;
        let date_word = flags[i] & date_flags != 0;
        // (a particle between a holiday or a month and a year is the date's: "Natal de 2021",
        // "la Navidad de 2019")
        let in_a_date = (i > 0 && flags[i - 1] & date_flags != 0)
            || (i + 1 < n && flags[i + 1] & date_flags != 0);
        let number = |k: usize, excused: bool| {
            has_digit(k)
                && (date_word
                    || (rules[k].reason != Reason::Pattern(PhiType::Date)
                        && (in_a_date || !excused || !code_or_dated(k))))
        };
        // (a case's code excuses the words on both sides; a year only the plain word before it)
        let lettered_code = |k: usize| {
            let t = doc.token_text(k);
            !t.bytes().all(|b| b.is_ascii_digit()) || doc.gap_before(k).contains('-')
        };
        (i > 0 && number(i - 1, lettered_code(i - 1)) && !doc.gap_before(i).contains('\n'))
            || (i + 1 < n
                && number(i + 1, lettered_code(i + 1) || year_after_plain_word(i))
                && !doc.gap_after(i).contains('\n'))
    };
    // German capitalises its nouns: there a capitalised noun ("Fieber", "Impfung") is an
    // ordinary word, and only the other capitalised words may be names
    let german = folded
        .iter()
        .filter(|w| GERMAN_MARKERS.contains(&w.as_ref()))
        .count()
        >= MIN_GERMAN_MARKERS;
    let noun = |k: usize| german && GERMAN_NOUNS.contains(folded[k].as_ref());
    let after_title = |k: usize| {
        k > 0
            && GERMAN_TITLES.contains(&folded[k - 1].as_ref())
            && !doc.gap_before(k).contains('\n')
    };
    // a drug ("amoxicilina", "Paracetamol") is no name in any language; the
    // model, reading another language, calls it PHI with the words around it. A capitalised one
    // elsewhere keeps the model's decision: a manufacturer may be the patient's employer
    // ("trabaja en Bayer")
    let drug = |k: usize| rules[k].reason == Reason::Safe && flags[k] & flag::DRUG != 0;
    let capitalised = |k: usize| {
        if caseless {
            // (a function word that a name list holds too, "el", "se", counts: a recognizer's
            // name may hold it, and releasing the word after it cost a HIPAA token on a check
            // set)
            (flags[k] & flag::UNSAFE != 0
                || institution(k)
                || matches!(
                    rules[k].reason,
                    Reason::Pattern(_) | Reason::AfterSalutation
                ))
                && !drug(k)
        } else {
            doc.token_text(k).starts_with(char::is_uppercase) && !noun(k) && !drug(k)
        }
    };
    let plain = |gap: &str| !gap.is_empty() && gap.chars().all(|c| c == ' ' || c == '\u{a0}');
    // whether only spaces stand between the words `a` < `b`
    let joined = |a: usize, b: usize| (a + 1..=b).all(|k| plain(doc.gap_before(k)));
    // a lower-case word between capitalised words, on their line: a name's or a street's
    // particles ("María de la Cruz", "Rua de São Bento", "Clos des Capucines")
    let bridges_capitals = |i: usize| {
        let before = i > 0 && plain(doc.gap_before(i)) && capitalised(i - 1);
        // (an elided article joins too: "Pharmacie de l'Esplanade", "Via dell'Orto")
        let after = (i + 1..(i + 4).min(n))
            .take_while(|&k| {
                plain(doc.gap_before(k)) || matches!(doc.gap_before(k), "'" | "\u{2019}")
            })
            .any(capitalised);
        before && after
    };
    // a lower-case word before a capitalised one, maybe across a short particle, is often its
    // kind or title: "barrio San Miguel", "rua Augusta", "la pharmacie du Rond-Point"
    let short_particle = |k: usize| {
        let t = doc.token_text(k);
        t.chars().count() <= 3 && t.chars().all(char::is_lowercase)
    };
    // (across another institution's word too: "puesto de salud Los Cocos", "posto de saúde Vila
    // Esperança")
    let heads_a_name = |i: usize| {
        let mut k = i + 1;
        while k < n && plain(doc.gap_before(k)) {
            // (an institution reaches further: "au poste de santé de Golf Sud")
            let reach = if institution(i) { i + 4 } else { i + 2 };
            let particle = k <= reach && short_particle(k);
            // (an institution's kind in lower-case words before its name: "na clínica dentária
            // Sorriso do Mondego", "alla scuola media Aleardi")
            let institution_word = k <= reach
                && institution(i)
                && (institution(k) || (!caseless && is_lower_word(doc.token_text(k))));
            if !particle && !institution_word {
                return capitalised(k);
            }
            // (an institution's word that stands where a name would still heads one)
            if institution_word && capitalised(k) {
                return true;
            }
            k += 1;
        }
        false
    };
    // the words of an apposition, where a person's occupation stands: after an age ("34 años,
    // comerciante en ...", "31 ans, commerçante") or in brackets after a name ("M. Etienne
    // Mbarga (chauffeur de moto-taxi)"), up to its comma or bracket
    let mut apposition = vec![false; n];
    for i in 0..n {
        // (the sex may stand between: "47 yo m, motorista de ônibus", "58 años F, ...")
        let age_at = |k: usize| {
            k >= 1
                && (usage::is_age_or_duration_unit(doc.token_text(k))
                    || matches!(folded[k].as_ref(), "yo" | "yr" | "yrs"))
                && doc.token_text(k - 1).bytes().all(|b| b.is_ascii_digit())
        };
        let after_age = i >= 2
            && doc.gap_before(i).trim() == ","
            && (age_at(i - 1)
                || (i >= 3
                    && SEX_WORDS.contains(&folded[i - 1].as_ref())
                    && plain(doc.gap_before(i - 1))
                    && age_at(i - 2)));
        // "M. Etienne Mbarga (chauffeur ...)", "su madre, Ana Fonseca Rizo, ama de casa"
        let after_name = i >= 1
            && matches!(doc.gap_before(i).trim(), "(" | ",")
            && capitalised(i - 1)
            && !rules[i - 1].features.has(Feature::IsSentenceBeginning);
        if after_age || after_name {
            let mut k = i;
            while k < n && k < i + 5 {
                apposition[k] = true;
                if doc.gap_after(k).contains([',', ')', ';', '.', '\n']) {
                    break;
                }
                k += 1;
            }
        }
    }
    // a sentence's or a line's first word in capitals only by position ("Presentó", "Antecedentes:"),
    // with no capitalised word after it ("Rosa Blanco" is a name wherever it stands)
    let sentence_start_word = |i: usize| {
        let w = doc.token_text(i);
        rules[i].features.has(Feature::IsSentenceBeginning)
            && super::features::is_capitalised(w)
            && !(i + 1 < n && plain(doc.gap_after(i)) && capitalised(i + 1))
    };
    // a German noun, capitalised where it stands, not after a title ("Herr Fieber" is a man)
    // nor after another capitalised word that is no noun ("Marie Stein": a given name and its
    // surname)
    let german_noun = |i: usize| {
        noun(i)
            && super::features::is_capitalised(doc.token_text(i))
            && !after_title(i)
            && !(i > 0
                && plain(doc.gap_before(i))
                && capitalised(i - 1)
                && !(rules[i - 1].features.has(Feature::IsSentenceBeginning)
                    && is_common_world_word(&folded[i - 1])))
    };
    // an address after its label or a verb of residence, to the end of its sentence or line:
    // "domicilio: barrio ...", "vive en la colonia ...", "woont in de wijk ..."
    let mut address = vec![false; n];
    let mut open = false;
    for i in 0..n {
        if open {
            address[i] = true;
            // (an abbreviation's period goes on with the address: "col. siete regiones", "av.
            // paulista")
            let abbreviation = doc.token_text(i).chars().count() <= 3
                && doc.gap_after(i).starts_with('.')
                && !doc.gap_after(i).contains('\n');
            if doc.gap_after(i).contains([';', '\n'])
                || (doc.gap_after(i).contains('.') && !abbreviation)
            {
                open = false;
            }
        } else if RESIDENCE_LABELS.contains(&folded[i].as_ref())
            || RESIDENCE_VERBS.contains(&folded[i].as_ref())
        {
            open = !doc.gap_after(i).contains(['.', ';', '\n']);
        }
    }
    // where capitals say nothing, the words after a street's kind, up to its comma, are the
    // street's name ("AVENIDA DAS FORÇAS POPULARES, CASA N.º 77": ordinary words each; where
    // capitals mean something, the name's capitals keep it). Not after a kind of three letters or
    // fewer, which are words too ("al día", "vía oral"), nor a title that a street list holds
    // ("dr garcia dijo")
    if caseless {
        for (i, &f) in flags.iter().enumerate().take(n.saturating_sub(1)) {
            if f & flag::STREET == 0
                || f & flag::SALUTATION != 0
                || doc.token_text(i).chars().count() < 4
                || !plain(doc.gap_after(i))
            {
                continue;
            }
            // (up to five words, to the name's end)
            let mut k = i + 1;
            while k < n && k <= i + 5 {
                address[k] = true;
                let gap = doc.gap_after(k);
                if gap.contains([',', ';', '.', ':', '\n', '(', ')', '–', '—'])
                    || (gap.contains('-') && gap.contains(' '))
                {
                    break;
                }
                k += 1;
            }
        }
    }
    // a word glued by a hyphen to one that a name or place list holds is part of it:
    // "quarta-feira" (a weekday; "feira" is a town), "Aimé-Rufin"; not to a word no list knows
    // ("crisis tónico-clónica", "ex-fumador")
    let listed_phi = |k: usize| rules[k].phi && matches!(rules[k].reason, Reason::Unsafe(_));
    let glued_to_phi = |i: usize| {
        (i > 0 && doc.gap_before(i) == "-" && listed_phi(i - 1))
            || (i + 1 < n && doc.gap_after(i) == "-" && listed_phi(i + 1))
    };
    // a word hyphened between two that may be a name's ("Fonds-des-Blancs", "Saint-Jean-de-Luz",
    // "Jean-du-Sud"): a place's or a person's inner word, whatever language it is in
    let hyphened_inside = |i: usize| {
        i > 0
            && i + 1 < n
            && doc.gap_before(i) == "-"
            && doc.gap_after(i) == "-"
            && (capitalised(i - 1) || listed_phi(i - 1))
            && (capitalised(i + 1) || listed_phi(i + 1))
    };
    // the word after a hospital's abbreviated head is its name ("tx renal 2024 (hosp.
    // britanico)"): the period made it a sentence's first word
    let after_abbreviated_head = |i: usize| {
        i > 0
            && matches!(folded[i - 1].as_ref(), "hosp" | "clin" | "ctr" | "sanat")
            && matches!(doc.gap_before(i), " " | ". " | ".")
    };
    // a street word's particle before an elided article and the street's name ("rue de
    // l'Alzette", "via dell'Orto" is `bridges_capitals`'s)
    let street_particle = |i: usize| {
        i > 0
            && i + 2 < n
            && short_particle(i)
            && flags[i - 1] & flag::STREET != 0
            && plain(doc.gap_before(i))
            && plain(doc.gap_after(i))
            && short_particle(i + 1)
            && matches!(doc.gap_after(i + 1), "'" | "\u{2019}")
            && capitalised(i + 2)
    };
    // the words after a person's label and its colon (French sets a blank before it: "PATIENTE :
    // TOUTOU") are the name's, up to four with blanks alone between ("DOENTE: FELICIDADE
    // NAMBUNDU", "DOENTE: ZAITUNE ANCHA IMPISSA":
    // "felicidade" and "ancha" are ordinary words too); not a title's abbreviation ("Paciente:
    // Sr. Graham"), a word of every sentence, or a lower-case word where capitals mean something
    // ("Paciente: minha mãe")
    let name_word = |k: usize| {
        !doc.gap_after(k).starts_with('.')
            && flags[k] & flag::STOPWORD == 0
            && (caseless || doc.token_text(k).starts_with(char::is_uppercase))
    };
    let after_person_label = |i: usize| {
        (0..4).any(|back| {
            i > back
                && PERSON_LABELS.contains(&folded[i - back - 1].as_ref())
                && doc
                    .gap_before(i - back)
                    .trim_matches([' ', '\u{a0}', '\u{202f}'])
                    == ":"
                && (i - back..=i).all(name_word)
                && (i - back + 1..=i).all(|k| plain(doc.gap_before(k)))
        })
    };
    let mut release = vec![false; n];
    for i in 0..n {
        let w = doc.token_text(i);
        let lower = caseless || w.chars().all(|c| !c.is_uppercase());
        // a letter and its period is an abbreviation or an initial ("casa n.º 27", "m. dupont")
        let abbreviation = w.chars().count() == 1 && doc.gap_after(i).starts_with('.');
        // a particle the context rules joined to the words around it ("Informe de alta",
        // "Fecha de nacimiento"): words they took for names because the model, reading another
        // language, called them PHI; the guards below still keep a name's particles ("María de
        // la Cruz")
        let joined_particle = rules[i].reason == Reason::Context && short_particle(i);
        // a title before a name ("Dr. Rogelio Cuevas", "Dott. Luca Ferrero") is no PHI in any
        // language; the model, reading another language, masks it with the name
        if rules[i].reason == Reason::Title {
            release[i] = true;
            continue;
        }
        // where capitals say nothing, a word joined to a name-like word ("pescador artesanal",
        // "quarta de cinzas", "fortaleza-ce") may be part of it, and so may the words after an
        // institution's kind ("liceo scientifico galileo galilei") or before a legal form
        // ("confecções ribeirinha lda")
        let caseless_doubt = caseless
            && (flags[i] & flag::UNSAFE != 0
                || institution(i)
                || (1..=3).any(|d| i >= d && joined(i - d, i) && institution(i - d))
                || (1..=3).any(|d| {
                    i + d < n
                        && joined(i, i + d)
                        && WORLD_LEGAL_FORMS.contains(&folded[i + d].as_ref())
                })
                || (i > 0 && doc.gap_before(i) == "-")
                || (i + 1 < n && doc.gap_after(i) == "-")
                || (i > 0 && plain(doc.gap_before(i)) && capitalised(i - 1))
                || (i > 1
                    && plain(doc.gap_before(i))
                    && plain(doc.gap_before(i - 1))
                    && short_particle(i - 1)
                    && capitalised(i - 2)));
        let ordinary = (claimable(rules[i].reason) || joined_particle)
            && !caseless_doubt
            && (lower || sentence_start_word(i) || german_noun(i))
            && w.chars().any(char::is_alphabetic)
            && (is_common_world_word(&folded[i]) || noun(i) || drug(i))
            && !number_next(i)
            && !glued_to_phi(i)
            && !hyphened_inside(i)
            && !after_abbreviated_head(i)
            && !after_person_label(i)
            && !street_particle(i)
            && !abbreviation
            && !bridges_capitals(i)
            && !heads_a_name(i)
            && !apposition[i]
            && !address[i];
        release[i] = ordinary && scope[i];
    }
    // a short particle between two words this rule leaves to the others (the model masks most
    // words of another language) is part of what they are ("ama de casa", "conductor de
    // autobús"), and tells a reader nothing alone
    for i in 1..n.saturating_sub(1) {
        if release[i]
            && short_particle(i)
            && plain(doc.gap_before(i))
            && plain(doc.gap_after(i))
            && !release[i - 1]
            && !release[i + 1]
            && doc.token_text(i - 1).starts_with(char::is_alphabetic)
            && doc.token_text(i + 1).starts_with(char::is_alphabetic)
        {
            release[i] = false;
        }
    }
    // where capitals say nothing, a short word ("anp", "ukc") may be an acronym: only one next
    // to a released word reads as a particle
    if caseless {
        let keep: Vec<bool> = (0..n)
            .map(|i| {
                !release[i]
                    || doc.token_text(i).chars().count() > 3
                    || (i > 0 && release[i - 1])
                    || (i + 1 < n && release[i + 1])
            })
            .collect();
        for i in 0..n {
            release[i] &= keep[i];
        }
    }
    for i in (0..n).filter(|&i| release[i]) {
        rules[i] = TokenRule {
            phi: false,
            kind: None,
            reason: Reason::LocalWord,
            features: rules[i].features,
        };
    }
}

#[cfg(test)]
mod tests;
