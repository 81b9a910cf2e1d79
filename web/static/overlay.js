// A stream overlay (/t/{id}/overlay?view=standings|board|pairing): the live
// standings' top rows, the round's tables, or one table (`&table=N`), on a
// transparent page for a streaming tool's browser source. Live (live.js).
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    t = A.t;
  const body = document.body,
    kind = body.dataset.overlay,
    table = Number(body.dataset.table) || 1;
  const root = document.getElementById("overlay");
  const seat = (s, score) =>
    '<span class="ov-name">' +
    (s ? esc(s.name) : esc(t("bye"))) +
    "</span>" +
    (score ? '<span class="ov-score">' + esc(score) + "</span>" : "");
  function pairing(p) {
    return (
      '<div class="ov-table" data-table="' +
      p.table +
      '"><span class="ov-no">' +
      esc(t("overlay-table", { n: p.table })) +
      "</span>" +
      seat(p.player1, p.player1_score) +
      '<span class="ov-vs">–</span>' +
      seat(p.player2, p.player2_score) +
      "</div>"
    );
  }
  function render() {
    const s = A.state;
    if (!s) return;
    let html = "";
    if (kind === "standings") {
      const rows = (s.standings && s.standings.rows) || [];
      html =
        '<ol class="ov-standings">' +
        rows
          .map(
            (r) =>
              '<li data-player="' +
              esc(r.player_id) +
              '"><span class="ov-rank">' +
              r.rank +
              '</span><span class="ov-name">' +
              esc(r.display_name) +
              '</span><span class="ov-score">' +
              esc(r.score) +
              "</span></li>"
          )
          .join("") +
        "</ol>";
    } else {
      const pairings = (s.round && s.round.pairings) || [];
      const shown = kind === "pairing" ? pairings.filter((p) => p.table === table) : pairings;
      html = shown.length ? shown.map(pairing).join("") : '<p class="ov-none">' + esc(t("overlay-none")) + "</p>";
    }
    root.innerHTML = html;
    root.dataset.ready = "1";
  }
  A.onChange(render);
  render();
  A.connect(body.dataset.tournament);
})();
