// Offer the pairing systems of the chosen game; a round robin needs no round count.
(() => {
  var game = document.getElementById("new-game"),
    pairing = document.getElementById("new-pairing");
  var rounds = document.querySelector("[name=total_rounds]"),
    hint = document.getElementById("rounds-hint"),
    format = document.querySelector("[name=format]");
  // The suggested formats are the games' own terms (each game option's data-format).
  var formats = Array.prototype.map.call(game.options, (o) => o.dataset.format);
  function sync() {
    var first = null;
    Array.prototype.forEach.call(pairing.options, (o) => {
      var ok = o.dataset.games.split(" ").indexOf(game.value) >= 0;
      o.hidden = !ok;
      o.disabled = !ok;
      if (ok && !first) first = o;
    });
    if (pairing.selectedOptions[0].disabled) pairing.value = first.value;
    var rr = pairing.value.indexOf("round_robin") >= 0;
    hint.hidden = !rr;
    rounds.required = !rr;
    if (rr) rounds.value = "";
    if (formats.indexOf(format.value) >= 0) format.value = game.selectedOptions[0].dataset.format;
    // How round 1 is paired: chosen in the game's `roundOneChoice` pairing
    // system (games.js; a game that plays like another uses its entry,
    // the option's data-pages); a seed only for a random draw.
    var r1 = document.getElementById("new-round-one"),
      how = document.getElementById("new-round-one-pairing"),
      seed = document.getElementById("new-round-one-seed");
    var parts = window.Arbiter.games.systems[game.selectedOptions[0].dataset.pages];
    var choose = parts.roundOneChoice === pairing.value;
    r1.hidden = !choose;
    r1.disabled = !choose;
    seed.hidden = how.value !== "random";
    seed.querySelector("input").disabled = how.value !== "random";
  }
  game.addEventListener("change", sync);
  pairing.addEventListener("change", sync);
  document.getElementById("new-round-one-pairing").addEventListener("change", sync);
  sync();
})();
