// Arbiter live client: keeps `Arbiter.state` equal to the server's state by
// applying sequenced events from the tournament's WebSocket, resuming with
// ?since=N after a disconnect, and taking a snapshot when told to resync.
(function () {
  "use strict";
  const A = (window.Arbiter = window.Arbiter || {});
  const el = document.getElementById("snapshot");
  A.state = el ? JSON.parse(el.textContent) : null;
  A.listeners = [];
  A.onChange = function (fn) { A.listeners.push(fn); };
  function changed(ev) { A.listeners.forEach(function (fn) { try { fn(A.state, ev); } catch (e) { console.error(e); } }); }

  function upsertPlayer(p) {
    const list = A.state.players;
    const i = list.findIndex(function (x) { return x.id === p.id; });
    if (p.removed) { if (i >= 0) list.splice(i, 1); }
    else if (i >= 0) list[i] = p; else list.push(p);
    A.state.tournament.player_count = list.length;
  }

  // Applies one event to the state (see the server's EventKind for the kinds).
  A.apply = function (ev) {
    const s = A.state, d = ev.data || {};
    if (d.tournament) s.tournament = Object.assign(s.tournament, d.tournament, { player_count: s.tournament.player_count });
    if (d.player) upsertPlayer(d.player);
    if (d.round && (!s.round || d.round.number >= s.round.number)) s.round = d.round;
    if (ev.kind === "pairings_published") s.warnings = d.warnings || [];
    if (d.pairing && s.round && s.round.id === d.pairing.round_id) {
      const ps = s.round.pairings, i = ps.findIndex(function (p) { return p.id === d.pairing.id; });
      if (i >= 0) ps[i] = d.pairing; else ps.push(d.pairing);
    }
    if (d.standings) s.standings = d.standings;
    if (d.standings_meta) s.standings_meta = d.standings_meta;
    s.seq = ev.seq;
  };

  let ws = null, backoff = 500, resuming = false;
  function status(text, cls) {
    const dot = document.getElementById("live-status");
    if (dot) { dot.className = "live-dot " + cls; dot.title = text; }
  }
  A.connect = function (tournament) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const since = A.state && typeof A.state.seq === "number" ? "?since=" + A.state.seq : "";
    ws = new WebSocket(proto + "//" + location.host + "/ws/tournaments/" + tournament + since);
    ws.onopen = function () { backoff = 500; status("live", "on"); };
    ws.onmessage = function (m) {
      let msg; try { msg = JSON.parse(m.data); } catch (e) { return; }
      if (msg.type === "snapshot") { A.state = msg.data; A.state.seq = msg.seq; resuming = false; changed(msg); }
      else if (msg.type === "event") {
        if (msg.seq <= A.state.seq) return;
        if (msg.seq > A.state.seq + 1) {
          if (!resuming) { resuming = true; ws.send(JSON.stringify({ v: 1, type: "resume", since: A.state.seq })); }
          return;
        }
        resuming = false;
        A.apply(msg); changed(msg);
      } else if (msg.type === "error") { console.warn("live:", msg.code, msg.message); }
    };
    ws.onclose = function () {
      status("reconnecting", "off");
      setTimeout(function () { A.connect(tournament); }, backoff);
      backoff = Math.min(backoff * 2, 10000);
    };
  };
  setInterval(function () { if (ws && ws.readyState === 1) ws.send('{"v":1,"type":"ping"}'); }, 20000);

  // JSON API helper: resolves with the body, rejects with {error, message}.
  A.api = function (method, path, body) {
    const init = { method: method, credentials: "same-origin", headers: {} };
    if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
    return fetch(path, init).then(function (r) {
      if (r.status === 204) return {};
      return r.json().catch(function () { return {}; }).then(function (j) {
        if (!r.ok) throw { error: j.error || "http_" + r.status, message: j.message || "The server answered " + r.status + ".", details: j.details };
        return j;
      });
    });
  };

  A.esc = function (s) {
    return String(s == null ? "" : s).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  };
})();
