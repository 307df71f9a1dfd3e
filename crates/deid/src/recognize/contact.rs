//! CONTACT: PHONE, FAX, EMAIL, URL, IPADDR.
//!
//! Why these patterns: reporters leave call-back numbers and addresses in the narrative
//! ("please call (555) 123-4567", "fax: 555.123.4568"). Phone numbers follow the North American
//! plan (Sahlström 2015, table 4): an area code in parentheses or followed by a separator, an
//! optional leading "+1"/"1-", and an extension; international numbers start with "+" and a
//! country code. Numbers separated only by spaces ("555 123 4567") look like columns of a lab
//! table, so they need a telephone keyword before them. A number is a FAX when the nearest
//! keyword before it is "fax" or "f:". E-mail and web addresses have unambiguous shapes; bare
//! domains are limited to common top-level domains so that "Dr.Smith" or "q.d." are not URLs.

use super::{
    char_at, char_before, compile, continues_number, gate, window_before, Cand, PRIO_CONTACT_ID,
};
use crate::phi::PhiType;
use regex::Regex;

const URL_CHARS: &str = r#"[^ \t\r\n<>"'()\[\]{}]"#;

/// Top-level domains of bare domain names ("mychart.org").
const TLDS: &[&str] = &[
    "com", "org", "net", "gov", "edu", "mil", "info", "biz", "io", "us", "uk", "ca", "de", "fr",
    "au", "health",
];

#[derive(Debug, Clone)]
pub(crate) struct ContactRecognizer {
    pub(crate) phone: Regex,
    pub(crate) email: Regex,
    pub(crate) url: Regex,
    pub(crate) ip: Regex,
}

impl ContactRecognizer {
    pub(crate) fn new() -> ContactRecognizer {
        let phone = compile(
            r"(?i)(?:(?P<plus1>\+?1)(?P<p1s>[ .-]?))?(?:(?P<paren>\(\d{3}\))\s*|\d{3}(?P<sa>[ .-]))\d{3}(?P<sb>[ .-])\d{4}(?:\s*(?:x|ext\.?|extension)\s*\d{1,6})?\b|(?P<intl>\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5})\b",
        );
        let email =
            compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}\b");
        let url = compile(&format!(
            r"(?i)\b(?:(?:https?|ftp)://{URL_CHARS}+|www\.{URL_CHARS}+|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.(?:{tlds})\b(?:/{URL_CHARS}*)?)",
            tlds = TLDS.join("|")
        ));
        let ip = compile(r"\b(?:\d{1,3}\.){3}\d{1,3}\b");
        ContactRecognizer {
            phone,
            email,
            url,
            ip,
        }
    }

    pub(crate) fn collect(&self, text: &str, out: &mut Vec<Cand>) {
        let mut push = |s: usize, e: usize, kind: PhiType| {
            out.push(Cand {
                start: s,
                end: e,
                kind,
                prio: PRIO_CONTACT_ID,
            })
        };
        if text
            .as_bytes()
            .iter()
            .filter(|b| b.is_ascii_digit())
            .nth(6)
            .is_some()
            // every phone the pattern accepts holds "\d{3}[ .-]\d{4}" or "+\d"
            && gate::has_phone_shape(text, b" .-")
        {
            for c in self.phone.captures_iter(text) {
                let m = c.get(0).unwrap();
                let (s, e) = (m.start(), m.end());
                let before = char_before(text, s);
                if before
                    .is_some_and(|ch| ch.is_alphanumeric() || matches!(ch, '-' | '.' | '/' | '+'))
                    || continues_number(text, e, b"-./")
                {
                    continue;
                }
                let digits = m.as_str().bytes().filter(u8::is_ascii_digit).count();
                if c.name("intl").is_some() {
                    if !(8..=15).contains(&digits) {
                        continue;
                    }
                } else {
                    let spaced = c.name("paren").is_none()
                        && c.name("plus1").is_none()
                        && c.name("sa").is_some_and(|x| x.as_str() == " ");
                    if spaced && !has_phone_keyword(&window_before(text, s, 30)) {
                        continue;
                    }
                    // "1" glued before the area code only counts with a separator or a "+".
                    if let Some(p) = c.name("plus1") {
                        if p.as_str() == "1" && c["p1s"].is_empty() && c.name("paren").is_none() {
                            continue;
                        }
                    }
                    // ("ph 019-774 2081": a hyphen then a blank, as Malaysia writes its mobiles,
                    // only after a phone's word)
                    if c.name("sb").is_some_and(|x| x.as_str() == " ")
                        && !spaced
                        && c.name("paren").is_none()
                        && c.name("plus1").is_none()
                        && !has_phone_keyword(&window_before(text, s, 30))
                    {
                        continue;
                    }
                }
                let kind = if is_fax(&window_before(text, s, 30)) {
                    PhiType::Fax
                } else {
                    PhiType::Phone
                };
                push(s, e, kind);
            }
        }
        if text.contains('@') {
            for m in self.email.find_iter(text) {
                push(m.start(), m.end(), PhiType::Email);
            }
        }
        if text.contains('.') {
            let urls = may_hold_url(text).then(|| self.url.find_iter(text));
            for m in urls.into_iter().flatten() {
                let s = m.start();
                if char_before(text, s) == Some('@') {
                    continue;
                }
                let e = s + trim_url(m.as_str()).len();
                // "x.co" inside an e-mail address is handled by the e-mail pattern.
                if e > s + 4 && m.as_str()[..e - s].contains('.') {
                    push(s, e, PhiType::Url);
                }
            }
            for m in self.ip.find_iter(text) {
                let (s, e) = (m.start(), m.end());
                let ok = m
                    .as_str()
                    .split('.')
                    .all(|p| p.parse::<u32>().is_ok_and(|v| v <= 255))
                    && !matches!(char_before(text, s), Some('.'))
                    && !continues_number(text, e, b".")
                    && char_at(text, e) != Some('/');
                if ok {
                    push(s, e, PhiType::Ipaddr);
                }
            }
        }
    }
}

