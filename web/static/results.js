// Arbiter results: an event's history from the API, printable. `?show=`
// `crosstable` (default: every player's games by round, in standings
// order), `round&n=N` (round N's pairings and results, by table),
// `names&n=N` (round N alphabetically), `standings&after=N` (the standings
// as they stood after round N), `player&id=ID` (one player's games),
// `players` (the player list), `slips&n=N` (one result slip per table).
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    G = A.games,
    B = A.board,
    L = A.t;
  const tid = document.body.dataset.tournament,
    root = document.getElementById("results");
  const q = new URLSearchParams(location.search);
  const show = q.get("show") || "crosstable";
  const RESULT_WORD = { W: L("res-won"), L: L("res-lost"), D: L("res-drawn") };

  // A round's name: "Round 3", or a playoff round's ("Quarterfinals"); short
  // where space is ("R3", "QF", "SF", "Final").
  function roundName(r) {
    return r.playoff && r.mission ? A.playoffRound(r) : L("round", { n: r.number });
  }
  function roundShort(r) {
    if (!r.playoff || !r.mission) return L("round-short", { n: r.number });
    if (!r.stage) return r.mission;
    const of = r.stage.of;
    return (
      { 2: L("po-final-short"), 4: L("po-semifinals-short"), 8: L("po-quarterfinals-short") }[of] ||
      A.playoffName({ of })
    );
  }
  function link(params, text) {
    return '<a href="?' + params + '">' + text + "</a>";
  }
  function published(rounds) {
    return rounds.filter((r) => r.status !== "PENDING");
  }

  // A player's game in a round, from their side: opponent, colour or side, scores, result letter.
  function gameOf(r, id) {
    const p = r.pairings.find((x) => x.player1.id === id || (x.player2 && x.player2.id === id));
    if (!p) return null;
    const first = p.player1.id === id;
    const g = { round: r.number, table: p.table, pairing: p, first: first, opp: first ? p.player2 : p.player1 };
    g.mine = first ? p.player1_score : p.player2_score;
    g.theirs = first ? p.player2_score : p.player1_score;
    const res = p.result;
    if (!p.player2) g.letter = res === "ZERO_BYE" ? "L" : res === "HALF_BYE" ? "D" : "W";
    else if (!res) g.letter = "";
    else if (res === "DRAW") g.letter = "D";
    else if (res === "DOUBLE_F") g.letter = "L";
    else g.letter = (res.indexOf("P1_WIN") === 0) === first ? "W" : "L";
    return g;
  }
  function side(t, g) {
    return g.opp ? L(G.system(t).seats[g.first ? 0 : 1]) : "";
  }

  // One crosstable cell: opponent's place, colour (chess) and the score from the player's side.
  function cell(t, g, placeOf) {
    if (!g) return '<td class="num muted">–</td>';
    // A round counted as a loss without a game (a late entry's missed round,
    // a zero-point bye): "-0", as crosstables write an unplayed loss.
    if (!g.opp && g.pairing.result === "ZERO_BYE")
      return '<td class="num lost-unplayed" title="' + esc(missedLabel(g.pairing)) + '">-0</td>';
    if (!g.opp)
      return (
        '<td class="num" title="' +
        esc(B.byeLabel(g.pairing)) +
        '">' +
        esc(L("bk-bye")) +
        " " +
        esc(A.num(g.mine) || (g.letter === "W" ? "+" : g.letter === "D" ? "=" : "-")) +
        "</td>"
      );
    const place = placeOf[g.opp.id] || "?";
    const sys = G.system(t),
      colour = sys.colourLetters ? L(sys.colourLetters[g.first ? 0 : 1]) : "";
    const score =
      g.pairing.state === "CONFIRMED"
        ? sys.crosstableOwnScore
          ? esc(A.num(g.mine))
          : esc(A.num(g.mine)) + "–" + esc(A.num(g.theirs))
        : "…";
    return '<td class="num" title="' + esc(g.opp.name) + '">' + place + colour + " " + score + "</td>";
  }

  // What a round lost without a game was: a late entry's missed round, or a zero-point bye.
  function missedLabel(p) {
    return /^Late entry/.test(p.override_note || "") ? L("ct-missed") : B.byeLabel(p);
  }

  function crosstable(t, rounds, st) {
    const placeOf = {};
    st.players.forEach((r, i) => {
      placeOf[r.player_id] = i + 1;
    });
    const rs = published(rounds);
    const table = (part, cls) => {
      let h =
        '<table class="grid ' +
        cls +
        '"><thead><tr><th class="num">#</th><th>' +
        esc(L(G.entrantCol(t))) +
        "</th>" +
        part
          .map(
            (r) =>
              '<th class="num"' +
              (r.playoff ? ' title="' + esc(roundName(r)) + '"' : "") +
              ">" +
              esc(roundShort(r)) +
              "</th>"
          )
          .join("") +
        '<th class="num">' +
        esc((st.primary || {}).code || L("pts")) +
        "</th></tr></thead><tbody>";
      st.players.forEach((row, i) => {
        h +=
          '<tr data-player="' +
          esc(row.player_id) +
          '"><td class="num">' +
          (i + 1) +
          "</td><td>" +
          link("show=player&id=" + encodeURIComponent(row.player_id), esc(row.display_name)) +
          "</td>" +
          part.map((r) => cell(t, gameOf(r, row.player_id), placeOf)).join("") +
          '<td class="num"><strong>' +
          esc(A.num(row.score)) +
          "</strong></td></tr>";
      });
      return h + "</tbody></table>";
    };
    // On paper, as Swiss-Manager prints it: the rounds in parts that fit the
    // width of A4 or Letter, each part with the places, names and points
    // again, each on its own page (at most 11 rounds a part in chess, 7
    // elsewhere, where a cell holds both scores).
    const most = G.system(t).crosstableRounds,
      count = Math.max(1, Math.ceil(rs.length / most)),
      per = Math.ceil(rs.length / count) || 1;
    let parts = "";
    for (let k = 0; k < count; k++) {
      const part = rs.slice(k * per, (k + 1) * per);
      parts +=
        '<section class="ct-part">' +
        (count > 1
          ? '<h2 class="ct-part-title">' +
            esc(
              L("ct-part", {
                part: k + 1,
                parts: count,
                from: roundShort(part[0] || {}),
                to: roundShort(part[part.length - 1] || {})
              })
            ) +
            "</h2>"
          : "") +
        table(part, "ct-print") +
        "</section>";
    }
    return (
      '<div class="scroll no-print" tabindex="0">' +
      table(rs, "crosstable") +
      '</div><div class="ct-parts" data-parts="' +
      count +
      '">' +
      parts +
      '</div><p class="muted">' +
      esc(L(G.system(t).crosstableKey)) +
      " " +
      esc(L("crosstable-key-unplayed")) +
      "</p>"
    );
  }

  function roundPage(t, rounds, n, byName) {
    const r = rounds.find((x) => x.number === n);
    if (!r || r.status === "PENDING") return '<p class="muted">' + esc(L("not-paired-yet", { n: n })) + "</p>";
    return (
      "<h2>" +
      esc(L("round", { n: n })) +
      (r.mission ? " · " + esc(r.playoff ? A.playoffRound(r) : r.mission) : "") +
      "</h2>" +
      (byName ? B.namesHtml(t, r) : B.tablesHtml(t, r)) +
      '<p class="no-print">' +
      (byName ? link("show=round&n=" + n, esc(L("by-table"))) : link("show=names&n=" + n, esc(L("alphabetical")))) +
      " · " +
      link("show=slips&n=" + n, esc(L("result-slips"))) +
      "</p>"
    );
  }

  function standingsPage(t, st, n) {
    const table = G.standingsTable({ tournament: t, standings: st.players, standings_meta: st }, false);
    return (
      "<h2>" +
      esc(L("standings-after", { n: n })) +
      '</h2><div class="scroll" tabindex="0"><table class="grid standings-table"><thead>' +
      table.head +
      "</thead><tbody>" +
      table.body +
      "</tbody></table></div>"
    );
  }

  function playerPage(t, rounds, id, players) {
    const p = players.find((x) => x.id === id);
    if (!p) return '<p class="muted">' + esc(L("no-such-player")) + "</p>";
    const rows = published(rounds).map((r) => {
      const g = gameOf(r, id);
      if (!g)
        return (
          '<tr><td class="num">' +
          r.number +
          '</td><td colspan="5" class="muted">' +
          esc(L("not-paired")) +
          "</td></tr>"
        );
      if (!g.opp)
        return (
          '<tr><td class="num">' +
          r.number +
          '</td><td class="num">–</td><td>' +
          esc(g.pairing.result === "ZERO_BYE" ? missedLabel(g.pairing) : B.byeLabel(g.pairing)) +
          "</td><td></td><td></td><td>" +
          (RESULT_WORD[g.letter] || "") +
          "</td></tr>"
        );
      const done = g.pairing.state === "CONFIRMED";
      return (
        '<tr><td class="num">' +
        r.number +
        '</td><td class="num">' +
        g.table +
        "</td><td>" +
        link("show=player&id=" + encodeURIComponent(g.opp.id), esc(g.opp.name)) +
        "</td><td>" +
        side(t, g) +
        '</td><td class="num">' +
        (done ? esc(A.num(g.mine)) + "–" + esc(A.num(g.theirs)) : "") +
        "</td><td>" +
        (done ? RESULT_WORD[g.letter] || "" : esc(L("not-confirmed"))) +
        "</td></tr>"
      );
    });
    const pr = p.profile || {};
    const about = [p.faction, pr.title, pr.rating ? L("rating-n", { rating: pr.rating }) : "", pr.federation, pr.club]
      .filter(Boolean)
      .map(esc)
      .join(" · ");
    return (
      "<h2>" +
      esc(p.display_name) +
      '</h2><p class="muted">' +
      about +
      '</p><table class="grid player-card"><thead><tr><th class="num">' +
      esc(L("col-round")) +
      '</th><th class="num">' +
      esc(L("col-table")) +
      "</th><th>" +
      esc(L("col-opponent")) +
      "</th><th>" +
      esc(L(G.system(t).sideHeading)) +
      '</th><th class="num">' +
      esc(L("col-score")) +
      "</th><th>" +
      esc(L("col-result")) +
      "</th></tr></thead><tbody>" +
      rows.join("") +
      "</tbody></table>"
    );
  }

  function playerList(t, players) {
    const rated = G.system(t).ratedList;
    const rows = players
      .filter((p) => !p.removed)
      .sort((a, b) => a.display_name.localeCompare(b.display_name))
      .map((p, i) => {
        const pr = p.profile || {};
        return (
          '<tr><td class="num">' +
          (i + 1) +
          "</td><td>" +
          esc(p.display_name) +
          "</td>" +
          (rated
            ? "<td>" +
              esc(pr.title || "") +
              '</td><td class="num">' +
              esc(pr.rating || "") +
              "</td><td>" +
              esc(pr.federation || "") +
              "</td><td>" +
              esc(pr.fide_id || "") +
              "</td>"
            : "<td>" + esc(p.faction) + "</td>") +
          "<td>" +
          esc(pr.club || "") +
          "</td><td>" +
          (p.dropped ? esc(L("withdrawn")) : "") +
          "</td></tr>"
        );
      });
    return (
      "<h2>" +
      esc(L("players-n", { n: rows.length })) +
      '</h2><table class="grid player-list"><thead><tr><th class="num">#</th><th>' +
      esc(L("col-name")) +
      "</th>" +
      (rated
        ? "<th>" +
          esc(L("col-title")) +
          '</th><th class="num">' +
          esc(L("col-rating")) +
          "</th><th>" +
          esc(L("col-fed")) +
          "</th><th>" +
          esc(L("col-fide-id")) +
          "</th>"
        : "<th>" + esc(L("col-faction")) + "</th>") +
      "<th>" +
      esc(L("col-club")) +
      "</th><td></td></tr></thead><tbody>" +
      rows.join("") +
      "</tbody></table>"
    );
  }

  // One slip per table, to fill in and sign at the board.
  function slips(t, rounds, n) {
    const r = rounds.find((x) => x.number === n);
    if (!r || r.status === "PENDING") return '<p class="muted">' + esc(L("not-paired-yet", { n: n })) + "</p>";
    const sys = G.system(t),
      seats = sys.seats.map((id) => L(id)),
      what = L(sys.slipResult);
    return (
      '<div class="slips">' +
      r.pairings
        .filter((p) => p.player2)
        .map(
          (p) =>
            '<section class="slip"><h2>' +
            esc(t.name) +
            " · " +
            esc(L("round", { n: n })) +
            " · " +
            esc(L("bk-table", { table: p.table })) +
            '</h2><table class="grid"><tr><td></td><th>' +
            esc(L("col-name")) +
            "</th><th>" +
            esc(what) +
            "</th><th>" +
            esc(L("col-signature")) +
            "</th></tr>" +
            "<tr><td>" +
            seats[0] +
            "</td><td>" +
            esc(p.player1.name) +
            '</td><td class="blank"></td><td class="blank"></td></tr><tr><td>' +
            seats[1] +
            "</td><td>" +
            esc(p.player2.name) +
            '</td><td class="blank"></td><td class="blank"></td></tr></table></section>'
        )
        .join("") +
      "</div>"
    );
  }

  function nav(rounds, after) {
    const rs = published(rounds);
    document.getElementById("round-links").innerHTML =
      rs.map((r) => link("show=round&n=" + r.number, esc(roundName(r)))).join(" ") +
      " " +
      link("show=players", esc(L("players")));
    const sel = document.getElementById("after-round");
    sel.innerHTML =
      '<option value="">' +
      esc(L("choose-round")) +
      "</option>" +
      rs
        .map(
          (r) =>
            '<option value="' +
            r.number +
            '"' +
            (after === r.number ? " selected" : "") +
            ">" +
            esc(roundName(r)) +
            "</option>"
        )
        .join("");
    sel.onchange = () => {
      if (sel.value) location.search = "?show=standings&after=" + sel.value;
    };
    document.getElementById("print").onclick = () => {
      window.print();
    };
  }

  function fail(e) {
    root.innerHTML = '<p class="error" role="alert">' + esc(e && e.message ? e.message : String(e)) + "</p>";
  }
  const n = Number(q.get("n") || q.get("after")) || 0;
  const standingsPath = "/api/tournaments/" + tid + "/standings" + (show === "standings" ? "?after_round=" + n : "");
  Promise.all([
    A.api("GET", "/api/tournaments/" + tid),
    A.api("GET", "/api/tournaments/" + tid + "/rounds"),
    A.api("GET", standingsPath),
    A.api("GET", "/api/tournaments/" + tid + "/players")
  ])
    .then((all) => {
      const t = all[0].tournament,
        rounds = all[1].rounds,
        st = all[2],
        players = all[3].players;
      nav(rounds, show === "standings" ? n : 0);
      if (show === "round" || show === "names") root.innerHTML = roundPage(t, rounds, n, show === "names");
      else if (show === "standings") root.innerHTML = standingsPage(t, st, n);
      else if (show === "player") root.innerHTML = playerPage(t, rounds, q.get("id"), players);
      else if (show === "players") root.innerHTML = playerList(t, players);
      else if (show === "slips") root.innerHTML = slips(t, rounds, n);
      else root.innerHTML = crosstable(t, rounds, st);
      document.body.dataset.ready = "1";
    })
    .catch(fail);
})();
