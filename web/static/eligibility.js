// The TO's dashboard, settings panel: who may enter the section (a rating band on a named
// rating, an age range on a cut-off date, invitation only) and the invitation list (e-mail
// addresses, one a line). Saved with the settings (`eligibility`) and `/invitations`; a live
// update never touches a field being filled in (A.patch). Shared helpers: pages.js.
(() => {
  "use strict";
  const A = window.Arbiter,
    esc = A.esc,
    L = A.t;
  if (!A.state || document.body.dataset.page !== "dashboard") return;
  const tid = document.body.dataset.tournament;
  const { $, submitForm } = A.pages;
  if (document.body.dataset.role === "JUDGE") return;
  let invited = [];

  function num(name, label, value, max) {
    return (
      '<label class="inline">' +
      esc(label) +
      ' <input name="' +
      name +
      '" type="number" min="0" max="' +
      max +
      '" inputmode="numeric" value="' +
      (value == null ? "" : esc(String(value))) +
      '"></label>'
    );
  }
  function render() {
    const box = $("#eligibility"),
      t = A.state.tournament;
    if (!box || t.teams) return;
    const e = t.eligibility || {},
      r = e.rating || {},
      a = e.age || {};
    const source = r.source || "fide";
    A.patch(
      box,
      '<form id="eligibility-form" class="stack narrow"><h3>' +
        esc(L("elig-title")) +
        "</h3><fieldset><legend>" +
        esc(L("elig-rating")) +
        '</legend><label class="inline">' +
        esc(L("elig-source")) +
        ' <select name="source">' +
        ["fide", "national", "arbiter"]
          .map(
            (s) =>
              '<option value="' +
              s +
              '"' +
              (s === source ? " selected" : "") +
              ">" +
              esc(L("elig-source-" + s)) +
              "</option>"
          )
          .join("") +
        "</select></label> " +
        num("rating_min", L("elig-min"), r.min, 3500) +
        " " +
        num("rating_max", L("elig-max"), r.max, 3500) +
        ' <label class="inline"><input type="checkbox" name="unrated"' +
        (r.unrated ? " checked" : "") +
        "> " +
        esc(L("elig-unrated")) +
        "</label></fieldset><fieldset><legend>" +
        esc(L("elig-age")) +
        '</legend><label class="inline">' +
        esc(L("elig-cutoff")) +
        ' <input name="cutoff" type="date" value="' +
        esc(a.cutoff || "") +
        '"></label> ' +
        num("age_min", L("elig-age-min"), a.min, 120) +
        " " +
        num("age_max", L("elig-age-max"), a.max, 120) +
        '</fieldset><label class="inline"><input type="checkbox" name="invitation_only"' +
        (e.invitation_only ? " checked" : "") +
        "> " +
        esc(L("elig-invitation-only")) +
        "</label><label>" +
        esc(L("elig-invited")) +
        ' <textarea name="invited" rows="4" autocomplete="off" spellcheck="false">' +
        esc(invited.join("\n")) +
        '</textarea></label><button type="submit">' +
        esc(L("elig-save")) +
        '</button><span class="field-error" data-error hidden></span></form>'
    );
  }
  function load() {
    return A.api("GET", "/api/tournaments/" + tid + "/invitations").then(
      (j) => {
        invited = j.invited;
        render();
      },
      () => {}
    );
  }
  const n = (f) => (f.value === "" ? null : Number(f.value));
  function save(f) {
    const rating =
      n(f.rating_min) == null && n(f.rating_max) == null
        ? null
        : { source: f.source.value, min: n(f.rating_min), max: n(f.rating_max), unrated: f.unrated.checked };
    const age =
      n(f.age_min) == null && n(f.age_max) == null
        ? null
        : { cutoff: f.cutoff.value, min: n(f.age_min), max: n(f.age_max) };
    const rules =
      rating || age || f.invitation_only.checked ? { rating, age, invitation_only: f.invitation_only.checked } : null;
    const list = f.invited.value
      .split(/[\s,;]+/)
      .map((x) => x.trim())
      .filter(Boolean);
    return submitForm(f, "PUT", "/api/tournaments/" + tid + "/invitations", { invited: list })
      .then((j) => {
        invited = j.invited;
        return submitForm(f, "PATCH", "/api/tournaments/" + tid + "/settings", { eligibility: rules });
      })
      .then((j) => {
        A.state.tournament = j.tournament;
        const now = $("#eligibility-form");
        if (now) now.reset();
        render();
      });
  }

  document.addEventListener("submit", (e) => {
    if (e.target.id !== "eligibility-form") return;
    e.preventDefault();
    save(e.target).catch(() => {});
  });
  A.onChange((_s, ev) => {
    if (ev && ev.kind === "settings_changed") render();
  });
  load();
})();
