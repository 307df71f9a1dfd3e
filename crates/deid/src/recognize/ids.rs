//! ID (SSN, IDNUM, MEDICALRECORD, HEALTHPLAN, ACCOUNT, LICENSE) and LOCATION/ZIP.
//!
//! Why these patterns:
//! - Manufacturer report numbers identify the report and are IDNUM in the guidelines
//!   ("US-PFIZER INC-2020503871", "US-MODERNATX, INC.-MOD-2021-000123",
//!   "US-009507513-2101USA001097", "USMODERNA-2021-000123"), and case numbers of other
//!   offices in the same shape ("MEC21-0019"): two capitals (the country code), then
//!   segments joined by hyphens, the last one the serial with at least four digits, and at
//!   least six digits in all, so that "COVID-19", "SARS-COV-2" or "PFIZER-BIONTECH COVID-19"
//!   are not report numbers. Lot numbers ("EK5730") have no hyphen and are not PHI.
//! - Other numbers are identifiers only when a keyword names them (Sahlström 2015, table 7):
//!   "case no 050368", "report number 12345", "MRN 123456", "medical record number ...",
//!   "VAERS ID 912345", "member ID ...". The keyword decides the type; the span is the value.
//!   "Lot number EK5730" has no such keyword: lot numbers are not PHI.
//! - SSN has its own shape (123-45-6789) with the ranges the SSA never issues excluded.
//! - ZIP codes are any 5-digit number by shape, so only an address context counts: a
//!   two-letter state code or a state name right before it ("Austin, TX 78701"), or the word
//!   "zip"/"zip code".
//! - A British postcode has a shape of its own ("LS6 2AB", "AB73 6UG", "DY1Y 0UR"): an outward
//!   code of one or two capitals, a digit and maybe one more, a space, then a digit and two
//!   capitals from the letters the Royal Mail uses there (never C, I, K, M, O or V, so "5MG" or
//!   "2ML" cannot be one). Ordinals ("X2 2ND") are not. None of the VAERS columns has one; the
//!   inward code alone was read as a dose ("6UG").
//! - A Canadian postal code alternates letter and digit ("L5M 1L7", "K1A 0B1"; never D, F, I, O, Q
//!   or U, nor W or Z first), with its space; a province's code right before it is a STATE
//!   ("Mississauga ON L5M 1L7"). In a text without informative case, in any case ("mississauga on
//!   l5m 1l7": the model released "on").
//! - A Dutch postcode is four digits and two capitals ("1234 AB"), which alone could be a year and
//!   a word ("2021 ON"): only after a street and its house number and before the town ("Lizahof
//!   259, 4977 ON Bavel"; the model released "ON"), never after a month ("JAN 5, 2021 AT HOME").

use super::date::is_english_month;
use super::{
    char_at, char_before, compile, continues_number, gate, is_word, Cand, PRIO_CONTACT_ID, PRIO_ZIP,
};
use crate::phi::PhiType;
use regex::Regex;

const STATES: &str = "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|PR|RI|SC|SD|TN|TX|UT|VT|VA|VI|WA|WV|WI|WY|GU|AS|MP";
const STATE_NAMES: &str = "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|Puerto Rico";

#[derive(Debug, Clone)]
pub(crate) struct IdRecognizer {
    ssn: Regex,
    report: Regex,
    report_lower: Regex,
    worldwide: Regex,
    worldwide_lower: Regex,
    /// An office's reference of letter groups and a year's serial after a slash: "SUKL-NU-95/0387",
    /// "ŠÚKL-NÚ-96/0231", "BY-MZ-97/0614", "fda-adr/98/027" (the serial too short for `worldwide`); in any case
    /// where the text has none to tell.
    office_ref: Regex,
    office_ref_caseless: Regex,
    keyed: Regex,
    zip: Regex,
    uk_postcode: Regex,
    /// A Dutch postcode between a street's house number and the town (group `pc`).
    nl_postcode: Regex,
    /// A Canadian postal code (group `pc`), the province's code before it (group `prov`); and the
    /// same in any case, for a text without informative case.
    ca_postcode: Regex,
    ca_postcode_caseless: Regex,
    /// A hospital room's number: "Rm 412-B", "room 9".
    room: Regex,
    /// Flight numbers after a word of air travel (`flight.rs`).
    flights: super::flight::FlightNumbers,
    /// Three or more groups of digits joined by hyphens ("2012-483593-8").
    digit_chain: Regex,
    /// Three or more groups of letters and digits joined by hyphens ("IR-2026-0704-02",
    /// "to-moh-22-014", "cd-pnlo-2021-sae-017"): `is_mixed_chain`.
    mixed_chain: Regex,
    /// A register's number of letter and digit groups joined by slashes, letters first:
    /// "FOLDER: TNR/ED/24/3390", "REG NO. MHRH/ICU/24/0088" (`slash_id`).
    slash_id: Regex,
    /// A car's plate after the word: "PLATE PP 4417", "number plate KBX 123A" (group `v`).
    plate: Regex,
    /// A national number in dotted thousands with its check digit after a hyphen: Chile's RUT
    /// "6.482.117-3", "12.345.678-K", Brazil's CPF "123.456.789-09".
    dotted_national: Regex,
}

