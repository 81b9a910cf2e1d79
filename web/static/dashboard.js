// The TO's dashboard (/t/{id}/dashboard): the lifecycle, queue, clock, top cut, pools, drafts,
// entries, staff, settings and action log, wired to the JSON API. Shared helpers: pages.js.
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    G = A.games,
    L = A.t;
  const tid = document.body.dataset.tournament;
  const { $, STATUS, NEXT, field, showError, submitForm, act, seat, vp, renderStandingsInto, load, grid } = A.pages;
  // A playoff match format's name on the top-cut form (a game's `playoffFormats`).
  const PLAYOFF_FORMAT = { best_of_three: "po-best-of-three", tiebreak_games: "po-game-then-tiebreaks" };
  // The add-entry form's extra field, by a game's `entryField`.
  const ENTRY_FIELD = {
    faction: () => '<label class="inline">' + esc(L("col-faction")) + ' <input name="faction" maxlength="64"></label>',
    rating: () =>
      '<label class="inline">' +
      esc(L("entry-rating")) +
      ' <input name="rating" type="number" min="0" max="3500"></label>'
  };
  // ---- TO dashboard ----
  let listPlayers = [];
  function loadPlayers() {
    return A.api("GET", "/api/tournaments/" + tid + "/players").then((j) => {
      listPlayers = j.players;
      renderDashboard(A.state);
    });
  }
  // The top cut (`/api/tournaments/{id}/playoffs`): `undefined` until read, `null` without one.
  // `hasCut`: whether there is one to read (known when the page was made, a
  // playoff round, or the TO adding one here), so that none is asked for in vain.
  let playoff,
    hasCut = document.body.dataset.playoffs === "1";
  function loadPlayoff() {
    if (!hasCut && !(A.state.round && A.state.round.playoff)) {
      playoff = null;
      renderDashboard(A.state);
      return Promise.resolve();
    }
    return A.api("GET", "/api/tournaments/" + tid + "/playoffs")
      .then(
        (j) => {
          playoff = j.bracket;
        },
        (e) => {
          if (e.error === "no_playoffs") playoff = null;
        }
      )
      .then(() => {
        renderDashboard(A.state);
      });
  }
  // Round-robin pools (`/api/tournaments/{id}/pools`): `undefined` until read, `null` without.
  let pools;
  function loadPools() {
    // Only a round robin of a game played in pools has them: nothing to ask for elsewhere.
    const t = A.state.tournament;
    if (!G.system(t).pools || t.pairing_system.indexOf("round_robin") < 0) {
      pools = null;
      return Promise.resolve();
    }
    return A.api("GET", "/api/tournaments/" + tid + "/pools")
      .then(
        (j) => {
          pools = j;
        },
        (e) => {
          if (e.error === "no_pools") pools = null;
        }
      )
      .then(() => {
        renderDashboard(A.state);
      });
  }
  function poolActions(t, r) {
    if (
      pools === undefined ||
      t.status === "COMPLETE" ||
      !G.system(t).pools ||
      t.pairing_system.indexOf("round_robin") < 0
    )
      return "";
    const drawn = r && (r.number > 1 || r.status !== "PENDING");
    let h = "";
    if (pools) {
      h =
        '<span class="muted" id="pools-summary">' +
        esc(L(pools.rule === "by_hand" ? "pools-by-hand" : "pools-serpentine")) +
        " " +
        pools.pools.map((p) => esc(p.name) + " " + p.players.length).join(" · ") +
        "</span>";
      if (!drawn) h += " " + button(L("pools-remove"), "pools-remove");
    } else if (!drawn) {
      h =
        '<span class="muted">' +
        esc(L("pools-label")) +
        '</span> <label class="inline"><input id="pl-count" type="number" min="2" value="2"> ' +
        esc(L("pools-count")) +
        "</label>" +
        button(L("pools-set"), "pools-set");
    }
    return h ? h + "<br>" : "";
  }
  function playoffActions(t, r) {
    if (playoff === undefined || t.status === "COMPLETE") return "";
    const link = ' <a href="/t/' + tid + '/bracket">' + esc(L("po-bracket")) + "</a>";
    // The top cut is set up before round 1 (with the pools) or once the last
    // Swiss round is closed, not among every round's controls.
    if (!playoff && r && !(r.status === "COMPLETE" && !r.playoff && r.number >= t.total_rounds)) return "";
    if (!playoff) {
      const size = pools
        ? '<label class="inline">' +
          esc(L("po-per-pool-before")) +
          ' <input id="po-per-pool" type="number" min="1" value="2"> ' +
          esc(L("po-per-pool-after")) +
          "</label>"
        : '<label class="inline">' +
          esc(L("po-cut")) +
          ' <input id="po-cut" type="number" min="2" max="64" value="8"></label>';
      // The game's playoff match formats besides a single game, and the
      // number of tie-break games where a match can go to them.
      const formats = G.system(t).playoffFormats;
      const format = formats.length
        ? '<label class="inline">' +
          esc(L("po-matches")) +
          ' <select id="po-format"><option value="single">' +
          esc(L("po-one-game")) +
          "</option>" +
          formats.map((f) => '<option value="' + f + '">' + esc(L(PLAYOFF_FORMAT[f])) + "</option>").join("") +
          "</select></label>" +
          (formats.indexOf("tiebreak_games") >= 0
            ? '<label class="inline">' +
              esc(L("po-tiebreak-games")) +
              ' <input id="po-tb-games" type="number" min="1" max="10" value="2"></label>'
            : "")
        : "";
      return (
        '<span class="muted">' +
        esc(L("po-top-cut")) +
        "</span> " +
        size +
        format +
        '<label class="inline"><input id="po-reseed" type="checkbox"> ' +
        esc(L("po-reseed")) +
        "</label>" +
        '<label class="inline"><input id="po-third" type="checkbox"> ' +
        esc(L("po-third")) +
        "</label>" +
        '<label class="inline">' +
        esc(L("po-tiebreak")) +
        ' <input id="po-tiebreak" maxlength="300" placeholder="' +
        esc(L("po-tiebreak-ph")) +
        '"></label>' +
        button(L("po-add"), "playoffs-set")
      );
    }
    const st = playoff.settings;
    let h =
      '<span class="muted">' +
      esc(L("bk-top", { n: st.cut })) +
      (st.per_pool ? " (" + esc(L("po-of-each-pool", { n: st.per_pool })) + ")" : "") +
      (st.reseed ? ", " + esc(L("po-reseeded")) : "") +
      (st.third_place ? ", " + esc(L("bk-third-place-game")) : "") +
      (st.format === "best_of_three"
        ? ", " + esc(L("po-best-of-three"))
        : st.format === "tiebreak_games"
          ? ", " + esc(L("po-tiebreaks-after-draw", { n: st.tiebreak_games }))
          : "") +
      "</span>" +
      link;
    const idle = !r || r.status === "COMPLETE";
    const swissDone = r && (r.playoff || r.number >= t.total_rounds);
    if (!playoff.seeded) h += " " + button(L("po-remove"), "playoffs-remove");
    if (t.status === "IN_PROGRESS" && idle && swissDone && !playoff.finished) {
      h += " " + button(playoff.seeded ? L("po-pair-next") : L("po-seed", { n: st.cut }), "playoffs-pair", "primary");
    }
    if (playoff.finished && playoff.champion)
      h += " <span>" + esc(L("po-champion")) + " <strong>" + esc(playoff.champion.name) + "</strong></span>";
    return h;
  }
  function button(label, action, cls) {
    return '<button type="button" class="' + (cls || "") + '" data-action="' + action + '">' + esc(label) + "</button>";
  }
  // The viewer's role: a judge's dashboard offers results, disputes, overrides and check-in only.
  const role = document.body.dataset.role || "OWNER",
    judge = role === "JUDGE";
  function renderDashboard(s) {
    const t = s.tournament,
      r = s.round;
    field("name", t.name);
    $("#status-label").textContent = STATUS[t.status] || t.status;
    let ev = "";
    if (NEXT[t.status]) ev += button(NEXT[t.status], "advance", "primary");
    if (!t.lists_locked && t.status !== "DRAFT" && t.status !== "COMPLETE") ev += button(L("lock-lists"), "lock-lists");
    if (t.lists_locked)
      ev +=
        '<span class="muted">' +
        esc(L("lists-locked")) +
        "</span>" +
        (t.status !== "COMPLETE" ? button(L("unlock-lists"), "unlock-lists") : "");
    if (t.status === "DRAFT") ev += button(L("delete-event"), "delete", "danger");
    A.patch($("#event-actions"), judge ? "" : ev);

    // Buttons that undo a round go last in the panel, after the draft and the clock.
    let ra = "",
      danger = "";
    if (t.status === "IN_PROGRESS") {
      if (!r || r.status === "COMPLETE") {
        const n = r ? r.number + 1 : 1;
        const undrawn = !r && t.pairing_system.indexOf("round_robin") >= 0;
        if (n <= t.total_rounds || undrawn)
          ra +=
            (G.system(t).missions
              ? '<label class="inline">' +
                esc(L("mission-label")) +
                ' <input id="mission" value="' +
                esc(t.missions[Math.min(n, t.missions.length) - 1] || "") +
                '"></label>'
              : "") +
            button(L("pair-round", { n: n }), "pair-next", "primary") +
            button(L("create-round", { n: n }), "create-round");
        else if (!playoff)
          ra += '<span class="muted">' + esc(L("all-rounds-played", { n: t.total_rounds })) + "</span>";
        if (r && !r.playoff) ra += button(L("reopen-round", { n: r.number }), "reopen-round");
      } else if (r.status === "PENDING") {
        if (!draft || draft.round.id !== r.id)
          ra += button(L("generate-pairings", { n: r.number }), "draft", "primary");
        if (!r.playoff) danger += button(L("delete-round", { n: r.number }), "delete-round", "danger");
      } else if (r.status === "ACTIVE") {
        ra += button(L("close-round", { n: r.number }), "close-round", "primary");
        // Before any result, the pairings can be withdrawn (and the round paired again).
        if (!r.playoff && r.pairings.every((p) => !p.player2 || p.state === "UNREPORTED"))
          danger += button(L("withdraw-pairings"), "unpair");
      }
    } else if (t.status !== "DRAFT" && t.status !== "COMPLETE" && t.pairing_system.indexOf("round_robin") >= 0 && !r) {
      ra += '<span class="muted">' + esc(L("rr-rounds-later")) + "</span>";
    }
    A.patch($("#round-actions"), judge ? "" : ra);
    A.patch($("#round-danger"), judge ? "" : danger);
    A.patch($("#playoff-actions"), judge ? "" : poolActions(t, r) + playoffActions(t, r));
    A.patch($("#clock-actions"), judge ? "" : clockActions(r, s.clock));
    $("#warnings").innerHTML =
      (s.warnings || []).map((w) => '<li class="warning">⚠ ' + esc(w) + "</li>").join("") +
      (r
        ? r.pairings
            .filter((p) => p.rematch)
            .map((p) => '<li class="warning">⚠ ' + esc(L("rematch", { table: p.table })) + "</li>")
            .join("")
        : "");

    let q = "";
    if (r && r.status !== "PENDING") {
      const tables = r.pairings.filter((p) => p.player2);
      const groups = [
        [L("q-disputes"), "DISPUTED"],
        [L("q-pending"), "REPORTED"],
        [L("q-missing"), "UNREPORTED"],
        [L("q-confirmed"), "CONFIRMED"]
      ];
      // A complete event's results are final: no override forms.
      const final = t.status === "COMPLETE";
      // A playoff round of matches (several games a table): the override takes every game.
      const match =
        r.playoff && playoff && playoff.settings.format && playoff.settings.format !== "single"
          ? playoff.settings
          : null;
      q +=
        "<h3>" +
        esc(L("round", { n: r.number })) +
        (r.mission ? " · " + esc(r.playoff ? A.playoffRound(r) : r.mission) : "") +
        " · " +
        esc(L("round-status-" + r.status.toLowerCase())) +
        "</h3>";
      groups.forEach((g) => {
        const ps = tables.filter((p) => p.state === g[1]);
        q += "<h4>" + esc(g[0]) + " (" + ps.length + ")</h4>";
        if (!ps.length) return;
        q +=
          '<table class="grid queue"><thead><tr><th class="num">' +
          esc(L("col-table")) +
          "</th><th>" +
          esc(L("player-1")) +
          "</th><th>" +
          esc(L("player-2")) +
          "</th><th>" +
          esc(L("state-reported")) +
          "</th>" +
          (final ? "" : "<th>" + esc(L("override")) + "</th>") +
          "</tr></thead><tbody>";
        ps.forEach((p) => {
          let rep = p.score
            ? esc(A.num(p.score_text)) +
              (p.reported_by
                ? ' <span class="muted">' +
                  esc(
                    L("reported-by", {
                      name:
                        p.reported_by === "player1"
                          ? p.player1.name
                          : p.reported_by === "player2"
                            ? p.player2.name
                            : L("to-short")
                    })
                  ) +
                  "</span>"
                : "")
            : '<span class="muted">—</span>';
          const counter = p.dispute
            ? p.dispute.score_text ||
              (p.dispute.player1_vp != null || p.dispute.player2_vp != null
                ? vp(p.dispute.player1_vp) + " – " + vp(p.dispute.player2_vp)
                : "")
            : "";
          if (p.dispute)
            rep +=
              '<div class="dispute">' +
              esc(L("disputed-colon")) +
              " " +
              (counter ? esc(counter) : esc(L("no-score-given"))) +
              (p.dispute.note ? " · " + esc(p.dispute.note) : "") +
              "</div>";
          if (p.to_override) rep += ' <span class="badge">' + esc(L("to-short")) + "</span>";
          q +=
            '<tr data-pairing="' +
            p.id +
            '" class="state-' +
            p.state.toLowerCase() +
            '"><td class="num">' +
            p.table +
            "</td><td>" +
            seat(p.player1) +
            "</td><td>" +
            seat(p.player2) +
            "</td><td>" +
            rep +
            "</td>" +
            (final
              ? ""
              : '<td><form class="override" data-pairing="' +
                p.id +
                '"' +
                (match
                  ? ' data-match="' + match.format + '">' + G.matchOverrideInputs(t, match)
                  : ">" + G.scoreInputs(t, overrideValues(p))) +
                ' <button type="submit">' +
                esc(L("set")) +
                "</button></form></td>") +
            "</tr>";
        });
        q += "</tbody></table>";
      });
      const bye = r.pairings.find((p) => !p.player2);
      if (bye)
        q +=
          '<p class="muted">' + esc(L("bye-colon")) + " " + esc(bye.player1.name) + " (" + esc(G.byeText(t)) + ")</p>";
    }
    A.patch($("#round-queues"), q);
    renderDraft();
    filterQueue();
    renderStandingsInto(
      { tournament: t, standings: s.standings ? s.standings.rows : [], standings_meta: s.standings_meta },
      "#dash-standings-head",
      "#dash-standings-body",
      "#tie-notices",
      true
    );

    const byId = {};
    listPlayers.forEach((p) => {
      byId[p.id] = p;
    });
    const rows = s.players.map((p) =>
      Object.assign({}, byId[p.id] || {}, p, { list_text: (byId[p.id] || {}).list_text })
    );
    $("#reg-count").textContent =
      "(" +
      L("reg-count", {
        n: rows.length,
        checked: rows.filter((p) => p.checked_in && !p.dropped).length
      }) +
      ")";
    renderAddEntry(t, r);
    A.patch(
      $("#players-body"),
      rows
        .map((p) => {
          const list = p.list_text
            ? "<details><summary>" +
              esc(L("read")) +
              '</summary><pre class="list">' +
              esc(p.list_text) +
              "</pre></details>"
            : p.has_list
              ? esc(L("submitted"))
              : '<span class="muted">—</span>';
          const st = p.dropped ? esc(L("dropped")) : p.checked_in ? esc(L("present")) : "";
          let btns = "";
          if (!p.checked_in && !p.dropped && (t.status === "CHECK_IN" || t.status === "IN_PROGRESS"))
            btns += button(L("check-in"), "check-in:" + p.id);
          if (!judge) btns += button(L("edit-player"), "edit:" + p.id);
          if (t.status === "IN_PROGRESS" && adjustKinds(t) && !p.removed)
            btns += button(L("adj-button"), "adjust:" + p.id);
          if (t.status !== "COMPLETE" && !judge && unclaimed[p.id]) btns += button(L("claim-code"), "claim:" + p.id);
          if (t.status !== "COMPLETE" && !judge && p.dropped) btns += button(L("reinstate"), "reinstate:" + p.id);
          else if (t.status !== "COMPLETE" && !judge) btns += button(L("remove"), "remove:" + p.id, "danger");
          return (
            '<tr data-player="' +
            p.id +
            '"' +
            (p.dropped ? ' class="dropped"' : "") +
            "><td>" +
            p.registration_no +
            "</td><td>" +
            esc(p.display_name) +
            "</td><td>" +
            esc(p.faction) +
            "</td><td>" +
            list +
            "</td><td>" +
            (p.checked_in ? "✓" : "") +
            "</td><td>" +
            st +
            "</td><td>" +
            btns +
            "</td></tr>"
          );
        })
        .join("")
    );
  }
  // An override form starts from the dispute's counter-score, else the report.
  function overrideValues(p) {
    const v = Object.assign({}, p.score || {});
    if (p.dispute) {
      if (p.dispute.score) Object.assign(v, p.dispute.score);
      if (p.dispute.player1_vp != null) v.player1_vp = p.dispute.player1_vp;
      if (p.dispute.player2_vp != null) v.player2_vp = p.dispute.player2_vp;
    }
    return v;
  }
  // The result queue's filter: by table number or player name, and by
  // state; by default what needs attention (disputes, pending, missing),
  // with the confirmed tables counted but folded away.
  function filterQueue() {
    const find = ($("#queue-find") || {}).value || "",
      state = ($("#queue-state") || {}).value || "";
    const needle = find.trim().toLowerCase();
    document.querySelectorAll("#round-queues table.queue").forEach((table) => {
      let shown = 0;
      table.querySelectorAll("tbody tr").forEach((tr) => {
        const st = (tr.className.match(/state-(\w+)/) || [])[1] || "";
        const byState = state === "ALL" || (state ? st === state.toLowerCase() : st !== "confirmed" || needle !== "");
        const byText =
          !needle ||
          tr.cells[0].textContent.trim() === needle ||
          tr.cells[1].textContent.toLowerCase().indexOf(needle) >= 0 ||
          tr.cells[2].textContent.toLowerCase().indexOf(needle) >= 0;
        tr.hidden = !(byState && byText);
        if (!tr.hidden) shown++;
      });
      table.hidden = shown === 0;
    });
  }
  // `n`: the next table needing attention (a dispute, then pending, then missing) gets the focus.
  function nextNeedingAttention() {
    const rows = Array.prototype.slice
      .call(
        document.querySelectorAll(
          "#round-queues tr.state-disputed, #round-queues tr.state-reported, #round-queues tr.state-unreported"
        )
      )
      .filter((tr) => !tr.hidden);
    if (!rows.length) return;
    const at = rows.findIndex((tr) => tr.contains(document.activeElement));
    const next = rows[(at + 1) % rows.length],
      field = next.querySelector("input, select");
    if (field) {
      field.focus();
      next.scrollIntoView({ block: "center" });
    }
  }
  function dashboardKeys(e) {
    const typing = /^(INPUT|SELECT|TEXTAREA)$/.test((e.target || {}).tagName || "");
    if (e.key === "Escape" && typing) {
      e.target.blur();
      return;
    }
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "n") {
      e.preventDefault();
      nextNeedingAttention();
    } else if (e.key === "/") {
      e.preventDefault();
      $("#queue-find").focus();
    }
  }

  // The round clock's controls for the TO: what applies to the clock as it is.
  function clockActions(r, c) {
    if (!r || r.status === "COMPLETE") return "";
    const mine = c && c.round_id === r.id ? c : null;
    if (!mine || mine.state === "ended") {
      return (
        '<label class="inline">' +
        esc(L("clock-length")) +
        ' <input type="number" id="clock-minutes" name="clock_minutes" min="1" max="600" value="' +
        (mine ? Math.round(mine.duration_ms / 60000) : 150) +
        '"> ' +
        esc(L("min")) +
        "</label>" +
        button(mine ? L("clock-restart") : L("clock-start"), "clock-start", "primary")
      );
    }
    return (
      (mine.state === "running"
        ? button(L("clock-pause"), "clock-pause")
        : button(L("clock-resume"), "clock-resume", "primary")) +
      button("+5 " + L("min"), "clock-plus") +
      button("−1 " + L("min"), "clock-minus") +
      button(L("clock-end"), "clock-end")
    );
  }
  function clockAct(body) {
    const r = A.state.round;
    return act("POST", "/api/rounds/" + r.id + "/clock", body).then((j) => {
      A.state.clock = j.clock;
      renderDashboard(A.state);
    });
  }
  const CLOCK = {
    "clock-start": () => ({ action: "start", minutes: Number($("#clock-minutes").value) }),
    "clock-pause": () => ({ action: "pause" }),
    "clock-resume": () => ({ action: "resume" }),
    "clock-plus": () => ({ action: "extend", minutes: 5 }),
    "clock-minus": () => ({ action: "extend", minutes: -1 }),
    "clock-end": () => (confirm(L("clock-end-confirm")) ? { action: "end" } : null)
  };
  // What an action will do, asked before it is done (A.ask): [title, text,
  // button], or null for actions taken at once.
  function consequences(a, s) {
    const t = s.tournament,
      r = s.round;
    if (a === "advance") {
      if (t.status === "IN_PROGRESS") {
        // Swiss rounds still to play (a playoff round means the Swiss is over).
        const played = !r ? 0 : r.playoff ? t.total_rounds : r.number;
        const left = Math.max(0, (t.total_rounds || 0) - played);
        return [
          L("ask-end-title"),
          (left ? L("ask-end-rounds-left", { played: played, total: t.total_rounds, left: left }) + "\n" : "") +
            L("ask-end-text"),
          L("ask-end-ok")
        ];
      }
      if (t.status === "CHECK_IN") {
        const here = s.players.filter((p) => p.checked_in && !p.dropped).length;
        return [L("ask-start-title"), L("ask-start-text", { here: here, all: s.players.length }), NEXT[t.status]];
      }
      return [NEXT[t.status], L(t.status === "DRAFT" ? "ask-open-text" : "ask-check-in-text"), NEXT[t.status]];
    }
    if (a === "lock-lists") return [L("ask-lock-title"), L("ask-lock-text"), L("lock-lists")];
    if (a === "close-round") {
      // What closing allows next: the next round, or (after the last Swiss round or the final) the top cut or the end.
      const text = r.playoff
        ? /^Final/.test(r.mission || "")
          ? "ask-close-text-final"
          : "ask-close-text-playoff"
        : r.number >= t.total_rounds
          ? playoff
            ? "ask-close-text-cut"
            : "ask-close-text-last"
          : "ask-close-text";
      return [L("ask-close-title", { n: r.number }), L(text), L("close-round", { n: r.number })];
    }
    if (a === "draft-publish-start")
      return [
        L("ask-pair-title", { n: r.number }),
        (draft && draft.checks.length ? L("ask-publish-checks", { n: draft.checks.length }) + "\n" : "") +
          L("ask-pair-text") +
          "\n" +
          L("ask-clock-too", { minutes: Number(($("#clock-minutes") || {}).value) || 150 }),
        L("draft-publish-start")
      ];
    if (a === "draft-publish")
      return [
        L("ask-pair-title", { n: r.number }),
        (draft && draft.checks.length ? L("ask-publish-checks", { n: draft.checks.length }) + "\n" : "") +
          L("ask-pair-text"),
        L("draft-publish", { n: r.number })
      ];
    if (a === "unpair") return [L("ask-unpair-title", { n: r.number }), L("ask-unpair-text"), L("withdraw-pairings")];
    if (a === "reopen-round")
      return [L("ask-reopen-title", { n: r.number }), L("ask-reopen-text"), L("reopen-round", { n: r.number })];
    return null;
  }
  // ---- the event's settings, changed where the rules allow, each change recorded ----
  function loadSettings() {
    if (judge || !$("#settings")) return Promise.resolve();
    return load("/api/tournaments/" + tid + "/settings/log", renderSettings);
  }
  function renderSettings(j) {
    const t = A.state.tournament,
      box = $("#settings");
    const field = (name, label, value, type) =>
      "<label>" +
      esc(label) +
      ' <input name="' +
      name +
      '" type="' +
      (type || "text") +
      '" value="' +
      esc(value == null ? "" : String(value)) +
      '"></label>';
    let h =
      '<form id="settings-form" class="stack narrow">' +
      field("name", L("set-name"), t.name) +
      field("event_date", L("set-date"), t.event_date, "date") +
      field("location", L("set-location"), t.location) +
      field("format", L("set-format"), t.format) +
      field("total_rounds", L("set-rounds"), t.total_rounds, "number") +
      field("round_times", L("set-times"), (t.round_times || []).join(", ")) +
      (t.teams ? "" : field("cap", L("set-cap"), t.cap, "number")) +
      field("fee", L("set-fee"), t.fee ? (t.fee.amount / 100).toFixed(2) : "") +
      field("fee_currency", L("set-currency"), t.fee ? t.fee.currency : "EUR") +
      (t.pairing_system === "dutch"
        ? "<label>" +
          esc(L("set-acceleration")) +
          ' <select name="acceleration">' +
          ["none", "baku"]
            .concat(t.acceleration === "given" ? ["given"] : [])
            .map(
              (a) =>
                '<option value="' +
                a +
                '"' +
                (t.acceleration === a ? " selected" : "") +
                ">" +
                esc(L("acc-" + a)) +
                "</option>"
            )
            .join("") +
          "</select></label>"
        : "") +
      '<button type="submit">' +
      esc(L("set-save")) +
      '</button><span class="field-error" data-error hidden></span></form>';
    h +=
      "<h3>" +
      esc(L("set-history")) +
      "</h3>" +
      (j.log.length
        ? '<ul class="settings-log">' +
          j.log
            .slice()
            .reverse()
            .map(
              (c) =>
                "<li>" +
                esc(A.dateTime(c.at)) +
                " · " +
                esc(c.by) +
                ": " +
                c.changes
                  .map((x) => esc(x.field) + " " + esc(JSON.stringify(x.before)) + " → " + esc(JSON.stringify(x.after)))
                  .join("; ") +
                "</li>"
            )
            .join("") +
          "</ul>"
        : '<p class="muted">' + esc(L("set-none")) + "</p>");
    A.patch(box, h);
  }
  function saveSettings(f) {
    const t = A.state.tournament,
      body = {};
    ["name", "event_date", "location", "format"].forEach((k) => {
      if (f[k].value !== (t[k] == null ? "" : String(t[k]))) body[k] = f[k].value;
    });
    if (Number(f.total_rounds.value) !== t.total_rounds) body.total_rounds = Number(f.total_rounds.value);
    const times = f.round_times.value
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    if (times.join(",") !== (t.round_times || []).join(",")) body.round_times = times;
    if (f.acceleration && f.acceleration.value !== t.acceleration && f.acceleration.value !== "given")
      body.acceleration = f.acceleration.value;
    if (f.cap) {
      const cap = f.cap.value === "" ? null : Number(f.cap.value);
      if (cap !== (t.cap == null ? null : t.cap)) body.cap = cap;
    }
    const fee =
      f.fee.value === ""
        ? null
        : { amount: Math.round(Number(f.fee.value) * 100), currency: f.fee_currency.value.trim().toUpperCase() };
    if (JSON.stringify(fee) !== JSON.stringify(t.fee || null)) body.fee = fee;
    return submitForm(f, "PATCH", "/api/tournaments/" + tid + "/settings", body).then((j) => {
      A.state.tournament = j.tournament;
      const now = $("#settings-form");
      if (now) now.reset();
      return loadSettings();
    });
  }

  // ---- the action log: who did what, when, each field before and after ----
  // Read while the panel is open: when it opens, and again (at most twice a
  // second) as events arrive; the "players too" box is kept as it is.
  let logTimer = 0;
  function loadLog() {
    const panel = $("#log-panel");
    if (!panel || !panel.open) return Promise.resolve();
    const all = $("#log-everyone");
    return load("/api/tournaments/" + tid + "/log?limit=200" + (all && all.checked ? "&everyone=true" : ""), renderLog);
  }
  function soonLoadLog() {
    clearTimeout(logTimer);
    logTimer = setTimeout(loadLog, 500);
  }
  function renderLog(j) {
    const role = {
      OWNER: L("staff-owner"),
      CO_ORGANISER: L("staff-co"),
      JUDGE: L("staff-judge"),
      PLAYER: L("log-player")
    };
    const value = (v) => (v == null ? "—" : typeof v === "string" ? v : JSON.stringify(v));
    const about = (s) => {
      const parts = [];
      if (s.round) parts.push(L("log-round", { n: s.round }));
      if (s.table) parts.push(L("log-table", { n: s.table }));
      return parts.join(", ") + (parts.length && s.names ? ": " : "") + (s.names || []).join(" – ");
    };
    let box = $("#action-log");
    if (!$("#log-everyone"))
      box.innerHTML =
        '<p><label class="inline"><input type="checkbox" id="log-everyone"> ' +
        esc(L("log-everyone")) +
        '</label></p><div id="log-rows"></div>';
    box = $("#log-rows");
    if (!j.entries.length) {
      A.patch(box, '<p class="muted">' + esc(L("log-empty")) + "</p>");
      return;
    }
    A.patch(
      box,
      grid(
        { cls: "action-log" },
        [L("log-when"), L("log-who"), L("log-what"), L("log-about"), L("log-changes")],
        j.entries
          .map((e) => {
            const what = L("log-" + e.kind.replace(/_/g, "-"));
            return (
              "<tr><td>" +
              esc(A.dateTime(e.at)) +
              "</td><td>" +
              esc(e.by_name) +
              ' <span class="badge">' +
              esc(role[e.role] || e.role) +
              "</span></td><td>" +
              esc(what.indexOf("⟦") === 0 ? e.kind : what) +
              "</td><td>" +
              esc(about(e.subject)) +
              "</td><td>" +
              e.changes
                .map(
                  (c) => esc(c.field) + ": " + esc(value(c.before)) + " → <strong>" + esc(value(c.after)) + "</strong>"
                )
                .join("<br>") +
              "</td></tr>"
            );
          })
          .join("")
      )
    );
  }

  // ---- the event's staff: the owner invites co-organisers and judges by link, and removes them ----
  function loadStaff() {
    return load("/api/tournaments/" + tid + "/staff", renderStaff);
  }
  function renderStaff(j) {
    const box = $("#staff");
    if (!box) return;
    const owner = role === "OWNER";
    const name = { OWNER: L("staff-owner"), CO_ORGANISER: L("staff-co"), JUDGE: L("staff-judge") };
    let h =
      '<ul class="staff-list">' +
      j.staff
        .map(
          (m) =>
            "<li>" +
            esc(m.name) +
            ' <span class="badge">' +
            esc(name[m.role] || m.role) +
            "</span>" +
            (owner && m.role !== "OWNER" ? " " + button(L("remove"), "staff-remove:" + m.user_id, "danger") : "") +
            "</li>"
        )
        .join("") +
      "</ul>";
    if (owner)
      h +=
        '<p class="actions"><label class="inline">' +
        esc(L("staff-invite-as")) +
        ' <select id="staff-role"><option value="JUDGE">' +
        esc(L("staff-judge")) +
        '</option><option value="CO_ORGANISER">' +
        esc(L("staff-co")) +
        "</option></select></label>" +
        button(L("staff-invite"), "staff-invite") +
        '</p><p id="staff-link" class="muted" aria-live="polite"></p>';
    A.patch(box, h);
  }
  function showInvite(j) {
    $("#staff-link").innerHTML =
      esc(L("staff-link")) +
      ' <strong class="code">' +
      esc(j.code) +
      '</strong> · <a href="' +
      esc(j.path) +
      '">' +
      esc(location.origin + j.path) +
      "</a>";
  }

  // ---- entries the TO adds by name (walk-ins, late entries) and their claim codes ----
  let unclaimed = {};
  function loadEntries() {
    if (judge) return Promise.resolve();
    return A.api("GET", "/api/tournaments/" + tid + "/entries").then(
      (j) => {
        unclaimed = {};
        j.entries.forEach((p) => {
          unclaimed[p.id] = true;
        });
        renderDashboard(A.state);
      },
      () => {}
    );
  }
  function renderAddEntry(t, r) {
    const box = $("#add-entry-box");
    if (!box) return;
    if (t.status === "COMPLETE" || judge) {
      box.innerHTML = "";
      return;
    }
    // Rounds already paired: a late entry, whose missed rounds count as the TO says.
    const late = r && (r.status !== "PENDING" || r.number > 1) && !r.playoff;
    const missed = !late
      ? ""
      : '<label class="inline">' +
        esc(L("entry-missed")) +
        ' <select name="missed">' +
        G.system(t)
          .missedRounds.map((o) => '<option value="' + o[0] + '">' + (o[1] ? esc(L(o[1])) : "—") + "</option>")
          .join("") +
        "</select></label>";
    const entryField = ENTRY_FIELD[G.system(t).entryField],
      rules = t.eligibility,
      extra =
        (entryField ? entryField() : "") +
        (rules && rules.age
          ? ' <label class="inline">' + esc(L("entry-birth-date")) + ' <input name="birth_date" type="date"></label>'
          : "") +
        (rules
          ? ' <label class="inline"><input type="checkbox" name="override_eligibility"> ' +
            esc(L("entry-override")) +
            "</label>"
          : "");
    A.patch(
      box,
      '<form id="add-entry" class="actions"><label class="inline">' +
        esc(L("entry-name")) +
        ' <input name="display_name" required maxlength="64"></label>' +
        extra +
        missed +
        ' <button type="submit" class="primary">' +
        esc(L("entry-add")) +
        '</button><span class="field-error" data-error hidden></span></form>' +
        (late
          ? ""
          : '<details id="roster"><summary>' +
            esc(L("roster-import")) +
            '</summary><form id="roster-form" class="stack"><p class="muted">' +
            esc(L("roster-help")) +
            '</p><textarea name="csv" rows="6" placeholder="name,faction,rating,club"></textarea><label class="inline">' +
            esc(L("roster-order")) +
            ' <select name="order"><option value="file">' +
            esc(L("roster-order-file")) +
            '</option><option value="shuffle">' +
            esc(L("roster-order-shuffle")) +
            '</option></select></label><p class="actions"><button type="submit" name="preview" value="1">' +
            esc(L("roster-preview")) +
            '</button></p><span class="field-error" data-error hidden></span></form><div id="roster-report" data-keep></div></details>')
    );
  }
  function addEntry(f) {
    // A name already in the event is said, as the roster import does, and added only if the TO says so.
    const name = f.display_name.value.trim().toLowerCase();
    const same = A.state.players.find((p) => !p.removed && (p.display_name || "").trim().toLowerCase() === name);
    if (same) {
      return A.ask(L("entry-same-name-title"), L("entry-same-name", { name: same.display_name }), L("entry-add")).then(
        (yes) => {
          if (yes) return sendEntry(f);
        }
      );
    }
    return sendEntry(f);
  }
  function sendEntry(f) {
    const body = { display_name: f.display_name.value };
    if (f.faction && f.faction.value.trim()) body.faction = f.faction.value;
    if (f.rating && f.rating.value) body.profile = { rating: Number(f.rating.value) };
    if (f.birth_date && f.birth_date.value)
      body.profile = Object.assign(body.profile || {}, { birth_date: f.birth_date.value });
    if (f.override_eligibility && f.override_eligibility.checked) body.override_eligibility = true;
    if (f.missed && f.missed.value) body.missed = f.missed.value;
    return submitForm(f, "POST", "/api/tournaments/" + tid + "/entries", body).then(() => {
      // The live update may have redrawn the form meanwhile: clear the one on the page.
      const now = $("#add-entry");
      if (now) now.reset();
      return loadEntries().then(loadPlayers);
    });
  }
  // A roster's preview: each row, the problems by row and column, and the import once there are none.
  function previewRoster(f) {
    return A.api("POST", "/api/tournaments/" + tid + "/entries.csv?preview=true", undefined, f.csv.value).then(
      (j) => {
        const bad = {};
        j.problems.forEach((p) => {
          bad[p.row] = bad[p.row] || [];
          bad[p.row].push(p.column + ": " + p.message);
        });
        let h =
          '<table class="grid"><thead><tr><th class="num">' +
          esc(L("roster-row")) +
          "</th><th>" +
          esc(L("entry-name")) +
          "</th><th>" +
          esc(L("col-faction")) +
          "</th><th>" +
          esc(L("roster-problems")) +
          "</th></tr></thead><tbody>" +
          j.rows
            .map(
              (r) =>
                "<tr" +
                (bad[r.row] ? ' class="state-disputed"' : "") +
                '><td class="num">' +
                r.row +
                "</td><td>" +
                esc(r.display_name) +
                "</td><td>" +
                esc(r.faction) +
                "</td><td>" +
                (bad[r.row] || []).map((m) => '<div class="warning">⚠ ' + esc(m) + "</div>").join("") +
                "</td></tr>"
            )
            .join("") +
          "</tbody></table>";
        h += j.problems.length
          ? '<p class="warning">' + esc(L("roster-fix", { n: j.problems.length })) + "</p>"
          : "<p>" + button(L("roster-add", { n: j.rows.length }), "roster-add", "primary") + "</p>";
        $("#roster-report").innerHTML = h;
      },
      (e) => {
        $("#roster-report").innerHTML = '<p class="error">' + esc(e.message) + "</p>";
      }
    );
  }
  // Correcting a player's details: a small form, and every earlier correction.
  function editPlayer(id) {
    const p = A.state.players.find((x) => x.id === id) || {};
    return A.api("GET", "/api/players/" + id + "/history").then((j) => {
      const box = $("#edit-box");
      box.innerHTML =
        '<form id="edit-form" class="actions" data-player="' +
        esc(id) +
        '"><label class="inline">' +
        esc(L("entry-name")) +
        ' <input name="display_name" maxlength="64" value="' +
        esc(p.display_name || "") +
        '"></label><label class="inline">' +
        esc(L("col-faction")) +
        ' <input name="faction" maxlength="64" value="' +
        esc(p.faction || "") +
        '"></label><button type="submit">' +
        esc(L("set-save")) +
        '</button><span class="field-error" data-error hidden></span></form>' +
        (j.log.length
          ? '<ul class="settings-log">' +
            j.log
              .map(
                (c) =>
                  "<li>" +
                  esc(A.dateTime(c.at)) +
                  " · " +
                  esc(c.by) +
                  ": " +
                  c.changes
                    .map(
                      (x) => esc(x.field) + " " + esc(JSON.stringify(x.before)) + " → " + esc(JSON.stringify(x.after))
                    )
                    .join("; ") +
                  "</li>"
              )
              .join("") +
            "</ul>"
          : "");
      box.hidden = false;
    });
  }
  // Penalties, bonuses and scores beside the games: the kinds each game has.
  function adjustKinds(t) {
    const s = G.system(t);
    return s?.adjust.length ? s.adjust : null;
  }
  function adjustPlayer(id) {
    const t = A.state.tournament,
      p = A.state.players.find((x) => x.id === id) || {};
    const box = $("#edit-box"),
      list = p.adjustments || [];
    box.innerHTML =
      "<h3>" +
      esc(L("adj-title")) +
      " · " +
      esc(p.display_name || "") +
      "</h3>" +
      (list.length
        ? '<ul class="adjustments">' +
          list
            .map(
              (a) =>
                "<li>" +
                esc(G.adjustmentText(a)) +
                " — " +
                esc(a.by) +
                " " +
                button(L("remove"), "unadjust:" + id + ":" + a.no, "danger") +
                "</li>"
            )
            .join("") +
          "</ul>"
        : '<p class="muted">' + esc(L("adj-none")) + "</p>") +
      '<form id="adjust-form" class="actions" data-player="' +
      esc(id) +
      '"><label class="inline">' +
      esc(L("adj-kind")) +
      ' <select name="kind">' +
      adjustKinds(t)
        .map((k) => '<option value="' + k + '">' + esc(L("adj-" + k)) + "</option>")
        .join("") +
      '</select></label><label class="inline">' +
      esc(L("adj-amount")) +
      ' <input name="amount" type="number" step="1" required></label><label class="inline">' +
      esc(L("adj-reason")) +
      ' <input name="reason" maxlength="200"></label><label class="inline">' +
      esc(L("adj-round")) +
      ' <input name="round" type="number" min="1" max="' +
      (t.total_rounds || 30) +
      '"></label><button type="submit" class="primary">' +
      esc(L("adj-add")) +
      '</button><span class="field-error" data-error hidden></span></form>';
    box.hidden = false;
  }
  function sendAdjustment(f) {
    const id = f.dataset.player,
      body = { kind: f.kind.value, amount: Number(f.amount.value) };
    if (f.reason.value.trim()) body.reason = f.reason.value;
    if (f.round.value) body.round = Number(f.round.value);
    return submitForm(f, "POST", "/api/players/" + id + "/adjustments", body).then((j) => {
      A.upsertPlayer(j.player);
      adjustPlayer(id);
    });
  }
  function showClaim(j) {
    const box = $("#claim-box");
    box.innerHTML =
      "<p>" +
      esc(L("claim-for", { name: j.player.display_name })) +
      ' <strong class="code">' +
      esc(j.code) +
      '</strong> · <a href="' +
      esc(j.path) +
      '">' +
      esc(location.origin + j.path) +
      '</a></p><img class="qr" alt="' +
      esc(L("claim-qr")) +
      '" src="' +
      esc(j.path) +
      '/qr.svg" width="160" height="160"><p class="muted">' +
      esc(L("claim-help")) +
      "</p>";
    box.hidden = false;
  }

  // ---- draft pairings: only staff see them until published ----
  // The round's draft (`/api/rounds/{id}/draft`), or null; `picked`: the
  // player clicked first, whose place the next click swaps.
  let draft = null,
    picked = null;
  function loadDraft() {
    const r = A.state.round;
    if (judge) return Promise.resolve();
    if (!r || r.status !== "PENDING" || r.playoff) {
      if (draft) {
        draft = null;
        renderDashboard(A.state);
      }
      return Promise.resolve();
    }
    return A.api("GET", "/api/rounds/" + r.id + "/draft")
      .then(
        (d) => {
          draft = d;
        },
        () => {
          draft = null;
        }
      )
      .then(() => {
        renderDashboard(A.state);
      });
  }
  // The draft's layout as the server takes it: tables and the pairing-allocated bye.
  function layoutOf(d) {
    return d.round.pairings
      .filter((p) => p.player2 || p.result === "BYE")
      .map((p) => ({ table: p.table, player1: p.player1.id, player2: p.player2 ? p.player2.id : null }));
  }
  // A change that breaks a pairing rule the draft kept (a rematch…) is
  // refused with what it breaks: the TO reads it and confirms, or not.
  function sendDraft(tables, confirm) {
    const path = "/api/rounds/" + draft.round.id + "/draft";
    return A.api("PUT", path, { tables: tables, confirm: !!confirm }).then(
      (d) => {
        draft = d;
        picked = null;
        renderDashboard(A.state);
      },
      (e) => {
        if (e.error !== "confirmation_required") {
          showError(e);
          throw e;
        }
        return A.ask(
          L("ask-draft-title"),
          ((e.details && e.details.checks) || []).map((c) => c.message).join("\n") || e.message,
          L("ask-draft-ok")
        ).then((yes) => {
          if (yes) return sendDraft(tables, true);
          picked = null;
          renderDashboard(A.state);
        });
      }
    );
  }
  // Swaps the places of players `a` and `b` (a seat or the unpaired list);
  // two unpaired players make a new table.
  function swapped(tables, a, b) {
    const seats = (t) => ["player1", "player2"].filter((k) => t[k] === a || t[k] === b);
    let moved = false;
    tables.forEach((t) => {
      seats(t).forEach((k) => {
        t[k] = t[k] === a ? b : a;
        moved = true;
      });
    });
    if (!moved)
      tables.push({
        table: tables.reduce((m, t) => Math.max(m, t.table), 0) + 1,
        player1: a,
        player2: b
      });
    return tables;
  }
  function renderDraft() {
    const box = $("#draft");
    if (!box) return;
    if (!draft || judge) {
      box.hidden = true;
      box.innerHTML = "";
      return;
    }
    const d = draft,
      r = d.round;
    const who = (s) =>
      '<button type="button" class="seat' +
      (picked === s.id ? " picked" : "") +
      '" data-pick="' +
      s.id +
      '" aria-pressed="' +
      (picked === s.id) +
      '">' +
      esc(s.name) +
      "</button>";
    const byTable = {};
    d.checks.forEach((c) => {
      byTable[c.table] = byTable[c.table] || [];
      byTable[c.table].push(c.message);
    });
    let h =
      "<h3>" +
      esc(L("draft-title", { n: r.number })) +
      ' <span class="badge">' +
      esc(L("draft-private")) +
      "</span></h3>" +
      '<p class="muted">' +
      esc(L("draft-help")) +
      "</p>";
    h +=
      '<table class="grid draft-tables"><thead><tr><th class="num">' +
      esc(L("col-table")) +
      "</th><th>" +
      esc(L("player-1")) +
      "</th><th>" +
      esc(L("player-2")) +
      "</th><th>" +
      esc(L("draft-checks")) +
      "</th><td></td></tr></thead><tbody>";
    r.pairings.forEach((p) => {
      const warn = (byTable[p.player2 ? p.table : 0] || [])
        .map((m) => '<div class="warning">⚠ ' + esc(m) + "</div>")
        .join("");
      if (!p.player2) {
        const arranged = p.result !== "BYE";
        h +=
          '<tr data-draft-bye="1"><td class="num">—</td><td>' +
          (arranged ? esc(p.player1.name) : who(p.player1)) +
          "</td><td>" +
          esc(arranged ? L("draft-arranged-bye") : L("draft-bye")) +
          "</td><td>" +
          warn +
          "</td><td>" +
          (arranged ? "" : button(L("draft-unpair"), "draft-unpair:" + p.player1.id)) +
          "</td></tr>";
        return;
      }
      h +=
        '<tr data-draft-table="' +
        p.table +
        '"><td class="num"><input type="number" class="table-no" min="1" max="9999" value="' +
        p.table +
        '" data-move="' +
        p.player1.id +
        '" aria-label="' +
        esc(L("draft-table-no")) +
        '"></td><td>' +
        who(p.player1) +
        "</td><td>" +
        who(p.player2) +
        "</td><td>" +
        warn +
        "</td><td>" +
        button(L("draft-unpair"), "draft-unpair:" + p.player1.id) +
        "</td></tr>";
    });
    h += "</tbody></table>";
    // Round 1 of a 40K Swiss: how the players were ordered (a random draw with its seed).
    const t = A.state.tournament;
    if (r.number === 1 && !r.playoff && t.round_one_pairing && G.system(t).roundOneChoice)
      h +=
        '<p id="draft-round-one" class="muted">' +
        esc(L("round-one-" + t.round_one_pairing, { seed: t.round_one_seed })) +
        "</p>";
    if (d.unpaired.length)
      h +=
        '<p id="draft-unpaired"><span class="muted">' +
        esc(L("draft-unpaired")) +
        "</span> " +
        d.unpaired.map(who).join(" ") +
        (d.unpaired.length === 1 && !r.pairings.some((p) => !p.player2 && p.result === "BYE")
          ? " " + button(L("draft-give-bye"), "draft-bye:" + d.unpaired[0].id)
          : "") +
        "</p>";
    h +=
      '<p class="actions">' +
      button(L("draft-publish-start"), "draft-publish-start", "primary") +
      button(L("draft-publish", { n: r.number }), "draft-publish", "") +
      button(L("draft-again"), "draft", "") +
      button(L("draft-discard"), "draft-discard", "danger") +
      "</p>";
    if (d.explanation)
      h +=
        "<details><summary>" +
        esc(L("draft-why")) +
        '</summary><pre class="explain">' +
        esc(d.explanation) +
        "</pre></details>";
    A.patch(box, h);
    box.hidden = false;
  }
  function draftClick(b) {
    const a = b.dataset.action || "",
      tables = layoutOf(draft);
    if (b.dataset.pick) {
      if (!picked) {
        picked = b.dataset.pick;
        renderDraft();
        return true;
      }
      if (picked === b.dataset.pick) {
        picked = null;
        renderDraft();
        return true;
      }
      sendDraft(swapped(tables, picked, b.dataset.pick)).catch(() => {
        picked = null;
        renderDraft();
      });
      return true;
    }
    if (a.indexOf("draft-unpair:") === 0) {
      const id = a.slice(13);
      sendDraft(tables.filter((t) => t.player1 !== id && t.player2 !== id)).catch(() => {});
      return true;
    }
    if (a.indexOf("draft-bye:") === 0) {
      tables.push({ table: 0, player1: a.slice(10), player2: null });
      sendDraft(tables).catch(() => {});
      return true;
    }
    return false;
  }
  function draftMove(e) {
    const f = e.target.closest("input.table-no");
    if (!f || !draft) return;
    const tables = layoutOf(draft),
      to = Number(f.value),
      mine = tables.find((t) => t.player1 === f.dataset.move);
    if (!mine || !(to >= 1)) return;
    // Moving onto a used number swaps the two tables' numbers.
    const other = tables.find((t) => t.table === to && t !== mine);
    if (other) other.table = mine.table;
    mine.table = to;
    sendDraft(tables).catch(() => {});
  }
  function dashboardClick(e) {
    const pick = e.target.closest("#draft button");
    if (pick && draft && draftClick(pick)) return;
    if (G.standingsClick(e, tid, showError) || G.tiebreaksClick(e, tid, showError)) return;
    const b = e.target.closest("button[data-action]");
    if (!b) return;
    // The stage the TO saw when asking: if it moved meanwhile, the server refuses (`state_changed`).
    b.dataset.from = A.state.tournament.status;
    const ask = consequences(b.dataset.action, A.state);
    if (!ask) {
      dashboardAct(b);
      return;
    }
    b.disabled = true;
    A.ask(ask[0], ask[1], ask[2]).then((yes) => {
      b.disabled = false;
      if (yes) dashboardAct(b);
    });
  }
  function dashboardAct(b) {
    const a = b.dataset.action,
      s = A.state,
      r = s.round;
    b.disabled = true;
    let p;
    if (a === "advance")
      p = act("POST", "/api/tournaments/" + tid + "/advance", { from: b.dataset.from || s.tournament.status });
    else if (a === "lock-lists") p = act("POST", "/api/tournaments/" + tid + "/lock-lists").then(loadPlayers);
    else if (a === "unlock-lists") p = act("POST", "/api/tournaments/" + tid + "/unlock-lists").then(loadPlayers);
    else if (a === "delete") {
      if (!confirm(L("delete-confirm"))) {
        b.disabled = false;
        return;
      }
      p = act("DELETE", "/api/tournaments/" + tid).then(() => {
        location.href = "/";
      });
    } else if (a === "create-round")
      p = act("POST", "/api/tournaments/" + tid + "/rounds", { mission: ($("#mission") || {}).value || null });
    else if (a === "draft")
      p = act("POST", "/api/rounds/" + r.id + "/draft").then((d) => {
        draft = d;
        picked = null;
        renderDashboard(A.state);
      });
    // One step: create the next round, pair it and show the draft.
    else if (a === "pair-next")
      p = act("POST", "/api/tournaments/" + tid + "/rounds", { mission: ($("#mission") || {}).value || null })
        .then((j) => act("POST", "/api/rounds/" + j.round.id + "/draft"))
        .then((d) => {
          draft = d;
          picked = null;
          renderDashboard(A.state);
        });
    // Publish the draft, then start the round's clock with the minutes given.
    else if (a === "draft-publish-start") {
      const minutes = Number(($("#clock-minutes") || {}).value) || 150,
        rid = r.id;
      p = act("POST", "/api/rounds/" + rid + "/draft/publish")
        .then((j) => {
          draft = null;
          A.state.warnings = j.warnings;
        })
        .then(() => act("POST", "/api/rounds/" + rid + "/clock", { action: "start", minutes: minutes }))
        .then((j) => {
          A.state.clock = j.clock;
          renderDashboard(A.state);
        });
    } else if (a === "draft-publish")
      p = act("POST", "/api/rounds/" + r.id + "/draft/publish").then((j) => {
        draft = null;
        A.state.warnings = j.warnings;
        renderDashboard(A.state);
      });
    else if (a === "draft-discard")
      p = act("DELETE", "/api/rounds/" + r.id + "/draft").then(() => {
        draft = null;
        renderDashboard(A.state);
      });
    else if (a === "close-round") p = act("POST", "/api/rounds/" + r.id + "/close");
    else if (a === "unpair") p = act("DELETE", "/api/rounds/" + r.id + "/pairings");
    else if (a === "delete-round") p = act("DELETE", "/api/rounds/" + r.id);
    else if (a === "reopen-round") p = act("POST", "/api/rounds/" + r.id + "/reopen");
    else if (a === "playoffs-set") {
      const tb = ($("#po-tiebreak") || {}).value || "";
      const body = {
        reseed: !!($("#po-reseed") || {}).checked,
        third_place: !!($("#po-third") || {}).checked,
        tiebreak: tb || null
      };
      if ($("#po-per-pool")) body.per_pool = Number($("#po-per-pool").value);
      else body.cut = Number(($("#po-cut") || {}).value);
      if ($("#po-format")) body.format = $("#po-format").value;
      if (body.format === "tiebreak_games") body.tiebreak_games = Number(($("#po-tb-games") || {}).value);
      p = act("PUT", "/api/tournaments/" + tid + "/playoffs", body).then(() => {
        hasCut = true;
        return loadPlayoff();
      });
    } else if (a === "pools-set")
      p = act("PUT", "/api/tournaments/" + tid + "/pools", { count: Number(($("#pl-count") || {}).value) })
        .then(loadPools)
        .then(loadPlayoff);
    else if (a === "pools-remove")
      p = act("DELETE", "/api/tournaments/" + tid + "/pools")
        .then(loadPools)
        .then(loadPlayoff);
    else if (a === "playoffs-remove")
      p = act("DELETE", "/api/tournaments/" + tid + "/playoffs").then(() => {
        hasCut = false;
        return loadPlayoff();
      });
    else if (a === "playoffs-pair") p = act("POST", "/api/tournaments/" + tid + "/playoffs/rounds").then(loadPlayoff);
    else if (a.indexOf("check-in:") === 0) p = act("POST", "/api/players/" + a.slice(9) + "/check-in");
    else if (a === "staff-invite")
      p = act("POST", "/api/tournaments/" + tid + "/staff/invites", { role: $("#staff-role").value }).then(showInvite);
    else if (a.indexOf("staff-remove:") === 0)
      p = act("DELETE", "/api/tournaments/" + tid + "/staff/" + a.slice(13)).then(loadStaff);
    else if (a === "roster-add")
      p = A.api(
        "POST",
        "/api/tournaments/" +
          tid +
          "/entries.csv?order=" +
          $("#roster-form").order.value +
          ($("#add-entry").override_eligibility && $("#add-entry").override_eligibility.checked
            ? "&override_eligibility=true"
            : ""),
        undefined,
        $("#roster-form").csv.value
      ).then(
        (j) => {
          $("#roster-report").innerHTML =
            "<p>✓ " +
            esc(L("roster-added", { n: j.added.length })) +
            (j.shuffle_seed != null ? " " + esc(L("roster-shuffled", { seed: j.shuffle_seed })) : "") +
            "</p>";
          $("#roster-form").csv.value = "";
          return loadEntries().then(loadPlayers);
        },
        (e) => {
          showError(e);
          throw e;
        }
      );
    else if (a.indexOf("edit:") === 0) p = editPlayer(a.slice(5)).catch(showError);
    else if (a.indexOf("adjust:") === 0) adjustPlayer(a.slice(7));
    else if (a.indexOf("unadjust:") === 0) {
      const id = a.split(":")[1],
        no = a.split(":")[2];
      p = act("DELETE", "/api/players/" + id + "/adjustments/" + no).then((j) => {
        A.upsertPlayer(j.player);
        adjustPlayer(id);
      });
    } else if (a.indexOf("claim:") === 0) p = act("POST", "/api/players/" + a.slice(6) + "/claim-code").then(showClaim);
    else if (a.indexOf("reinstate:") === 0) p = act("POST", "/api/players/" + a.slice(10) + "/reinstate");
    else if (a.indexOf("remove:") === 0) {
      if (!confirm(L("remove-confirm"))) {
        b.disabled = false;
        return;
      }
      p = act("DELETE", "/api/players/" + a.slice(7));
    } else if (CLOCK[a]) {
      const body = CLOCK[a]();
      if (!body) {
        b.disabled = false;
        return;
      }
      p = clockAct(body);
    }
    if (p)
      p.catch(() => {}).then(() => {
        b.disabled = false;
      });
  }
  function dashboardSubmit(e) {
    if (e.target.id === "add-entry") {
      e.preventDefault();
      addEntry(e.target).catch(() => {});
      return;
    }
    if (e.target.id === "edit-form") {
      e.preventDefault();
      const f = e.target,
        id = f.dataset.player;
      submitForm(f, "PATCH", "/api/players/" + id, { display_name: f.display_name.value, faction: f.faction.value })
        .then(() => editPlayer(id).then(loadPlayers))
        .catch(() => {});
      return;
    }
    if (e.target.id === "adjust-form") {
      e.preventDefault();
      sendAdjustment(e.target).catch(() => {});
      return;
    }
    if (e.target.id === "roster-form") {
      e.preventDefault();
      previewRoster(e.target).catch(() => {});
      return;
    }
    if (e.target.id === "settings-form") {
      e.preventDefault();
      saveSettings(e.target).catch(() => {});
      return;
    }
    const f = e.target.closest("form.override");
    if (!f) return;
    e.preventDefault();
    const body = f.dataset.match
      ? G.matchOverridePayload(A.state.tournament, f)
      : G.scorePayload(A.state.tournament, f);
    submitForm(f, "POST", "/api/pairings/" + f.dataset.pairing + "/override", body).catch(() => {});
  }

  if (!A.state) return;
  G.loadTiebreaks(tid).catch(() => {});
  A.onChange((_s, ev) => {
    if (ev && ev.kind === "standings_config_changed") G.loadTiebreaks(tid).catch(() => {});
  });
  listPlayers = JSON.parse(document.getElementById("players-with-lists").textContent);
  document.addEventListener("click", dashboardClick);
  document.addEventListener("submit", dashboardSubmit);
  document.addEventListener("keydown", dashboardKeys);
  $("#queue-find").addEventListener("input", filterQueue);
  $("#queue-state").addEventListener("change", filterQueue);
  A.onChange((_s, ev) => {
    if (ev && ev.kind && /^(player_|list_updated|lists_locked)/.test(ev.kind)) loadPlayers().catch(() => {});
  });
  A.onChange((_s, ev) => {
    if (ev && (ev.kind === "bracket_changed" || ev.type === "snapshot")) loadPlayoff();
  });
  A.onChange((_s, ev) => {
    if (ev && (ev.type === "snapshot" || /^(round_|pairings_|player_)/.test(ev.kind || ""))) loadDraft();
  });
  document.addEventListener("change", draftMove);
  loadPlayoff();
  loadPools();
  loadEntries();
  loadStaff();
  loadSettings();
  A.onChange((_s, ev) => {
    if (ev && ev.kind === "settings_changed") loadSettings();
  });
  A.onChange((_s, ev) => {
    if (ev && ev.kind) soonLoadLog();
  });
  const logPanel = $("#log-panel");
  if (logPanel) logPanel.addEventListener("toggle", loadLog);
  document.addEventListener("change", (e) => {
    if (e.target.id === "log-everyone") loadLog();
  });
  A.onChange((_s, ev) => {
    if (ev && /^player_(registered|updated|removed)/.test(ev.kind || "")) loadEntries();
  });
  A.pages.start(renderDashboard);
})();
