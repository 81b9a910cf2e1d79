// The venue screens of an event with sections (`/e/{id}/board`,
// `/e/{id}/standings`): one live socket per section shown, each on the
// section's own view (the board or its standings, as `/t/{id}/board` and
// `/t/{id}/standings` follow it); when any section changes, the screen is
// read again from the server and its body swapped in place, so the page
// renders as the server does and keeps no state of its own.
(() => {
  "use strict";
  const body = document.body;
  const follow = (body.dataset.follow || "").split(",").filter(Boolean);
  const view = body.dataset.view || "board";
  const params = body.dataset.params || "";
  const strings = (() => {
    const s = document.getElementById("i18n");
    try {
      return s ? JSON.parse(s.textContent) : {};
    } catch {
      return {};
    }
  })();
  const open = new Set();

  function status() {
    const dot = document.getElementById("live-status");
    if (!dot) return;
    const on = open.size === follow.length;
    dot.className = "live-dot " + (on ? "on" : "off");
    dot.title = strings[on ? "live-on" : "live-reconnecting"] || "";
  }

  // Reads the screen again, at most once at a time: changes that arrive
  // while it is read ask for one more read after it.
  let reading = false;
  let again = false;
  async function reread() {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const res = await fetch(location.href, { headers: { Accept: "text/html" }, credentials: "same-origin" });
      if (res.ok) {
        const doc = new DOMParser().parseFromString(await res.text(), "text/html");
        const fresh = doc.getElementById("event-live");
        const here = document.getElementById("event-live");
        if (fresh && here) here.replaceWith(fresh);
        body.dataset.follow = doc.body.dataset.follow || body.dataset.follow;
      }
    } catch (e) {
      console.warn("event screen:", e);
    }
    reading = false;
    if (again) {
      again = false;
      reread();
    }
  }

  let timer = null;
  function changed() {
    clearTimeout(timer);
    timer = setTimeout(reread, 250);
  }

  function connect(id, since, backoff) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = "?view=" + view + (params ? "&" + params : "");
    const ws = new WebSocket(proto + "//" + location.host + "/ws/tournaments/" + id + q);
    let seq = since;
    ws.onopen = () => {
      open.add(id);
      status();
      backoff = 500;
    };
    ws.onmessage = (m) => {
      let msg;
      try {
        msg = JSON.parse(m.data);
      } catch {
        return;
      }
      if (msg.type !== "snapshot" && msg.type !== "event" && msg.type !== "update") return;
      if (typeof msg.seq === "number" && msg.seq > seq) {
        seq = msg.seq;
        changed();
      }
    };
    ws.onclose = () => {
      open.delete(id);
      status();
      setTimeout(() => connect(id, seq, Math.min(backoff * 2, 10000)), backoff * (0.5 + Math.random()));
    };
  }

  for (const f of follow) {
    const [id, seq] = f.split(":");
    connect(id, Number(seq) || 0, 500);
  }
  status();
})();
