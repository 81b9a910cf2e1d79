use super::*;
use crate::model::{Outcome, PointSystem, Points, RoundRecord, Unplayed};

const SAMPLE: &str = "012 Club Championship
XXR 5
XXC black1
BBW  3.0
BBD  1.0
### a comment
001    1 m GM Carlsen, Magnus                   2830 NOR 1503014     1990/11/30  5.0    1     3 w 1     2 b =  0000 - H
001    2 w IM Example, Erika                    2400 GER                         7.0    2  0000 - U     1 w =     3 b +
001    3      Test0003 Player0003               2300                             0.0    3     1 b 0  0000 - Z     2 w -
XYZ something unknown
";

fn parse(text: &str) -> Trf {
    match Trf::parse(text) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn reads_players_and_extensions() {
    let trf = parse(SAMPLE);
    assert_eq!(trf.total_rounds(), Some(5));
    assert_eq!(trf.declared_initial_colour(), Some(Colour::Black));
    let s = trf.point_system().unwrap_or_default();
    assert_eq!(s.win, Points::whole(3));
    assert_eq!(s.draw, Points::whole(1));
    assert_eq!(s.pairing_bye, Points::whole(3));
    assert_eq!(s.half_point_bye, Points::whole(1));
    let (line, p1) = trf.player(PlayerNo(1)).unwrap_or_else(|| panic!("player 1"));
    assert_eq!(line, 7);
    assert_eq!(p1.name, "Carlsen, Magnus");
    assert_eq!(p1.title, "GM");
    assert_eq!(p1.sex, "m");
    assert_eq!(p1.rating, Some(2830));
    assert_eq!(p1.federation, "NOR");
    assert_eq!(p1.fide_id, "1503014");
    assert_eq!(p1.birth_date, "1990/11/30");
    assert_eq!(p1.points, Points::whole(5));
    assert_eq!(
        p1.rounds,
        vec![
            Some(RoundRecord::Played {
                opponent: PlayerNo(3),
                colour: Colour::White,
                outcome: Outcome::Win,
                rated: true
            }),
            Some(RoundRecord::Played {
                opponent: PlayerNo(2),
                colour: Colour::Black,
                outcome: Outcome::Draw,
                rated: true
            }),
            Some(RoundRecord::Unpaired(Unplayed::HalfPointBye)),
        ]
    );
    let p2 = trf.player(PlayerNo(2)).map(|(_, p)| p.rounds[2]);
    assert_eq!(p2, Some(Some(RoundRecord::Forfeit { opponent: PlayerNo(3), colour: Some(Colour::Black), won: true })));
    assert!(trf.lines.iter().any(|l| *l == Line::Other("XYZ something unknown".into())));
}

#[test]
fn round_trips_every_line_end() {
    let trf = parse(SAMPLE);
    for ending in [LineEnding::Lf, LineEnding::Cr, LineEnding::CrLf] {
        let text = trf.to_text(ending);
        assert_eq!(parse(&text), trf, "{ending:?}");
    }
    // Canonical player lines come back byte for byte.
    let lf = trf.to_text(LineEnding::Lf);
    for line in SAMPLE.lines() {
        assert!(lf.lines().any(|l| l == line), "lost: {line}");
    }
}

#[test]
fn errors_name_line_and_field() {
    let bad_points = SAMPLE.replace(" 5.0    1", " 5.x    1");
    let e = Trf::parse(&bad_points).err();
    assert!(matches!(e, Some(TrfError { line: 7, kind: TrfErrorKind::BadPoints { .. } })), "{e:?}");
    let bad_colour = SAMPLE.replace("3 w 1", "3 x 1");
    let e = Trf::parse(&bad_colour).err();
    assert!(
        matches!(e, Some(TrfError { line: 7, kind: TrfErrorKind::BadColour { round: 1, column: 97, value: 'x' } })),
        "{e:?}"
    );
    let bad_result = SAMPLE.replace("3 w 1", "3 w 7");
    let e = Trf::parse(&bad_result).err();
    assert!(
        matches!(e, Some(TrfError { line: 7, kind: TrfErrorKind::BadResult { round: 1, column: 99, value: '7' } })),
        "{e:?}"
    );
    let dup = SAMPLE.replace("001    3", "001    2");
    assert!(matches!(Trf::parse(&dup).err(), Some(TrfError { line: 9, kind: TrfErrorKind::DuplicatePlayer(2) })));
    let e = Trf::parse("XXR five").err();
    assert!(matches!(e, Some(TrfError { line: 1, kind: TrfErrorKind::BadNumber { field: "XXR", .. } })), "{e:?}");
    assert!(e.is_some_and(|e| e.to_string().contains("line 1")));
}

#[test]
fn inconsistent_entries_and_points_are_rejected() {
    let wrong_colour = SAMPLE.replace("1 b 0  0000 - Z", "1 w 0  0000 - Z");
    let e = parse(&wrong_colour).next_round_input().err();
    assert!(matches!(e, Some(TrfError { kind: TrfErrorKind::InconsistentPairing { round: 1, .. }, .. })), "{e:?}");
    let wrong_points = SAMPLE.replace(" 0.0    3", " 1.0    3");
    let e = parse(&wrong_points).next_round_input().err();
    assert!(matches!(e, Some(TrfError { line: 9, kind: TrfErrorKind::PointsMismatch { .. } })), "{e:?}");
    let no_rounds = SAMPLE.replace("XXR 5\n", "");
    assert!(matches!(
        parse(&no_rounds).next_round_input().err(),
        Some(TrfError { line: 0, kind: TrfErrorKind::MissingTotalRounds })
    ));
}

#[test]
fn point_systems_from_every_notation() {
    let t = parse("162  W 3.0    D 1.0    P 1.0\nXXR 3\n");
    let s = t.point_system().unwrap_or_default();
    assert_eq!((s.win, s.draw, s.pairing_bye), (Points::whole(3), Points::whole(1), Points::whole(1)));
    assert_eq!(t.to_text(LineEnding::Lf), "162  W 3.0    D 1.0    P 1.0\nXXR 3\n");
    let x = parse("XXS W=2 D=1 PAB=1\n").point_system().unwrap_or_default();
    assert_eq!((x.win, x.draw, x.pairing_bye), (Points::whole(2), Points::whole(1), Points::whole(1)));
    assert!(parse("XXS WW=1 BW=1.5\n").point_system().is_err());
    assert_eq!(parse("XXR 3\n").point_system().ok(), Some(PointSystem::default()));
}

#[test]
fn forbidden_pairs_and_accelerations() {
    let t = parse("XXP 1 2 3\n260 002 003    4    5\nXXA    1  1.0  1.0  0.5\n240 H 002    7\n");
    assert_eq!(
        t.forbidden_pairs(1),
        vec![(PlayerNo(1), PlayerNo(2)), (PlayerNo(1), PlayerNo(3)), (PlayerNo(2), PlayerNo(3))]
    );
    assert_eq!(t.forbidden_pairs(2).len(), 4);
    assert_eq!(
        t.lines[2],
        Line::Acceleration { player: PlayerNo(1), rounds: vec![Points::ONE, Points::ONE, Points::HALF] }
    );
    assert_eq!(t.lines[3], Line::Byes { kind: 'H', round: 2, players: vec![PlayerNo(7)] });
    let again = parse(&t.to_text(LineEnding::Lf));
    assert_eq!(again, t);
}

#[test]
fn the_start_date_is_read_from_line_042() {
    let trf = Trf::parse("012 Open\n042 2023/08/31\nXXR 5\n").unwrap();
    assert_eq!(trf.start_date().map(|d| d.to_string()).as_deref(), Some("2023-08-31"));
    assert_eq!(Trf::parse("042 31 August\n").unwrap().start_date(), None);
    assert_eq!(Trf::parse("012 Open\n").unwrap().start_date(), None);
}
