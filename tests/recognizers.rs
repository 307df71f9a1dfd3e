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
