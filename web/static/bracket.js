// The playoff bracket page: one column per round (the third-place game
// beside the final), drawn from the live `bracket` view and redrawn on
// every `bracket_changed` update.
(function () {
  "use strict";
  const A = window.Arbiter;
  if (!A || document.body.dataset.page !== "bracket") return;
  const esc = A.esc, t = A.t;

  function line(seed, winner, score) {
    if (!seed) return '<div class="bk-line bk-tbd">' + esc(t("bk-tbd")) + "</div>";
    const won = winner === seed.seed, lost = winner != null && winner !== seed.seed;
    return '<div class="bk-line' + (won ? " bk-won" : "") + (lost ? " bk-lost" : "") + '" data-seed="' + seed.seed + '">' +
      '<span class="bk-seed">' + seed.seed + '</span><span class="bk-name">' + esc(seed.name) + '</span>' +
      (score != null ? '<span class="bk-score">' + esc(A.num(score)) + "</span>" : "") + "</div>";
  }
  function scores(slot) {
    // The score text is "a – b": player 1 (the higher seed) first.
    const parts = slot.score_text ? slot.score_text.split(" – ") : [];
    return parts.length >= 2 ? [parts[0], parts.slice(1).join(" – ")] : [null, null];
  }
  function slotHtml(slot, label) {
    const sc = scores(slot);
    let inner;
    if (slot.kind === "bye") inner = line(slot.high, slot.high && slot.high.seed, null) + '<div class="bk-line bk-tbd">' + esc(t("bk-bye")) + "</div>";
    else if (slot.kind === "open") inner = line(slot.high, null, null) + line(null);
    else inner = line(slot.high, slot.winner, sc[0]) + line(slot.low, slot.winner, sc[1]);
    // A match of several games: its games under the two lines ("2–1 (6–2, 2–6, 8–0)").
    if (slot.score_text && sc[0] == null) inner += '<div class="bk-games">' + esc(slot.score_text) + "</div>";
    const state = slot.state ? '<div class="bk-state">' + (slot.table ? esc(t("bk-table", { table: slot.table })) + " · " : "") + esc(stateText(slot.state)) + "</div>" : "";
    return '<div class="bk-slot bk-' + slot.kind + '"' + (slot.pairing_id ? ' data-pairing="' + slot.pairing_id + '"' : "") +
      (slot.state ? ' data-state="' + slot.state + '"' : "") + ">" + (label ? '<div class="bk-label">' + esc(label) + "</div>" : "") + inner + state + "</div>";
  }
  function stateText(s) {
    return { UNREPORTED: t("bk-playing"), REPORTED: t("bk-reported"), DISPUTED: t("bk-disputed"), CONFIRMED: t("bk-final") }[s] || s;
  }
  function render() {
    const b = A.state && A.state.bracket;
    const box = document.getElementById("bracket");
    const champ = document.getElementById("champion");
    const settings = document.getElementById("bracket-settings");
    if (!b) { box.innerHTML = '<p class="muted">' + esc(t("bk-none")) + "</p>"; champ.hidden = true; settings.textContent = ""; return; }
    settings.textContent = t("bk-top", { n: b.settings.cut }) + (b.settings.reseed ? " · " + t("bk-reseeded") : "") +
      (b.settings.third_place ? " · " + t("bk-third-place-game") : "") + (b.seeded ? "" : " · " + t(b.projected ? "bk-projected" : "bk-seeded-later")) +
      (b.settings.tiebreak ? " · " + t("bk-level-games", { how: b.settings.tiebreak }) : "");
    const last = b.rounds.length - 1;
    box.innerHTML = b.rounds.map(function (r, i) {
      let slots = r.slots.map(function (s) { return slotHtml(s, null); }).join("");
      if (i === last && b.third_place) slots += slotHtml(b.third_place, t("bk-third-place"));
      return '<section class="bk-round" data-round="' + i + '"><h2>' + esc(A.playoffName(r.name)) + (r.number ? ' <span class="muted">· ' + esc(t("bk-round", { n: r.number })) + "</span>" : "") + "</h2>" +
        '<div class="bk-slots">' + slots + "</div></section>";
    }).join("");
    champ.hidden = !b.champion;
    champ.textContent = b.champion ? t("bk-champion", { name: b.champion.name }) : "";
  }
  A.onChange(render);
  render();
  A.connect(document.body.dataset.tournament);
})();
