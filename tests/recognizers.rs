use deid::recognize::Recognizers;

#[test]
#[ignore]
fn dump_vaers() {
    let path = std::env::var("DEID_DUMP").unwrap();
    let mut rdr = csv::Reader::from_path(path).unwrap();
    let hdr = rdr.headers().unwrap().clone();
    let cols: Vec<usize> = ["SYMPTOM_TEXT", "LAB_DATA", "HISTORY"]
        .iter()
        .map(|c| hdr.iter().position(|h| h == *c).unwrap())
        .collect();
    let r = Recognizers::new();
    for rec in rdr.records() {
        let rec = rec.unwrap();
        for &c in &cols {
            let t = &rec[c];
            let chars: Vec<char> = t.chars().collect();
            for s in r.find(t) {
                let a = s.start.saturating_sub(25);
                let b = (s.end + 25).min(chars.len());
                let ctx: String = chars[a..b].iter().collect::<String>().replace('\n', " ");
                let span: String = chars[s.start..s.end].iter().collect();
                println!("{}\t{}\t{}", s.kind, span, ctx);
            }
        }
    }
}

#[test]
#[ignore]
fn dump_misses() {
    let path = std::env::var("DEID_DUMP").unwrap();
    let mut rdr = csv::Reader::from_path(path).unwrap();
    let hdr = rdr.headers().unwrap().clone();
    let cols: Vec<usize> = ["SYMPTOM_TEXT", "LAB_DATA", "HISTORY"]
        .iter()
        .map(|c| hdr.iter().position(|h| h == *c).unwrap())
        .collect();
    let r = Recognizers::new();
    let broad = regex::Regex::new(r"(?i)\b(?:\d+[/.-]\d+(?:[/.-]\d+)?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*\d*|(?:19|20)\d\d|\d+\s*(?:yo|y/o|y\.o|years?|yrs?|months?)\b(?:\s*old)?)").unwrap();
    for rec in rdr.records() {
        let rec = rec.unwrap();
        for &c in &cols {
            let t = &rec[c];
            let map = deid::tokenize::OffsetMap::new(t);
            let spans = r.find(t);
            for m in broad.find_iter(t) {
                let s = map.cp_from_byte(m.start());
                let e = map.cp_from_byte(m.end());
                if spans.iter().any(|sp| sp.overlaps(s, e)) {
                    continue;
                }
                let a = m.start().saturating_sub(30);
                let b = (m.end() + 30).min(t.len());
                if !t.is_char_boundary(a) || !t.is_char_boundary(b) {
                    continue;
                }
                println!("MISS\t{}\t{}", m.as_str(), t[a..b].replace('\n', " "));
            }
        }
    }
}
