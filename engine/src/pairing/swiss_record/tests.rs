//! Swiss pairing cases worked by hand from the rules in the module docs
//! (the seed's "Swiss Pairing Algorithm" for [`SwissProcedure::Fold`]).
//! Players are letters; `ranked` lists them in pairing order. Where both
//! procedures pair alike, both are checked.

#![allow(clippy::unwrap_used)]

use super::*;
use crate::standings::wh40k::standings;

fn win(round: u32, winner: char, loser: char) -> Game<char> {
    Game { round, player1: winner, player2: Some(loser), vp1: 60, vp2: 40 }
}

fn draw(round: u32, a: char, b: char) -> Game<char> {
    Game { round, player1: a, player2: Some(b), vp1: 50, vp2: 50 }
}

fn bye(round: u32, p: char) -> Game<char> {
    Game { round, player1: p, player2: None, vp1: 0, vp2: 0 }
}

/// The tables as "XY" strings, in table order (player1 first), checking the numbering.
fn tables(pairing: &RoundPairing<char>) -> Vec<String> {
    for (i, t) in pairing.tables.iter().enumerate() {
        assert_eq!(t.number as usize, i + 1);
    }
    pairing.tables.iter().map(|t| format!("{}{}", t.player1, t.player2)).collect()
}

fn pair_by(ranked: &str, history: &[Game<char>], procedure: SwissProcedure) -> RoundPairing<char> {
    pair_round(&ranked.chars().collect::<Vec<_>>(), history, procedure).unwrap()
}

/// The seed's procedure, checking that the matching variant pairs alike.
fn pair(ranked: &str, history: &[Game<char>]) -> RoundPairing<char> {
    let fold = pair_by(ranked, history, SwissProcedure::Fold);
    assert_eq!(fold, pair_by(ranked, history, SwissProcedure::Matching), "the procedures differ");
    fold
}

/// Round 1, one group of 10: fold 1–6, 2–7, 3–8, 4–9, 5–10.
#[test]
fn round_one_folds_the_single_group() {
    let p = pair("ABCDEFGHIJ", &[]);
    assert_eq!(tables(&p), ["AF", "BG", "CH", "DI", "EJ"]);
    assert_eq!((p.bye, p.warnings.len()), (None, 0));
}

/// Seven players: the bye goes to the lowest (G); the six left fold 1–4, 2–5, 3–6.
#[test]
fn odd_field_gives_the_lowest_a_bye() {
    let p = pair("ABCDEFG", &[]);
    assert_eq!(p.bye, Some('G'));
    assert_eq!(tables(&p), ["AD", "BE", "CF"]);
}

/// After R1 (A>E, B>F, C>G, D>H) the groups are 1-0 {A,B,C,D} and 0-1
/// {E,F,G,H}; each folds: A–C, B–D, E–G, F–H.
#[test]
fn groups_by_record_fold_separately() {
    let history = [win(1, 'A', 'E'), win(1, 'B', 'F'), win(1, 'C', 'G'), win(1, 'D', 'H')];
    let p = pair("ABCDEFGH", &history);
    assert_eq!(tables(&p), ["AC", "BD", "EG", "FH"]);
}

/// R1 draws A–D, B–F, C–E: one 0-0-1 group A..F. Fold A–D, B–E, C–F; A–D is a
/// rematch, so A takes the next bottom-half player E, and B takes the first
/// one left, D (the adjacent pairs swap); C–F stays.
#[test]
fn rematch_swaps_with_the_adjacent_pair() {
    let history = [draw(1, 'A', 'D'), draw(1, 'B', 'F'), draw(1, 'C', 'E')];
    let p = pair("ABCDEF", &history);
    assert_eq!(tables(&p), ["AE", "BD", "CF"]);
    assert!(p.warnings.is_empty());
}

/// R1 draws A–C, B–D: one group A..D whose fold A–C, B–D repeats both games.
/// A skips C for D; B takes C.
#[test]
fn fully_repeated_fold_is_swapped() {
    let p = pair("ABCD", &[draw(1, 'A', 'C'), draw(1, 'B', 'D')]);
    assert_eq!(tables(&p), ["AD", "BC"]);
}

/// R1: A>D, B>E, C>F. Groups {A,B,C} and {D,E,F}. The first is odd: A–B, and
/// C floats to the top of the next: [C,D,E,F] folds C–E, D–F. Tables by the
/// higher seed's rank: A (1), C (3), D (4).
#[test]
fn odd_group_floats_its_lowest_player_down() {
    let p = pair("ABCDEF", &[win(1, 'A', 'D'), win(1, 'B', 'E'), win(1, 'C', 'F')]);
    assert_eq!(tables(&p), ["AB", "CE", "DF"]);
}

