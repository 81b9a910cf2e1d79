// Arbiter venue board: the one renderer of a round's pairings for screens.
// Modes (`?mode=`): `tables` (by table number), `names` (alphabetical: find
// your name, then your table, opponent and colour or side), `rotate` (both in
// turn, then the standings screen, which comes back), `clock` (the round's clock alone, full screen); `?from=&to=` limits a screen to some tables, `?secs=` sets how long
// a page stays up. A screen cannot scroll, so long lists are shown a page at a time;
// names never wrap (they are cut with an ellipsis, the whole name in the
// title). States are words with an icon, not colour alone.
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    t = A.t;
  const B = {};
  A.board = B;
  const STATE = {
    UNREPORTED: ["▶", t("state-playing")],
    REPORTED: ["✎", t("state-reported")],
    DISPUTED: ["⚠", t("state-disputed")],
    CONFIRMED: ["✓", t("state-confirmed")]
  };
  const BYE = { HALF_BYE: t("bye-half"), ZERO_BYE: t("bye-zero"), FULL_BYE: t("bye-full") };
  const query = new URLSearchParams(location.search);
  // Seconds each page stays up (`?secs=`, 3 to 600; 12 by default).
  const PAGE_SECONDS = Math.min(600, Math.max(3, Number(query.get("secs")) || 12));

  B.mode = (() => {
    const m = query.get("mode");
    return m === "names" || m === "rotate" || m === "clock" ? m : "tables";
  })();
  let page = 0,
    showing = B.mode === "names" ? "names" : "tables";

  // A seat's name and faction on one line; `before` (a chess colour's
  // mark) goes inside it, so it never takes a line of its own.
  function name(seat, before) {
    const faction = seat.faction ? ' <span class="faction">' + esc(seat.faction) + "</span>" : "";
    return (
      '<span class="pname" title="' +
      esc(seat.name) +
      (seat.faction ? " (" + esc(seat.faction) + ")" : "") +
      '">' +
      (before || "") +
      esc(seat.name) +
      faction +
      "</span>"
    );
  }
  function state(p) {
    const s = STATE[p.state] || ["", p.state];
    return (
      '<span class="state state-' +
      p.state.toLowerCase() +
      '" title="' +
      esc(s[1]) +
      '"><span aria-hidden="true">' +
      s[0] +
      '</span> <span class="state-label">' +
      s[1] +
      "</span></span>"
    );
  }
  // What a bye is called, by how it was given.
  function byeLabel(p) {
    return BYE[p.result] || t("bye");
  }
  B.byeLabel = byeLabel;
  // Headings of the two seats: White/Black in chess, Player 1/2 elsewhere.
  function seats(ev) {
    return A.games.system(ev).seats.map((id) => t(id));
  }

  // The round by table: one row per table, the bye last.
  B.tablesHtml = (ev, r) => {
    const h = seats(ev);
    const rows = r.pairings.map((p) => {
      if (!p.player2) {
        return (
          '<tr data-pairing="' +
          p.id +
          '" class="bye"><td class="table-no">–</td><td class="seat">' +
          name(p.player1) +
          '</td><td class="num"></td><td class="num"></td><td class="seat muted">' +
          byeLabel(p) +
          '</td><td class="st"></td></tr>'
        );
      }
      return (
        '<tr data-pairing="' +
        p.id +
        '" class="state-' +
        p.state.toLowerCase() +
        '"><td class="table-no">' +
        p.table +
        '</td><td class="seat">' +
        entrant(p.player1) +
        '</td><td class="num score">' +
        esc(A.num(p.player1_score)) +
        '</td><td class="num score">' +
        esc(A.num(p.player2_score)) +
        '</td><td class="seat">' +
        entrant(p.player2) +
        '</td><td class="st">' +
        state(p) +
        "</td></tr>"
      );
    });
    return (
      '<table class="board-table"><colgroup><col class="c-table"><col class="c-seat"><col class="c-score"><col class="c-score"><col class="c-seat"><col class="c-state"></colgroup>' +
      '<thead><tr><th class="table-no">' +
      t("col-table") +
      "</th><th>" +
      h[0] +
      '</th><th class="num" colspan="2">' +
      esc(scoreHeading(ev)) +
      "</th><th>" +
      h[1] +
      "</th><th>" +
      t("col-state") +
      "</th></tr></thead><tbody>" +
      rows.join("") +
      "</tbody></table>"
    );
  };
  function scoreHeading(ev) {
    return t(A.games.system(ev).scoreHeading);
  }

  // Everyone in the round by name: table, opponent, colour or side.
  B.namesHtml = (ev, r) => {
    const h = seats(ev),
      people = [];
    r.pairings.forEach((p) => {
      if (!p.player2) {
        people.push({ seat: p.player1, table: "–", vs: byeLabel(p), side: "", id: p.id });
        return;
      }
      people.push({ seat: p.player1, table: p.table, vs: p.player2.name, side: h[0], id: p.id });
      people.push({ seat: p.player2, table: p.table, vs: p.player1.name, side: h[1], id: p.id });
    });
    people.sort((a, b) => a.seat.name.localeCompare(b.seat.name, undefined, { sensitivity: "base" }));
    const rows = people.map(
      (x) =>
        '<tr data-pairing="' +
        x.id +
        '"><td class="seat">' +
        name(x.seat) +
        '</td><td class="table-no">' +
        x.table +
        '</td><td class="seat vs"><span class="pname" title="' +
        esc(x.vs) +
        '">' +
        (x.side ? t("vs") + " " : "") +
        esc(x.vs) +
        '</span></td><td class="side">' +
        esc(x.side) +
        "</td></tr>"
    );
    return (
      '<table class="board-table names-table"><colgroup><col class="c-seat"><col class="c-table"><col class="c-seat"><col class="c-side"></colgroup><thead><tr><th>' +
      t("col-name") +
      '</th><th class="table-no">' +
      t("col-table") +
      "</th><th>" +
      t("col-opponent") +
      "</th><th>" +
      t(A.games.system(ev).sideHeading) +
      "</th></tr></thead><tbody>" +
      rows.join("") +
      "</tbody></table>"
    );
  };

  // ---- team events ----
  // A doubles team's two players under its name, on a line of their own
  // (wrapped rather than cut: the players look for their own names).
  let teamsById = {};
  function entrant(seat) {
    const tm = teamsById[seat.id];
    if (!tm || !tm.members.length || A.teamGames(A.state)) return name(seat);
    const who = tm.members
      .filter((m) => !m.reserve)
      .map((m) => m.name)
      .join(" · ");
    return (
      '<span class="pname" title="' +
      esc(seat.name + " (" + who + ")") +
      '">' +
      esc(seat.name) +
      ' <span class="faction members">' +
      esc(who) +
      "</span></span>"
    );
  }
  // A team match's score so far: the match pairing's two parts (40K: the
  // converted game scores), or (chess) the game points of its confirmed boards.
  const GAME_POINTS = {
    P1_WIN: [1, 0],
    P1_WIN_F: [1, 0],
    P2_WIN: [0, 1],
    P2_WIN_F: [0, 1],
    DRAW: [0.5, 0.5],
    DOUBLE_F: [0, 0]
  };
  function matchScore(m, i, gs) {
    const v = i === 1 ? m.player1_score : m.player2_score;
    if (v != null) return esc(A.num(v));
    const first = teamsById[m.player1.id];
    if (!A.games.system(A.state.tournament).colourLetters) return "";
    const done = gs.filter((g) => g.state === "CONFIRMED" && GAME_POINTS[g.result]);
    if (!first || !done.length) return "";
    let sum = 0;
    done.forEach((g) => {
      const ours = first.members.some((x) => x.id === g.player1.id) ? 0 : 1;
      sum += GAME_POINTS[g.result][(ours + (i === 1 ? 0 : 1)) % 2];
    });
    return esc(A.num(String(sum)));
  }
  // The round by team match: each match (table, teams, score, result) then its games
  // (board, players with faction or colour, score, state), cards in columns.
  B.matchesHtml = (ev, r, games) => {
    const byMatch = {};
    games.forEach((g) => {
      if (!byMatch[g.match_id]) byMatch[g.match_id] = [];
      byMatch[g.match_id].push(g);
    });
    const chess = !!A.games.system(ev).colourLetters;
    const cards = r.pairings.map((m) => {
      if (!m.player2)
        return (
          '<section class="match-card bye" data-pairing="' +
          m.id +
          '"><table class="board-table match-table"><tbody><tr class="match-row"><td class="table-no">–</td><td class="seat">' +
          name(m.player1) +
          '</td><td class="seat muted">' +
          esc(byeLabel(m)) +
          "</td></tr></tbody></table></section>"
        );
      const gs = (byMatch[m.id] || []).sort((a, b) => a.board - b.board);
      const rows = gs.map((g) => {
        // The match's first team on the left: a chess game's White (its
        // player 1) sits on whichever side its team does, marked ○ (Black ●).
        const first = teamsById[m.player1.id],
          flip = !!(first && g.player2 && !first.members.some((x) => x.id === g.player1.id));
        const mark = (white) =>
          chess ? '<span class="colour" aria-hidden="true">' + (white ? "○" : "●") + "</span>" : "";
        const left = flip ? g.player2 : g.player1,
          right = flip ? g.player1 : g.player2;
        return (
          '<tr data-pairing="' +
          g.id +
          '" class="game-row state-' +
          g.state.toLowerCase() +
          '"><td class="board-no">' +
          g.board +
          '</td><td class="seat">' +
          name(left, mark(!flip)) +
          '</td><td class="num score">' +
          esc(A.num(flip ? g.player2_score : g.player1_score)) +
          '</td><td class="num score">' +
          esc(A.num(flip ? g.player1_score : g.player2_score)) +
          '</td><td class="seat">' +
          (right ? name(right, mark(flip)) : "–") +
          '</td><td class="st">' +
          state(g) +
          "</td></tr>"
        );
      });
      if (!rows.length)
        rows.push(
          '<tr class="game-row pending"><td></td><td class="muted" colspan="5">' +
            esc(t("team-games-pending")) +
            "</td></tr>"
        );
      return (
        '<section class="match-card state-' +
        m.state.toLowerCase() +
        '" data-pairing="' +
        m.id +
        '"><table class="board-table match-table"><colgroup><col class="c-table"><col class="c-seat"><col class="c-score"><col class="c-score"><col class="c-seat"><col class="c-state"></colgroup><tbody><tr class="match-row"><td class="table-no">' +
        m.table +
        '</td><td class="seat team">' +
        name(m.player1) +
        '</td><td class="num score">' +
        matchScore(m, 1, gs) +
        '</td><td class="num score">' +
        matchScore(m, 2, gs) +
        '</td><td class="seat team">' +
        name(m.player2) +
        '</td><td class="st">' +
        state(m) +
        "</td></tr>" +
        rows.join("") +
        "</tbody></table></section>"
      );
    });
    return '<div class="team-board">' + cards.join("") + "</div>";
  };

  // Everyone in a team round by name: their team, table, board (team matches'
  // games) and opponent; a doubles team's two players each find their team's table.
  function peopleHtml(people, boards) {
    people.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
    const rows = people.map(
      (x) =>
        '<tr data-pairing="' +
        x.id +
        '"><td class="seat"><span class="pname" title="' +
        esc(x.name) +
        '">' +
        esc(x.name) +
        '</span></td><td class="seat"><span class="pname muted">' +
        esc(x.team) +
        '</span></td><td class="table-no">' +
        x.table +
        "</td>" +
        (boards ? '<td class="board-no">' + x.board + "</td>" : "") +
        '<td class="seat vs"><span class="pname" title="' +
        esc(x.vs) +
        '">' +
        esc(t("vs")) +
        " " +
        esc(x.vs) +
        "</span></td></tr>"
    );
    return (
      '<table class="board-table names-table"><colgroup><col class="c-seat"><col class="c-seat"><col class="c-table">' +
      (boards ? '<col class="c-board">' : "") +
      '<col class="c-seat"></colgroup><thead><tr><th>' +
      t("col-name") +
      "</th><th>" +
      t("col-team") +
      '</th><th class="table-no">' +
      t("col-table") +
      "</th>" +
      (boards ? "<th>" + t("col-board") + "</th>" : "") +
      "<th>" +
      t("col-opponent") +
      "</th></tr></thead><tbody>" +
      rows.join("") +
      "</tbody></table>"
    );
  }
  B.teamNamesHtml = (_ev, _r, games, teams) => {
    const team = {};
    (teams || []).forEach((tm) => {
      tm.members.forEach((m) => {
        team[m.id] = tm.name;
      });
    });
    const people = [];
    games.forEach((g) => {
      const one = (a, b) => ({
        name: a.name,
        team: team[a.id] || "",
        table: g.table,
        board: g.board,
        vs: b ? b.name : "–",
        id: g.id
      });
      people.push(one(g.player1, g.player2));
      if (g.player2) people.push(one(g.player2, g.player1));
    });
    return peopleHtml(people, true);
  };
  function doublesNames(r, teams) {
    const byId = {};
    (teams || []).forEach((tm) => {
      byId[tm.id] = tm;
    });
    const people = [];
    const side = (p, seat, other) => {
      const tm = byId[seat.id],
        who = tm ? tm.members.filter((m) => !m.reserve) : [seat];
      who.forEach((m) => {
        people.push({
          name: m.name,
          team: seat.name,
          table: p.player2 ? p.table : "–",
          vs: other ? other.name : byeLabel(p),
          id: p.id
        });
      });
    };
    r.pairings.forEach((p) => {
      side(p, p.player1, p.player2);
      if (p.player2) side(p, p.player2, p.player1);
    });
    return peopleHtml(people, false);
  }

  function field(n, text) {
    document.querySelectorAll('[data-field="' + n + '"]').forEach((e) => {
      e.textContent = text;
    });
  }

  // Renders the board from the view's state (a snapshot or after an update).
  B.render = (s) => {
    const r = s.round,
      body = document.getElementById("board-body");
    field("name", s.tournament.name);
    // The round is always named in the title: "Round 3", or a playoff's
    // "Final"/"Semifinals" (then no mission line: a playoff has none).
    field("round", r ? (r.playoff ? A.playoffRound(r) : t("round", { n: r.number })) : t("no-round"));
    field("mission", r && r.mission && !r.playoff ? t("mission", { mission: r.mission }) : "");
    document.querySelectorAll(".board-modes a").forEach((a) => {
      a.classList.toggle("active", a.dataset.mode === B.mode);
    });
    if (!r || r.status === "PENDING" || !r.pairings.length) {
      const next = r ? (r.status === "PENDING" ? r.number : r.number + 1) : 1;
      const at = (s.tournament.round_times || [])[next - 1];
      body.innerHTML =
        '<p class="board-wait">' +
        esc(t("pairings-coming", { n: next })) +
        (at ? '<br><span class="muted">' + esc(t("round-starts", { n: next, time: at })) + "</span>" : "") +
        "</p>";
      field("page", "");
      return;
    }
    teamsById = {};
    (s.teams || []).forEach((tm) => {
      teamsById[tm.id] = tm;
    });
    const games = s.games || [];
    if (A.teamGames(s))
      body.innerHTML =
        showing === "names" ? B.teamNamesHtml(s.tournament, r, games, s.teams) : B.matchesHtml(s.tournament, r, games);
    else if (s.tournament.teams && showing === "names") body.innerHTML = doublesNames(r, s.teams);
    else body.innerHTML = showing === "names" ? B.namesHtml(s.tournament, r) : B.tablesHtml(s.tournament, r);
    fitTeamBoard(body);
    paginate();
  };

  // Shows page `page` of the rows that fit the screen; "Page 2/3" in the header.
  function paginate() {
    const cards = Array.prototype.slice.call(document.querySelectorAll("#board-body .match-card"));
    if (cards.length) {
      paginateCards(cards);
      return;
    }
    const rows = Array.prototype.slice.call(document.querySelectorAll("#board-body tbody tr"));
    rows.forEach((tr) => {
      tr.hidden = false;
    });
    if (!rows.length) {
      field("page", "");
      return;
    }
    const head = document.querySelector(".board-head"),
      thead = document.querySelector("#board-body thead");
    const avail = window.innerHeight - (head ? head.offsetHeight : 0) - (thead ? thead.offsetHeight : 0) - 16;
    const rowH = rows[0].offsetHeight || 48;
    const per = Math.max(1, Math.floor(avail / rowH));
    const pages = Math.max(1, Math.ceil(rows.length / per));
    if (page >= pages) page = 0;
    rows.forEach((tr, i) => {
      tr.hidden = Math.floor(i / per) !== page;
    });
    // What is shown is named only where the mode bar does not say it
    // already (rotating between both), and the page only when there are several.
    const what = B.mode === "rotate" ? (showing === "names" ? t("names-az") : t("by-table")) : "";
    const of = pages > 1 ? t("page-of", { page: page + 1, pages: pages }) : "";
    field("page", what && of ? what + " · " + of : what || of);
    B.pages = pages;
  }

  // A team board's type: as large as lets every match and game fit the
  // screen in two columns (a line is about 1.45 times the type), 18 to 44 px.
  function fitTeamBoard(body) {
    const tb = body.querySelector(".team-board");
    if (!tb) return;
    const cards = tb.querySelectorAll(".match-card");
    let lines = 0;
    for (let i = 0; i < cards.length; i += 2) {
      const a = cards[i].querySelectorAll("tr").length,
        b = cards[i + 1] ? cards[i + 1].querySelectorAll("tr").length : 0;
      lines += Math.max(a, b) + 0.4;
    }
    const head = document.querySelector(".board-head");
    const avail = window.innerHeight - (head ? head.offsetHeight : 0) - 24;
    let px = Math.max(18, Math.min(44, Math.floor(avail / (Math.max(1, lines) * 1.45))));
    // Then measured: smaller until the last match ends above the screen's bottom edge.
    for (let i = 0; i < 8; i++) {
      tb.style.setProperty("--tb-font", px + "px");
      const h = tb.offsetHeight,
        room = window.innerHeight - tb.getBoundingClientRect().top - 8;
      if (h <= room || px <= 18) break;
      px = Math.max(18, Math.min(px - 1, Math.floor((px * room) / h)));
    }
  }

  // A team board pages whole matches: as many rows of cards as fit the screen.
  function paginateCards(cards) {
    cards.forEach((c) => {
      c.hidden = false;
    });
    const tb = cards[0].parentElement;
    const avail = window.innerHeight - tb.getBoundingClientRect().top - 8;
    const gap = parseFloat(getComputedStyle(tb).rowGap) || 0;
    const top = cards[0].offsetTop;
    const cols = Math.max(1, cards.filter((c) => c.offsetTop === top).length);
    const cardH = Math.max.apply(
      null,
      cards.map((c) => c.offsetHeight)
    );
    const per = cols * Math.max(1, Math.floor((avail + gap) / (cardH + gap)));
    const pages = Math.max(1, Math.ceil(cards.length / per));
    if (page >= pages) page = 0;
    cards.forEach((c, i) => {
      c.hidden = Math.floor(i / per) !== page;
    });
    const what = B.mode === "rotate" ? (showing === "names" ? t("names-az") : t("by-table")) : "";
    const of = pages > 1 ? t("page-of", { page: page + 1, pages: pages }) : "";
    field("page", what && of ? what + " · " + of : what || of);
    B.pages = pages;
  }

  // Turns the page; in `rotate` mode, switches between tables and names after the last page.
  function turn() {
    page++;
    if (page >= (B.pages || 1)) {
      page = 0;
      if (B.mode === "rotate") {
        // Tables, then names, then the standings screen, which comes back here.
        if (showing === "names" && A.state.round && A.state.round.status !== "PENDING") {
          location.href =
            "/t/" +
            A.state.tournament.id +
            "/standings?screen=1&rotate=1&secs=" +
            PAGE_SECONDS +
            (query.get("from") ? "&from=" + query.get("from") + "&to=" + query.get("to") : "");
          return;
        }
        showing = showing === "tables" ? "names" : "tables";
        B.render(A.state);
        return;
      }
    }
    paginate();
  }

  // A venue screen must not sleep: hold a screen wake lock while visible.
  let lock = null;
  function wake() {
    if (!navigator.wakeLock || document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock
      .request("screen")
      .then((l) => {
        lock = l;
        l.addEventListener("release", () => {
          lock = null;
        });
      })
      .catch(() => {});
  }

  B.start = () => {
    if (B.mode === "clock") document.body.classList.add("clock-mode");
    setInterval(turn, PAGE_SECONDS * 1000);
    window.addEventListener("resize", paginate);
    document.addEventListener("visibilitychange", wake);
    wake();
  };
})();
