// The live standings page (/t/{id}/standings): the configured columns, ties and the TO's
// controls (games.js), paged; `?screen=1` for a venue screen. Shared helpers: pages.js.
(() => {
  "use strict";
  const A = window.Arbiter,
    G = A.games,
    L = A.t;
  const tid = document.body.dataset.tournament;
  const { $, field, showError, renderStandingsInto } = A.pages;
  // ---- standings: the configured columns, ⚠ ties, the TO's = and ↓ (see games.js) ----
  const isTo = document.body.dataset.to === "1";
  function renderStandings(s) {
    field("name", s.tournament.name);
    const w = s.standings;
    renderStandingsInto(
      { tournament: s.tournament, standings: w.rows, standings_meta: s.standings_meta },
      "#standings-head",
      "#standings-body",
      "#tie-notices",
      isTo
    );
    $("#pager-label").textContent = w.rows.length
      ? L("pager-window", { from: w.offset + 1, to: w.offset + w.rows.length, total: w.total })
      : "";
    document.querySelector('[data-page-step="-1"]').disabled = w.offset === 0;
    document.querySelector('[data-page-step="1"]').disabled = w.offset + w.limit >= w.total;
    if (standingsScreen) fitStandings();
    boardResults(s);
  }
  // A team event ranking each board (its game's `boardResults`): each board's
  // results and its prize (the best score with the minimum of games,
  // `GET …/boards`), read again as results come in.
  let boardsAsked = 0;
  function boardResults(s) {
    if (!s.tournament.teams || !G.system(s.tournament).boardResults || standingsScreen) return;
    const asked = ++boardsAsked;
    A.api("GET", "/api/tournaments/" + tid + "/boards")
      .then((b) => {
        if (asked !== boardsAsked) return;
        const sec = $("#board-results");
        const tables = b.boards.map((bd) => {
          const rows = bd.lines.map(
            (l) =>
              "<tr" +
              (bd.prize.indexOf(l.player_id) >= 0 ? ' class="prize"' : "") +
              "><td>" +
              (bd.prize.indexOf(l.player_id) >= 0 ? '<span title="' + A.esc(L("board-prize")) + '">★</span> ' : "") +
              A.esc(l.name) +
              '</td><td class="muted">' +
              A.esc(l.team.name) +
              '</td><td class="num">' +
              l.games +
              '</td><td class="num">' +
              A.esc(A.num(l.points)) +
              '</td><td class="num">' +
              A.esc(A.num(String(l.percentage))) +
              "%</td></tr>"
          );
          return (
            "<h3>" +
            A.esc(L("team-board-n", { n: bd.board })) +
            '</h3><table class="grid board-results"><thead><tr><th>' +
            A.esc(L("col-name")) +
            "</th><th>" +
            A.esc(L("col-team")) +
            '</th><th class="num">' +
            A.esc(L("col-games")) +
            '</th><th class="num">' +
            A.esc(L("col-points")) +
            '</th><th class="num">%</th></tr></thead><tbody>' +
            rows.join("") +
            "</tbody></table>"
          );
        });
        sec.innerHTML =
          "<h2>" +
          A.esc(L("board-results")) +
          '</h2><p class="muted">' +
          A.esc(L("board-prize-min", { n: b.min_games })) +
          "</p>" +
          tables.join("");
        sec.hidden = false;
      })
      .catch(() => {});
  }
  // `?screen=1`: the standings on a venue screen: large type, the rows that
  // fit shown a page at a time, then the next window of the standings.
  const standingsScreen = new URLSearchParams(location.search).get("screen") === "1";
  let screenPage = 0;
  function fitStandings() {
    const rows = Array.prototype.slice.call(document.querySelectorAll("#standings-body tr"));
    rows.forEach((tr) => {
      tr.hidden = false;
    });
    if (!rows.length) return 1;
    const table = $(".standings-table"),
      top = table ? table.getBoundingClientRect().top : 0;
    const thead = $("#standings-head");
    const per = Math.max(
      1,
      Math.floor((window.innerHeight - top - (thead ? thead.offsetHeight : 0) - 16) / (rows[0].offsetHeight || 40))
    );
    const pages = Math.max(1, Math.ceil(rows.length / per));
    if (screenPage >= pages) screenPage = 0;
    rows.forEach((tr, i) => {
      tr.hidden = Math.floor(i / per) !== screenPage;
    });
    return pages;
  }
  function turnStandings() {
    const w = A.state.standings;
    screenPage++;
    if (screenPage < fitStandings()) return;
    screenPage = 0;
    const q = new URLSearchParams(location.search);
    if (q.get("rotate") === "1" && w.offset + w.limit >= w.total) {
      // A rotating venue screen: back to the board once every row has been shown.
      location.href =
        "/t/" +
        tid +
        "/board?mode=rotate&secs=" +
        (q.get("secs") || 12) +
        (q.get("from") ? "&from=" + q.get("from") + "&to=" + q.get("to") : "");
      return;
    }
    const next = w.offset + w.limit < w.total ? w.offset + w.limit : 0;
    if (next !== w.offset) A.subscribe({ offset: next, limit: w.limit });
    else fitStandings();
  }
  function standingsPage(e) {
    const b = e.target.closest("button[data-page-step]");
    if (!b) return;
    const w = A.state.standings,
      offset = Math.max(0, w.offset + Number(b.dataset.pageStep) * w.limit);
    A.subscribe({ offset: offset, limit: w.limit });
    history.replaceState(null, "", "?offset=" + offset);
  }

  if (!A.state) return;
  document.addEventListener("click", (e) => {
    G.standingsClick(e, tid, showError);
  });
  document.addEventListener("click", standingsPage);
  if (standingsScreen) {
    document.body.classList.add("screen", "standings-screen");
    setInterval(
      turnStandings,
      Math.min(600, Math.max(3, Number(new URLSearchParams(location.search).get("secs")) || 12)) * 1000
    );
    window.addEventListener("resize", fitStandings);
  }
  A.pages.start(renderStandings);
})();