/// As above but C beat E in R1: the floater's fold partner E is a rematch, so
/// C takes F and D takes E.
#[test]
fn floater_avoids_a_rematch_in_its_new_bracket() {
    let p = pair("ABCDEF", &[win(1, 'A', 'D'), win(1, 'B', 'F'), win(1, 'C', 'E')]);
    assert_eq!(tables(&p), ["AB", "CF", "DE"]);
}

/// Groups {A,B} (2-0) and {C,D} (1-1) where C and D have met. The fold
/// pairs A–B, then C–D again, and no adjacent pair can take the swap: the
/// procedure cannot avoid the rematch, so the search pairs the round, with a
/// warning. The matching variant's field check refuses A–B outright: A and B
/// float down and the bracket [A,B,C,D] folds A–C, B–D: no rematch anywhere.
#[test]
fn a_group_gives_way_so_the_next_avoids_a_rematch() {
    let history =
        [win(1, 'A', 'X'), win(1, 'B', 'Y'), win(1, 'C', 'D'), win(2, 'A', 'Y'), win(2, 'B', 'X'), win(2, 'D', 'C')];
    let p = pair_by("ABCD", &history, SwissProcedure::Fold);
    assert_eq!(tables(&p), ["AC", "BD"]);
    assert_eq!(p.warnings, [PairingWarning::Searched { rematches: 1 }]);
    let p = pair_by("ABCD", &history, SwissProcedure::Matching);
    assert_eq!(tables(&p), ["AC", "BD"]);
    assert!(p.warnings.is_empty());
}

