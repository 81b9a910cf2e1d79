// Swiss chess (FIDE Dutch): byes arranged ahead, on the player's page (half
// or zero point) and on the TO's dashboard (any kind, any player), and the
// TO's TRF export and import. Byes refresh on bye_* and pairings events.
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    L = A.t;
  const page = document.body.dataset.page,
    tid = document.body.dataset.tournament;
  const box = document.getElementById("swiss");
  if (!box || !A.state || A.state.tournament.pairing_system !== "dutch") return;
  const KIND = { half: L("bye-kind-half"), zero: L("bye-kind-zero"), full: L("bye-kind-full") };
  let byes = [];

  function fail(e) {
    const p = document.getElementById("action-error");
    if (p) {
      p.textContent = e.message || String(e);
      p.hidden = false;
      setTimeout(() => {
        p.hidden = true;
      }, 8000);
    }
  }
  // Rounds that can still get a bye: after the last round paired, up to the last round.
  function openRounds(s) {
    const t = s.tournament,
      r = s.round;
    const first = !r ? 1 : r.status === "PENDING" ? r.number : r.number + 1;
    const out = [];
    for (let n = first; n <= t.total_rounds; n++) out.push(n);
    return out;
  }
  function roundOptions(s) {
    return openRounds(s)
      .map((n) => '<option value="' + n + '">' + esc(L("round", { n: n })) + "</option>")
      .join("");
  }
  function render() {
    const s = A.state,
      t = s.tournament,
      open = t.status !== "COMPLETE" && openRounds(s).length > 0;
    const mine = page === "player" ? byes.filter((b) => s.me && b.player_id === s.me.id) : byes;
    const cancellable = (b) => openRounds(s).indexOf(b.round) >= 0;
    let html = "<h2>" + esc(L("byes")) + "</h2>";
    html +=
      mine.length === 0
        ? '<p class="muted">' + esc(L("byes-none")) + "</p>"
        : "<ul>" +
          mine
            .map((b) => {
              const who = page === "player" ? "" : esc(b.player_name) + ": ";
              const cancel = cancellable(b)
                ? ' <button type="button" data-bye-cancel="' +
                  b.round +
                  '" data-player="' +
                  esc(b.player_id) +
                  '">' +
                  esc(L("cancel")) +
                  "</button>"
                : "";
              return (
                "<li>" +
                who +
                esc(L("bye-line", { round: b.round, kind: KIND[b.kind] })) +
                (b.requested_by === "to" ? " (" + esc(L("bye-by-organiser")) + ")" : "") +
                cancel +
                "</li>"
              );
            })
            .join("") +
          "</ul>";
    if (open && page === "player" && s.me && !s.me.dropped) {
      html +=
        '<form id="bye-form" class="inline"><label>' +
        esc(L("bye-ask-in")) +
        ' <select name="round">' +
        roundOptions(s) +
        '</select></label> <select name="kind"><option value="half">' +
        KIND.half +
        '</option><option value="zero">' +
        KIND.zero +
        '</option></select> <button type="submit">' +
        esc(L("bye-ask")) +
        "</button></form>";
    }
    if (open && page === "dashboard") {
      const players = (A.swissPlayers || []).filter((p) => !p.dropped && !p.removed);
      html +=
        '<form id="bye-form" class="inline"><select name="player">' +
        players.map((p) => '<option value="' + esc(p.id) + '">' + esc(p.display_name) + "</option>").join("") +
        '</select> <select name="round">' +
        roundOptions(s) +
        '</select> <select name="kind"><option value="half">' +
        KIND.half +
        '</option><option value="zero">' +
        KIND.zero +
        '</option><option value="full">' +
        KIND.full +
        '</option></select> <button type="submit">' +
        esc(L("bye-arrange")) +
        "</button></form>";
    }
    if (page === "dashboard") {
      html +=
        "<h2>" +
        esc(L("trf-title")) +
        '</h2><p><a href="/api/tournaments/' +
        tid +
        '/trf" download>' +
        esc(L("trf-download")) +
        '</a> <span class="muted">(' +
        esc(L("trf-download-what")) +
        ")</span></p>";
      html +=
        '<form id="trf-form" class="stack"><label>' +
        esc(L("trf-import-label")) +
        '<textarea name="trf" rows="5" placeholder="' +
        esc(L("trf-paste")) +
        '"></textarea></label><button type="submit">' +
        esc(L("trf-import")) +
        "</button></form>";
    }
    box.innerHTML = html;
  }
  function load() {
    const players =
      page === "dashboard"
        ? A.api("GET", "/api/tournaments/" + tid + "/players").then((j) => {
            A.swissPlayers = j.players;
          })
        : Promise.resolve();
    return Promise.all([
      A.api("GET", "/api/tournaments/" + tid + "/byes").then((j) => {
        byes = j.byes;
      }),
      players
    ]).then(render);
  }
  box.addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    if (f.id === "bye-form") {
      const body = { round: Number(f.round.value), kind: f.kind.value };
      const path =
        page === "dashboard" ? "/api/players/" + f.player.value + "/byes" : "/api/tournaments/" + tid + "/byes";
      A.api("POST", path, body).then(load).catch(fail);
    } else if (f.id === "trf-form") {
      fetch("/api/tournaments/" + tid + "/trf", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "text/plain" },
        body: f.trf.value
      })
        .then((r) =>
          r.json().then((j) => {
            if (!r.ok) throw j;
            return j;
          })
        )
        .then((j) => {
          alert(L("trf-imported", { players: j.players, rounds: j.rounds, byes: j.byes }));
          location.reload();
        })
        .catch(fail);
    }
  });
  box.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-bye-cancel]");
    if (!b) return;
    const path =
      page === "dashboard"
        ? "/api/players/" + b.dataset.player + "/byes/" + b.dataset.byeCancel
        : "/api/tournaments/" + tid + "/byes/" + b.dataset.byeCancel;
    A.api("DELETE", path).then(load).catch(fail);
  });
  A.onChange((_s, ev) => {
    if (ev && ev.kind && /^(bye_|pairings_published|round_|player_)/.test(ev.kind)) load().catch(() => {});
    else render();
  });
  load().catch(fail);
})();