impl IdRecognizer {
    pub(crate) fn new() -> IdRecognizer {
        let ssn = compile(r"\b\d{3}-\d{2}-\d{4}\b");
        // Segments may hold ", INC." or " INC" (a company name), never a space before digits.
        let seg = r"[A-Za-z0-9]+(?:(?:,\s?|\s)[A-Z][A-Z0-9]*)*\.?";
        // The company name's words (", INC.") come only after the country code's hyphen: without
        // it ("USMODERNA-2021-…") a space would let the id swallow the words before it in an
        // ALL CAPS narrative ("SWEDISH MPA CASE SE-MPA-2021-012345").
        let report = compile(&format!(
            r"\b(?:[A-Z]{{2}}-[A-Z0-9]+(?:(?:,\s?|\s)[A-Z][A-Z0-9]*)*\.?|[A-Z]{{2}}[A-Z0-9]+)(?:-{seg})*-[A-Za-z0-9_]*\d[A-Za-z0-9_]*\b"
        ));
        // (the serial may hold an underscore: "CA-HEALTH CANADA-E2B_13794660")
        // The same shape in lower case ("us-pfizer inc-2020503871" in a lower-case narrative):
        // matched only where the text has no capitals to tell a country code by.
        let report_lower = compile(&format!(
            r"\b(?:[a-z]{{2}}-[a-z0-9]+(?:(?:,\s?|\s)[a-z][a-z0-9]*)*\.?|[a-z]{{2}}[a-z0-9]+)(?:-{})*-[a-z0-9_]*\d[a-z0-9_]*\b",
            seg.replace("A-Z", "a-z").replace("A-Za-z", "a-z")
        ));
        // Worldwide case ids of regulators: country code, office (and register), serial after a
        // hyphen, a space (a no-break space too) or a period: "GB-MHRA-ADR 25123456", "SE-MPA-2021-012345",
        // "PL-URPL-DML-MLR.4401.7665.1997",
        // "DE-PEI-2021-004567", "IT-MINISAL02-ADR 26765451".
        // (an office's code may end in lower case after two capitals: "CU-UCNFv-2022-1457")
        let worldwide = compile(
            r"\b[A-Z]{2}-(?:[A-Z][A-Z0-9]+|[A-Z]{2,}[A-Za-z0-9]+)(?:-[A-Z][A-Z0-9]+)*(?:-|\s|\.)\d{4,}(?:[-.]\d+)*\b",
        );
        let worldwide_lower = compile(
            r"\b[a-z]{2}-[a-z][a-z0-9]+(?:-[a-z][a-z0-9]+)*(?:-|\s|\.)\d{4,}(?:[-.]\d+)*\b",
        );
        // (no leading `\b`: the recognizers' is ASCII's, and "Š" of "ŠÚKL" is no word to it)
        // (the year after a slash too: "fda-adr/98/027")
        let office_ref = r"\p{Lu}{2,6}(?:-\p{Lu}{2,6}){1,3}[-/]\d{2}/\d{3,6}\b";
        let office_ref_caseless = compile(&format!("(?i){office_ref}"));
        let office_ref = compile(office_ref);
        let no = r"(?:id|identifier|number|no\.?|nr\.?|num)";
        let keyed = compile(&format!(
            r"(?i)\b(?:(?P<mr>mrn|m\.r\.n\.?|(?P<mrhash>mr)|(?:medical\s+record|chart)(?:\s+{no})?)|(?P<ssn>ssn|social\s+security(?:\s+{no})?)|(?P<hp>(?:health\s*plan|insurance|member|policy|beneficiary|medicare|medicaid)(?P<hpno>\s+{no})?)|(?P<acct>(?:account|acct)(?P<acno>\s+{no})?)|(?P<lic>(?:driver'?s?\s+)?licen[cs]e(?P<lino>\s+{no})?|(?P<reg>registration)(?:\s+{no})?)|(?P<idn>(?:case|report|reference|ref|control|file|vaers|mfr|manufacturer|safety\s+report|worldwide\s+case|aer|icsr|patient|subject|client|resident|participant)(?P<idno>\s+{no}(?:\s+{no})?)?))(?P<sep>\s*[:=]\s*|\s+is\s+|\s*#\s*|\s+)(?P<val>[A-Za-z0-9][A-Za-z0-9/-]*\d[A-Za-z0-9/-]*)\b"
        ));
        let zip = compile(&format!(
            r"(?:\b(?:{STATES})\.?,?\s+|\b(?:{STATE_NAMES}),?\s+|(?i:\bzip(?:\s*code)?\s*[:#]?\s*))(?P<z>\d{{5}}(?:-\d{{4}})?)\b"
        ));
        let uk_postcode = compile(r"\b[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][ABD-HJLNP-UW-Z]{2}\b");
        let nl_postcode = compile(
            r"\b(?P<street>\p{Lu}\p{L}+) \d{1,5}[A-Za-z]?, (?P<pc>[1-9]\d{3} ?[A-Z]{2}) \p{Lu}\p{L}",
        );
        let ca = r"\b(?:(?P<prov>AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\.?,?\s+)?(?P<pc>[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] [0-9][ABCEGHJ-NPRSTV-Z][0-9])\b";
        let ca_postcode = compile(ca);
        let ca_postcode_caseless = compile(&format!("(?i){ca}"));
        let room = compile(r"(?i)\b(?:room|rm)\.?\s*#?\s*(?P<v>\d{1,4}(?:-?[a-z])?)\b");
        let digit_chain = compile(r"\b\d+(?:-\d+){2,}\b");
        let mixed_chain = compile(r"\b[A-Za-z0-9]+(?:-[A-Za-z0-9]+){2,}\b");
        let slash_id = compile(r"\b[A-Za-z]{2,6}(?:/[A-Za-z0-9]{1,8}){2,5}\b");
        let dotted_national = compile(r"\b\d{1,3}(?:\.\d{3}){2}-(?:\d{1,2}|[Kk])\b");
        let plate = compile(
            r"(?i)\b(?:(?:number|licen[cs]e|car|vehicle|registration)\s+)?plates?\b(?:\s+(?:no\.?|number|#))?\s*[:#]?\s*(?P<v>[a-z]{1,3}[ -]?\d{2,4}(?:[ -]?[a-z]{1,3})?)\b",
        );
        IdRecognizer {
            slash_id,
            plate,
            dotted_national,
            digit_chain,
            mixed_chain,
            room,
            flights: super::flight::FlightNumbers::new(),
            ssn,
            report,
            report_lower,
            worldwide,
            worldwide_lower,
            office_ref,
            office_ref_caseless,
            keyed,
            zip,
            uk_postcode,
            nl_postcode,
            ca_postcode,
            ca_postcode_caseless,
        }
    }

