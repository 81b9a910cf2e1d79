// Arbiter pages: what the page scripts share (errors, forms, actions, the standings table, the
// live start), the event page's registration, the prize list, and the board. Each page's own
// rendering is in its script: standings.js, dashboard.js, player.js.
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    G = A.games,
    L = A.t;
  const page = document.body.dataset.page,
    tid = document.body.dataset.tournament;
  const $ = (sel) => document.querySelector(sel);
  const STATUS = {
    DRAFT: L("status-draft"),
    REGISTRATION: L("status-registration"),
    CHECK_IN: L("status-check-in"),
    IN_PROGRESS: L("status-in-progress"),
    COMPLETE: L("status-complete")
  };
  const NEXT = {
    DRAFT: L("next-draft"),
    REGISTRATION: L("next-registration"),
    CHECK_IN: L("next-check-in"),
    IN_PROGRESS: L("next-in-progress")
  };

  function field(name, text) {
    document.querySelectorAll('[data-field="' + name + '"]').forEach((e) => {
      e.textContent = text;
    });
  }
  function showError(e) {
    const box = $("#action-error");
    const msg = e && e.message ? e.message : String(e);
    // The message stays until the person dismisses it or the next action succeeds.
    if (box) {
      box.innerHTML =
        esc(msg) +
        ' <button type="button" class="link dismiss" aria-label="' +
        esc(L("dismiss-message")) +
        '">✕</button>';
      box.hidden = false;
      box.querySelector(".dismiss").onclick = () => {
        box.hidden = true;
      };
    } else alert(msg);
  }
  // A form's error is shown in the form, in the words of the form, until it
  // is fixed (the next submit succeeds) or dismissed; kept across live re-renders.
  const formErrors = {};
  function formKey(f) {
    return (f.id || "form") + "|" + (f.dataset.pairing || "");
  }
  function showFormErrors() {
    document.querySelectorAll("form").forEach((f) => {
      const k = formKey(f),
        msg = formErrors[k];
      let p = f.querySelector(".field-error");
      if (!msg) {
        if (p) p.remove();
        return;
      }
      if (!p) {
        p = document.createElement("p");
        p.className = "error field-error";
        p.setAttribute("role", "alert");
        f.appendChild(p);
      }
      p.innerHTML =
        esc(msg) +
        ' <button type="button" class="link dismiss" aria-label="' +
        esc(L("dismiss-message")) +
        '">✕</button>';
      p.querySelector(".dismiss").onclick = () => {
        delete formErrors[k];
        p.remove();
      };
    });
  }
  function submitForm(f, method, path, body) {
    const k = formKey(f);
    return A.api(method, path, body).then(
      (j) => {
        delete formErrors[k];
        showFormErrors();
        return j;
      },
      (e) => {
        formErrors[k] = e && e.message ? e.message : String(e);
        showFormErrors();
        throw e;
      }
    );
  }
  function act(method, path, body) {
    return A.api(method, path, body).then(
      (j) => {
        const box = $("#action-error");
        if (box) box.hidden = true;
        return j;
      },
      (e) => {
        showError(e);
        throw e;
      }
    );
  }
  function seat(s) {
    return esc(s.name) + ' <span class="faction">(' + esc(s.faction) + ")</span>";
  }
  function vp(v) {
    return v == null ? "" : String(v);
  }
  function mission(r) {
    return r && r.mission ? L("mission", { mission: r.mission }) : "";
  }

  function renderStandingsInto(s, head, body, notices, to) {
    const t = G.standingsTable(s, to);
    $(head).innerHTML = t.head;
    $(body).innerHTML = t.body;
    if (notices && $(notices)) $(notices).innerHTML = to ? G.noticesHtml(s) : "";
  }

  // A panel's data: GET `path`, then `render` it (a failed read leaves the panel as it is).
  const load = (path, render) => A.api("GET", path).then(render, () => {});
  // A panel's scrolling table: `o.id` and `o.cls` (besides "grid") its attributes, `heads` the
  // column headings as text ("" for an unlabelled column, the row actions), `rows` the rows' HTML.
  function grid(o, heads, rows) {
    return (
      '<div class="scroll" tabindex="0"><table class="grid' +
      (o.cls ? " " + o.cls : "") +
      '"' +
      (o.id ? ' id="' + o.id + '"' : "") +
      "><thead><tr>" +
      heads.map((h) => (h === "" ? "<td></td>" : "<th>" + esc(h) + "</th>")).join("") +
      "</tr></thead><tbody>" +
      rows +
      "</tbody></table></div>"
    );
  }

  // Renders the page from the live state now and on every change, then connects.
  function start(render) {
    A.onChange((s) => {
      render(s);
      showFormErrors();
    });
    render(A.state);
    A.connect(tid);
  }
  // What the page scripts use.
  A.pages = {
    $,
    STATUS,
    NEXT,
    field,
    showError,
    showFormErrors,
    submitForm,
    act,
    seat,
    vp,
    mission,
    renderStandingsInto,
    load,
    grid,
    start
  };

  // ---- event page: registration ----
  const reg = document.getElementById("register-form");
  if (reg)
    reg.addEventListener("submit", (e) => {
      e.preventDefault();
      const body = { display_name: reg.display_name.value, faction: reg.faction.value };
      if (reg.list_text && reg.list_text.value.trim()) body.list_text = reg.list_text.value;
      A.api("POST", "/api/tournaments/" + reg.dataset.tournament + "/register", body)
        .then(() => {
          location.href = "/t/" + reg.dataset.tournament + "/me";
        })
        .catch((err) => {
          const p = reg.querySelector("[data-error]");
          p.textContent = err.message;
          p.hidden = false;
        });
    });

  // Published prizes: the prize list and the player's page show them as they are published.
  if (page === "prizes" || page === "player") {
    A.onChange((_s, ev) => {
      if (ev && ev.kind === "prizes_published") location.reload();
    });
  }
  if (page === "prizes") {
    A.connect(tid);
    return;
  }

  if (page === "board" && A.board && A.state) {
    A.board.start();
    start(A.board.render);
  }

  // ---- a team's page: live ----
  // The page follows the venue board's view (the current round's matches and
  // games). When a change touches this team (its match, one of its games, a
  // round, the team or one of its players), the page's roster and rounds are
  // read again from the server and patched in place (what the server renders
  // stays the one truth; A.patch keeps what a person has open or selected).
  if (page === "team" && A.state) {
    const team = document.body.dataset.team;
    const ours = (s) =>
      ((s && s.round && s.round.pairings) || [])
        .filter((p) => (p.player1 && p.player1.id === team) || (p.player2 && p.player2.id === team))
        .map((p) => p.id);
    const members = () =>
      Array.prototype.map.call(document.querySelectorAll("#team-roster [data-player]"), (e) => e.dataset.player);
    function touches(s, msg) {
      if (!msg || msg.type === "snapshot") return true;
      const d = msg.data || {},
        mine = ours(s);
      if (msg.kind === "standings" || msg.kind === "clock_changed") return false;
      if (d.round) return true;
      if (d.match_id && mine.indexOf(d.match_id) >= 0) return true;
      const p = d.pairing;
      if (p && (mine.indexOf(p.id) >= 0 || (p.match_id && mine.indexOf(p.match_id) >= 0))) return true;
      if (p && ((p.player1 && p.player1.id === team) || (p.player2 && p.player2.id === team))) return true;
      return !!d.player && (d.player.id === team || members().indexOf(d.player.id) >= 0);
    }
    let timer = null,
      busy = false,
      again = false;
    function reread() {
      timer = null;
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      fetch(location.pathname + location.search, { credentials: "same-origin" })
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
        .then((html) => {
          const doc = new DOMParser().parseFromString(html, "text/html");
          ["#team-roster", "#team-rounds"].forEach((sel) => {
            const fresh = doc.querySelector(sel);
            if (fresh && $(sel) && $(sel).innerHTML !== fresh.innerHTML) A.patch($(sel), fresh.innerHTML);
          });
        })
        .catch((e) => console.warn("team page:", e))
        .then(() => {
          busy = false;
          if (again) {
            again = false;
            reread();
          }
        });
    }
    // The page was rendered at the snapshot it embeds: a socket's snapshot
    // (on connecting, or after a lost connection) re-reads it only if the
    // event has moved on since.
    let seen = A.seq;
    A.onChange((s, msg) => {
      if (msg && msg.type === "snapshot") {
        const moved = msg.seq !== seen;
        seen = msg.seq;
        if (!moved) return;
      } else if (msg) seen = msg.seq;
      if (!touches(s, msg)) return;
      // A burst of changes (a match's boards confirmed together) is read once.
      clearTimeout(timer);
      timer = setTimeout(reread, 150);
    });
    A.connect(tid);
  }
})();
