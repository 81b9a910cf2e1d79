use arbiter_engine::pairing::dutch::{pair, pairing_text};
use arbiter_engine::trf::Trf;
use std::collections::HashMap;

#[test]
#[ignore]
fn debug_case() {
    let path = std::env::var("CASE").unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let expected = std::fs::read_to_string(path.replace(".trf", ".expected")).unwrap();
    let trf = Trf::parse(&text).unwrap();
    let input = trf.next_round_input().unwrap();
    let got = pair(&input).map(|p| pairing_text(&p)).unwrap_or_else(|e| format!("{e}"));
    let score: HashMap<u32, String> = input.players.iter().map(|p| (p.id.0, format!("{}", p.score(&input.points)))).collect();
    let parse = |t: &str| -> Vec<(u32, u32)> { t.lines().skip(1).filter_map(|l| { let v: Vec<u32> = l.split_whitespace().filter_map(|x| x.parse().ok()).collect(); (v.len() == 2).then(|| (v[0], v[1])) }).collect() };
    let e = parse(&expected);
    let g = parse(&got);
    let norm = |v: &[(u32, u32)]| -> std::collections::BTreeSet<(u32,u32)> { v.iter().map(|&(a,b)| (a.min(b), a.max(b))).collect() };
    let (ne, ng) = (norm(&e), norm(&g));
    println!("round {} of {}", input.round, input.total_rounds);
    println!("only expected: {:?}", ne.difference(&ng).map(|&(a,b)| format!("{a}({})-{b}({})", score.get(&a).cloned().unwrap_or_default(), score.get(&b).cloned().unwrap_or_default())).collect::<Vec<_>>());
    println!("only got:      {:?}", ng.difference(&ne).map(|&(a,b)| format!("{a}({})-{b}({})", score.get(&a).cloned().unwrap_or_default(), score.get(&b).cloned().unwrap_or_default())).collect::<Vec<_>>());
    let colour_diff: Vec<_> = e.iter().filter(|p| !g.contains(p) && g.contains(&(p.1, p.0))).collect();
    println!("colour differences (expected): {colour_diff:?}");
    if ne == ng && colour_diff.is_empty() { println!("order differs:\n{expected}\n{got}"); }
}
