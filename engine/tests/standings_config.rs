//! The standings configuration as the server stores it: JSON in, the same
//! value out, with the C.07 acronyms as tags.

#![allow(clippy::unwrap_used)]

use arbiter_engine::standings::crokinole::{CrokinoleFormat, CrokinoleScoring};
use arbiter_engine::standings::{
    ChessConfig, ChessTiebreak, CrokinoleConfig, Modifier, RulesVersion, StandingsConfig, Wh40kConfig,
};

#[test]
fn chess_configuration_reads_c07_acronyms() {
    let json = r#"{"game":"chess","tiebreaks":[
        {"code":"BH","modifier":"cut1"},{"code":"BH"},{"code":"SB"},{"code":"DE"},{"code":"WIN"}],
        "rules":"fide_2024"}"#;
    let config: StandingsConfig = serde_json::from_str(json).unwrap();
    let mut want = ChessConfig::swiss_default();
    want.rules = Some(RulesVersion::Fide2024);
    assert_eq!(config, StandingsConfig::Chess(want.clone()));
    let back: StandingsConfig = serde_json::from_str(&serde_json::to_string(&config).unwrap()).unwrap();
    assert_eq!(back, config);
    let codes: Vec<String> = want.tiebreaks.iter().map(ChessTiebreak::code).collect();
    assert_eq!(codes, ["BH-C1", "BH", "SB", "DE", "WIN"]);
    let ks: ChessTiebreak = serde_json::from_str(r#"{"code":"KS","limit":-1}"#).unwrap();
    assert_eq!((ks, ks.code()), (ChessTiebreak::Koya { limit: -1 }, "KS/L-1".to_string()));
    let sb: ChessTiebreak = serde_json::from_str(r#"{"code":"SB","modifier":"median2"}"#).unwrap();
    assert_eq!(sb, ChessTiebreak::SonnebornBerger { modifier: Modifier::Median2 });
    assert!(serde_json::from_str::<ChessTiebreak>(r#"{"code":"XYZ"}"#).is_err());
}

#[test]
fn crokinole_and_wh40k_configurations() {
    let croki: StandingsConfig =
        serde_json::from_str(r#"{"game":"crokinole","scoring":"wins","format":"round_robin"}"#).unwrap();
    assert_eq!(
        croki,
        StandingsConfig::Crokinole(CrokinoleConfig {
            scoring: CrokinoleScoring::Wins,
            format: CrokinoleFormat::RoundRobin,
            bye_points: None
        })
    );
    let wh: StandingsConfig =
        serde_json::from_str(r#"{"game":"wh40k","tiebreaks":["vp_margin","strength_of_schedule","total_vp"]}"#)
            .unwrap();
    assert_eq!(wh, StandingsConfig::Wh40k(Wh40kConfig::default()));
}

#[test]
fn dates_read_and_write_as_iso_days() {
    let date: arbiter_engine::standings::CalendarDate = serde_json::from_str(r#""2026-03-01""#).unwrap();
    assert_eq!(RulesVersion::in_force_on(date), RulesVersion::Fide2026);
    assert_eq!(serde_json::to_string(&date).unwrap(), r#""2026-03-01""#);
    assert!(serde_json::from_str::<arbiter_engine::standings::CalendarDate>(r#""1 March 2026""#).is_err());
}