/// Drop sentence punctuation and an unbalanced closing bracket from the end of a URL.
/// A necessary condition of the URL pattern: "://", "www." or a dot before a top-level domain.
/// Non-ASCII text always runs the pattern, because `(?i)` folds "ſ" to "s" and "K" (Kelvin)
/// to "k" in "us" and "uk".
fn may_hold_url(text: &str) -> bool {
    !text.is_ascii()
        || text.contains("://")
        || gate::contains_ascii_ci(text, &["www."])
        || gate::has_dot_then(text, TLDS)
}

fn trim_url(u: &str) -> &str {
    let mut t = u.trim_end_matches(['.', ',', ';', ':', '!', '?', '\'', '"']);
    if t.ends_with(')') && t.matches('(').count() < t.matches(')').count() {
        t = &t[..t.len() - 1];
    }
    t
}

fn has_phone_keyword(window: &str) -> bool {
    [
        "phone", "tel", "call", "cell", "mobile", "fax", "number", "contact", "ph", "#",
    ]
    .iter()
    .any(|k| window.contains(k))
}

/// Whether the nearest telephone keyword in `window` (lower case) is "fax" or "f:".
fn is_fax(window: &str) -> bool {
    let last = |k: &str| window.rfind(k).map_or(-1, |i| i as i64);
    let fax = last("fax").max(last("f:")).max(last("f.:"));
    let phone = [
        "phone", "tel", "ph:", "ph.", "cell", "mobile", "call", "p:", "t:",
    ]
    .iter()
    .map(|k| last(k))
    .max()
    .unwrap_or(-1);
    fax >= 0 && fax > phone
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contacts(text: &str) -> Vec<(&str, PhiType)> {
        let mut out = Vec::new();
        ContactRecognizer::new().collect(text, &mut out);
        out.sort_by_key(|c| c.start);
        out.iter()
            .map(|c| (&text[c.start..c.end], c.kind))
            .collect()
    }

    #[test]
    fn phones_and_faxes() {
        use PhiType::*;
        assert_eq!(
            contacts("call (555) 123-4567."),
            [("(555) 123-4567", Phone)]
        );
        assert_eq!(
            contacts("at 555-123-4567 or 555.123.4567"),
            [("555-123-4567", Phone), ("555.123.4567", Phone)]
        );
        assert_eq!(contacts("+1 555 123 4567"), [("+1 555 123 4567", Phone)]);
        assert_eq!(
            contacts("London +44 20 7946 0958"),
            [("+44 20 7946 0958", Phone)]
        );
        assert_eq!(
            contacts("Tel 555-123-4567, Fax: 555-123-4568"),
            [("555-123-4567", Phone), ("555-123-4568", Fax)]
        );
        assert_eq!(contacts("f: (555) 123-4569"), [("(555) 123-4569", Fax)]);
        assert_eq!(contacts("phone 555 123 4567"), [("555 123 4567", Phone)]);
        assert_eq!(
            contacts("1-800-555-1234 ext. 12"),
            [("1-800-555-1234 ext. 12", Phone)]
        );
    }

    #[test]
    fn a_mobile_with_a_hyphen_and_a_blank_after_a_phones_word() {
        use PhiType::*;
        assert_eq!(
            contacts("daughter-in-law to supervise, ph 019-774 2081."),
            [("019-774 2081", Phone)]
        );
        // without the word: a range and a count
        assert!(contacts("values 019-774 2081 seen").is_empty());
    }

    #[test]
    fn not_phones() {
        for t in [
            "US-009507513-2101USA001097",
            "142 1135 99% 106 BP 168/102 1140",
            "values 101 102 1034",
            "12/21/2020",
            "123-45-6789",
            "Lot EK5730",
        ] {
            assert!(contacts(t).is_empty(), "{t}: {:?}", contacts(t));
        }
    }

    #[test]
    fn email_url_ip() {
        use PhiType::*;
        assert_eq!(
            contacts("mail jane.doe@example.org."),
            [("jane.doe@example.org", Email)]
        );
        assert_eq!(
            contacts("see https://www.example.org/a?b=1)."),
            [("https://www.example.org/a?b=1", Url)]
        );
        assert_eq!(
            contacts("www.example.org, example.com/path"),
            [("www.example.org", Url), ("example.com/path", Url)]
        );
        assert_eq!(
            contacts("from 192.168.1.20 today"),
            [("192.168.1.20", Ipaddr)]
        );
        assert!(contacts("q.d. Dr.Smith 12.21.2020 1.2.3.400 Temp 98.6").is_empty());
    }
}