    /// `caseless`: the text has no informative case (ALL CAPS or lower case): ids are also looked
    /// for in lower case there.
    pub(crate) fn collect(&self, text: &str, caseless: bool, out: &mut Vec<Cand>) {
        let mut push = |s: usize, e: usize, kind: PhiType, prio: u8| {
            out.push(Cand {
                start: s,
                end: e,
                kind,
                prio,
            })
        };
        let lower = caseless
            .then(|| self.worldwide_lower.find_iter(text))
            .into_iter()
            .flatten();
        for m in self.worldwide.find_iter(text).chain(lower) {
            push(m.start(), m.end(), PhiType::Idnum, PRIO_CONTACT_ID);
        }
        let office_ref = if caseless {
            &self.office_ref_caseless
        } else {
            &self.office_ref
        };
        // (a letter, a hyphen or a slash, two digits and a slash: what every such reference holds
        // and a date never does; the Unicode pattern is slow to scan every narrative with)
        let has_year_serial = text.as_bytes().windows(5).any(|w| {
            (w[0].is_ascii_alphabetic() || w[0] >= 0x80)
                && matches!(w[1], b'-' | b'/')
                && w[2].is_ascii_digit()
                && w[3].is_ascii_digit()
                && w[4] == b'/'
        });
        let refs = has_year_serial.then(|| office_ref.find_iter(text));
        for m in refs.into_iter().flatten() {
            let (s, e) = (m.start(), m.end());
            if !matches!(char_before(text, s), Some('-' | '.' | '/'))
                && !is_word(char_before(text, s))
                && !continues_number(text, e, b"-./")
            {
                push(s, e, PhiType::Idnum, PRIO_CONTACT_ID);
            }
        }
        for m in self.dotted_national.find_iter(text) {
            let (s, e) = (m.start(), m.end());
            if !matches!(char_before(text, s), Some('-' | '.' | '/'))
                && !continues_number(text, e, b"-./")
            {
                push(s, e, PhiType::Ssn, PRIO_CONTACT_ID);
            }
        }
        for m in self.ssn.find_iter(text) {
            let (s, e) = (m.start(), m.end());
            let v = m.as_str();
            let bad_range = v.starts_with("000")
                || v.starts_with("666")
                || v.starts_with('9')
                || &v[4..6] == "00"
                || v.ends_with("0000");
            if bad_range
                || matches!(char_before(text, s), Some('-' | '.' | '/'))
                || continues_number(text, e, b"-./")
            {
                continue;
            }
            push(s, e, PhiType::Ssn, PRIO_CONTACT_ID);
        }
        let lower = caseless
            .then(|| self.report_lower.find_iter(text))
            .into_iter()
            .flatten();
        for m in self.report.find_iter(text).chain(lower) {
            let v = m.as_str();
            // The last segment is the serial number, so it carries the digits:
            // "BNT162B2, PFIZER-BIONTECH COVID-19" is a product name, not a report number.
            let last = v.rsplit('-').next().unwrap_or("");
            let last_digits = last.bytes().filter(u8::is_ascii_digit).count();
            // "8th of april-14apr2024": a month's name and a date after it are a range of dates
            // (no report number starts with an English month)
            let month_first = v
                .split('-')
                .next()
                .is_some_and(|w| super::date::is_english_month(&w.to_ascii_lowercase()));
            if last_digits >= 4
                && !month_first
                && !matches!(char_before(text, m.start()), Some('-' | '.' | '/'))
            {
                push(m.start(), m.end(), PhiType::Idnum, PRIO_CONTACT_ID);
            }
        }
        for c in self.keyed.captures_iter(text) {
            let v = c.name("val").unwrap();
            let digits = v.as_str().bytes().filter(u8::is_ascii_digit).count();
            if v.as_str().len() < 4 || digits < 3 || is_word(char_at(text, v.end())) {
                continue;
            }
            // A bare keyword ("Mr", "case", "account") needs "#": "case #12345", "MR# 88".
            let hash = c["sep"].contains('#');
            let bare = c.name("mrhash").is_some()
                || (c.name("hp").is_some() && c.name("hpno").is_none())
                || (c.name("acct").is_some() && c.name("acno").is_none())
                // (a registration needs no "#": "registration np-0417")
                || (c.name("lic").is_some() && c.name("lino").is_none() && c.name("reg").is_none())
                || (c.name("idn").is_some() && c.name("idno").is_none());
            if bare && !hash {
                continue;
            }
            let kind = if c.name("mr").is_some() {
                PhiType::MedicalRecord
            } else if c.name("ssn").is_some() {
                PhiType::Ssn
            } else if c.name("hp").is_some() {
                PhiType::HealthPlan
            } else if c.name("acct").is_some() {
                PhiType::Account
            } else if c.name("lic").is_some() {
                PhiType::License
            } else {
                PhiType::Idnum
            };
            push(v.start(), v.end(), kind, PRIO_CONTACT_ID);
        }
        // A chain of digit groups with eight digits or more and no date's or phone's shape is a
        // number of some register ("2012-483593-8" in a list of cases): nothing else in a
        // narrative has that shape but the NDC product code, which its label names.
        let chains = gate::has_digit_run(text, 1).then(|| self.digit_chain.find_iter(text));
        for m in chains.into_iter().flatten() {
            if is_register_chain(text, m.start(), m.end()) {
                push(m.start(), m.end(), PhiType::Idnum, PRIO_CONTACT_ID);
            }
        }
        if text.contains('/') && gate::has_digit_run(text, 2) {
            for m in self.slash_id.find_iter(text) {
                if is_slash_id(text, m.start(), m.end()) {
                    push(m.start(), m.end(), PhiType::Idnum, PRIO_CONTACT_ID);
                }
            }
        }
        let plates =
            gate::contains_ascii_ci(text, &["plate"]).then(|| self.plate.captures_iter(text));
        for c in plates.into_iter().flatten() {
            let v = c.name("v").expect("the plate");
            if !continues_number(text, v.end(), b"./-:") && !is_word(char_at(text, v.end())) {
                push(v.start(), v.end(), PhiType::Vehicle, PRIO_CONTACT_ID);
            }
        }
        // gates (`gate.rs`): a ZIP code is five digits in a row; a room number follows "rm"/"room"
        let zips = gate::has_digit_run(text, 5).then(|| self.zip.captures_iter(text));
        for c in zips.into_iter().flatten() {
            let z = c.name("z").unwrap();
            if !continues_number(text, z.end(), b"-./") {
                push(z.start(), z.end(), PhiType::Zip, PRIO_ZIP);
            }
        }
        for m in self.uk_postcode.find_iter(text) {
            let inward = &m.as_str()[m.as_str().len() - 3..];
            if !matches!(&inward[1..], "ST" | "ND" | "RD" | "TH") {
                push(m.start(), m.end(), PhiType::Zip, PRIO_ZIP);
            }
        }
        let dutch = gate::has_digit_run(text, 4).then(|| self.nl_postcode.captures_iter(text));
        for c in dutch.into_iter().flatten() {
            let pc = c.name("pc").unwrap();
            let letters = &pc.as_str()[pc.as_str().len() - 2..];
            let month = is_english_month(&c["street"]);
            if !month && !matches!(letters, "SA" | "SD" | "SS" | "AM" | "PM") {
                push(pc.start(), pc.end(), PhiType::Zip, PRIO_ZIP);
            }
        }
        // (a digit, a letter and a digit in a row: what every Canadian postal code ends with)
        let canadian = text
            .as_bytes()
            .windows(3)
            .any(|w| w[0].is_ascii_digit() && w[1].is_ascii_alphabetic() && w[2].is_ascii_digit());
        let ca = if caseless {
            &self.ca_postcode_caseless
        } else {
            &self.ca_postcode
        };
        for c in canadian
            .then(|| ca.captures_iter(text))
            .into_iter()
            .flatten()
        {
            let pc = c.name("pc").unwrap();
            if continues_number(text, pc.end(), b"./-") {
                continue;
            }
            if let Some(p) = c.name("prov") {
                push(p.start(), p.end(), PhiType::State, PRIO_ZIP);
            }
            push(pc.start(), pc.end(), PhiType::Zip, PRIO_ZIP);
        }
        // a room number places the patient (LOCATION/OTHER, as the nursing-note gold tags it)
        let rooms =
            gate::contains_ascii_ci(text, &["rm", "room"]).then(|| self.room.captures_iter(text));
        for c in rooms.into_iter().flatten() {
            let v = c.name("v").unwrap();
            if !continues_number(text, v.end(), b"./:") {
                push(v.start(), v.end(), PhiType::LocationOther, PRIO_ZIP);
            }
        }
        self.flights.collect(text, out);
        // ... and a chain of letter and digit groups in a report's or a register's shape, which no
        // other pattern holds: an incident report "IR-2026-0704-02", an ADR note
        // "to-moh-22-014", a reference "cd-pnlo-2021-sae-017" (the rules read "2026" as a time,
        // "to" and "sae" as words)
        if text.contains('-') && gate::has_digit_run(text, 2) {
            for m in self.mixed_chain.find_iter(text) {
                let (s, e) = (m.start(), m.end());
                let held = out.iter().any(|c| c.start <= s && c.end >= e);
                if !held && is_mixed_chain(text, s, e) {
                    out.push(Cand {
                        start: s,
                        end: e,
                        kind: PhiType::Idnum,
                        prio: PRIO_CONTACT_ID,
                    });
                }
            }
        }
    }
}