/// The seed's example order: 8 players A–H registered in that order; round
/// 1 A–E 60–50, B–F 70–60, C–G 60–50, D–H 60–50. The seed sorts "wins DESC
/// → margin DESC → SOS DESC → registration order": A, B, C, D (one win,
/// +10, SOS 0) then E, F, G, H (no win, −10, SOS 100%), and folds each group:
/// A–C, B–D, E–G, F–H. The matching variant pairs in the standings' order,
/// which puts total VP before registration: B (70 VP) first, then A, C, D;
/// F (60) before E, G, H: B–C, A–D, F–G, E–H.
#[test]
fn the_seeds_order_leaves_total_vp_out() {
    let game = |p1, vp1, p2, vp2| Game { round: 1, player1: p1, player2: Some(p2), vp1, vp2 };
    let history = [game('A', 60, 'E', 50), game('B', 70, 'F', 60), game('C', 60, 'G', 50), game('D', 60, 'H', 50)];
    let table = standings(&['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], &history).unwrap();
    assert_eq!(SwissProcedure::Fold.order(&table).into_iter().collect::<String>(), "ABCDEFGH");
    let p = pair_standings(&table, |_| true, &history, SwissProcedure::Fold).unwrap();
    assert_eq!(tables(&p), ["AC", "BD", "EG", "FH"]);
    assert_eq!(SwissProcedure::Matching.order(&table).into_iter().collect::<String>(), "BACDFEGH");
    let p = pair_standings(&table, |_| true, &history, SwissProcedure::Matching).unwrap();
    assert_eq!(tables(&p), ["BC", "AD", "FG", "EH"]);
}

/// A group of six, C and F met before: the fold's last pair C–F is a
/// rematch; with no pair below it swaps with the pair above: B–F, C–E.
#[test]
fn the_last_pair_swaps_with_the_pair_above() {
    let history = [draw(1, 'C', 'F'), draw(1, 'A', 'X'), draw(1, 'B', 'Y'), draw(1, 'D', 'Z'), draw(1, 'E', 'W')];
    let p = pair_by("ABCDEF", &history, SwissProcedure::Fold);
    assert_eq!(tables(&p), ["AD", "BF", "CE"]);
    assert!(p.warnings.is_empty());
}

/// R1: A 60–40 B, C 55–45 D, E bye. R2: A 50–40 C, D 70–30 E, B bye.
/// Standings: A 2-0 (+30); then one win each: D +30, C 0, B −20, E −40.
/// R3 bye: E (last) and B (4th) already had one → C, the lowest without one.
/// Groups {A} and {D,B,E}: A floats; [A,D,B,E] folds A–B (met in R1) → A
/// takes E; D takes B. Tables: A–E, D–B.
#[test]
fn bye_goes_to_the_lowest_without_a_bye_through_standings() {
    let history = [
        Game { round: 1, player1: 'A', player2: Some('B'), vp1: 60, vp2: 40 },
        Game { round: 1, player1: 'C', player2: Some('D'), vp1: 55, vp2: 45 },
        bye(1, 'E'),
        Game { round: 2, player1: 'A', player2: Some('C'), vp1: 50, vp2: 40 },
        Game { round: 2, player1: 'E', player2: Some('D'), vp1: 30, vp2: 70 },
        bye(2, 'B'),
    ];
    let table = standings(&['A', 'B', 'C', 'D', 'E'], &history).unwrap();
    assert_eq!(table.iter().map(|s| s.id).collect::<String>(), "ADCBE");
    let p = pair_standings(&table, |_| true, &history, SwissProcedure::Fold).unwrap();
    assert_eq!(p, pair_standings(&table, |_| true, &history, SwissProcedure::Matching).unwrap());
    assert_eq!(p.bye, Some('C'));
    assert_eq!(tables(&p), ["AE", "DB"]);
    assert!(p.warnings.is_empty());
}

/// Six entrants, F drops after R1 (A>D, B>E, C>F). Five active players: the
/// standings are A, B, C (wins, equal margins → registration), then D, E, F;
/// active: A B C D E. E, the lowest active, gets the bye; {A,B,C}: A–B, C
/// floats; [C,D]: C–D. F is never paired.
#[test]
fn dropped_players_are_not_paired() {
    let history = [win(1, 'A', 'D'), win(1, 'B', 'E'), win(1, 'C', 'F')];
    let table = standings(&['A', 'B', 'C', 'D', 'E', 'F'], &history).unwrap();
    let p = pair_standings(&table, |id| id != 'F', &history, SwissProcedure::Fold).unwrap();
    assert_eq!(p.bye, Some('E'));
    assert_eq!(tables(&p), ["AB", "CD"]);
}

/// Active A, B, C, D; dropped X, Y, Z. A beat B, C and D in rounds 1–3, so A
/// has met everyone: one rematch is unavoidable, and only one is made. A
/// (3-0) floats into {B,C,D} (2-1): [A,B,C,D] → A's fold partner C is a
/// rematch but every choice for A is, and with C the rest (B–D) is new.
#[test]
fn unavoidable_rematch_is_made_once_and_flagged() {
    let history = [
        win(1, 'A', 'B'),
        win(1, 'C', 'X'),
        win(1, 'D', 'Y'),
        win(2, 'A', 'C'),
        win(2, 'B', 'Z'),
        win(2, 'D', 'X'),
        win(3, 'A', 'D'),
        win(3, 'B', 'Y'),
        win(3, 'C', 'Z'),
    ];
    let p = pair("ABCD", &history);
    assert_eq!(tables(&p), ["AC", "BD"]);
    assert_eq!(p.warnings, [PairingWarning::Rematch { player1: 'A', player2: 'C', previous_rounds: vec![2] }]);
}

/// Three players, three rounds: everyone has met everyone and had a bye. The
/// lowest (C) gets a second bye and A–B meet again, both flagged.
#[test]
fn tiny_event_repeats_bye_and_game_with_warnings() {
    let history = [win(1, 'A', 'B'), bye(1, 'C'), win(2, 'A', 'C'), bye(2, 'B'), win(3, 'B', 'C'), bye(3, 'A')];
    let p = pair("ABC", &history);
    assert_eq!(p.bye, Some('C'));
    assert_eq!(tables(&p), ["AB"]);
    assert_eq!(
        p.warnings,
        [
            PairingWarning::RepeatBye { player: 'C', previous_rounds: vec![1] },
            PairingWarning::Rematch { player1: 'A', player2: 'B', previous_rounds: vec![1] },
        ]
    );
}

/// Four players after a full round robin: both tables are rematches.
#[test]
fn exhausted_field_pairs_with_all_rematches_flagged() {
    let history =
        [win(1, 'A', 'B'), win(1, 'C', 'D'), win(2, 'A', 'C'), win(2, 'B', 'D'), win(3, 'A', 'D'), win(3, 'B', 'C')];
    // A 3-0; B 2-1; C 1-2; D 0-3 — four groups of one.
    let p = pair("ABCD", &history);
    assert_eq!(tables(&p), ["AB", "CD"]);
    assert_eq!(p.warnings.len(), 2);
}

#[test]
fn bad_input_is_an_error() {
    let fold = SwissProcedure::Fold;
    assert_eq!(pair_round::<char>(&[], &[], fold), Err(SwissError::TooFewPlayers { active: 0 }));
    assert_eq!(pair_round(&['A'], &[], fold), Err(SwissError::TooFewPlayers { active: 1 }));
    assert_eq!(pair_round(&['A', 'B', 'A'], &[], fold), Err(SwissError::DuplicatePlayer('A')));
    let broken = [Game { round: 1, player1: 'A', player2: Some('A'), vp1: 1, vp2: 0 }];
    assert!(matches!(pair_round(&['A', 'B'], &broken, fold), Err(SwissError::History(_))));
    assert!(SwissError::<char>::TooFewPlayers { active: 1 }.to_string().contains("at least 2"));
}

/// W-L-D records, by player of `ranked`, as the standings show them.
fn records(list: &[(u32, u32, u32)]) -> Vec<Record> {
    list.iter().map(|&(wins, losses, draws)| Record { wins, losses, draws }).collect()
}

/// Issue 32, point 4. After R1 (A>E, B>F, C>G, D>H) a penalty takes A's
/// win away: the standings show A 0-0-0. The seed pairs by the record:
/// "Group players by W-L-D record"; "If odd count in group, drop bottom
/// player to next group". Order (wins, margin, …): B, C, D, A, E, F, G, H.
/// Groups: 1-0 {B, C, D} (odd: D drops), 0-0-0 {A}, 0-1 {E, F, G, H}.
/// Fold: B–C; D joins A's group, D–A; E–G, F–H. By the games alone A
/// would still be 1-0 and the top group B, C, D, A would fold B–D, C–A.
#[test]
fn a_win_taken_away_by_a_penalty_moves_the_player_to_the_lower_group() {
    let history = [win(1, 'A', 'E'), win(1, 'B', 'F'), win(1, 'C', 'G'), win(1, 'D', 'H')];
    let ranked: Vec<char> = "BCDAEFGH".chars().collect();
    let given = records(&[(1, 0, 0), (1, 0, 0), (1, 0, 0), (0, 0, 0), (0, 1, 0), (0, 1, 0), (0, 1, 0), (0, 1, 0)]);
    for procedure in [SwissProcedure::Fold, SwissProcedure::Matching] {
        let p = pair_round_by_records(&ranked, &given, &history, procedure).unwrap();
        assert_eq!(tables(&p), ["BC", "DA", "EG", "FH"], "{procedure:?}");
    }
    let unadjusted = pair_round(&ranked, &history, SwissProcedure::Fold).unwrap();
    assert_eq!(tables(&unadjusted), ["BD", "CA", "EG", "FH"]);
}

/// Issue 32, point 5. After R1 (A>E, B>F, C>G, D>H) two late entries
/// join: L (`missed: loss`, record 0-1: the missed round is a loss with no
/// game) and M (`missed: absent`, 0-0-0: no round counted). Order (wins,
/// margin, SOS, registration): A, B, C, D, then L and M (margin 0, L
/// registered first), then E, F, G, H (margin −20). Groups by record: 1-0
/// {A, B, C, D}; 0-0-0 {M} (odd: M drops to the next group, at its top);
/// 0-1 {L, E, F, G, H}. Fold: A–C, B–D; bracket M, L, E, F, G, H folds
/// M–F, L–G, E–H. By the games alone L and M are both 0-0-0 and would
/// play each other.
#[test]
fn late_entries_are_grouped_by_their_records() {
    let history = [win(1, 'A', 'E'), win(1, 'B', 'F'), win(1, 'C', 'G'), win(1, 'D', 'H')];
    let ranked: Vec<char> = "ABCDLMEFGH".chars().collect();
    let given = records(&[
        (1, 0, 0),
        (1, 0, 0),
        (1, 0, 0),
        (1, 0, 0),
        (0, 1, 0),
        (0, 0, 0),
        (0, 1, 0),
        (0, 1, 0),
        (0, 1, 0),
        (0, 1, 0),
    ]);
    for procedure in [SwissProcedure::Fold, SwissProcedure::Matching] {
        let p = pair_round_by_records(&ranked, &given, &history, procedure).unwrap();
        assert_eq!(tables(&p), ["AC", "BD", "LG", "MF", "EH"], "{procedure:?}");
    }
    let unadjusted = pair_round(&ranked, &history, SwissProcedure::Fold).unwrap();
    assert!(tables(&unadjusted).contains(&"LM".to_string()), "{:?}", tables(&unadjusted));
}

/// Issue 32, point 3: a rematch on the last board of an odd group. Group
/// 2-0 {A … G} (seven: "If odd count in group, drop bottom player to next
/// group", G joins H's group), folded A–D, B–E, C–F; C and F have met, and
/// so have B and F. "If a proposed pair has already played, swap with the
/// adjacent pair in the group (recurse if needed)": C–F swaps with B–E,
/// giving B–F and C–E; B–F has been played, so it swaps in turn with A–D,
/// giving A–F and B–D. G and H then play. The seed's procedure leaves no
/// rematch, so no search is needed and nobody but G floats.
#[test]
fn a_rematch_on_the_last_board_of_an_odd_group_swaps_upward() {
    let history = [win(1, 'C', 'F'), win(2, 'F', 'B')];
    let ranked: Vec<char> = "ABCDEFGH".chars().collect();
    let mut given = records(&[(2, 0, 0); 7]);
    given.push(Record { wins: 1, losses: 1, draws: 0 });
    let p = pair_round_by_records(&ranked, &given, &history, SwissProcedure::Fold).unwrap();
    assert_eq!(tables(&p), ["AF", "BD", "CE", "GH"]);
    assert_eq!(p.warnings, []);
}
