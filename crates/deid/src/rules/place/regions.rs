//! Regions named with their kind, which the model released in parts: "in Ogun State", "to Lviv
//! Oblast" (the kind after the name), "trip to Region Sjælland", "vax in Co. Kerry" (before it),
//! "Región de Ñuble", "Provincia di Cuneo" (the Romance kind, a connector and the name), a region
//! by its direction ("in Eastern Province", "in North West") and Australia's "NSW"/"QLD". Separate
//! from `place` (mod.rs), which finds countries, states and towns by the lexicon's flags: these
//! steps read a region's kind word; `place::apply` calls them at the same spot.

use super::{mark_place, PLACE_BEFORE};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::{Reason, TokenRule};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// The kinds of region written after a region's name ("Ogun State", "Lviv Oblast"), folded.
const REGION_KINDS: &[&str] = &[
    "state",
    "province",
    "region",
    "oblast",
    "prefecture",
    "governorate",
    "county",
    "district",
    // Poland's and Russia's in English ("Silesian Voivodeship", "Krasnodar Krai")
    "voivodeship",
    "krai",
];

/// Give the reason `place-name` to a region named with its kind (see the module).
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    // a region named with its kind where one is or goes: "received DTP/OPV vax in Ogun State",
    // "moved to Lviv Oblast", "IN SURAT PROVINCE" (the name a word the rules already call PHI:
    // not "in stable state", "in good condition"); a name the place lists know needs no "in":
    // "cough.Isfahan Province extremely warm"
    for i in 1..rules.len().saturating_sub(1) {
        let name = rules[i].phi
            && matches!(
                rules[i].reason,
                Reason::Unknown | Reason::Unsafe(_) | Reason::PlaceName
            )
            && doc.token_text(i).chars().all(char::is_alphabetic);
        // "DANAPUR DISTRICT HOSPITAL" is a hospital's name (rules/facility), not a region
        let facility_follows = || {
            i + 2 < rules.len()
                && (crate::rules::facility::OTHER_HEADS.contains(&folded[i + 2].as_ref())
                    || crate::rules::facility::HOSPITAL_NOUNS.contains(&folded[i + 2].as_ref()))
        };
        if name
            && REGION_KINDS.contains(&folded[i + 1].as_ref())
            && !facility_follows()
            && ((PLACE_BEFORE.contains(&folded[i - 1].as_ref()) && doc.gap_before(i) == " ")
                || (flags[i] & (flag::CITY | flag::STATE | flag::COUNTRY) != 0
                    && matches!(rules[i].reason, Reason::Unsafe(_) | Reason::PlaceName)))
            && doc.gap_before(i + 1) == " "
        {
            for k in [i, i + 1] {
                mark_place(&mut rules[k], PhiType::State);
            }
        }
    }
    // ... and with its kind before it, as Denmark and Ireland write them: "trip to Region
    // Sjælland", "vax in County Kerry", "cough.Region Syddanmark extremely warm" (a name the
    // place lists know needs no "to")
    for i in 0..rules.len().saturating_sub(1) {
        let name = rules[i + 1].phi
            && matches!(
                rules[i + 1].reason,
                Reason::Unknown | Reason::Unsafe(_) | Reason::PlaceName
            )
            && doc.token_text(i + 1).chars().all(char::is_alphabetic);
        // (asked last: the head lists are long, and most words are no region's kind)
        let facility_follows = || {
            i + 2 < rules.len()
                && (crate::rules::facility::OTHER_HEADS.contains(&folded[i + 2].as_ref())
                    || crate::rules::facility::HOSPITAL_NOUNS.contains(&folded[i + 2].as_ref()))
        };
        let goes =
            i > 0 && PLACE_BEFORE.contains(&folded[i - 1].as_ref()) && doc.gap_before(i) == " ";
        let listed = flags[i + 1] & (flag::CITY | flag::STATE) != 0;
        // ("trip to Co. Donegal": Ireland's abbreviation, only before a place the lists know or
        // where one goes or is: "vax in Co. Kerry", whose county is a given name too)
        let county_abbreviation =
            folded[i] == "co" && doc.gap_before(i + 1) == ". " && (listed || goes);
        // ("cough.województwo lubelskie extremely warm": Poland's word for its provinces)
        if (matches!(folded[i].as_ref(), "region" | "county" | "wojewodztwo")
            || county_abbreviation)
            && name
            && (doc.gap_before(i + 1) == " " || county_abbreviation)
            && (goes || listed)
            && !facility_follows()
        {
            for k in [i, i + 1] {
                mark_place(&mut rules[k], PhiType::State);
            }
        }
    }
    // ... and as the Romance languages write them, the kind, a connector and a name the place
    // lists know: "cough.Región de Ñuble extremely warm", "Provincia di Cuneo", "Departamento
    // del Cauca" (not "region of the arm": English "of" is no connector here)
    for i in 0..rules.len().saturating_sub(2) {
        if !matches!(
            folded[i].as_ref(),
            "region" | "regione" | "provincia" | "departamento" | "departement"
        ) || !matches!(
            folded[i + 1].as_ref(),
            "de" | "del" | "di" | "della" | "du" | "da" | "do"
        ) {
            continue;
        }
        let name = i + 2;
        if rules[name].phi
            && flags[name] & (flag::CITY | flag::STATE) != 0
            && flags[name] & flag::SAFE == 0
            && doc.gap_before(i + 1) == " "
            && doc.gap_before(name) == " "
        {
            for rule in &mut rules[i..=name] {
                mark_place(rule, PhiType::State);
            }
        }
    }
    // Australia's state codes that are no word ("she went back home to NSW"), and a region
    // named by its direction and kind ("vax in Eastern Province approx", "IN WESTERN REGION"),
    // where one goes or is
    for i in 1..rules.len() {
        if !PLACE_BEFORE.contains(&folded[i - 1].as_ref()) || doc.gap_before(i) != " " {
            continue;
        }
        if matches!(folded[i].as_ref(), "nsw" | "qld" | "cdmx") {
            mark_place(&mut rules[i], PhiType::State);
        }
        let direction = matches!(
            folded[i].as_ref(),
            "northern"
                | "southern"
                | "eastern"
                | "western"
                | "central"
                | "north"
                | "south"
                | "east"
                | "west"
                | "northeastern"
                | "northwestern"
                | "southeastern"
                | "southwestern"
        );
        // ... or by two directions, as South Africa names a province ("vax in North West
        // approx")
        let two_directions = matches!(folded[i].as_ref(), "north" | "south")
            && i + 1 < rules.len()
            && matches!(folded[i + 1].as_ref(), "east" | "west")
            && doc.gap_before(i + 1) == " "
            && !folded
                .get(i + 2)
                .is_some_and(|w| matches!(w.as_ref(), "of" | "side" | "corner" | "wing"));
        if two_directions {
            for k in [i, i + 1] {
                mark_place(&mut rules[k], PhiType::State);
            }
        }
        if direction
            && i + 1 < rules.len()
            && matches!(
                folded[i + 1].as_ref(),
                "province" | "region" | "state" | "district"
            )
            && doc.gap_before(i + 1) == " "
            && !matches!(
                folded.get(i + 2).map(|w| w.as_ref()),
                Some("of" | "hospital")
            )
        {
            for k in [i, i + 1] {
                mark_place(&mut rules[k], PhiType::State);
            }
        }
    }
}