/// Whether `text[start..end]` (letters, then two to five slashed groups) is a register's number:
/// a group of four digits or more, no month first, nothing glued on either side
/// ("TNR/ED/24/3390"; not "HIV/AIDS", "BP/90/60", "Dec/18/2020", "a/b/c/1234/5" inside a path).
fn is_slash_id(text: &str, start: usize, end: usize) -> bool {
    let v = &text[start..end];
    let digits = v.bytes().filter(u8::is_ascii_digit).count();
    // (a serial of four digits or more: "BP/90/60", "ABG 7 US/32/188/24/100" are values; or two
    // letter groups before two digit groups: "REF: MSCH/PHARM/ADR/99/031", "MPH/TB/98/112")
    let groups: Vec<&str> = v.split('/').collect();
    let all = |g: &&str, f: fn(&u8) -> bool| !g.is_empty() && g.bytes().all(|b| f(&b));
    let letters = groups
        .iter()
        .filter(|g| all(g, u8::is_ascii_alphabetic))
        .count();
    let numbers = groups.iter().filter(|g| all(g, u8::is_ascii_digit)).count();
    let serial = groups
        .iter()
        .any(|g| g.len() >= 4 && g.bytes().all(|b| b.is_ascii_digit()))
        || (letters >= 2 && numbers >= 2);
    // ("Dec/18/2020" is a date)
    let month_first = v.split('/').next().is_some_and(is_english_month);
    digits >= 4
        && serial
        && !month_first
        && !matches!(char_before(text, start), Some('/' | '.' | '-' | '\\'))
        && !matches!(char_at(text, end), Some('/' | '-' | '\\'))
        && !continues_number(text, end, b".")
}

