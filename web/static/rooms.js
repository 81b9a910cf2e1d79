// The venue screen of every captains' pairing process of the round (the
// live `rooms` view, public data only): per match its table, the two teams,
// the step, which sides have locked, the step timer against the server's
// time, the revealed defenders and attackers, and the games once set.
(() => {
  "use strict";
  const A = window.Arbiter;
  if (!A || document.body.dataset.page !== "rooms") return;
  const esc = A.esc,
    t = A.t;

  // `room`: one match's public view replaces its card; `rooms`: the whole round.
  const base = A.apply;
  A.apply = (kind, d) => {
    if (kind === "rooms") A.state = d;
    else if (kind === "room" && A.state) {
      if (!A.state.matches) A.state.matches = [];
      const ms = A.state.matches,
        i = ms.findIndex((m) => m.match_id === d.match_id);
      if (i >= 0) ms[i] = d;
      else ms.push(d);
      ms.sort((x, y) => x.table - y.table);
    } else if (A.state) base(kind, d);
  };

  function names(m) {
    const all = m.team_a.players.concat(m.team_b.players);
    return (id) => (all.find((p) => p.id === id) || { name: "?" }).name;
  }
  function side(m, s) {
    const st = m.state,
      n = names(m),
      tm = s === "a" ? m.team_a : m.team_b,
      shown = [];
    if (st["defender_" + s]) shown.push(t("pr-defender") + ": " + n(st["defender_" + s]));
    if (st["attackers_" + s]) shown.push(t("pr-attackers") + ": " + st["attackers_" + s].map(n).join(", "));
    const waits = st.phase !== "done" && st.phase !== "roll_off";
    return (
      '<div class="rm-side" data-side="' +
      s +
      '"><div class="rm-team">' +
      esc(tm.name) +
      (waits
        ? ' <span class="rm-lock" data-locked="' +
          st["locked_" + s] +
          '">' +
          esc(st["locked_" + s] ? t("pr-locked") : t("pr-choosing")) +
          "</span>"
        : "") +
      "</div>" +
      (shown.length ? '<div class="rm-shown">' + esc(shown.join(" · ")) + "</div>" : "") +
      "</div>"
    );
  }
  function card(m) {
    const st = m.state,
      games = m.games || [];
    const phase =
      st.phase === "done"
        ? t("pr-phase-done")
        : st.phase === "roll_off"
          ? t("pr-phase-roll_off")
          : t("pr-round", { n: st.round }) + " · " + t("pr-phase-" + st.phase);
    return (
      '<article class="rm-card" data-match="' +
      esc(m.match_id) +
      '" data-phase="' +
      st.phase +
      '"><header class="rm-head"><a class="rm-table" href="/t/' +
      esc(m.tournament_id) +
      "/matches/" +
      esc(m.match_id) +
      '">' +
      esc(t("pr-table", { n: m.table })) +
      '</a> <span class="rm-phase">' +
      esc(phase) +
      '</span> <span class="rm-timer" data-deadline="' +
      m.deadline +
      '"></span></header>' +
      side(m, "a") +
      side(m, "b") +
      (games.length
        ? '<ol class="rm-games">' +
          games
            .map(
              (g) =>
                "<li>" +
                esc(t("pr-table", { n: g.table })) +
                ": " +
                esc(g.player1.name) +
                " – " +
                esc(g.player2 ? g.player2.name : "") +
                "</li>"
            )
            .join("") +
          "</ol>"
        : "") +
      "</article>"
    );
  }
  function render() {
    const s = A.state,
      box = document.getElementById("rooms");
    const ms = (s && s.matches) || [];
    document.getElementById("rooms-round").textContent =
      t("rooms-title") + (s && s.round ? " · " + t("pr-match-round", { n: s.round }) : "");
    box.innerHTML = ms.length ? ms.map(card).join("") : '<p class="muted">' + esc(t("rooms-none")) + "</p>";
    tick();
  }
  function tick() {
    document.querySelectorAll(".rm-card").forEach((c) => {
      const el = c.querySelector(".rm-timer"),
        phase = c.dataset.phase;
      if (phase === "done" || phase === "roll_off") {
        el.textContent = "";
        return;
      }
      const left = Math.max(0, Number(el.dataset.deadline) - A.serverNow()),
        secs = Math.ceil(left / 1000);
      const text = left ? Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0") : t("pr-time-up");
      if (el.textContent !== text) el.textContent = text;
    });
  }
  setInterval(tick, 250);
  A.onChange(render);
  render();
  A.connect(document.body.dataset.tournament);
})();
