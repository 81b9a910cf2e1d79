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

  function name(seat) {
    const faction = seat.faction ? ' <span class="faction">' + esc(seat.faction) + "</span>" : "";
    return (
      '<span class="pname" title="' +
      esc(seat.name) +
      (seat.faction ? " (" + esc(seat.faction) + ")" : "") +
      '">' +
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
      '"><span aria-hidden="true">' +
      s[0] +
      "</span> " +
      s[1] +
      "</span>"
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
        name(p.player1) +
        '</td><td class="num score">' +
        esc(A.num(p.player1_score)) +
        '</td><td class="num score">' +
        esc(A.num(p.player2_score)) +
        '</td><td class="seat">' +
        name(p.player2) +
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
    field("round", r ? (r.playoff ? A.playoffName(r.mission) : t("round", { n: r.number })) : t("no-round"));
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
    body.innerHTML = showing === "names" ? B.namesHtml(s.tournament, r) : B.tablesHtml(s.tournament, r);
    paginate();
  };

  // Shows page `page` of the rows that fit the screen; "Page 2/3" in the header.
  function paginate() {
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