/// Whether `text[start..end]`, groups of letters and digits joined by hyphens, is a report's or a
/// register's number: three groups or more, the last of two digits or more, two groups or more of
/// digits alone with four digits or more in all, a group of letters alone; with three groups only,
/// the letters first and five digits or more ("KE-22-0134"; "12-mar-2021" is a date, "il-6-174" a
/// gene's variant); no month's name anywhere, nothing
/// glued on either side. Not "covid-19-related" (one number), "25-oh-d3" (one group of digits
/// alone), "3-4-week" (letters last), "day-1-2" (three digits).
fn is_mixed_chain(text: &str, start: usize, end: usize) -> bool {
    let parts: Vec<&str> = text[start..end].split('-').collect();
    let numeric = |p: &&str| p.bytes().all(|b| b.is_ascii_digit());
    let alphabetic = |p: &&str| p.len() >= 2 && p.bytes().all(|b| b.is_ascii_alphabetic());
    let digits: usize = parts.iter().filter(|p| numeric(p)).map(|p| p.len()).sum();
    let last = parts.last().expect("three groups");
    parts.len() >= 3
        && numeric(last)
        && last.len() >= 2
        && parts.iter().filter(|p| numeric(p)).count() >= 2
        && digits >= 4
        && parts.iter().any(alphabetic)
        && (parts.len() >= 4 || (alphabetic(&parts[0]) && digits >= 5))
        && !parts.iter().any(|p| alphabetic(p) && is_english_month(p))
        && !matches!(char_before(text, start), Some('-' | '.' | '/'))
        && !continues_number(text, end, b"-./")
        && !matches!(char_at(text, end), Some('-'))
        && !after_lot_label(text, start)
        && !ends_in_range(&parts)
        && !text[end..].starts_with('%')
}

