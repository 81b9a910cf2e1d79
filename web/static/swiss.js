// Swiss chess (FIDE Dutch): byes arranged ahead, on the player's page (half
// or zero point) and on the TO's dashboard (any kind, any player), and the
// TO's TRF export and import. Byes refresh on bye_* and pairings events.
(function () {
  "use strict";
  const A = window.Arbiter, esc = A.esc;
  const page = document.body.dataset.page, tid = document.body.dataset.tournament;
  const box = document.getElementById("swiss");
  if (!box || !A.state || A.state.tournament.pairing_system !== "dutch") return;
  const KIND = { half: "½ point", zero: "0 points", full: "1 point" };
  let byes = [];

  function fail(e) {
    const p = document.getElementById("action-error");
    if (p) { p.textContent = e.message || String(e); p.hidden = false; setTimeout(function () { p.hidden = true; }, 8000); }
  }
  // Rounds that can still get a bye: after the last round paired, up to the last round.
  function openRounds(s) {
    const t = s.tournament, r = s.round;
    const first = !r ? 1 : r.status === "PENDING" ? r.number : r.number + 1;
    const out = [];
    for (let n = first; n <= t.total_rounds; n++) out.push(n);
    return out;
  }
  function roundOptions(s) {
    return openRounds(s).map(function (n) { return '<option value="' + n + '">Round ' + n + "</option>"; }).join("");
  }
  function render() {
    const s = A.state, t = s.tournament, open = t.status !== "COMPLETE" && openRounds(s).length > 0;
    const mine = page === "player" ? byes.filter(function (b) { return s.me && b.player_id === s.me.id; }) : byes;
    const cancellable = function (b) { return openRounds(s).indexOf(b.round) >= 0; };
    let html = "<h2>Byes</h2>";
    html += mine.length === 0 ? '<p class="muted">No bye arranged.</p>' : "<ul>" + mine.map(function (b) {
      const who = page === "player" ? "" : esc(b.player_name) + ": ";
      const cancel = cancellable(b) ? ' <button type="button" data-bye-cancel="' + b.round + '" data-player="' + esc(b.player_id) + '">Cancel</button>' : "";
      return "<li>" + who + "round " + b.round + ", " + KIND[b.kind] + (b.requested_by === "to" ? " (organiser)" : "") + cancel + "</li>";
    }).join("") + "</ul>";
    if (open && page === "player" && s.me && !s.me.dropped) {
      html += '<form id="bye-form" class="inline"><label>Ask for a bye in <select name="round">' + roundOptions(s) + '</select></label> <select name="kind"><option value="half">½ point</option><option value="zero">0 points</option></select> <button type="submit">Ask</button></form>';
    }
    if (open && page === "dashboard") {
      const players = (A.swissPlayers || []).filter(function (p) { return !p.dropped && !p.removed; });
      html += '<form id="bye-form" class="inline"><select name="player">' + players.map(function (p) { return '<option value="' + esc(p.id) + '">' + esc(p.display_name) + "</option>"; }).join("") + '</select> <select name="round">' + roundOptions(s) + '</select> <select name="kind"><option value="half">½ point</option><option value="zero">0 points</option><option value="full">1 point</option></select> <button type="submit">Arrange bye</button></form>';
    }
    if (page === "dashboard") {
      html += '<h2>Tournament Report File</h2><p><a href="/api/tournaments/' + tid + '/trf" download>Download the event as a FIDE TRF</a> <span class="muted">(closed rounds, and the byes arranged for the next round)</span></p>';
      html += '<form id="trf-form" class="stack"><label>Import players and played rounds from a TRF (into an event with no players yet)<textarea name="trf" rows="5" placeholder="Paste a TRF file…"></textarea></label><button type="submit">Import</button></form>';
    }
    box.innerHTML = html;
  }
  function load() {
    const players = page === "dashboard" ? A.api("GET", "/api/tournaments/" + tid + "/players").then(function (j) { A.swissPlayers = j.players; }) : Promise.resolve();
    return Promise.all([A.api("GET", "/api/tournaments/" + tid + "/byes").then(function (j) { byes = j.byes; }), players]).then(render);
  }
  box.addEventListener("submit", function (e) {
    e.preventDefault();
    const f = e.target;
    if (f.id === "bye-form") {
      const body = { round: Number(f.round.value), kind: f.kind.value };
      const path = page === "dashboard" ? "/api/players/" + f.player.value + "/byes" : "/api/tournaments/" + tid + "/byes";
      A.api("POST", path, body).then(load).catch(fail);
    } else if (f.id === "trf-form") {
      fetch("/api/tournaments/" + tid + "/trf", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "text/plain" }, body: f.trf.value })
        .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw j; return j; }); })
        .then(function (j) { alert("Imported " + j.players + " players, " + j.rounds + " rounds, " + j.byes + " byes."); location.reload(); })
        .catch(fail);
    }
  });
  box.addEventListener("click", function (e) {
    const b = e.target.closest("button[data-bye-cancel]");
    if (!b) return;
    const path = page === "dashboard" ? "/api/players/" + b.dataset.player + "/byes/" + b.dataset.byeCancel : "/api/tournaments/" + tid + "/byes/" + b.dataset.byeCancel;
    A.api("DELETE", path).then(load).catch(fail);
  });
  A.onChange(function (s, ev) { if (ev && ev.kind && /^(bye_|pairings_published|round_|player_)/.test(ev.kind)) load().catch(function () {}); else render(); });
  load().catch(fail);
})();
