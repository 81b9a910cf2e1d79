// The playoff bracket page: one column per round (the third-place game
// under the final), lines joining each pair of games to the next, drawn
// from the live `bracket` view and redrawn on every `bracket_changed`
// update; on a wide screen, in the venue board's type (see `fit`).
(() => {
  "use strict";
  const A = window.Arbiter;
  if (!A || document.body.dataset.page !== "bracket") return;
  const esc = A.esc,
    t = A.t;

  function line(seed, winner, score) {
    if (!seed) return '<div class="bk-line bk-tbd">' + esc(t("bk-tbd")) + "</div>";
    const won = winner === seed.seed,
      lost = winner != null && winner !== seed.seed;
    return (
      '<div class="bk-line' +
      (won ? " bk-won" : "") +
      (lost ? " bk-lost" : "") +
      '" data-seed="' +
      seed.seed +
      '">' +
      '<span class="bk-seed">' +
      seed.seed +
      '</span><span class="bk-name" title="' +
      esc(seed.name) +
      '">' +
      esc(seed.name) +
      "</span>" +
      (score != null ? '<span class="bk-score">' + esc(A.num(score)) + "</span>" : "") +
      "</div>"
    );
  }
  function scores(slot) {
    // The score text is "a – b": player 1 (the higher seed) first.
    const parts = slot.score_text ? slot.score_text.split(" – ") : [];
    return parts.length >= 2 ? [parts[0], parts.slice(1).join(" – ")] : [null, null];
  }
  function slotHtml(slot, label) {
    const sc = scores(slot);
    let inner;
    if (slot.kind === "bye")
      inner =
        line(slot.high, slot.high && slot.high.seed, null) +
        '<div class="bk-line bk-tbd">' +
        esc(t("bk-bye")) +
        "</div>";
    else if (slot.kind === "open") inner = line(slot.high, null, null) + line(null);
    else inner = line(slot.high, slot.winner, sc[0]) + line(slot.low, slot.winner, sc[1]);
    // A match of several games: its games under the two lines ("2–1 (6–2, 2–6, 8–0)").
    if (slot.score_text && sc[0] == null) inner += '<div class="bk-games">' + esc(slot.score_text) + "</div>";
    const state = slot.state
      ? '<div class="bk-state">' +
        (slot.table ? esc(t("bk-table", { table: slot.table })) + " · " : "") +
        esc(stateText(slot.state)) +
        "</div>"
      : "";
    return (
      '<div class="bk-slot bk-' +
      slot.kind +
      '"' +
      (slot.pairing_id ? ' data-pairing="' + slot.pairing_id + '"' : "") +
      (slot.state ? ' data-state="' + slot.state + '"' : "") +
      ">" +
      (label ? '<div class="bk-label">' + esc(label) + "</div>" : "") +
      inner +
      state +
      "</div>"
    );
  }
  function stateText(s) {
    return (
      { UNREPORTED: t("bk-playing"), REPORTED: t("bk-reported"), DISPUTED: t("bk-disputed"), CONFIRMED: t("bk-final") }[
        s
      ] || s
    );
  }
  function render() {
    const b = A.state && A.state.bracket;
    const box = document.getElementById("bracket");
    const champ = document.getElementById("champion");
    const settings = document.getElementById("bracket-settings");
    if (!b) {
      box.innerHTML = '<p class="muted">' + esc(t("bk-none")) + "</p>";
      champ.hidden = true;
      settings.textContent = "";
      return;
    }
    settings.textContent =
      t("bk-top", { n: b.settings.cut }) +
      (b.settings.reseed ? " · " + t("bk-reseeded") : "") +
      (b.settings.third_place ? " · " + t("bk-third-place-game") : "") +
      (b.seeded ? "" : " · " + t(b.projected ? "bk-projected" : "bk-seeded-later")) +
      (b.settings.tiebreak ? " · " + t("bk-level-games", { how: b.settings.tiebreak }) : "");
    const last = b.rounds.length - 1;
    // Each slot in a cell of equal height: a cell of the next round sits
    // level with the middle of the two it joins, and the lines between them
    // (a stub out, a bar from a pair's first cell to its second, a stub in)
    // are drawn on a wide screen.
    box.innerHTML = b.rounds
      .map((r, i) => {
        let cells = r.slots
          .map(
            (s, k) =>
              '<div class="bk-cell">' +
              (i > 0 ? '<span class="bk-in" aria-hidden="true"></span>' : "") +
              slotHtml(s, null) +
              (i < last
                ? '<span class="bk-out" aria-hidden="true"></span>' +
                  (k % 2 === 0 ? '<span class="bk-bar" aria-hidden="true"></span>' : "")
                : "") +
              "</div>"
          )
          .join("");
        if (i === last && b.third_place)
          cells += '<div class="bk-extra">' + slotHtml(b.third_place, t("bk-third-place")) + "</div>";
        return (
          '<section class="bk-round" data-round="' +
          i +
          '"><h2>' +
          esc(A.playoffName({ of: r.of })) +
          (r.number ? ' <span class="muted bk-number">· ' + esc(t("bk-round", { n: r.number })) + "</span>" : "") +
          "</h2>" +
          '<div class="bk-slots">' +
          cells +
          "</div></section>"
        );
      })
      .join("");
    champ.hidden = !b.champion;
    champ.textContent = b.champion ? t("bk-champion", { name: b.champion.name }) : "";
    fit();
  }
  // On a wide screen the bracket is a venue screen (the board's `screen`
  // page: no scrolling) and fills it: the rest of the window's height, names
  // starting at the board's row size (min(3.4vh, 2.1vw)) and shrinking only
  // until every game and every name fits, never below the board's smallest
  // type (.62 of that, its faction line); past that, names wrap.
  const wide = window.matchMedia("(min-width: 64rem)");
  function fit() {
    const box = document.getElementById("bracket"),
      champ = document.getElementById("champion");
    const on = wide.matches && !!box.querySelector(".bk-round");
    box.classList.remove("bk-wrap");
    document.body.classList.toggle("screen", on);
    if (!on) {
      ["--bk-font", "--bk-min", "height"].forEach((p) => {
        box.style.removeProperty(p);
      });
      return;
    }
    const board = Math.min(window.innerHeight * 0.034, window.innerWidth * 0.021),
      floor = board * 0.62;
    box.style.setProperty("--bk-min", floor.toFixed(2) + "px");
    box.style.height =
      Math.max(
        160,
        window.innerHeight - box.getBoundingClientRect().top - (champ.hidden ? 0 : champ.offsetHeight + 12) - 10
      ) + "px";
    const names = box.querySelectorAll(".bk-name"),
      cells = box.querySelectorAll(".bk-cell"),
      d = document.documentElement;
    const extra = box.querySelector(".bk-extra"),
      final = extra && extra.parentElement.querySelector(".bk-cell .bk-slot");
    const over = () => {
      if (d.scrollWidth > window.innerWidth + 1) return true;
      for (let i = 0; i < names.length; i++) if (names[i].scrollWidth > names[i].clientWidth + 1) return true;
      // A game taller than its cell (the lines drawn out of the cells are left out).
      for (let i = 0; i < cells.length; i++) {
        const c = cells[i],
          cs = getComputedStyle(c),
          room = c.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
        if (c.querySelector(".bk-slot").offsetHeight > room + 1) return true;
      }
      return !!(final && final.getBoundingClientRect().bottom > extra.getBoundingClientRect().top - 4);
    };
    let size = board;
    box.style.setProperty("--bk-font", size.toFixed(2) + "px");
    while (over() && size > floor) {
      size = Math.max(floor, size * 0.95);
      box.style.setProperty("--bk-font", size.toFixed(2) + "px");
    }
    if (over()) box.classList.add("bk-wrap");
  }
  window.addEventListener("resize", fit);
  A.onChange(render);
  render();
  A.connect(document.body.dataset.tournament);
})();