/// Whether a chain's last two groups are a range of readings or of hours, not a serial:
/// "fever-103-104", "intermittent-99-100", "milk-1130-12" (11:30 to 12).
fn ends_in_range(parts: &[&str]) -> bool {
    let [.., a, b] = parts else {
        return false;
    };
    let (Ok(x), Ok(y)) = (a.parse::<u32>(), b.parse::<u32>()) else {
        return false;
    };
    // (a serial's group keeps its leading zero: "IR-2026-0704-02")
    if b.starts_with('0') {
        return false;
    }
    let ascending = y > x && y - x <= (x / 5).max(10);
    let clock = (3..=4).contains(&a.len()) && x <= 2359 && x % 100 <= 59 && b.len() <= 2 && y <= 24;
    ascending || clock
}

/// Whether a lot's or a batch's label stands right before byte `start` ("lot TD-944-02", "Lot #:
/// AB-12-345", "lote n° ..."): a product's number, no PHI.
fn after_lot_label(text: &str, start: usize) -> bool {
    let head = &text[..start];
    let from = head.char_indices().rev().nth(19).map_or(0, |(i, _)| i);
    let before = head[from..].to_lowercase();
    let mut label = before.trim_end_matches([' ', '#', ':', '.', '°', 'º']);
    for number in ["number", "no", "nr", "n"] {
        if let Some(rest) = label.strip_suffix(number) {
            if rest.ends_with([' ', '.']) {
                label = rest.trim_end_matches([' ', '.']);
                break;
            }
        }
    }
    // (and a study's protocol: "Protocol KBT-RA-2019-04")
    [
        "lot",
        "lote",
        "lotto",
        "batch",
        "serie",
        "série",
        "charge",
        "protocol",
        "protocolo",
        "protocole",
        "study",
        "trial",
    ]
    .iter()
    .any(|w| {
        label.ends_with(w)
            && !label[..label.len() - w.len()]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
    })
}

