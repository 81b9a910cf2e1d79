use arbiter_engine::pairing::dutch::pair;
use arbiter_engine::trf::Trf;

#[test]
#[ignore]
fn debug_timing() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fide-dutch/cases");
    let mut v: Vec<(f64, String, usize)> = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().map_or(true, |x| x != "trf") { continue; }
        let t = Trf::parse(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let input = t.next_round_input().unwrap();
        let n = input.players.len();
        let start = std::time::Instant::now();
        let _ = pair(&input);
        v.push((start.elapsed().as_secs_f64(), p.file_name().unwrap().to_string_lossy().into(), n));
    }
    v.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    let total: f64 = v.iter().map(|x| x.0).sum();
    println!("total {total:.2}s");
    for x in v.iter().take(15) { println!("{:.3}s {} n={}", x.0, x.1, x.2); }
}
