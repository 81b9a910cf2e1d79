// The TO's dashboard, the front of the desk: the waitlist beyond the event's cap (who waits, in
// order; let one in, move one up or down, take one off) and the entry fee's payments (paid,
// owed, waived; totals for the treasurer; a filter by state). Shared helpers: pages.js.
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    L = A.t;
  if (!A.state || document.body.dataset.page !== "dashboard") return;
  const tid = document.body.dataset.tournament;
  const { $, act, load, grid } = A.pages;
  const judge = document.body.dataset.role === "JUDGE";
  function button(label, action, cls, name) {
    return (
      '<button type="button" class="' +
      (cls || "") +
      '" data-wl="' +
      action +
      '"' +
      (name ? ' aria-label="' + esc(label + ": " + name) + '"' : "") +
      ">" +
      esc(label) +
      "</button>"
    );
  }

  // ---- the waitlist (`/api/tournaments/{id}/waitlist`) ----
  let wl = null;
  function loadWaitlist() {
    return load("/api/tournaments/" + tid + "/waitlist", (j) => {
      wl = j;
      renderWaitlist();
    });
  }
  function renderWaitlist() {
    const box = $("#waitlist");
    if (!box || !wl) return;
    $("#waitlist-count").textContent =
      wl.cap == null
        ? "(" + L("wl-no-cap", { n: wl.entered }) + ")"
        : "(" + L("wl-count", { n: wl.entered, cap: wl.cap, waiting: wl.waitlist.length }) + ")";
    if (!wl.waitlist.length) {
      A.patch(box, '<p class="muted">' + esc(L("wl-empty")) + "</p>");
      return;
    }
    const last = wl.waitlist.length - 1;
    const rows = wl.waitlist
      .map((p, i) => {
        let btns = "";
        if (wl.open && !judge) {
          btns += button(L("wl-promote"), "promote:" + p.id, "primary", p.display_name);
          if (i > 0) btns += button(L("wl-up"), "up:" + p.id, "", p.display_name);
          if (i < last) btns += button(L("wl-down"), "down:" + p.id, "", p.display_name);
          btns += button(L("remove"), "remove:" + p.id, "danger", p.display_name);
        }
        return (
          '<tr data-waiting="' +
          p.id +
          '"><td>' +
          p.waitlist +
          "</td><td>" +
          esc(p.display_name) +
          "</td><td>" +
          esc(p.faction || "") +
          '</td><td class="actions">' +
          btns +
          "</td></tr>"
        );
      })
      .join("");
    A.patch(box, grid({ id: "waitlist-table" }, [L("wl-place"), L("col-player"), L("col-faction"), ""], rows));
  }
  function moved(id, by) {
    const order = wl.waitlist.map((p) => p.id),
      i = order.indexOf(id),
      j = i + by;
    if (i < 0 || j < 0 || j >= order.length) return null;
    order[i] = order[j];
    order[j] = id;
    return order;
  }
  function waitlistAct(b) {
    const [a, id] = b.dataset.wl.split(":");
    b.disabled = true;
    let p;
    if (a === "promote") p = act("POST", "/api/players/" + id + "/promote");
    else if (a === "up" || a === "down")
      p = act("PUT", "/api/tournaments/" + tid + "/waitlist", { order: moved(id, a === "up" ? -1 : 1) });
    else if (a === "remove") p = act("DELETE", "/api/players/" + id);
    else if (a === "pay-paid" || a === "pay-owed" || a === "pay-waived") {
      const state = a.slice(4),
        body = { state: state };
      if (state === "paid") {
        const input = document.querySelector('input[data-amount="' + id + '"]');
        if (input && input.value !== "") body.amount = Math.round(Number(input.value) * 100);
      }
      p = act("PUT", "/api/players/" + id + "/payment", body).then(loadPayments);
    }
    (p || Promise.resolve())
      .then(loadWaitlist)
      .catch(() => {})
      .then(() => {
        b.disabled = false;
      });
  }

  // A live promotion, said on the dashboard (and to screen readers, by live.js).
  function promoted(ev) {
    const box = $("#waitlist-news");
    if (!box || !ev.data || !ev.data.player) return;
    box.textContent = L(ev.data.automatic ? "wl-promoted-auto" : "wl-promoted-hand", {
      name: ev.data.player.display_name
    });
    box.hidden = false;
  }

  // ---- payments (`/api/tournaments/{id}/payments`), the organisers' and judges' desk ----
  let pay = null;
  function money(minor, currency) {
    const v = (minor || 0) / 100;
    try {
      return new Intl.NumberFormat(A.lang, { style: "currency", currency: currency || "EUR" }).format(v);
    } catch {
      return v.toFixed(2) + " " + (currency || "");
    }
  }
  function loadPayments() {
    const filter = $("#pay-filter");
    const q = filter && filter.value ? "?state=" + filter.value : "";
    return load("/api/tournaments/" + tid + "/payments" + q, (j) => {
      pay = j;
      renderPayments();
    });
  }
  function renderPayments() {
    const box = $("#payments");
    if (!box || !pay) return;
    const cur = pay.fee ? pay.fee.currency : "";
    const tot = pay.totals;
    $("#pay-totals").textContent = pay.fee
      ? L("pay-fee", { fee: money(pay.fee.amount, cur) }) +
        " · " +
        ["paid", "owed", "waived"]
          .map((k) => L("pay-total-" + k, { n: tot[k].count, sum: money(tot[k].amount, cur) }))
          .join(" · ")
      : L("pay-no-fee");
    const rows = pay.players
      .map(
        (p) =>
          '<tr data-payment="' +
          p.player_id +
          '" data-state="' +
          p.state +
          '"><td>' +
          p.registration_no +
          "</td><td>" +
          esc(p.display_name) +
          "</td><td>" +
          esc(L("pay-state-" + p.state)) +
          "</td><td>" +
          (p.state === "paid" ? esc(money(p.amount, cur)) : "") +
          "</td><td>" +
          (p.by ? esc(p.by) + " · " + esc(A.dateTime(p.at)) : "") +
          '</td><td class="actions">' +
          (p.state !== "paid"
            ? '<label class="inline">' +
              esc(L("pay-amount")) +
              ' <input type="number" min="0" step="0.01" data-amount="' +
              p.player_id +
              '" value="' +
              (pay.fee ? (pay.fee.amount / 100).toFixed(2) : "") +
              '"></label> ' +
              button(L("pay-mark-paid"), "pay-paid:" + p.player_id, "primary", p.display_name)
            : "") +
          (p.state !== "owed" ? button(L("pay-mark-owed"), "pay-owed:" + p.player_id, "", p.display_name) : "") +
          (p.state !== "waived" ? button(L("pay-mark-waived"), "pay-waived:" + p.player_id, "", p.display_name) : "") +
          "</td></tr>"
      )
      .join("");
    A.patch(
      box,
      grid(
        { id: "payments-table" },
        ["#", L("col-player"), L("pay-state"), L("pay-amount"), L("pay-by"), ""],
        rows || '<tr><td colspan="6" class="muted">' + esc(L("pay-none")) + "</td></tr>"
      )
    );
  }

  document.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-wl]");
    if (b) waitlistAct(b);
  });
  const filter = $("#pay-filter");
  if (filter) filter.addEventListener("change", loadPayments);
  A.onChange((_s, ev) => {
    if (!ev || !ev.kind) return;
    if (ev.kind === "waitlist_promoted") promoted(ev);
    if (/^(player_|waitlist_|roster_imported|settings_changed)/.test(ev.kind)) {
      loadWaitlist();
      loadPayments();
    }
  });
  loadWaitlist();
  loadPayments();
})();
