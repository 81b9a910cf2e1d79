// A player's page (/t/{id}/me): their table, report, confirm, dispute, check-in, drop, list,
// place in the top cut. Shared helpers: pages.js.
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    G = A.games,
    L = A.t;
  const tid = document.body.dataset.tournament;
  const { $, STATUS, submitForm, act, mission } = A.pages;
  // ---- player page ----
  // The player's part of the top cut (the `bracket` the phone is sent): seed, next game, place.
  function playoffLine(b, id) {
    const mine = (x) => x && x.player_id === id;
    let seed = null,
      next = "";
    b.rounds.forEach((r) => {
      r.slots.forEach((sl) => {
        const me = mine(sl.high) ? sl.high : mine(sl.low) ? sl.low : null;
        if (!me) return;
        seed = me.seed;
        const opp = me === sl.high ? sl.low : sl.high;
        const name = esc(A.playoffName({ of: r.of }));
        if (sl.kind === "bye") next = name + ": " + esc(L("me-po-bye"));
        else if (sl.kind === "open") next = name + ": " + esc(L("me-po-open"));
        else if (sl.winner == null)
          next =
            name +
            " " +
            esc(L("vs")) +
            " <strong>" +
            esc(opp ? opp.name : "?") +
            "</strong>" +
            (sl.table ? " · " + esc(L("col-table")) + " " + sl.table : "");
      });
    });
    const placed = (b.ranking || []).find((p) => mine(p.seed) && p.place != null);
    let h =
      '<p id="my-playoffs"><a href="/t/' +
      esc(String(document.body.dataset.tournament || "")) +
      '/bracket">' +
      esc(L("me-playoffs")) +
      "</a>: " +
      esc(L("me-po-seed", { n: seed })) +
      (b.projected ? " (" + esc(L("me-po-projected")) + ")" : "");
    if (placed)
      h +=
        placed.place === 1
          ? " · <strong>" + esc(L("me-po-champion")) + "</strong>"
          : " · " + esc(L("me-po-place")) + " <strong>" + placed.place + "</strong>";
    else if (next) h += " · " + esc(L("me-po-next")) + " " + next;
    return h + "</p>";
  }
  // The player's open form beside a pending report: "correct" (the reporter
  // fixes it) or "dispute" (the opponent's counter-score and reason).
  let mode = null;
  // A form's submit row with a Cancel button (`data-action="cancel-form"`).
  function withCancel(form, label) {
    return form.replace(
      /<button type="submit" class="primary">[^<]*<\/button><\/form>$/,
      '<span class="actions"><button type="submit" class="primary">' +
        esc(label) +
        '</button> <button type="button" data-action="cancel-form">' +
        esc(L("cancel")) +
        "</button></span></form>"
    );
  }
  // A report, correction or dispute went through: close the form and show the table as the server answered.
  function settled(j) {
    mode = null;
    if (j && j.pairing) A.state.pairing = j.pairing;
    renderPlayer(A.state);
  }
  // A team event's player: their team's match (opponent team, table, score so far, state).
  function teamMatchHtml(s) {
    const m = s.team_match,
      team = s.team;
    if (!m || !team) return "";
    const ours = m.player1.id === team.id,
      opp = ours ? m.player2 : m.player1;
    if (!opp) return '<p id="my-team-match" class="big">' + esc(team.name) + ": " + esc(L("me-the-bye")) + "</p>";
    const a = ours ? m.player1_score : m.player2_score,
      b = ours ? m.player2_score : m.player1_score;
    const st = { UNREPORTED: "state-playing", CONFIRMED: "state-confirmed" }[m.state];
    return (
      '<div id="my-team-match" class="team-match"><h3>' +
      esc(L("me-team-match")) +
      '</h3><p class="big">' +
      esc(L("col-table")) +
      " <strong>" +
      m.table +
      "</strong> · " +
      esc(team.name) +
      " " +
      esc(L("vs")) +
      " <strong>" +
      esc(opp.name) +
      "</strong></p>" +
      (a != null ? '<p class="big score">' + esc(A.num(a)) + " – " + esc(A.num(b)) + "</p>" : "") +
      (st ? '<p class="muted">' + esc(L(st)) + "</p>" : "") +
      "</div>"
    );
  }
  // A team event's player (their member row): their team's line, else null.
  function teamOf(s) {
    return s.team && s.tournament && s.tournament.teams ? s.team : null;
  }
  // Whether this player is their team's captain (who checks the team in and withdraws it).
  function isCaptain(s) {
    const team = teamOf(s),
      me = s.me || {};
    return !!team && team.captain_id != null && team.captain_id === me.user_id;
  }
  // Whether the event's team players keep army lists (40K teams).
  function teamLists(s) {
    return s.tournament.teams.format === "wh40k";
  }
  // A team's player's status: their team (its page), whether it is checked in
  // (the captain checks it in), withdrawn.
  function teamStatusHtml(s, captain) {
    const t = s.tournament,
      team = s.team;
    const h =
      '<p id="my-team">' +
      esc(L("me-your-team")) +
      ' <a href="/t/' +
      esc(t.id) +
      "/teams/" +
      esc(team.id) +
      '"><strong>' +
      esc(team.name) +
      "</strong></a>" +
      (captain ? ' · <span class="captain">' + esc(L("me-you-captain")) + "</span>" : "") +
      "</p>";
    if (team.dropped) return h + "<p>" + esc(L("me-team-withdrawn")) + "</p>";
    if (team.checked_in) return h + "<p>✓ " + esc(L("me-team-checked-in")) + "</p>";
    if (captain && (t.status === "CHECK_IN" || t.status === "IN_PROGRESS"))
      return (
        h +
        '<p><button type="button" class="primary" data-action="team-check-in">' +
        esc(L("me-team-check-in")) +
        "</button></p>"
      );
    return (
      h +
      '<p class="muted">' +
      esc(L(t.status === "CHECK_IN" || t.status === "IN_PROGRESS" ? "me-team-check-in-captain" : "me-check-in-later")) +
      "</p>"
    );
  }
  // The team as the server now has it (an answer to the captain's action).
  function teamAnswered(j) {
    const s = A.state;
    if (j && j.team && s.team && j.team.id === s.team.id) {
      s.team.checked_in = j.team.checked_in;
      s.team.dropped = j.team.dropped;
    }
    renderPlayer(s);
  }
  // A team's captain: every game of their team's match, each reported or
  // confirmed from here for their team's player at that board (the server
  // lets the captain act for each board of the match). The game whose report
  // form is open, if any.
  let boardForm = null;
  function boardsHtml(s) {
    const t = s.tournament,
      r = s.round,
      team = teamOf(s),
      m = s.team_match,
      games = (s.team_games || []).filter((g) => m && g.match_id === m.id);
    if (!team || !isCaptain(s) || !games.length) return "";
    const ours = new Set((team.members || []).map((x) => x.id)),
      open = !!r && r.status === "ACTIVE";
    const rows = games.map((g) => {
      const mySeat = ours.has(g.player1.id) ? "player1" : "player2",
        mine = mySeat === "player1" ? g.player1 : g.player2,
        opp = mySeat === "player1" ? g.player2 : g.player1;
      if (!mine || !opp) return "";
      const said = G.system(t).scoreFromSide ? G.scoreText(t, g, mySeat) + " " + esc(opp.name) : G.scoreText(t, g),
        button = (action, cls, label) =>
          '<p><button type="button"' +
          (cls ? ' class="' + cls + '"' : "") +
          ' data-action="' +
          action +
          '" data-pairing="' +
          esc(g.id) +
          '">' +
          esc(L(label)) +
          "</button></p>";
      let h =
        '<li class="board-game" data-pairing="' +
        esc(g.id) +
        '" data-state="' +
        esc(g.state) +
        '"><p><strong>' +
        esc(L("team-board-n", { n: g.board })) +
        "</strong> · " +
        esc(L("col-table")) +
        " " +
        g.table +
        " · " +
        esc(mine.name) +
        " " +
        esc(L("vs")) +
        " " +
        esc(opp.name) +
        "</p>";
      if (g.state === "UNREPORTED" && open)
        h +=
          boardForm === g.id
            ? withCancel(
                G.reportForm(t, opp, mySeat, null).replace(
                  '<form id="report-form"',
                  '<form id="board-report-form" data-pairing="' + esc(g.id) + '" data-seat="' + mySeat + '"'
                ),
                L("me-report-board")
              )
            : button("board-report", "", "me-report-board");
      else if (g.state === "REPORTED") {
        h += "<p>" + esc(L("me-reported")) + " " + said + ".</p>";
        if (g.reported_by !== mySeat && open) h += button("board-confirm", "primary", "me-confirm");
        else h += '<p class="muted">' + esc(L("me-waiting", { name: opp.name })) + "</p>";
      } else if (g.state === "DISPUTED") h += "<p>" + esc(L("me-disputed")) + "</p>";
      else if (g.state === "CONFIRMED") h += "<p>" + esc(L("me-final")) + " " + said + ".</p>";
      return h + "</li>";
    });
    return (
      '<div id="my-team-boards"><h3>' +
      esc(L("me-team-boards")) +
      '</h3><ul class="board-games">' +
      rows.join("") +
      "</ul></div>"
    );
  }
  // A board's game as the server answered the captain's report or confirmation.
  function boardAnswered(j) {
    const s = A.state,
      gs = s.team_games || [],
      i = j && j.pairing ? gs.findIndex((g) => g.id === j.pairing.id) : -1;
    if (i >= 0) gs[i] = j.pairing;
    if (j && j.pairing && s.pairing && s.pairing.id === j.pairing.id) s.pairing = j.pairing;
    boardForm = null;
    renderPlayer(s);
  }
  // Whether this page saw the player get a place from the waitlist (said until it is reloaded).
  let promoted = false;
  function renderPlayer(s) {
    const t = s.tournament,
      r = s.round,
      me = s.me || {};
    const team = teamOf(s),
      captain = isCaptain(s);
    let st = "<h2>" + esc(STATUS[t.status] || t.status) + "</h2>";
    if (promoted && !me.waitlist) st += '<p class="notice" id="my-promotion">' + esc(L("me-promoted")) + "</p>";
    if (team) st += teamStatusHtml(s, captain);
    else if (me.dropped) st += "<p>" + esc(L("me-dropped")) + "</p>";
    else if (me.waitlist)
      st += '<p class="big" id="my-waitlist">' + esc(L("me-waitlisted", { n: me.waitlist })) + "</p>";
    else {
      if (me.checked_in) st += "<p>✓ " + esc(L("me-checked-in")) + "</p>";
      else if (t.status === "CHECK_IN" || t.status === "IN_PROGRESS")
        st += '<p><button type="button" class="primary" data-action="check-in">' + esc(L("check-in")) + "</button></p>";
      else st += '<p class="muted">' + esc(L("me-check-in-later")) + "</p>";
    }
    // Dropping out is the last thing on the page, away from the buttons of the game.
    // A team's player does not drop alone: the captain withdraws the team.
    let drop = "";
    if (team) {
      if (captain && !team.dropped && t.status !== "COMPLETE")
        drop =
          '<button type="button" class="danger" data-action="team-withdraw">' +
          esc(L("me-team-withdraw")) +
          "</button>";
    } else if (!me.dropped && t.status !== "COMPLETE")
      drop =
        '<button type="button" class="danger" data-action="drop">' +
        esc(L(me.waitlist ? "me-leave-waitlist" : "me-drop")) +
        "</button>";
    A.patch($("#my-drop"), drop);
    const rc = s.ratings && s.ratings.changes.find((c) => c.user_id === me.user_id);
    if (rc)
      st +=
        "<p>" +
        esc(L("me-rating")) +
        " " +
        rc.rating_before +
        " → <strong>" +
        rc.rating_after +
        "</strong> (" +
        (rc.delta > 0 ? "+" : "") +
        rc.delta +
        ') · <a href="/users/' +
        esc(me.user_id) +
        '">' +
        esc(L("me-history")) +
        "</a></p>";
    if (s.bracket) st += playoffLine(s.bracket, me.id);
    if (me.adjustments && me.adjustments.length)
      st +=
        "<h3>" +
        esc(L("adj-title")) +
        '</h3><ul class="adjustments">' +
        me.adjustments.map((a) => "<li>" + esc(G.adjustmentText(a)) + "</li>").join("") +
        "</ul>";
    A.patch($("#my-status"), st);

    let html = '<p class="muted">' + esc(L("me-table-later")) + "</p>";
    const p = s.pairing;
    const arranged = { HALF_BYE: L("me-half-bye"), ZERO_BYE: L("me-zero-bye"), FULL_BYE: L("me-full-bye") }[
      p && p.result
    ];
    if (r && p && !p.player2)
      html =
        "<p><strong>" +
        esc(L("me-round-you-have", { n: r.number })) +
        " " +
        (arranged ? esc(arranged) + "</strong>" : esc(L("me-the-bye")) + "</strong> (" + esc(G.byeText(t)) + ")") +
        ".</p>";
    else if (r && p) {
      const iAm1 = p.player1.id === me.id,
        opp = iAm1 ? p.player2 : p.player1;
      const mySeat = iAm1 ? "player1" : "player2";
      html =
        '<p class="big">' +
        (r.playoff
          ? esc(L("me-playoffs")) +
            " · " +
            esc(A.playoffRound(r)) +
            ' · <a href="/t/' +
            t.id +
            '/bracket">' +
            esc(L("me-bracket")) +
            "</a>"
          : esc(L("round", { n: r.number }))) +
        " · " +
        esc(L("col-table")) +
        " <strong>" +
        p.table +
        "</strong>" +
        (p.board ? " · " + esc(L("team-board-n", { n: p.board })) : "") +
        "</p><p>" +
        esc(L("vs")) +
        " <strong>" +
        esc(opp.name) +
        "</strong>" +
        (opp.faction ? " (" + esc(opp.faction) + ")" : "") +
        (G.system(t).colourLetters ? " · " + esc(L(iAm1 ? "me-you-play-white" : "me-you-play-black")) : "") +
        "</p>" +
        (r.mission && !r.playoff ? "<p>" + esc(mission(r)) + "</p>" : "");
      const said = G.system(t).scoreFromSide ? G.scoreText(t, p, mySeat) + " " + esc(opp.name) : G.scoreText(t, p);
      const match = r.playoff && s.bracket ? s.bracket.settings : null,
        open = r.status === "ACTIVE";
      if (p.state !== "REPORTED" || !open) mode = null;
      if (p.state === "UNREPORTED" && open) {
        html += G.reportForm(t, opp, mySeat, match);
      } else if (p.state === "REPORTED") {
        html += "<p>" + esc(L("me-reported")) + " " + said + ".</p>";
        if (p.reported_by === mySeat) {
          html += '<p class="muted">' + esc(L("me-waiting", { name: opp.name })) + "</p>";
          if (mode === "correct")
            html += withCancel(
              G.reportForm(t, opp, mySeat, match, p).replace(
                '<form id="report-form"',
                '<form id="report-form" data-correct="1"'
              ),
              L("me-save-correction")
            );
          else if (open)
            html +=
              '<p><button type="button" data-action="correct">' +
              esc(L("me-correct")) +
              '</button> <button type="button" data-action="withdraw">' +
              esc(L("me-withdraw")) +
              "</button></p>";
        } else if (mode === "dispute") {
          html +=
            "<h3>" +
            esc(L("me-dispute-title")) +
            "</h3>" +
            withCancel(
              G.reportForm(t, opp, mySeat, null)
                .replace(
                  '<form id="report-form" class="stack narrow">',
                  '<form id="dispute-form" class="stack narrow"><p class="muted">' + esc(L("me-dispute-intro")) + "</p>"
                )
                .replace(
                  /<button type="submit"/,
                  "<label>" +
                    esc(L("me-dispute-reason")) +
                    ' <textarea name="note" rows="3" maxlength="500" required></textarea></label><button type="submit"'
                ),
              L("me-send-dispute")
            );
        } else if (open)
          html +=
            '<p><button type="button" class="primary" data-action="confirm">' +
            esc(L("me-confirm")) +
            '</button> <button type="button" class="danger" data-action="dispute">' +
            esc(L("me-dispute")) +
            "</button></p>";
      } else if (p.state === "DISPUTED") {
        html += "<p>" + esc(L("me-disputed")) + "</p>";
        if (p.reported_by !== mySeat && open)
          html +=
            '<p><button type="button" data-action="withdraw-dispute">' +
            esc(L("me-withdraw-dispute")) +
            "</button></p>";
      } else if (p.state === "CONFIRMED")
        html +=
          "<p>" +
          esc(L("me-final")) +
          " " +
          said +
          (p.to_override ? " (" + esc(L("me-set-by-organiser")) + ")" : "") +
          ".</p>";
      html += '<input type="hidden" id="pairing-id" value="' + p.id + '" data-seat="' + mySeat + '">';
    } else if (r && s.team_match)
      // A captain who does not play sees the games below, once paired.
      html = (s.team_games || []).length ? "" : '<p class="muted">' + esc(L("team-games-pending")) + "</p>";
    else if (r && r.status !== "PENDING") html = "<p>" + esc(L("me-not-paired", { n: r.number })) + "</p>";
    A.patch($("#my-pairing"), teamMatchHtml(s) + html + boardsHtml(s));

    const row = s.standing;
    const line =
      row &&
      (G.system(t).record
        ? row.wins +
          "-" +
          row.losses +
          "-" +
          row.draws +
          " · " +
          (row.margin > 0 ? "+" : "") +
          row.margin +
          " · " +
          row.vp_for +
          " " +
          L("col-vp") +
          " · SOS " +
          A.num(row.sos.toFixed(1)) +
          "%"
        : L("me-points", { n: A.num(row.score) }));
    $("#my-standing").innerHTML = row
      ? "<h2>" + esc(L("me-standing")) + '</h2><p class="big">#' + row.rank + " · " + esc(line) + "</p>"
      : "";

    // Lists: a singles player's own; a 40K team's player saves theirs on
    // the team's roster; a chess or doubles team's players have none.
    const panel = $("#my-list-panel");
    // A captain who does not play (their registration is the team's row) has no list.
    if (team && (!teamLists(s) || me.id === team.id)) {
      if (panel) panel.hidden = true;
      return;
    }
    let list;
    if (t.lists_locked)
      list = me.list_text
        ? '<pre class="list">' + esc(me.list_text) + '</pre><p class="muted">' + esc(L("me-lists-locked")) + "</p>"
        : '<p class="muted">' + esc(L("me-no-list-locked")) + "</p>";
    else
      list =
        '<form id="list-form" class="stack"><textarea name="list_text" rows="10" placeholder="' +
        esc(L("me-paste-list")) +
        '">' +
        esc(me.list_text || "") +
        '</textarea><button type="submit">' +
        esc(L("me-save-list")) +
        "</button></form>";
    if (!$("#list-form") || t.lists_locked) $("#my-list").innerHTML = list;
  }
  function playerClick(e) {
    const b = e.target.closest("button[data-action]");
    if (!b) return;
    const a = b.dataset.action,
      pid = ($("#pairing-id") || {}).value;
    const team = teamOf(A.state);
    if (a === "check-in") act("POST", "/api/tournaments/" + tid + "/check-in").catch(() => {});
    else if (a === "team-check-in" && team)
      act("POST", "/api/teams/" + team.id + "/check-in")
        .then(teamAnswered)
        .catch(() => {});
    else if (a === "team-withdraw" && team) {
      A.ask(L("me-team-withdraw"), L("me-team-withdraw-confirm"), L("me-team-withdraw")).then((yes) => {
        if (yes)
          act("POST", "/api/teams/" + team.id + "/withdraw")
            .then(teamAnswered)
            .catch(() => {});
      });
    } else if (a === "drop") {
      if (confirm(L("me-drop-confirm"))) act("POST", "/api/tournaments/" + tid + "/drop").catch(() => {});
    }
    // The report as this page shows it: if it was corrected meanwhile, nothing is confirmed (`report_changed`).
    else if (a === "confirm")
      act("POST", "/api/pairings/" + pid + "/confirm", { score: (A.state.pairing || {}).score || null }).catch(
        () => {}
      );
    else if (a === "dispute" || a === "correct") {
      mode = a;
      renderPlayer(A.state);
      const f = $("#my-pairing input, #my-pairing select");
      if (f) f.focus();
    } else if (a === "cancel-form") {
      mode = null;
      boardForm = null;
      renderPlayer(A.state);
    } else if (a === "board-report") {
      boardForm = b.dataset.pairing;
      renderPlayer(A.state);
      const f = $("#board-report-form input, #board-report-form select");
      if (f) f.focus();
    } else if (a === "board-confirm") {
      const g = (A.state.team_games || []).find((x) => x.id === b.dataset.pairing);
      if (g)
        act("POST", "/api/pairings/" + g.id + "/confirm", { score: g.score || null })
          .then(boardAnswered)
          .catch(() => {});
    } else if (a === "withdraw") act("DELETE", "/api/pairings/" + pid + "/report").catch(() => {});
    else if (a === "withdraw-dispute") act("DELETE", "/api/pairings/" + pid + "/dispute").catch(() => {});
  }
  function playerSubmit(e) {
    if (e.target.id === "report-form") {
      e.preventDefault();
      const f = e.target,
        pid = $("#pairing-id").value,
        seat = $("#pairing-id").dataset.seat;
      submitForm(
        f,
        f.dataset.correct ? "PUT" : "POST",
        "/api/pairings/" + pid + "/report",
        G.reportPayload(A.state.tournament, f, seat)
      )
        .then(settled)
        .catch(() => {});
    } else if (e.target.id === "dispute-form") {
      e.preventDefault();
      const f = e.target,
        pid = $("#pairing-id").value,
        seat = $("#pairing-id").dataset.seat;
      const body = Object.assign(G.reportPayload(A.state.tournament, f, seat), { note: f.note.value });
      submitForm(f, "POST", "/api/pairings/" + pid + "/dispute", body)
        .then(settled)
        .catch(() => {});
    } else if (e.target.id === "board-report-form") {
      e.preventDefault();
      const f = e.target;
      submitForm(
        f,
        "POST",
        "/api/pairings/" + f.dataset.pairing + "/report",
        G.reportPayload(A.state.tournament, f, f.dataset.seat)
      )
        .then(boardAnswered)
        .catch(() => {});
    } else if (e.target.id === "list-form") {
      e.preventDefault();
      const team = teamOf(A.state),
        me = A.state.me || {};
      // A team's player's list is kept on the team's roster.
      const path = team ? "/api/teams/" + team.id + "/members/" + me.id + "/list" : "/api/tournaments/" + tid + "/list";
      submitForm(e.target, "PUT", path, { list_text: e.target.list_text.value })
        .then((j) => {
          const mine = team && j.team ? (j.team.members || []).find((m) => m.player_id === me.id) : null;
          A.state.me.list_text = team
            ? mine && mine.list_text != null
              ? mine.list_text
              : e.target.list_text.value
            : j.player.list_text;
          showSaved(e.target);
        })
        .catch(() => {});
    }
  }
  function showSaved(form) {
    const b = form.querySelector("button");
    b.textContent = L("me-saved") + " ✓";
    setTimeout(() => {
      b.textContent = L("me-save-list");
    }, 2000);
  }

  if (!A.state) return;
  document.addEventListener("click", playerClick);
  document.addEventListener("submit", playerSubmit);
  A.onChange((s, ev) => {
    if (ev && ev.kind === "waitlist_promoted" && ev.data && s.me && ev.data.player.id === s.me.id) promoted = true;
  });
  A.pages.start(renderPlayer);
})();
