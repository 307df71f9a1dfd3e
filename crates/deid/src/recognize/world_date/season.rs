//! Seasons tied to a year, in the languages of the world's narratives: "hiver 94", "verano de
//! 2020", "Sommer 2019", "zomer van 2020", "l'été 2020", "летом 2020", "dry season 2019",
//! "harmattan 2020". The guidelines tag a season tied to a year as DATE; the English four
//! seasons are in `recognize/date`. Alone ("en verano", "im Winter", "last dry season") a season names
//! no date and stays as it is.
//!
//! Why a list here rather than a lexicon: CLDR, where the month and weekday names come from, has
//! no seasons, and the words count only before a year, so nothing else reads them. The words are
//! the seasons' standard names (nominative, and the adverbial or genitive forms that come before
//! a year in Slavic languages and Finnish), matched folded (`lexicon::fold`: "été" = "ete").
//! Words that are English words too and could stand before a number are left out ("var" for the
//! Swedish "vår", "tel" for the Hungarian "tél", "lata", "vara").

use crate::lexicon::fold;
use rustc_hash::FxHashSet;

/// One season name per entry, as written; folded when the set is built.
const SEASONS: &[&str] = &[
    // French, Spanish, Italian, Portuguese, Romanian, Catalan
    "printemps",
    "été",
    "automne",
    "hiver",
    "primavera",
    "verano",
    "otoño",
    "invierno",
    "estate",
    "autunno",
    "inverno",
    "verão",
    "outono",
    "primăvara",
    // Romanian summer ("She was sick all vara 2003")
    "vara",
    "vară",
    "toamna",
    "iarna",
    "estiu",
    "tardor",
    "hivern",
    // German, Dutch, Scandinavian
    "Frühling",
    "Frühjahr",
    "Sommer",
    "Herbst",
    "lente",
    "voorjaar",
    "zomer",
    "herfst",
    "najaar",
    "sommar",
    "höst",
    "høst",
    "vinter",
    "forår",
    "efterår",
    // the same with the definite article, as Scandinavian puts a season before a year ("vinteren
    // 2004", "hösten 2019")
    "vintern",
    "vinteren",
    "sommaren",
    "sommeren",
    "hösten",
    "høsten",
    "våren",
    "foråret",
    "efteråret",
    // Polish, Czech, Slovak, Croatian
    "wiosna",
    "wiosną",
    "wiosny",
    "latem",
    "jesień",
    "jesienią",
    "jesieni",
    "zima",
    "zimą",
    "zimy",
    "jaro",
    "léto",
    "podzim",
    "jeseň",
    "proljeće",
    "ljeto",
    "jesen",
    // Finnish, Hungarian, Turkish, Indonesian
    "kevät",
    "keväällä",
    "kesä",
    "kesällä",
    "syksy",
    "syksyllä",
    "talvi",
    "talvella",
    "tavasz",
    "nyár",
    "ősz",
    // (Hungarian winter: written with its accent only, "tel 2002" is a telephone's)
    "tél",
    "ilkbahar",
    "yaz",
    "sonbahar",
    "kış",
    "kemarau",
    "hujan",
    // Russian, Ukrainian, Greek
    "весна",
    "весной",
    "лето",
    "летом",
    "осень",
    "осенью",
    "зима",
    "зимой",
    "весною",
    "влітку",
    "взимку",
    "восени",
    "άνοιξη",
    "καλοκαίρι",
    "φθινόπωρο",
    "χειμώνας",
    "χειμώνα",
    // seasons of the tropics and the Sahel, in English ("dry season 2019", "monsoon 2020")
    "season",
    "monsoon",
    "harmattan",
];

/// The folded season names.
pub(super) fn seasons() -> FxHashSet<Box<str>> {
    SEASONS
        .iter()
        .map(|s| Box::from(fold(s).as_ref()))
        .collect()
}

/// The words before "season" that make it a season of the year ("dry season 2019", "flu season
/// 2020"), not a sports season or a TV series.
pub(super) fn is_season_kind(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "dry" | "rainy" | "wet" | "flu" | "monsoon" | "hurricane" | "cold" | "hot"
    )
}
