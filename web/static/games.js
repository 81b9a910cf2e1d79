// Arbiter per-game page parts: result forms and score text for 40K, chess and
// crokinole; the standings table with its configured columns, ⚠ ties, the TO's
// = and ↓ buttons and the mini-league modal; the TO's tie-break editor.
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    L = A.t;
  const G = {};
  A.games = G;
  const CHESS = ["1-0", "½-½", "0-1", "1F-0F", "0F-1F", "0F-0F"];
  const CHESS_LABEL = {
    "1-0": "1-0 (" + L("chess-white-won") + ")",
    "½-½": "½-½ (" + L("chess-draw") + ")",
    "0-1": "0-1 (" + L("chess-black-won") + ")",
    "1F-0F": "1F-0F (" + L("chess-black-forfeited") + ")",
    "0F-1F": "0F-1F (" + L("chess-white-forfeited") + ")",
    "0F-0F": "0F-0F (" + L("chess-neither-played") + ")"
  };
  // A number input of a result form, `max` at most; `vals` pre-fills it (a score payload).
  const numInput = (vals, name, ph, max) =>
    '<input type="number" name="' +
    name +
    '" min="0" max="' +
    max +
    '" required placeholder="' +
    ph +
    '" value="' +
    (vals[name] == null ? "" : String(vals[name])) +
    '">';
  // A report form's number input (`value`: its pre-filled attribute, from the reporter's side).
  const reportInput = (label, name, max, value) =>
    "<label>" +
    esc(label) +
    ' <input type="number" name="' +
    name +
    '" min="0" max="' +
    max +
    '" required' +
    value +
    "></label>";
  // A report form around `inner`, with its submit button.
  const reportForm = (inner) =>
    '<form id="report-form" class="stack narrow">' +
    inner +
    '<button type="submit" class="primary">' +
    esc(L("report-result")) +
    "</button></form>";
  // One playoff game of the TO's override form (`_k` fields) by points and
  // twenties, with the winner of a level game; null when its points are blank.
  const pointsOverrideGame = (f, k) => {
    if (!f["player1_points_" + k] || f["player1_points_" + k].value === "") return null;
    const n = (x) => Number(f[x + "_" + k].value);
    const g = {
      player1_points: n("player1_points"),
      player2_points: n("player2_points"),
      player1_twenties: n("player1_twenties"),
      player2_twenties: n("player2_twenties")
    };
    if (f["winner_" + k] && f["winner_" + k].value) g.winner = Number(f["winner_" + k].value);
    return g;
  };
  // One object per game system, keyed by the wire name (`t.game`): everything
  // the page scripts do differently by game, so a new game is one entry here
  // (none for a game that plays like another: its `pages_like`).
  // Message ids are Fluent keys of web/locales/*/js.ftl.
  //  seats: the two seats' headings; sideHeading: the column of a player's seat;
  //  colourLetters: the seats are colours, each one's letter in a crosstable
  //    cell (null: sides, not colours, and a player's page names none);
  //  scoreHeading: the score column's heading; scoreFirst: the score text's
  //    "(for player 1)" message; scoreFromSide: a player's score is said from
  //    their side ("you 12 – 8"); slipResult: what a result slip asks for;
  //  crosstableRounds: rounds a printed crosstable part holds (A4 / Letter);
  //  crosstableOwnScore: a crosstable cell holds the player's score alone;
  //  crosstableKey: the crosstable's legend;
  //  ratedList: the player list shows title, rating, federation and FIDE id
  //    (else the faction); record: the standings show faction and W-L-D;
  //  tieGroupTitle / tieGroupShort: a tie group's badge (direct encounter or
  //    mini-league); missions: rounds have missions; roundOneChoice: the
  //    pairing system in which the TO chooses how round 1 is ordered;
  //  pools: a round robin is played in pools;
  //  teamGames: a team event's match holds its members' games (a team
  //    meeting a team; not crokinole doubles, whose team plays as one entrant);
  //  boardResults: a team event ranks each board (`GET …/boards`);
  //  missedRounds: a late entry's missed-round choices, [value, message]
  //    (value "" with no message: "—"); entryField: the add-entry form's extra
  //    field ("faction", "rating" or null);
  //  tiebreakScoring: the tie-break editor sets scoring and bye points (no
  //    tie-break list); tiebreakPairing: it sets the pairing (fold / matching);
  //  adjust: the adjustment kinds staff can give (the server's GameSystem);
  //  playoffFormats: the playoff match formats besides a single game;
  //  byeText(t): what a bye is worth, in words;
  //  scoreInputs(t, vals) / scorePayload(f): the TO's result inputs, player 1
  //    first, and their payload; reportForm(t, opp, seat, p, value) /
  //    reportPayload(f, pair): a player's report form from their side and its
  //    payload (`value(k1, k2)`: a field's pre-filled attribute, `pair(mine,
  //    theirs)`: two numbers player 1 first); overrideGame(f, k): one game of
  //    the TO's playoff-match override, null when not filled in.
  G.systems = {
    wh40k: {
      seats: ["player-1", "player-2"],
      sideHeading: "col-side",
      colourLetters: null,
      scoreHeading: "col-vp",
      scoreFirst: "score-first",
      scoreFromSide: true,
      slipResult: "col-vp",
      crosstableRounds: 7,
      crosstableOwnScore: false,
      crosstableKey: "crosstable-key",
      ratedList: false,
      record: true,
      tieGroupTitle: "ml-title",
      tieGroupShort: "ml-short",
      missions: true,
      roundOneChoice: "swiss_record",
      pools: false,
      teamGames: true,
      boardResults: false,
      missedRounds: [
        ["", ""],
        ["loss", "entry-missed-loss"],
        ["bye", "entry-missed-bye"],
        ["absent", "entry-missed-absent"]
      ],
      entryField: "faction",
      tiebreakScoring: false,
      tiebreakPairing: true,
      adjust: ["wins", "vp", "painting", "sportsmanship"],
      playoffFormats: [],
      byeText: () => L("bye-40k"),
      scoreInputs: (t, vals) =>
        numInput(vals, "player1_vp", esc(L("ph-p1")), t.max_vp) +
        " " +
        numInput(vals, "player2_vp", esc(L("ph-p2")), t.max_vp),
      scorePayload: (f) => ({ player1_vp: Number(f.player1_vp.value), player2_vp: Number(f.player2_vp.value) }),
      reportForm: (t, opp, _seat, _p, value) =>
        reportForm(
          reportInput(L("my-vp"), "mine", t.max_vp, value("player1_vp", "player2_vp")) +
            reportInput(L("their-vp", { name: opp.name }), "theirs", t.max_vp, value("player2_vp", "player1_vp"))
        ),
      reportPayload: (f, pair) => {
        const pts = pair(f.mine.value, f.theirs.value);
        return { player1_vp: pts[0], player2_vp: pts[1] };
      },
      overrideGame: () => null
    },
    chess: {
      seats: ["white", "black"],
      sideHeading: "col-colour",
      colourLetters: ["colour-w", "colour-b"],
      scoreHeading: "col-result",
      scoreFirst: "score-white",
      scoreFromSide: false,
      slipResult: "slip-result-chess",
      crosstableRounds: 11,
      crosstableOwnScore: true,
      crosstableKey: "crosstable-key-chess",
      ratedList: true,
      record: false,
      tieGroupTitle: "de-title",
      tieGroupShort: "de-short",
      missions: false,
      roundOneChoice: null,
      pools: false,
      teamGames: true,
      boardResults: true,
      missedRounds: [
        ["zero", "entry-missed-zero"],
        ["half", "entry-missed-half"]
      ],
      entryField: "rating",
      tiebreakScoring: false,
      tiebreakPairing: false,
      adjust: [],
      playoffFormats: ["tiebreak_games"],
      byeText: (t) => L("bye-points", { n: A.num(t.points ? t.points.bye : 0) }),
      scoreInputs: (_t, vals) =>
        '<select name="result" required><option value="">' +
        esc(L("col-result")) +
        "</option>" +
        CHESS.map(
          (r) =>
            '<option value="' + r + '"' + (vals.result === r ? " selected" : "") + ">" + CHESS_LABEL[r] + "</option>"
        ).join("") +
        "</select>",
      scorePayload: (f) => ({ result: f.result.value }),
      reportForm: (t, _opp, seat, p) => {
        const sc = (p && p.score) || {};
        return reportForm(
          "<p>" +
            esc(L(seat === "player1" ? "you-play-white" : "you-play-black")) +
            "</p><label>" +
            esc(L("result-white-first")) +
            " " +
            G.scoreInputs(t, { result: p ? sc.result || p.score_text : null }) +
            "</label>"
        );
      },
      reportPayload: (f) => ({ result: f.result.value }),
      overrideGame: (f, k) => {
        const r = f["result_" + k];
        if (!r || !r.value) return null;
        const g = { result: r.value };
        if (f["white_" + k] && f["white_" + k].value) g.white = Number(f["white_" + k].value);
        return g;
      }
    },
    crokinole: {
      seats: ["player-1", "player-2"],
      sideHeading: "col-side",
      colourLetters: null,
      scoreHeading: "col-pts-20s",
      scoreFirst: "score-first",
      scoreFromSide: false,
      slipResult: "slip-points-20s",
      crosstableRounds: 7,
      crosstableOwnScore: false,
      crosstableKey: "crosstable-key",
      ratedList: false,
      record: false,
      tieGroupTitle: "ml-title",
      tieGroupShort: "ml-short",
      missions: false,
      roundOneChoice: null,
      pools: true,
      teamGames: false,
      boardResults: false,
      missedRounds: [
        ["", ""],
        ["loss", "entry-missed-loss"],
        ["bye", "entry-missed-bye"],
        ["absent", "entry-missed-absent"]
      ],
      entryField: null,
      tiebreakScoring: true,
      tiebreakPairing: false,
      adjust: ["points"],
      playoffFormats: ["best_of_three"],
      byeText: (t) => {
        const b = t.standings_config && t.standings_config.bye_points;
        return L("bye-points", { n: A.num(b == null ? 2 : b) });
      },
      scoreInputs: (t, vals) =>
        numInput(vals, "player1_points", esc(L("ph-p1-pts")), t.max_vp) +
        " " +
        numInput(vals, "player2_points", esc(L("ph-p2-pts")), t.max_vp) +
        " " +
        numInput(vals, "player1_twenties", esc(L("ph-p1-20s")), 100) +
        " " +
        numInput(vals, "player2_twenties", esc(L("ph-p2-20s")), 100),
      scorePayload: (f) => {
        const n = (k) => Number(f[k].value);
        return {
          player1_points: n("player1_points"),
          player2_points: n("player2_points"),
          player1_twenties: n("player1_twenties"),
          player2_twenties: n("player2_twenties")
        };
      },
      reportForm: (t, opp, _seat, _p, value) =>
        reportForm(
          reportInput(L("my-points"), "mine", t.max_vp, value("player1_points", "player2_points")) +
            reportInput(
              L("their-points", { name: opp.name }),
              "theirs",
              t.max_vp,
              value("player2_points", "player1_points")
            ) +
            reportInput(L("my-20s"), "mine20", 100, value("player1_twenties", "player2_twenties")) +
            reportInput(
              L("their-20s", { name: opp.name }),
              "theirs20",
              100,
              value("player2_twenties", "player1_twenties")
            )
        ),
      reportPayload: (f, pair) => {
        const pts = pair(f.mine.value, f.theirs.value),
          tw = pair(f.mine20.value, f.theirs20.value);
        return { player1_points: pts[0], player2_points: pts[1], player1_twenties: tw[0], player2_twenties: tw[1] };
      },
      overrideGame: pointsOverrideGame
    }
  };
  // The entry of `t`'s game (`t`: anything with a `game`, a tournament or a
  // standings config); a game with no entry of its own plays like another
  // (the tournament's `pages_like`, from the server's GameSystem).
  G.system = (t) => G.systems[t.game] || G.systems[t.pages_like];

  // A standings column's or tie-break's name in the page's language, by the
  // key and C.07 modifier the server sends beside its code
  // ({key: "buchholz", modifier: "cut1", code: "BH-C1"}: the messages
  // tbn-buchholz and tbm-cut).
  G.tbName = (c) => {
    if (!c || !c.key) return "";
    const m = /^(cut|median)(\d+)$/.exec(c.modifier || "");
    return L("tbn-" + c.key.replace(/_/g, "-")) + (m ? " " + L("tbm-" + m[1], { n: m[2] }) : "");
  };

  // ---- results ----
  // What a bye is worth, in words.
  G.byeText = (t) => G.system(t).byeText(t);
  // The score in words from `seat`'s side ("player1" / "player2").
  G.scoreText = (t, p, seat) => {
    if (!p.score) return "";
    const s = G.system(t);
    if (s.scoreFromSide) {
      const mine = seat === "player2" ? p.player2_vp : p.player1_vp,
        theirs = seat === "player2" ? p.player1_vp : p.player2_vp;
      return seat ? L("score-you", { mine: mine, theirs: theirs }) : p.player1_vp + " – " + p.player2_vp;
    }
    return esc(A.num(p.score_text)) + " (" + esc(L(s.scoreFirst, { name: p.player1.name })) + ")";
  };
  // Inputs of a result for `t`'s game, player 1 first; `vals` pre-fills them (a score payload).
  G.scoreInputs = (t, vals) => G.system(t).scoreInputs(t, vals || {});
  // The payload of a form built by scoreInputs (player 1 first).
  G.scorePayload = (t, f) => G.system(t).scorePayload(f);
  // The TO's override of a playoff match (`match`: the playoff settings):
  // every game's score, player 1 first, with the winner of a level game
  // (crokinole) or of the decider (chess).
  G.matchOverrideInputs = (t, match) => {
    // The game's inputs named `<field>_<k>`; only the games every match has are required.
    const rename = (h, k, required) => {
      const named = h.replace(/name="([a-z0-9_]+)"/g, 'name="$1_' + k + '"');
      return required ? named : named.replace(/ required/g, "");
    };
    const who = (name, label) =>
      '<select name="' +
      name +
      '" title="' +
      esc(label) +
      '"><option value="">' +
      esc(label) +
      '</option><option value="1">' +
      esc(L("m-p1")) +
      '</option><option value="2">' +
      esc(L("m-p2")) +
      "</option></select>";
    let h = "";
    if (match.format === "best_of_three") {
      for (let g = 1; g <= 3; g++)
        h +=
          '<div class="match-game">' +
          esc(L("m-game-short", { n: g })) +
          " " +
          rename(G.scoreInputs(t), g, g < 3) +
          " " +
          who("winner_" + g, L("m-tiebreak-round-won-by")) +
          "</div>";
      return h;
    }
    const n = match.tiebreak_games || 2;
    for (let k = 0; k <= n; k++) {
      h +=
        '<div class="match-game">' +
        esc(k ? L("m-tiebreak-short", { n: k }) : L("m-game-short", { n: 1 })) +
        " " +
        rename(G.scoreInputs(t), k, k === 0) +
        (k && match.colours === "reported" ? " " + who("white_" + k, L("m-white")) : "") +
        "</div>";
    }
    return h + who("winner", L("m-decider-won-by"));
  };
  G.matchOverridePayload = (t, f) => {
    const games = [],
      body = { games: games };
    const s = G.system(t);
    for (let k = 0; k <= 10; k++) {
      const g = s.overrideGame(f, k);
      if (g) games.push(g);
    }
    if (f.winner && f.winner.value) body.winner = Number(f.winner.value);
    return body;
  };
  // A player's report form: fields from their own side, sent player 1 first.
  // A playoff match of several games (`match`: the playoff settings): one
  // report carries every game played (crokinole best of three; chess, a
  // game then tie-break games).
  function matchForm(t, opp, seat, match) {
    const first = seat === "player1";
    if (match.format === "best_of_three") {
      let h =
        '<form id="report-form" class="stack narrow" data-match="best_of_three"><p>' + esc(L("m-bo3-intro")) + "</p>";
      for (let g = 1; g <= 3; g++) {
        const req = g < 3 ? " required" : "";
        h +=
          '<fieldset data-game="' +
          g +
          '"><legend>' +
          esc(L("m-game", { n: g })) +
          "</legend>" +
          "<label>" +
          esc(L("my-points")) +
          ' <input type="number" name="mine' +
          g +
          '" min="0" max="' +
          t.max_vp +
          '"' +
          req +
          "></label>" +
          "<label>" +
          esc(L("their-points", { name: opp.name })) +
          ' <input type="number" name="theirs' +
          g +
          '" min="0" max="' +
          t.max_vp +
          '"' +
          req +
          "></label>" +
          "<label>" +
          esc(L("my-20s")) +
          ' <input type="number" name="mine20_' +
          g +
          '" min="0" max="100"' +
          req +
          "></label>" +
          "<label>" +
          esc(L("their-20s", { name: opp.name })) +
          ' <input type="number" name="theirs20_' +
          g +
          '" min="0" max="100"' +
          req +
          "></label></fieldset>";
      }
      return h + '<button type="submit" class="primary">' + esc(L("m-report-match")) + "</button></form>";
    }
    const n = match.tiebreak_games || 2,
      own = match.colours === "reported";
    let h =
      '<form id="report-form" class="stack narrow" data-match="tiebreak_games"><p>' +
      esc(L("m-tb-intro", { n: n })) +
      "</p>" +
      "<label>" +
      esc(L(first ? "m-first-game-white" : "m-first-game-black")) +
      " " +
      G.scoreInputs(t).replace('name="result"', 'name="result0"') +
      "</label>";
    for (let k = 1; k <= n; k++) {
      // Alternating colours: the first tie-break game reverses the game's colours.
      const white1 = k % 2 === 0,
        mineWhite = first ? white1 : !white1;
      h +=
        "<label>" +
        esc(own ? L("m-tb-game", { n: k }) : L(mineWhite ? "m-tb-game-white" : "m-tb-game-black", { n: k })) +
        " " +
        G.scoreInputs(t).replace('name="result" required', 'name="result' + k + '"') +
        "</label>";
      if (own)
        h +=
          "<label>" +
          esc(L("m-tb-white", { n: k })) +
          ' <select name="white' +
          k +
          '"><option value="">—</option><option value="me">' +
          esc(L("m-me")) +
          '</option><option value="opp">' +
          esc(opp.name) +
          "</option></select></label>";
    }
    return h + '<button type="submit" class="primary">' + esc(L("m-report-match")) + "</button></form>";
  }
  function matchPayload(f, seat) {
    const first = seat === "player1",
      games = [];
    if (f.dataset.match === "best_of_three") {
      for (let g = 1; g <= 3; g++) {
        const v = [f["mine" + g].value, f["theirs" + g].value, f["mine20_" + g].value, f["theirs20_" + g].value];
        if (v.some((x) => x === "")) continue;
        const n = v.map(Number);
        games.push(
          first
            ? { player1_points: n[0], player2_points: n[1], player1_twenties: n[2], player2_twenties: n[3] }
            : { player1_points: n[1], player2_points: n[0], player1_twenties: n[3], player2_twenties: n[2] }
        );
      }
      return { games: games };
    }
    for (let k = 0; f["result" + k]; k++) {
      if (!f["result" + k].value) continue;
      const g = { result: f["result" + k].value },
        w = f["white" + k];
      if (w && w.value) g.white = (w.value === "me") === first ? 1 : 2;
      games.push(g);
    }
    return { games: games };
  }
  // The report form; `p`, the pairing whose report is being corrected: its
  // fields start from what was sent, from the reporter's side.
  G.reportForm = (t, opp, seat, match, p) => {
    if (match && match.format && match.format !== "single") return matchForm(t, opp, seat, match);
    const sc = (p && p.score) || {},
      first = seat === "player1";
    const value = (k1, k2) => {
      const v = first ? sc[k1] : sc[k2];
      return v == null ? "" : ' value="' + esc(String(v)) + '"';
    };
    return G.system(t).reportForm(t, opp, seat, p, value);
  };
  G.reportPayload = (t, f, seat) => {
    if (f.dataset.match) return matchPayload(f, seat);
    const first = seat === "player1";
    const pair = (mine, theirs) => (first ? [Number(mine), Number(theirs)] : [Number(theirs), Number(mine)]);
    return G.system(t).reportPayload(f, pair);
  };
  // ---- standings ----
  // What a row of the standings (or a crosstable) is: a team in a team event
  // (40K, chess teams, crokinole doubles), else a player: its column's string key.
  G.entrantCol = (t) => (t && t.teams ? "col-team" : "col-player");
  // The standings table's head and rows; `to`: show the TO's tie buttons.
  G.standingsTable = (s, to) => {
    const m = s.standings_meta || { columns: [], game: s.tournament.game, open_ties: [], notices: [] };
    const sys = G.system(s.tournament),
      record = sys.record,
      primary = m.primary || { code: L("pts"), key: "points" };
    const showPrimary = !record || primary.code !== "W-L-D";
    const th = (c) => '<th class="num" title="' + esc(G.tbName(c)) + '">' + esc(c.code) + "</th>";
    // The column a tie was placed by (its code), named in the page's language.
    const byName = (code) => G.tbName(m.columns.find((c) => c.code === code)) || code;
    // An event played in round-robin pools: each row's pool and place in it ("B2": 2nd in pool B).
    const pools = s.standings.some((r) => r.pool);
    const head =
      '<tr><th class="num">#</th><th>' +
      esc(L(G.entrantCol(s.tournament))) +
      "</th>" +
      (pools ? '<th title="' + esc(L("col-pool-title")) + '">' + esc(L("col-pool")) + "</th>" : "") +
      (record
        ? "<th>" +
          esc(L("col-faction")) +
          '</th><th class="num">' +
          esc(L("col-w")) +
          '</th><th class="num">' +
          esc(L("col-l")) +
          '</th><th class="num">' +
          esc(L("col-d")) +
          "</th>"
        : "") +
      (showPrimary ? th(primary) : "") +
      m.columns.map(th).join("") +
      (to ? "<td></td>" : "") +
      "</tr>";
    const ranks = {},
      lots = {};
    s.standings.forEach((r) => {
      ranks[r.rank] = (ranks[r.rank] || 0) + 1;
    });
    (m.resolutions || []).forEach((x) => {
      if (x.lot)
        x.order.forEach((id) => {
          lots[id] = x.lot;
        });
    });
    const body = s.standings
      .map((r) => {
        // The tie markers (⚠, the orange group, "tie of N") are the TO's:
        // players and the public see the rank, "=5" where it is shared.
        const tie = r.tie,
          t = to ? tie : null,
          cls = [];
        if (r.dropped) cls.push("dropped");
        if (t && t.group_size >= 3) cls.push("tie-group");
        if (t && t.attention) cls.push("tie-open");
        let rank = (ranks[r.rank] > 1 ? "=" : "") + r.rank;
        if (t && t.attention) {
          const why = esc(
            t.status === "provisional" ? L("tie-provisional", { by: byName(t.by) }) : L("tie-unresolved")
          );
          rank =
            '<span class="tie-warn" title="' +
            why +
            '">⚠<span class="visually-hidden"> ' +
            why +
            ".</span></span> " +
            rank;
        }
        let name = esc(r.display_name) + (r.dropped ? " (" + esc(L("dropped")) + ")" : "");
        // A tie of three or more is said in words, not only by the row's colour.
        if (t && t.group_size >= 3 && !m.group_tables)
          name += ' <span class="muted">(' + esc(L("tie-of", { n: t.group_size })) + ")</span>";
        if (tie && m.group_tables)
          name +=
            ' <button type="button" class="tie-badge" data-group="' +
            tie.group +
            '" title="' +
            esc(L(sys.tieGroupTitle)) +
            '">' +
            esc(L(sys.tieGroupShort)) +
            "</button>";
        if (tie && tie.status === "manual")
          name += lots[r.player_id]
            ? ' <span class="muted" title="' +
              esc(L("lot-title", { seed: lots[r.player_id] })) +
              '">(' +
              esc(L("lot")) +
              ")</span>"
            : ' <span class="muted" title="' + esc(L("to-ordered")) + '">(' + esc(L("to-short")) + ")</span>";
        // Penalties, bonuses and painting or sportsmanship scores counted in the line, said in words.
        if (r.adjustments && r.adjustments.length) {
          const said = r.adjustments.map(G.adjustmentText).join("; ");
          name +=
            ' <span class="adjusted" title="' +
            esc(said) +
            '" aria-hidden="true">±</span><span class="visually-hidden"> ' +
            esc(L("adj-title")) +
            ": " +
            esc(said) +
            "</span>";
        }
        let cells = '<td class="num">' + rank + "</td><td>" + name + "</td>";
        if (pools)
          cells +=
            '<td class="pool">' + (r.pool ? esc(r.pool) + (r.pool_rank ? esc(String(r.pool_rank)) : "") : "") + "</td>";
        if (record)
          cells +=
            "<td>" +
            esc(r.faction) +
            '</td><td class="num">' +
            r.wins +
            '</td><td class="num">' +
            r.losses +
            '</td><td class="num">' +
            r.draws +
            "</td>";
        if (showPrimary) cells += '<td class="num">' + esc(A.num(r.score)) + "</td>";
        cells += (r.values || []).map((v) => '<td class="num">' + esc(A.num(v)) + "</td>").join("");
        if (to) {
          const act = t && (t.attention || t.status === "manual");
          const lot =
            t && t.status === "unresolved"
              ? ' <button type="button" data-tie="draw_lots" data-player="' +
                r.player_id +
                '" title="' +
                esc(L("lots-title")) +
                '">' +
                esc(L("lots")) +
                "</button>"
              : "";
          cells +=
            "<td>" +
            (act
              ? '<button type="button" data-tie="confirm" data-player="' +
                r.player_id +
                '" title="' +
                esc(L("tie-confirm")) +
                '">=</button> <button type="button" data-tie="swap" data-player="' +
                r.player_id +
                '" title="' +
                esc(L("tie-swap")) +
                '">↓</button>' +
                lot
              : "") +
            "</td>";
        }
        return (
          '<tr data-player="' +
          r.player_id +
          '"' +
          (cls.length ? ' class="' + cls.join(" ") + '"' : "") +
          ">" +
          cells +
          "</tr>"
        );
      })
      .join("");
    return { head: head, body: body };
  };
  // An adjustment in words: "-1 win(s) · Slow play (Round 1)".
  G.adjustmentText = (a) =>
    (a.amount > 0 && a.kind !== "painting" && a.kind !== "sportsmanship" ? "+" : "") +
    a.amount +
    " " +
    L("adj-" + a.kind.replace(/_/g, "-")) +
    (a.reason ? " · " + a.reason : "") +
    (a.round ? " (" + L("log-round", { n: a.round }) + ")" : "");
  // The TO's notices of dropped tie orders.
  G.noticesHtml = (s) => {
    const n = (s.standings_meta && s.standings_meta.notices) || [];
    if (!n.length) return "";
    return (
      '<ul class="warnings">' +
      n.map((x) => '<li class="warning">⚠ ' + esc(x.message) + "</li>").join("") +
      '</ul><button type="button" data-action="dismiss-notices">' +
      esc(L("dismiss")) +
      "</button>"
    );
  };
  // Clicks on = / ↓ / the mini-league badge / dismiss; `tid` the tournament.
  G.standingsClick = (e, tid, onError) => {
    const b = e.target.closest("button[data-tie], button.tie-badge, button[data-action=dismiss-notices]");
    if (!b) return false;
    const fail = (err) => {
      onError(err);
    };
    if (b.dataset.tie) {
      b.disabled = true;
      A.api("POST", "/api/tournaments/" + tid + "/ties", { action: b.dataset.tie, player_id: b.dataset.player })
        .catch(fail)
        .then(() => {
          b.disabled = false;
        });
    } else if (b.dataset.group) {
      A.api("GET", "/api/tournaments/" + tid + "/standings/groups/" + b.dataset.group)
        .then((j) => {
          G.showGroup(j.group);
        })
        .catch(fail);
    } else {
      A.api("DELETE", "/api/tournaments/" + tid + "/ties/notices").catch(fail);
    }
    return true;
  };
  // The mini-league / direct-encounter modal.
  G.showGroup = (g) => {
    let d = document.getElementById("tie-dialog");
    if (!d) {
      d = document.createElement("dialog");
      d.id = "tie-dialog";
      document.body.appendChild(d);
    }
    const ml = g.kind === "mini_league";
    d.innerHTML =
      "<h3>" +
      esc(L(ml ? "ml-heading" : "de-heading", { place: g.group })) +
      '</h3><p class="muted">' +
      esc(L("group-only")) +
      "</p>" +
      '<table class="grid"><thead><tr><th>' +
      esc(L("col-player")) +
      '</th><th class="num">' +
      esc(L("col-p")) +
      '</th><th class="num">' +
      esc(L("col-w")) +
      '</th><th class="num">' +
      esc(L("col-d")) +
      '</th><th class="num">' +
      esc(L("col-l")) +
      '</th><th class="num">' +
      esc(L("pts")) +
      "</th>" +
      (ml ? '<th class="num">20s</th>' : "") +
      "</tr></thead><tbody>" +
      g.players
        .map(
          (r) =>
            "<tr><td>" +
            esc(r.display_name) +
            '</td><td class="num">' +
            r.played +
            '</td><td class="num">' +
            r.won +
            '</td><td class="num">' +
            r.drawn +
            '</td><td class="num">' +
            r.lost +
            '</td><td class="num">' +
            esc(A.num(r.points)) +
            "</td>" +
            (ml ? '<td class="num">' + (r.twenties == null ? "" : r.twenties) + "</td>" : "") +
            "</tr>"
        )
        .join("") +
      '</tbody></table><form method="dialog"><button>' +
      esc(L("close")) +
      "</button></form>";
    if (d.showModal) d.showModal();
    else d.setAttribute("open", "");
  };

  // ---- the TO's tie-break editor (dashboard) ----
  let tb = null,
    list = [];
  G.loadTiebreaks = (tid) =>
    A.api("GET", "/api/tournaments/" + tid + "/tiebreaks").then((j) => {
      tb = j.tiebreaks;
      list = (tb.config.tiebreaks || []).slice();
      G.renderTiebreaks();
    });
  function label(v) {
    const key = JSON.stringify(v),
      o = tb.available.find((a) => JSON.stringify(a.value) === key);
    return o ? o.code + " · " + G.tbName(o) : typeof v === "string" ? v : v.code;
  }
  G.renderTiebreaks = () => {
    const box = document.getElementById("tiebreaks");
    if (!box || !tb) return;
    const c = tb.config;
    let h = "";
    const sys = G.system(c);
    if (sys.tiebreakScoring) {
      h +=
        '<label class="inline">' +
        esc(L("tb-ranking")) +
        ' <select name="scoring"><option value="wins"' +
        (c.scoring === "wins" ? " selected" : "") +
        ">" +
        esc(L(c.format === "round_robin" ? "tb-wins-rr" : "tb-wins-swiss")) +
        '</option><option value="points"' +
        (c.scoring === "points" ? " selected" : "") +
        ">" +
        esc(L("tb-points")) +
        "</option></select></label> " +
        '<label class="inline">' +
        esc(L("tb-bye-points")) +
        ' <input type="number" name="bye_points" min="0" value="' +
        (c.bye_points == null ? "" : c.bye_points) +
        '" placeholder="' +
        esc(L("default-ph")) +
        '"></label>';
    } else {
      h +=
        '<ol class="tb-list">' +
        list
          .map(
            (v, i) =>
              "<li>" +
              esc(label(v)) +
              ' <button type="button" data-tb="up" data-i="' +
              i +
              '" title="' +
              esc(L("move-up")) +
              '">↑</button> <button type="button" data-tb="remove" data-i="' +
              i +
              '" title="' +
              esc(L("remove")) +
              '">✕</button></li>'
          )
          .join("") +
        "</ol>";
      h +=
        '<select id="tb-add" aria-label="' +
        esc(L("tb-to-add")) +
        '">' +
        tb.available
          .map((a, i) => '<option value="' + i + '">' + esc(a.code + " · " + G.tbName(a)) + "</option>")
          .join("") +
        '</select> <button type="button" data-tb="add">' +
        esc(L("add")) +
        "</button>";
      if (sys.tiebreakPairing) {
        const fold = (c.pairing || "fold") === "fold";
        h +=
          '<p><label class="inline">' +
          esc(L("tb-pairing")) +
          ' <select name="pairing"><option value="fold"' +
          (fold ? " selected" : "") +
          ">" +
          esc(L("tb-fold")) +
          "</option>" +
          '<option value="matching"' +
          (fold ? "" : " selected") +
          ">" +
          esc(L("tb-matching")) +
          "</option></select></label></p>";
      }
    }
    if (tb.points) {
      const p = tb.points,
        inp = (k, l) =>
          '<label class="inline">' +
          l +
          ' <input type="number" step="0.5" min="0" max="10" name="pt_' +
          k +
          '" value="' +
          p[k] +
          '"></label> ';
      h +=
        '<p class="actions">' +
        inp("win", esc(L("pt-win"))) +
        inp("draw", esc(L("pt-draw"))) +
        inp("loss", esc(L("pt-loss"))) +
        inp("bye", esc(L("bye"))) +
        "</p>";
    }
    h +=
      '<p class="actions"><button type="button" class="primary" data-tb="save">' +
      esc(L("tb-save")) +
      '</button> <button type="button" data-tb="default">' +
      esc(L("tb-default")) +
      "</button>" +
      (tb.confirmation_required
        ? ' <span class="muted">' + esc(L("tb-paired-warning", { n: tb.rounds_paired })) + "</span>"
        : "") +
      "</p>";
    if (tb.log.length)
      h +=
        "<details><summary>" +
        esc(L("tb-changes", { n: tb.log.length })) +
        "</summary><ul>" +
        tb.log
          .map(
            (l) =>
              "<li>" +
              esc(l.by_name) +
              ", " +
              esc(A.dateTime(l.at)) +
              " (" +
              esc(l.rounds_paired ? L("tb-after-rounds", { n: l.rounds_paired }) : L("tb-before-round-1")) +
              ")</li>"
          )
          .join("") +
        "</ul></details>";
    box.innerHTML = h;
  };
  G.tiebreaksClick = (e, tid, onError) => {
    const b = e.target.closest("button[data-tb]");
    if (!b || !tb) return false;
    const a = b.dataset.tb,
      i = Number(b.dataset.i),
      box = document.getElementById("tiebreaks");
    if (a === "up" && i > 0) {
      const x = list[i - 1];
      list[i - 1] = list[i];
      list[i] = x;
      G.renderTiebreaks();
    } else if (a === "remove") {
      list.splice(i, 1);
      G.renderTiebreaks();
    } else if (a === "add") {
      const o = tb.available[Number(document.getElementById("tb-add").value)];
      if (o) list.push(o.value);
      G.renderTiebreaks();
    } else if (a === "default") {
      tb.config = tb.default_config;
      list = (tb.config.tiebreaks || []).slice();
      G.renderTiebreaks();
    } else if (a === "save") {
      const config = Object.assign({}, tb.config);
      const sys = G.system(config);
      if (sys.tiebreakScoring) {
        config.scoring = box.querySelector("[name=scoring]").value;
        const bp = box.querySelector("[name=bye_points]").value;
        config.bye_points = bp === "" ? null : Number(bp);
      } else config.tiebreaks = list;
      if (sys.tiebreakPairing) config.pairing = box.querySelector("[name=pairing]").value;
      const body = { config: config };
      if (tb.points)
        body.points = {
          win: Number(box.querySelector("[name=pt_win]").value),
          draw: Number(box.querySelector("[name=pt_draw]").value),
          loss: Number(box.querySelector("[name=pt_loss]").value),
          bye: Number(box.querySelector("[name=pt_bye]").value)
        };
      if (tb.confirmation_required) {
        if (!confirm(L("tb-confirm", { n: tb.rounds_paired }))) return true;
        body.confirm = true;
      }
      A.api("PUT", "/api/tournaments/" + tid + "/tiebreaks", body)
        .then((j) => {
          tb = j.tiebreaks;
          list = (tb.config.tiebreaks || []).slice();
          G.renderTiebreaks();
        })
        .catch(onError);
    }
    return true;
  };
})();
