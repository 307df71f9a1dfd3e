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

mod chains;
use chains::{is_mixed_chain, is_register_chain, is_slash_id};

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

#[cfg(test)]
mod tests;
