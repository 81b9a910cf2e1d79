// Arbiter live client: keeps `Arbiter.state` equal to what the page's view
// shows, from the tournament's WebSocket: a snapshot, then updates (or, on the
// raw event stream, every event in order), resuming after a disconnect.
(() => {
  "use strict";
  window.Arbiter = window.Arbiter || {};
  const A = window.Arbiter;
  const body = document.body;
  A.view = body.dataset.view || "events";
  A.params = body.dataset.params || "";
  const el = document.getElementById("snapshot");
  const start = el ? JSON.parse(el.textContent) : null;
  A.state = start ? start.data : null;
  A.seq = start ? start.seq : 0;
  A.listeners = [];

  // The page's language and its strings (the `js-` Fluent messages, embedded
  // by the page as JSON): `A.t(key, {name: value})` fills `{name}`; a missing
  // key shows as ⟦missing: key⟧.
  A.lang = document.documentElement.lang || "en";
  const STRINGS = (() => {
    const s = document.getElementById("i18n");
    try {
      return s ? JSON.parse(s.textContent) : {};
    } catch {
      return {};
    }
  })();
  A.t = (key, args) => {
    const s = STRINGS[key];
    if (s == null) return "⟦missing: " + key + "⟧";
    return args ? s.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m)) : s;
  };
  // A number or score as the page's language writes it (2.5 → 2,5; ½ kept).
  A.num = (x) => {
    if (x == null) return "";
    if (typeof x === "number") return new Intl.NumberFormat(A.lang).format(x);
    return A.lang === "en" ? String(x) : String(x).replace(/(\d)\.(\d)/g, "$1,$2");
  };
  // A playoff round's name in the page's language from its place in the
  // bracket (`stage`: `of` entrants, 2 the final, 4 the semifinals, 8 the
  // quarterfinals; `third_place` when it also holds the third-place game).
  A.playoffName = (stage) => {
    const name =
      { 2: t("po-final"), 4: t("po-semifinals"), 8: t("po-quarterfinals") }[stage.of] ||
      t("po-round-of", { n: stage.of });
    return stage.third_place ? t("po-and-third", { round: name }) : name;
  };
  // A playoff round's name: its stage's, or its mission as stored when it has none.
  A.playoffRound = (r) => (r.stage ? A.playoffName(r.stage) : r.mission);
  // A date and time as the page's language writes it.
  A.dateTime = (ms) => new Date(ms).toLocaleString(A.lang);
  const t = A.t;
  A.onChange = (fn) => {
    A.listeners.push(fn);
  };
  function changed(msg) {
    A.listeners.forEach((fn) => {
      try {
        fn(A.state, msg);
      } catch (e) {
        console.error(e);
      }
    });
    announce(msg);
  }

  // Live changes, announced in words to screen readers (a polite status
  // region, visually hidden): one short sentence per change, not the page.
  const TELL = {
    pairings_published: (d) => (d.round ? t("live-pairings-published", { n: d.round.number }) : ""),
    round_closed: (d) => (d.round ? t("live-round-closed", { n: d.round.number }) : ""),
    round_reopened: (d) => (d.round ? t("live-round-reopened", { n: d.round.number }) : ""),
    pairings_withdrawn: (d) => (d.round ? t("live-pairings-withdrawn", { n: d.round.number }) : ""),
    result_reported: (d) => (d.pairing ? t("live-result-reported", { table: d.pairing.table }) : ""),
    result_confirmed: (d) => (d.pairing ? t("live-result-confirmed", { table: d.pairing.table }) : ""),
    result_disputed: (d) => (d.pairing ? t("live-result-disputed", { table: d.pairing.table }) : ""),
    result_overridden: (d) => (d.pairing ? t("live-result-overridden", { table: d.pairing.table }) : ""),
    report_corrected: (d) => (d.pairing ? t("live-report-corrected", { table: d.pairing.table }) : ""),
    report_withdrawn: (d) => (d.pairing ? t("live-report-withdrawn", { table: d.pairing.table }) : ""),
    dispute_withdrawn: (d) => (d.pairing ? t("live-dispute-withdrawn", { table: d.pairing.table }) : ""),
    clock_changed: (d) =>
      d.clock
        ? t("live-clock-" + ({ running: "running", paused: "paused", ended: "ended" }[d.clock.state] || "changed"))
        : "",
    status_advanced: () => t("live-status-advanced"),
    waitlist_promoted: (d) => (d.player ? t("live-waitlist-promoted", { name: d.player.display_name }) : ""),
    bracket_changed: (d) =>
      d.bracket && d.bracket.champion
        ? t("live-champion", { name: d.bracket.champion.name })
        : t("live-bracket-changed")
  };
  function announce(msg) {
    const say = msg && TELL[msg.kind] ? TELL[msg.kind](msg.data || {}) : "";
    if (!say) return;
    let box = document.getElementById("live-announce");
    if (!box) {
      box = document.createElement("div");
      box.id = "live-announce";
      box.className = "visually-hidden";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      document.body.appendChild(box);
    }
    box.textContent = say;
  }

  // The page's copy of a registration, as the server now has it (a live
  // event's, or an answer's).
  function upsertPlayer(p) {
    const s = A.state;
    if (s.me && s.me.id === p.id) {
      s.me = Object.assign(s.me, p, { list_text: p.list_text !== undefined ? p.list_text : s.me.list_text });
      // An entrant's registration carries no waitlist place.
      if (p.waitlist === undefined) delete s.me.waitlist;
    }
    if (!s.players) return;
    const i = s.players.findIndex((x) => x.id === p.id);
    // A registration on the waitlist is no entrant (not paired, not ranked).
    if (p.removed || p.waitlist) {
      if (i >= 0) s.players.splice(i, 1);
    } else if (i >= 0) s.players[i] = p;
    else s.players.push(p);
  }

  A.upsertPlayer = upsertPlayer;

  // Asks before an action that cannot simply be taken back: a modal dialog
  // saying what will happen (`text`, one paragraph per line), with Cancel
  // (the default, and Escape) and a button naming the action (`ok`).
  // Resolves true only when that button is pressed.
  A.ask = (title, text, ok) =>
    new Promise((resolve) => {
      const d = document.createElement("dialog");
      d.className = "ask";
      d.setAttribute("aria-labelledby", "ask-title");
      d.innerHTML =
        '<form method="dialog"><h2 id="ask-title">' +
        A.esc(title) +
        "</h2>" +
        String(text)
          .split("\n")
          .filter(Boolean)
          .map((l) => "<p>" + A.esc(l) + "</p>")
          .join("") +
        '<p class="actions"><button value="cancel" autofocus>' +
        A.esc(t("cancel")) +
        '</button> <button value="ok" class="primary" data-ask-ok>' +
        A.esc(ok) +
        "</button></p></form>";
      document.body.appendChild(d);
      d.addEventListener("close", () => {
        const yes = d.returnValue === "ok";
        d.remove();
        resolve(yes);
      });
      d.showModal();
    });

  // Replaces `el`'s content with `html` without losing what a person is
  // typing: fields they changed keep their value, and the focused field keeps
  // focus and caret, matched by the row they belong to (`data-pairing`,
  // `data-player`) and their name. A live update must never touch a field
  // someone is filling in.
  function fieldKey(f) {
    const scope = f.closest("[data-pairing],[data-player]");
    const id = scope ? scope.dataset.pairing || scope.dataset.player : "";
    return id + "|" + (f.name || f.id || "");
  }
  function edited(f) {
    if (f.type === "checkbox" || f.type === "radio") return f.checked !== f.defaultChecked;
    if (f.tagName === "SELECT") return Array.prototype.some.call(f.options, (o) => o.selected !== o.defaultSelected);
    return f.value !== f.defaultValue;
  }
  // An open panel (`<details>`) is matched by its id, else by the row it
  // belongs to and its summary; a preview or report box (`[data-keep]`,
  // with an id) holds what the person asked for and is carried over whole.
  function detailsKey(d) {
    if (d.id) return "#" + d.id;
    const scope = d.parentElement && d.parentElement.closest("[data-pairing],[data-player],[id]");
    const id = scope ? scope.dataset.pairing || scope.dataset.player || scope.id : "";
    const s = d.querySelector("summary");
    return id + "|" + (s ? s.textContent : "");
  }
  A.patch = (el, html) => {
    if (!el) return;
    // Panels left open stay open, previews stay (a live update never closes
    // or empties what the person opened).
    const open = {},
      boxes = {};
    el.querySelectorAll("details[open]").forEach((d) => {
      open[detailsKey(d)] = true;
    });
    el.querySelectorAll("[data-keep][id]").forEach((b) => {
      if (b.childNodes.length) boxes[b.id] = b;
    });
    const active = document.activeElement,
      kept = {};
    let focusKey = null,
      caret = null;
    el.querySelectorAll("input, textarea, select").forEach((f) => {
      if (f.type === "hidden") return;
      const k = fieldKey(f);
      if (f === active) {
        focusKey = k;
        try {
          caret = [f.selectionStart, f.selectionEnd];
        } catch {
          caret = null;
        }
      }
      if (f === active || edited(f)) kept[k] = f.type === "checkbox" || f.type === "radio" ? f.checked : f.value;
    });
    el.innerHTML = html;
    el.querySelectorAll("details").forEach((d) => {
      if (open[detailsKey(d)]) d.open = true;
    });
    el.querySelectorAll("[data-keep][id]").forEach((b) => {
      if (boxes[b.id]) b.replaceWith(boxes[b.id]);
    });
    el.querySelectorAll("input, textarea, select").forEach((f) => {
      const k = fieldKey(f);
      if (k in kept) {
        if (f.type === "checkbox" || f.type === "radio") f.checked = kept[k];
        else f.value = kept[k];
      }
      if (k === focusKey) {
        f.focus();
        if (caret && caret[0] != null)
          try {
            f.setSelectionRange(caret[0], caret[1]);
          } catch {
            /* not a text field */
          }
      }
    });
  };

  // Whether the event's team matches hold games (its game's `teamGames`, in
  // games.js, which every page calling this loads).
  function teamGames(s) {
    const t = s.tournament;
    return !!(t && t.teams) && A.games.system(t).teamGames;
  }
  A.teamGames = teamGames;

  // Whether registration `id` plays in game `g`.
  function seated(g, id) {
    return !!g && !!id && ((g.player1 && g.player1.id === id) || (g.player2 && g.player2.id === id));
  }

  // Applies what a view shows of one event (see the server's live::view).
  A.apply = (kind, d) => {
    const s = A.state;
    d = d || {};
    if (d.tournament) s.tournament = Object.assign(s.tournament || {}, d.tournament);
    if (d.player) upsertPlayer(d.player);
    // A team event's player: their team checked in or withdrawn.
    if (d.player && s.team && d.player.id === s.team.id) {
      s.team.checked_in = !!d.player.checked_in;
      s.team.dropped = !!d.player.dropped;
    }
    if (kind === "waitlist_changed" && d.waitlist) {
      s.waitlist = d.waitlist;
      const mine = s.me && d.waitlist.find((p) => p.id === s.me.id);
      if (mine) s.me.waitlist = mine.waitlist;
    }
    if (d.round && (!s.round || d.round.number >= s.round.number)) {
      // A player's view gets the round with only their own table (or none);
      // a team event's player, their team's match (their game comes with the match's games).
      const mine = (d.round.pairings || [])[0] || null;
      if (A.view === "player" && teamGames(s)) {
        if (!s.round || s.round.id !== d.round.id) {
          s.pairing = null;
          s.team_games = [];
        }
        s.team_match = mine;
      } else if (A.view === "player") s.pairing = mine;
      // A team board's games belong to the round they were paired in.
      if (s.games && (!s.round || s.round.id !== d.round.id)) s.games = [];
      s.round = d.round;
    }
    if (kind === "pairings_published") s.warnings = d.warnings || [];
    if (kind === "match_games_paired") {
      if (A.view === "player") {
        // A captain's view gets every match's games: their own game, and their team's match's.
        const gs = d.games || [],
          me = s.me && s.me.id;
        s.pairing = gs.find((g) => seated(g, me)) || s.pairing;
        const captain = !!s.team && !!s.me && s.team.captain_id != null && s.team.captain_id === s.me.user_id;
        if (captain && s.team_match && d.match_id === s.team_match.id) s.team_games = gs;
      } else if (s.round && d.games && d.games.length && d.games[0].round_id === s.round.id)
        s.games = (s.games || [])
          .filter((g) => g.match_id !== d.match_id)
          .concat(d.games)
          .sort((a, b) => a.table - b.table);
    }
    if ("pairing" in d) {
      if (A.view === "player" && teamGames(s) && d.pairing && !d.pairing.match_id) s.team_match = d.pairing;
      else if (A.view === "player" && d.pairing && d.pairing.match_id) {
        // A game of a team match: the player's own, or (a captain's view) one of their team's boards.
        const gs = s.team_games || [],
          i = gs.findIndex((g) => g.id === d.pairing.id);
        if (i >= 0) gs[i] = d.pairing;
        if (seated(d.pairing, s.me && s.me.id) || (s.pairing && s.pairing.id === d.pairing.id)) s.pairing = d.pairing;
      } else if (A.view === "player") s.pairing = d.pairing;
      else if (d.pairing && d.pairing.match_id) {
        // A game inside a team match: the board keeps it beside its match.
        const gs = s.games || [],
          i = gs.findIndex((g) => g.id === d.pairing.id);
        if (i >= 0) gs[i] = d.pairing;
      } else if (d.pairing && s.round && s.round.id === d.pairing.round_id) {
        const ps = s.round.pairings,
          i = ps.findIndex((p) => p.id === d.pairing.id);
        if (i >= 0) ps[i] = d.pairing;
        else ps.push(d.pairing);
      }
    }
    if (kind === "standings") s.standings = d.standings;
    if (kind === "standing") s.standing = d.row;
    if (kind === "ratings_changed") s.ratings = d.ratings; // the latest rating changes (not part of the snapshot)
    if (d.standings_meta) s.standings_meta = d.standings_meta;
    if (kind === "clock_changed") s.clock = d.clock;
    if (kind === "bracket_changed") s.bracket = d.bracket;
  };

  // The server's time. Each ping measures this device's clock against the
  // server's (from the pong's `now`, half the round trip added), so a round
  // clock counts down the same on every screen, however wrong a device's
  // own clock is, and is corrected every 20 s if it drifts.
  let offset = 0,
    pingAt = 0;
  A.serverNow = () => Date.now() + offset;
  function ping() {
    if (!ws || ws.readyState !== 1) return;
    pingAt = performance.now();
    ws.send('{"v":1,"type":"ping"}');
  }
  A.sync = ping;
  function pong(msg) {
    if (typeof msg.now !== "number" || !pingAt) return;
    offset = msg.now + (performance.now() - pingAt) / 2 - Date.now();
    pingAt = 0;
  }

  // The round clock: every element with `data-clock` shows the time left in
  // the latest round (`data-left`: ms; `data-state`: running, paused, up, ended).
  A.clockLeft = (c) =>
    c.state === "running"
      ? Math.max(0, Math.round(c.ends_at - A.serverNow()))
      : c.state === "paused"
        ? c.remaining_ms
        : 0;
  A.clockText = (c) => {
    const left = A.clockLeft(c),
      secs = Math.ceil(left / 1000);
    const two = (n) => (n < 10 ? "0" : "") + n;
    const h = Math.floor(secs / 3600),
      m = Math.floor((secs % 3600) / 60);
    const time = (h ? h + ":" + two(m) : String(m)) + ":" + two(secs % 60);
    if (c.state === "ended") return { left: 0, state: "ended", text: t("clock-over") };
    if (c.state === "paused") return { left: left, state: "paused", text: "⏸ " + t("clock-paused", { time: time }) };
    if (left === 0) return { left: 0, state: "up", text: t("clock-up") };
    return { left: left, state: "running", text: time };
  };
  function tick() {
    const els = document.querySelectorAll("[data-clock]");
    if (!els.length) return;
    const s = A.state,
      c = s && s.clock && (!s.round || s.clock.round_id === s.round.id) ? s.clock : null;
    const shown = c ? A.clockText(c) : null;
    els.forEach((el) => {
      el.hidden = !shown;
      if (!shown) return;
      if (el.textContent !== shown.text) el.textContent = shown.text;
      el.dataset.left = String(shown.left);
      el.dataset.state = shown.state;
    });
  }
  setInterval(tick, 200);
  A.onChange(tick);

  // Reconnecting: "full jitter" (AWS Architecture Blog, "Exponential Backoff
  // And Jitter", 2015): the n-th attempt in a row waits a random time in
  // [0, min(cap, base * 2^n)], so a room of screens that lost the venue's
  // Wi-Fi together does not come back together. A server that says when to
  // come back (a restart's close reason, "in N ms", already spread by the
  // server) is obeyed; the browser's `online` event reconnects at once, with
  // a small jitter.
  const RETRY_BASE = 500,
    RETRY_CAP = 10000,
    ONLINE_JITTER = 250;
  let ws = null,
    attempts = 0,
    retryTimer = null,
    liveTournament = null,
    resuming = false;
  A.retryDelay = (n, told, random) => {
    const r = random === undefined ? Math.random() : random;
    if (told !== null && told !== undefined && told >= 0) return told;
    return Math.floor(r * Math.min(RETRY_CAP, RETRY_BASE * 2 ** Math.min(n, 30)));
  };
  // The connection's state: the small dot, and a full-width banner when the
  // connection has been lost for more than two seconds (and when it is back).
  let lostTimer = null,
    lostShown = false,
    backTimer = null;
  function banner(text, cls) {
    let b = document.getElementById("live-banner");
    if (!b) {
      b = document.createElement("div");
      b.id = "live-banner";
      b.setAttribute("role", "status");
      b.setAttribute("aria-live", "assertive");
      document.body.insertBefore(b, document.body.firstChild);
    }
    b.className = "live-banner " + cls;
    b.textContent = text;
    b.hidden = !text;
  }
  function status(text, cls) {
    const dot = document.getElementById("live-status");
    if (dot) {
      dot.className = "live-dot " + cls;
      dot.title = text;
    }
    if (cls === "on") {
      clearTimeout(lostTimer);
      lostTimer = null;
      if (lostShown) {
        lostShown = false;
        banner(t("live-back"), "back");
        clearTimeout(backTimer);
        backTimer = setTimeout(() => {
          banner("", "back");
        }, 3000);
      }
    } else if (!lostTimer && !lostShown) {
      lostTimer = setTimeout(() => {
        lostTimer = null;
        lostShown = true;
        clearTimeout(backTimer);
        banner(t("live-lost"), "lost");
      }, 2000);
    }
  }
  A.connect = (tournament) => {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let q = "?view=" + A.view + (A.params ? "&" + A.params : "");
    if (A.view === "events") q += "&since=" + A.seq;
    clearTimeout(retryTimer);
    retryTimer = null;
    liveTournament = tournament;
    ws = new WebSocket(proto + "//" + location.host + "/ws/tournaments/" + tournament + q);
    ws.onopen = () => {
      attempts = 0;
      status(t("live-on"), "on");
      ping();
    };
    ws.onmessage = (m) => {
      let msg;
      try {
        msg = JSON.parse(m.data);
      } catch {
        return;
      }
      if (msg.type === "snapshot") {
        A.state = msg.data;
        A.seq = msg.seq;
        resuming = false;
        changed(msg);
      } else if (msg.type === "event") {
        if (msg.seq <= A.seq) return;
        if (msg.seq > A.seq + 1) {
          if (!resuming) {
            resuming = true;
            ws.send(JSON.stringify({ v: 1, type: "resume", since: A.seq }));
          }
          return;
        }
        resuming = false;
        A.seq = msg.seq;
        A.apply(msg.kind, msg.data);
        changed(msg);
        // The latest round went away: what a page shows of it is read afresh.
        // …and so do the players after a roster import (one event for them all).
        if (msg.kind === "round_deleted" || msg.kind === "roster_imported") A.refresh();
      } else if (msg.type === "update") {
        if (msg.seq < A.seq) return;
        A.seq = msg.seq;
        A.apply(msg.kind, msg.data);
        changed(msg);
      } else if (msg.type === "pong") pong(msg);
      else if (msg.type === "error") {
        console.warn("live:", msg.code, msg.message);
      }
    };
    ws.onclose = (e) => {
      // 4001: the sign-in this page was opened with has ended; reload as whoever we are now.
      if (e.code === 4001) {
        status(t("live-signed-out"), "off");
        location.reload();
        return;
      }
      status(t("live-reconnecting"), "off");
      const told = /in (\d+) ms/.exec(e.reason || "");
      const wait = A.retryDelay(attempts, told ? Number(told[1]) : null);
      attempts += 1;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        A.connect(tournament);
      }, wait);
    };
  };
  // The network is back (the phone found the Wi-Fi again): reconnect now
  // rather than at the end of a long wait.
  window.addEventListener("online", () => {
    if (!liveTournament || (ws && ws.readyState <= 1)) return;
    attempts = 0;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(
      () => {
        A.connect(liveTournament);
      },
      Math.floor(Math.random() * ONLINE_JITTER)
    );
  });
  // Switches the view (e.g. another page of standings); a snapshot follows.
  A.subscribe = (params) => {
    const qs = Object.keys(params)
      .filter((k) => k !== "view")
      .map((k) => k + "=" + params[k])
      .join("&");
    A.params = qs;
    if (ws && ws.readyState === 1)
      ws.send(JSON.stringify(Object.assign({ v: 1, type: "subscribe", view: A.view }, params)));
  };
  // A fresh snapshot of the same view, with its parameters (the page's window).
  A.refresh = () => {
    const params = {};
    new URLSearchParams(A.params || "").forEach((v, k) => {
      params[k] = /^\d+$/.test(v) ? Number(v) : v;
    });
    if (ws && ws.readyState === 1)
      ws.send(JSON.stringify(Object.assign({ v: 1, type: "subscribe", view: A.view }, params)));
  };
  setInterval(ping, 20000);

  // JSON API helper: resolves with the body, rejects with {error, message}.
  // `csv`: a CSV text sent as is (text/csv) instead of a JSON body.
  A.api = (method, path, body, csv) => {
    const init = { method: method, credentials: "same-origin", headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    if (csv !== undefined) {
      init.headers["Content-Type"] = "text/csv";
      init.body = csv;
    }
    return fetch(path, init)
      .catch(() => {
        // The request never reached the server: say so plainly; the page keeps what was typed.
        throw { error: "offline", message: navigator.onLine === false ? t("api-offline") : t("api-unreachable") };
      })
      .then((r) => {
        if (r.status === 204) return {};
        return r
          .json()
          .catch(() => ({}))
          .then((j) => {
            if (!r.ok)
              throw {
                error: j.error || "http_" + r.status,
                message: j.message || t("api-status", { status: r.status }),
                details: j.details
              };
            return j;
          });
      });
  };

  A.esc = (s) =>
    String(s == null ? "" : s).replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]
    );
})();