/// Whether the digit chain `text[start..end]` is a register's number (see `collect`).
fn is_register_chain(text: &str, start: usize, end: usize) -> bool {
    let v = &text[start..end];
    let groups: Vec<usize> = v.split('-').map(str::len).collect();
    let digits: usize = groups.iter().sum();
    let date = matches!(groups.as_slice(), [4, 1 | 2, 1 | 2] | [1 | 2, 1 | 2, 4 | 2]);
    let phone_ssn = matches!(groups.as_slice(), [3, 3, 4] | [1, 3, 3, 4] | [3, 2, 4]);
    // the label's last 16 characters: "NDC", "NDC#", "NDC number: "
    let head = &text[..start];
    let from = head.char_indices().rev().nth(15).map_or(0, |(i, _)| i);
    let before = head[from..].to_ascii_lowercase();
    let label = before.trim_end_matches([' ', '#', ':']);
    let ndc = label.ends_with("ndc") || label.ends_with("ndc number");
    digits >= 8
        && !date
        && !phone_ssn
        && !ndc
        && !matches!(char_before(text, start), Some('-' | '.' | '/'))
        && !continues_number(text, end, b"-./")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(text: &str) -> Vec<(&str, PhiType)> {
        let mut out = Vec::new();
        IdRecognizer::new().collect(text, !crate::tokenize::case_is_informative(text), &mut out);
        out.sort_by_key(|c| c.start);
        out.iter()
            .map(|c| (&text[c.start..c.end], c.kind))
            .collect()
    }

    #[test]
    fn report_numbers() {
        use PhiType::*;
        for v in [
            "US-PFIZER INC-2020503871",
            "US-MODERNATX, INC.-MOD-2021-000123",
            "USMODERNA-2021-000123",
            "US-009507513-2101USA001097",
            "MEC21-0019",
        ] {
            let t = format!("Sender's Comments: {v}: linked report");
            assert_eq!(ids(&t), [(v, Idnum)], "{t}");
            // in an ALL CAPS narrative the words before the id stay out of it
            let caps = format!("SENDER'S COMMENTS LINKED REPORT {v}: SEEN");
            assert_eq!(ids(&caps), [(v, Idnum)], "{caps}");
        }
        // (the report and worldwide shapes both find it: overlaps are resolved later)
        assert_eq!(
            ids("Código de notificación: CU-UCNFv-2022-1457\nIL-Tocilizumab 4000 mg"),
            [("CU-UCNFv-2022-1457", Idnum)]
        );
        let found = ids("SWEDISH MPA CASE SE-MPA-2021-012345, INITIAL RECEIPT");
        assert!(!found.is_empty());
        assert!(
            found.iter().all(|f| *f == ("SE-MPA-2021-012345", Idnum)),
            "{found:?}"
        );
        let t = "Case, reference number PL-URPL-DML-MLR.4401.7665.1997 is a report";
        assert!(
            ids(t).contains(&("PL-URPL-DML-MLR.4401.7665.1997", Idnum)),
            "{:?}",
            ids(t)
        );
        let t = "Linked Report(s) : IT-MINISAL02-ADR 26765451 same reporter";
        assert!(
            ids(t).contains(&("IT-MINISAL02-ADR 26765451", Idnum)),
            "{:?}",
            ids(t)
        );
        // a no-break space between register and serial, as some narratives have between words
        let t = "date\u{a0}of\u{a0}birth:\u{a0}16/06/1962;\u{a0}case\u{a0}ref\u{a0}BR-ANVISA-ADR\u{a0}004745772\nThe";
        let found = ids(t);
        assert!(
            found.contains(&("BR-ANVISA-ADR\u{a0}004745772", Idnum)),
            "{found:?}"
        );
    }

    #[test]
    fn office_references_with_a_years_serial() {
        for (text, id) in [
            (
                "Sent to SÚKL 21APR95, ref. SUKL-NU-95/0387.",
                "SUKL-NU-95/0387",
            ),
            (
                "to ŠÚKL 6. mája 1996, ref ŠÚKL-NÚ-96/0231.",
                "ŠÚKL-NÚ-96/0231",
            ),
            (
                "TO THE MINISTRY OF HEALTH 20.05.97, REF BY-MZ-97/0614.",
                "BY-MZ-97/0614",
            ),
            (
                "to the food and drug administration, 10apr98, ref fda-adr/98/027.",
                "fda-adr/98/027",
            ),
        ] {
            assert_eq!(ids(text), [(id, PhiType::Idnum)], "{text}");
        }
        // no year's serial, or part of something longer
        for text in ["HIV-AIDS-12/10 ratio", "path A/B-CD-EF-97/0614/2"] {
            assert!(ids(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn keyed_ids() {
        use PhiType::*;
        assert_eq!(ids("case no 050368."), [("050368", Idnum)]);
        assert_eq!(ids("report number 12345"), [("12345", Idnum)]);
        assert_eq!(ids("MRN 123456"), [("123456", MedicalRecord)]);
        assert_eq!(
            ids("Medical record number: A123456"),
            [("A123456", MedicalRecord)]
        );
        assert_eq!(ids("VAERS ID 912345"), [("912345", Idnum)]);
        assert_eq!(
            ids("SSN 123-45-6789"),
            [("123-45-6789", Ssn), ("123-45-6789", Ssn)]
        );
        assert_eq!(ids("member ID: XK-99881"), [("XK-99881", HealthPlan)]);
        // a programme's client or a home's resident by number, "#" after the bare word
        assert_eq!(
            ids("age 24   client # rr-6602   dob 1/17/02"),
            [("rr-6602", Idnum)]
        );
        assert!(ids("the client 2 weeks later; resident 102 mg").is_empty());
        // a clinician's registration, its letters with it
        assert_eq!(
            ids("nurse practitioner, registration np-0417, mvaipulu@"),
            [("np-0417", License)]
        );
        assert_eq!(
            ids("case #12345, MR# 778899"),
            [("12345", Idnum), ("778899", MedicalRecord)]
        );
    }

    #[test]
    fn national_numbers_in_dotted_thousands_with_a_check_digit() {
        for (t, v) in [
            (
                "(EUSEBIO TAPIA CARRASCO, RUT 6.482.117-3) OF UNKNOWN AGE",
                "6.482.117-3",
            ),
            ("rut 12.345.678-k, santiago", "12.345.678-k"),
            ("CPF 123.456.789-09, CARTÃO SUS 898", "123.456.789-09"),
        ] {
            assert_eq!(ids(t), [(v, PhiType::Ssn)], "{t}");
        }
        // a version or an amount is none
        for t in ["version 1.234.567-beta", "platelets 1.500.000 on 12/3"] {
            assert!(ids(t).is_empty(), "{t}: {:?}", ids(t));
        }
    }

    #[test]
    fn not_ids() {
        for t in [
            "COVID-19 (PFIZER-BIONTECH COVID-19 MRNA VACCINE)",
            "bnt162b2 (BNT162B2, PFIZER-BIONTECH COVID-19 VACCINE, Batch/lot number",
            "SARS-COV-2 PCR",
            "Lot number EL0140, lot EK5730",
            "mRNA-1273",
            "000-12-3456 and 123-00-4567",
            "case report of 3 days",
            "patient number 3",
            "case 12345 and Mr 123456",
        ] {
            assert!(ids(t).is_empty(), "{t}: {:?}", ids(t));
        }
    }

    #[test]
    fn british_postcodes_by_their_shape() {
        use PhiType::*;
        assert_eq!(
            ids("lives at 9 Ramp, Leeds AB73 6UG. This"),
            [("AB73 6UG", Zip)]
        );
        assert_eq!(ids("EDINBURGH EH39 7LT"), [("EH39 7LT", Zip)]);
        assert_eq!(ids("DY1Y 0UR"), [("DY1Y 0UR", Zip)]);
        // doses, ordinals, vaccines and lower case are not postcodes
        assert!(ids("took B12 5MG daily, X2 2ND DOSE, PF 2ML").is_empty());
        assert!(ids("ls6 2ab").is_empty());
    }

    #[test]
    fn dutch_postcodes_between_house_number_and_town() {
        use PhiType::*;
        assert_eq!(
            ids("The patient lives at Lizahof 259, 4977 ON Bavel. The"),
            [("4977 ON", Zip)]
        );
        assert_eq!(
            ids("LIVES AT KERKSTRAAT 12A, 1234AB AMSTERDAM."),
            [("1234AB", Zip)]
        );
        // a date's year and a word are not a postcode
        assert!(ids("ON JANUARY 5, 2021 AT HOME AND Dose 2, 2021 PM Patient").is_empty());
        assert!(ids("Kerkstraat 12, 1234 ab Amsterdam").is_empty());
    }

    #[test]
    fn zips_need_an_address() {
        use PhiType::*;
        assert_eq!(ids("Austin, TX 78701"), [("78701", Zip)]);
        assert_eq!(ids("Springfield, IL 62704-1234."), [("62704-1234", Zip)]);
        assert_eq!(ids("zip code: 90210"), [("90210", Zip)]);
        assert_eq!(ids("Dallas, Texas 75201"), [("75201", Zip)]);
        assert!(ids("platelets 15000 and 12345 cells, HR 12345").is_empty());
    }

    #[test]
    fn digit_chains_of_registers_but_not_dates_phones_or_product_codes() {
        assert_eq!(
            ids("same drug, different patient;2012-483593-8 same drug"),
            [("2012-483593-8", PhiType::Idnum)]
        );
        for t in [
            "on 2021-01-08 she",
            "on 12-03-1957 she",
            "call 555-123-4567",
            "(NDC number: 59267-1000-2)",
            "NDC#59267-1000-1",
            "days 1-2-3",
        ] {
            assert!(
                ids(t).iter().all(|(_, k)| *k != PhiType::Idnum),
                "{t}: {:?}",
                ids(t)
            );
        }
    }

    #[test]
    fn chains_of_letter_and_digit_groups_of_reports_and_registers() {
        for (t, id) in [
            (
                "informed at 3:15 AM. Incident report IR-2026-0704-02 filed; FDA",
                "IR-2026-0704-02",
            ),
            (
                "pharmacy. adr note to-moh-22-014, 27 sune 2022.",
                "to-moh-22-014",
            ),
            (
                "round, pnlo reference cd-pnlo-2021-sae-017. a 42",
                "cd-pnlo-2021-sae-017",
            ),
            ("case KE-22-0134 received", "KE-22-0134"),
        ] {
            assert!(ids(t).contains(&(id, PhiType::Idnum)), "{t}: {:?}", ids(t));
        }
        for t in [
            "a covid-19-related rash",
            "vitamin 25-oh-d3 low",
            "a 3-4-week course",
            "on day-1-2 fever",
            "seen 12-mar-2021 and mar-12-2021",
            "the il-6-174 polymorphism",
            "Td (lot TD-944-02) IM; lot #: td-12-3456; lote n° xy-21-0456",
            "exp fever-103-104, intermittent-99-100, milk-1130-12 screaming; POx RA-999-100%",
            "SAE NARRATIVE - PROTOCOL KBT-RA-2019-04, SITE 012",
        ] {
            assert!(
                ids(t).iter().all(|(_, k)| *k != PhiType::Idnum),
                "{t}: {:?}",
                ids(t)
            );
        }
    }

    #[test]
    fn room_numbers() {
        use PhiType::*;
        assert_eq!(ids("Taken straight to Rm 9. Dr. R"), [("9", LocationOther)]);
        assert_eq!(
            ids("Unit: 4 West   Rm 412-B Pt:"),
            [("412-B", LocationOther)]
        );
        assert_eq!(ids("moved to room #12A today"), [("12A", LocationOther)]);
        assert!(ids("on room air, SpO2 96%; back at 11:30").is_empty());
        assert!(ids("room temperature 21.5").is_empty());
    }

    #[test]
    fn register_numbers_of_slashed_groups_and_car_plates() {
        use PhiType::*;
        assert_eq!(
            ids("AGE: 19  FOLDER: TNR/ED/24/3390\nREG NO. mhrh/icu/24/0088 NIDA"),
            [("TNR/ED/24/3390", Idnum), ("mhrh/icu/24/0088", Idnum)]
        );
        // two letter groups before two digit groups need no serial of four digits
        assert_eq!(
            ids("REF: MSCH/PHARM/ADR/99/031   DATE: 23 NOV 1999; REF: MPH/TB/98/112"),
            [("MSCH/PHARM/ADR/99/031", Idnum), ("MPH/TB/98/112", Idnum)]
        );
        assert_eq!(
            ids("PT IS A ROUTE TAXI OPERATOR, PLATE PP 4417. car (OH PLATE HJK 4471)"),
            [("PP 4417", Vehicle), ("HJK 4471", Vehicle)]
        );
        // values and dates in slashes, a path, platelets, a plate of agar
        assert!(ids(
            "BP/90/60; ABG=7 US/32/188/24/100% NRB; Dec/18/2020; HIV/AIDS; c:/a/b/1234/5678; \
             Platelet 110, platelet-536; blood agar plate 24 hrs"
        )
        .is_empty());
    }
}
