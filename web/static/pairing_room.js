// The captains' pairing room of one 40K team match (the live `process`
// view): both teams' pools with their factions, what is locked and what is
// revealed, the step timer counted against the server's time, the
// captain's choices as big buttons with a confirm before locking, the
// staff's controls (lock for a team, override, decide at the timer's end,
// undo, roll-off), and the games once set. A live update never touches a
// choice selected but not yet confirmed, nor an open confirm: the choices
// are redrawn only when the choices themselves change.
(() => {
  "use strict";
  const A = window.Arbiter;
  if (!A || document.body.dataset.page !== "pairing-room") return;
  const esc = A.esc,
    t = A.t,
    $ = (id) => document.getElementById(id);

  // Process frames replace the state whole; the shared `apply` knows the other views.
  const base = A.apply;
  A.apply = (kind, d) => {
    if (kind === "process") A.state = d;
    else if (A.state) base(kind, d);
  };

  // What the person is in the middle of: the selected choice per box, the open confirm.
  const selected = { own: null, a: null, b: null };
  let pending = null;
  const drawn = { own: "", a: "", b: "", staff: "" };

  const key = (c) => (c ? JSON.stringify(c) : "");
  function player(id) {
    const s = A.state;
    if (!s) return null;
    return s.team_a.players.concat(s.team_b.players).find((p) => p.id === id) || null;
  }
  const name = (id) => (player(id) || { name: id }).name;
  function choiceText(c) {
    if (!c) return "";
    if (c.kind === "attackers") return t("pr-two", { first: name(c.first), second: name(c.second) });
    return name(c.player);
  }
  const team = (side) => (side === "a" ? A.state.team_a : A.state.team_b);
  const other = (side) => (side === "a" ? "b" : "a");

  // The choices a side may lock now, from the revealed state (the staff's boxes;
  // a captain gets its own from the server).
  function optionsFor(side) {
    const st = A.state.state,
      pool = st["pool_" + side] || [];
    if (st["locked_" + side]) return [];
    if (st.phase === "defenders") return pool.map((p) => ({ kind: "defender", player: p }));
    if (st.phase === "attackers") {
      const free = pool.filter((p) => p !== st["defender_" + side]),
        out = [];
      for (let i = 0; i < free.length; i++)
        for (let j = i + 1; j < free.length; j++) out.push({ kind: "attackers", first: free[i], second: free[j] });
      return out;
    }
    if (st.phase === "choices") return (st["attackers_" + other(side)] || []).map((p) => ({ kind: "keep", player: p }));
    return [];
  }

  function optionButtons(box, options, slot) {
    const k = key(options);
    if (drawn[slot] === k) return;
    drawn[slot] = k;
    if (!options.some((o) => key(o) === selected[slot])) selected[slot] = null;
    box.innerHTML = options
      .map((o) => {
        const p = o.player ? player(o.player) : null;
        return (
          '<button type="button" class="pr-option" data-slot="' +
          slot +
          "\" data-choice='" +
          esc(key(o)) +
          "' aria-pressed=\"" +
          (key(o) === selected[slot]) +
          '"><span class="pr-option-name">' +
          esc(choiceText(o)) +
          "</span>" +
          (p && p.faction ? '<span class="pr-option-faction">' + esc(p.faction) + "</span>" : "") +
          "</button>"
        );
      })
      .join("");
  }

  function playerLine(side, id) {
    const st = A.state.state,
      p = player(id) || { name: id, faction: "" },
      tags = [];
    if (st["defender_" + side] === id) tags.push(t("pr-defender"));
    if ((st["attackers_" + side] || []).includes(id)) tags.push(t("pr-attacker"));
    const sealed = st["sealed_" + side];
    if (sealed && (sealed.player === id || sealed.first === id || sealed.second === id)) tags.push(t("pr-sealed"));
    const inPool = (st["pool_" + side] || []).includes(id);
    return (
      '<li class="pr-player' +
      (inPool ? "" : " pr-paired") +
      '" data-player="' +
      esc(id) +
      '"><span class="pr-name">' +
      esc(p.name) +
      '</span> <span class="pr-faction">' +
      esc(p.faction) +
      "</span>" +
      (tags.length ? ' <span class="pr-tags">' + esc(tags.join(" · ")) + "</span>" : "") +
      "</li>"
    );
  }

  function teamBox(side) {
    const s = A.state,
      st = s.state,
      tm = team(side),
      locked = st["locked_" + side],
      mine = s.viewer === "captain_" + side;
    const waits = st.phase !== "done" && st.phase !== "roll_off";
    return (
      '<section class="pr-team" data-side="' +
      side +
      '"><h2>' +
      esc(tm.name) +
      (mine ? ' <span class="pr-you">' + esc(t("pr-you")) + "</span>" : "") +
      "</h2>" +
      (waits
        ? '<p class="pr-lock-state" data-locked="' +
          locked +
          '">' +
          esc(locked ? t("pr-locked") : t("pr-choosing")) +
          "</p>"
        : "") +
      '<ul class="pr-pool">' +
      tm.players.map((p) => playerLine(side, p.id)).join("") +
      "</ul></section>"
    );
  }

  function phaseText(st) {
    if (st.phase === "done") return t("pr-phase-done");
    const step = t("pr-phase-" + st.phase);
    return st.phase === "roll_off" ? step : t("pr-round", { n: st.round }) + " · " + step;
  }

  function staffBody() {
    const s = A.state,
      st = s.state;
    const k = key([st.phase, st.round, st.locked_a, st.locked_b, s.step, s.can_undo, st.pool_a, st.pool_b]);
    const body = $("pr-staff-body");
    if (drawn.staff !== k) {
      drawn.staff = k;
      drawn.a = drawn.b = "";
      let html = "";
      if (st.phase === "roll_off")
        html +=
          '<p class="pr-staff-row">' +
          ["a", "b"]
            .map(
              (side) =>
                '<button type="button" class="pr-act" data-act="roll-off" data-side="' +
                side +
                '">' +
                esc(t("pr-rolloff", { team: team(side).name })) +
                "</button>"
            )
            .join(" ") +
          "</p>";
      else if (st.phase !== "done") {
        for (const side of ["a", "b"])
          html +=
            '<div class="pr-staff-side"><h3>' +
            esc(team(side).name) +
            '</h3><div class="pr-options" id="pr-staff-' +
            side +
            '"></div><button type="button" class="pr-act" data-act="lock" data-side="' +
            side +
            '">' +
            esc(t("pr-lock-for", { team: team(side).name })) +
            "</button></div>";
        html +=
          '<p class="pr-staff-row"><button type="button" class="pr-act" data-act="override">' +
          esc(t("pr-override")) +
          '</button> <button type="button" class="pr-act" data-act="expire">' +
          esc(t("pr-expire")) +
          "</button></p>";
      }
      if (s.can_undo)
        html +=
          '<p class="pr-staff-row"><button type="button" class="pr-act" data-act="undo">' +
          esc(t("pr-undo")) +
          "</button></p>";
      body.innerHTML = html;
    }
    for (const side of ["a", "b"]) {
      const box = $("pr-staff-" + side);
      if (box) optionButtons(box, optionsFor(side), side);
    }
  }

  function render() {
    const s = A.state;
    if (!s) {
      $("pr-phase").textContent = t("pr-none");
      return;
    }
    const st = s.state;
    $("pr-title").textContent = s.team_a.name + " – " + s.team_b.name;
    $("pr-phase").textContent =
      phaseText(st) +
      " · " +
      t("pr-table", { n: s.table }) +
      (s.round ? " · " + t("pr-match-round", { n: s.round }) : "");
    $("pr-teams").innerHTML = teamBox("a") + teamBox("b");
    // The captain's own choices.
    const choose = $("pr-choose");
    const captain = s.viewer === "captain_a" || s.viewer === "captain_b";
    const options = captain ? s.options || [] : [];
    choose.hidden = !options.length;
    if (options.length) {
      $("pr-choose-title").textContent = t("pr-choose-" + st.phase);
      optionButtons($("pr-options"), options, "own");
    } else drawn.own = "";
    $("pr-lock").disabled = !selected.own;
    // The staff's controls.
    $("pr-staff").hidden = s.viewer !== "organiser";
    if (s.viewer === "organiser") staffBody();
    // The games, once set.
    const games = s.games || [];
    $("pr-games").hidden = !games.length;
    $("pr-games-list").innerHTML = games
      .map(
        (g) =>
          '<li class="pr-game"><span class="pr-game-table">' +
          esc(t("pr-table", { n: g.table })) +
          "</span> " +
          esc(g.player1.name) +
          ' <span class="pr-faction">' +
          esc(g.player1.faction) +
          "</span> – " +
          esc(g.player2 ? g.player2.name : "") +
          ' <span class="pr-faction">' +
          esc(g.player2 ? g.player2.faction : "") +
          "</span></li>"
      )
      .join("");
    tick();
  }

  // The step timer, against the server's time.
  function tick() {
    const s = A.state,
      el = $("pr-timer");
    const runs = s && s.state.phase !== "done" && s.state.phase !== "roll_off";
    el.hidden = !runs;
    if (!runs) return;
    const left = Math.max(0, s.deadline - A.serverNow()),
      secs = Math.ceil(left / 1000);
    const text = left ? Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0") : t("pr-time-up");
    if (el.textContent !== text) el.textContent = text;
    el.dataset.left = String(left);
  }
  setInterval(tick, 250);

  function fail(e) {
    const el = $("pr-error");
    el.textContent = (e && e.message) || String(e);
    el.hidden = false;
  }
  function post(path, body) {
    $("pr-error").hidden = true;
    return A.api("POST", "/api/matches/" + A.state.match_id + "/process/" + path, body).then((v) => {
      A.state = v;
      render();
    }, fail);
  }
  // The confirm: what will be done, in words, and the request it makes.
  function ask(text, run) {
    pending = run;
    $("pr-confirm-text").textContent = text;
    $("pr-confirm").hidden = false;
    $("pr-confirm-yes").focus();
  }
  const parse = (k) => (k ? JSON.parse(k) : null);
  document.addEventListener("click", (ev) => {
    const opt = ev.target.closest(".pr-option");
    if (opt) {
      const slot = opt.dataset.slot;
      selected[slot] = opt.dataset.choice;
      opt.parentElement.querySelectorAll(".pr-option").forEach((b) => {
        b.setAttribute("aria-pressed", String(b === opt));
      });
      if (slot === "own") $("pr-lock").disabled = false;
      return;
    }
    if (ev.target.id === "pr-lock" && selected.own) {
      const c = parse(selected.own);
      ask(t("pr-confirm-lock", { choice: choiceText(c) }), () => post("lock", { choice: c }));
      return;
    }
    const act = ev.target.closest(".pr-act");
    if (act) {
      const side = act.dataset.side,
        a = parse(selected.a),
        b = parse(selected.b);
      if (act.dataset.act === "roll-off")
        ask(t("pr-rolloff", { team: team(side).name }), () => post("roll-off", { winner: side }));
      else if (act.dataset.act === "lock") {
        const c = parse(selected[side]);
        if (!c) return fail(t("pr-select-first"));
        ask(t("pr-confirm-for", { team: team(side).name, choice: choiceText(c) }), () =>
          post("lock", { choice: c, side: side })
        );
      } else if (act.dataset.act === "override") {
        if (!a || !b) return fail(t("pr-select-both"));
        ask(t("pr-override") + ": " + choiceText(a) + " / " + choiceText(b), () => post("override", { a: a, b: b }));
      } else if (act.dataset.act === "expire") {
        const body = {};
        if (a && !A.state.state.locked_a) body.a = a;
        if (b && !A.state.state.locked_b) body.b = b;
        ask(t("pr-expire"), () => post("expire", body));
      } else if (act.dataset.act === "undo") ask(t("pr-undo"), () => post("undo"));
      return;
    }
    if (ev.target.id === "pr-confirm-yes" && pending) {
      const run = pending;
      pending = null;
      $("pr-confirm").hidden = true;
      selected.own = selected.a = selected.b = null;
      drawn.own = drawn.a = drawn.b = "";
      run();
    } else if (ev.target.id === "pr-confirm-no") {
      pending = null;
      $("pr-confirm").hidden = true;
    }
  });

  A.onChange(render);
  render();
  A.connect(document.body.dataset.tournament);
})();
