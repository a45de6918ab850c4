// The practice page's interface. Words come from the page's #practice-strings JSON (the locale's
// catalog); rules come from facts.json through game.js. Text is only ever set with textContent.
import { Game, JOKER } from "./game.js";

const root = document.getElementById("practice");
const words = JSON.parse(document.getElementById("practice-strings").textContent);
const lang = document.documentElement.lang || "en";
const numbers = new Intl.NumberFormat(lang);
const lists = new Intl.ListFormat(lang, { type: "conjunction" });

function say(key, values = {}) {
  return words.text[key].replace(/%\((\w+)\)s/g, (_, name) => {
    const value = values[name];
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

function button(attributes, text, onClick) {
  const node = element("button", { type: "button", ...attributes }, text);
  node.addEventListener("click", onClick);
  return node;
}

function tilePicture(tile) {
  return element("img", { src: `${root.dataset.tiles}${tile}.svg`, alt: "", width: "60", height: "80" });
}

function readSeed() {
  const given = new URLSearchParams(location.search).get("seed");
  if (given !== null && /^\d{1,9}$/.test(given)) return Number(given);
  const seed = Math.floor(Math.random() * 1e9);
  const url = new URL(location.href);
  url.searchParams.set("seed", String(seed));
  history.replaceState(null, "", url);
  return seed;
}

class Practice {
  constructor(facts, seed) {
    this.facts = facts;
    this.seed = seed;
    this.game = null;
    this.alert = element("p", { role: "alert", class: "practice-alert" });
    this.status = element("p", { "aria-live": "polite", class: "practice-status" });
  }

  start(seat) {
    this.game = new Game(this.facts, this.seed, this.facts.seats.indexOf(seat));
    this.seat = seat;
    this.reset();
    this.status.textContent = say("dealt", { seed: this.seed, seat: say(`seat-${seat}`), count: this.game.hand.length });
    this.render();
  }

  reset() {
    this.selected = [];
    this.blindMode = false;
    this.unseen = new Set();
  }

  refuse(code) {
    const now = this.game.current;
    const blind = this.game.blind ?? now;
    this.alert.textContent = say(`refuse-${code}`, { count: now.max, min: code === "courtesy-count" ? now.min : blind.min,
      max: code === "courtesy-count" ? now.max : blind.max });
  }

  sortedHand() {
    const order = this.facts.tiles.map((t) => t.id);
    return this.game.hand.slice().sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }

  toggle(index, tile) {
    if (tile === JOKER) {
      this.refuse("joker");
      return;
    }
    this.alert.textContent = "";
    const at = this.selected.indexOf(index);
    if (at >= 0) this.selected.splice(at, 1);
    else this.selected.push(index);
    this.render();
  }

  play() {
    const hand = this.sortedHand();
    const rack = this.selected.map((i) => hand[i]);
    const problem = this.game.play(rack, this.blindMode ? this.unseen.size : 0);
    if (problem) {
      this.refuse(problem);
      return;
    }
    this.alert.textContent = "";
    this.reset();
    this.report();
    this.render();
    root.querySelector(".practice-step").focus();
  }

  report() {
    const names = this.game.received.map((tile) => words.tiles[tile]);
    const received = names.length ? say("receivedMessage", { tiles: lists.format(names) }) : say("receivedNothing");
    const courtesy = this.game.current.id === "done" && this.game.courtesy;
    this.status.textContent = courtesy ? `${say("courtesyResult", courtesy)} ${received}` : received;
    if (courtesy) this.status.dataset.courtesy = `${courtesy.mine} ${courtesy.theirs} ${courtesy.count}`;
  }

  choose(playOn) {
    this.game.choose(playOn);
    this.alert.textContent = "";
    this.render();
  }

  render() {
    root.replaceChildren(this.game ? this.gameView() : this.seatView(), this.status, this.alert);
  }

  seatView() {
    const view = element("div", { class: "practice-seats", "data-pass": "seat" });
    view.append(element("p", {}, say("chooseSeat")));
    for (const seat of this.facts.seats) {
      view.append(button({ "data-seat": seat }, say(`seat-${seat}`), () => this.start(seat)));
    }
    return view;
  }

  gameView() {
    const view = element("div", { class: "practice-game" });
    view.append(this.stepView(), this.rackView());
    const now = this.game.current;
    if (this.blindMode) view.append(this.incomingView());
    if (this.game.received.length) view.append(this.receivedView());
    if (now.id === "done") view.append(this.resultsView());
    else view.append(this.controls(now));
    return view;
  }

  stepView() {
    const now = this.game.current;
    const blind = this.game.blind;
    let id = now.id;
    let text;
    if (now.id === "choice") {
      id = this.game.steps[this.game.step].id;
      text = say("stepChoice");
    } else if (now.id === "done") {
      text = say("done", { count: this.game.hand.length });
    } else if (now.kind === "courtesy") {
      text = say("stepCourtesy", { min: now.min, max: now.max });
    } else if (this.blindMode) {
      id = blind.id;
      text = say("stepBlind", { min: blind.min, max: blind.max, count: now.max });
    } else {
      text = say("stepPass", { round: words.rounds[now.round], count: now.max, direction: words.directions[now.direction] });
    }
    return element("p", { class: "practice-step", "data-pass": id, tabindex: "-1" }, text);
  }

  rackView() {
    const rack = element("div", { class: "practice-rack", role: "group", "aria-label": say("rack") });
    const playing = ["pass", "courtesy"].includes(this.game.current.kind);
    this.sortedHand().forEach((tile, index) => {
      const pressed = this.selected.includes(index);
      const node = button({ "data-tile": tile, "aria-pressed": String(pressed), class: "practice-tile" }, "",
        () => this.toggle(index, tile));
      node.append(tilePicture(tile), element("span", {}, words.tiles[tile]));
      if (!playing) node.disabled = true;
      rack.append(node);
    });
    return rack;
  }

  incomingView() {
    const row = element("div", { class: "practice-rack", role: "group", "aria-label": say("incomingLabel") });
    row.append(element("p", {}, say("incomingLabel")));
    this.game.incoming.forEach((_, index) => {
      const pressed = this.unseen.has(index);
      const node = button({ "data-incoming": String(index), "aria-pressed": String(pressed), class: "practice-tile tile-back" },
        say("unseen", { number: index + 1 }), () => {
          if (pressed) this.unseen.delete(index);
          else this.unseen.add(index);
          this.alert.textContent = "";
          this.render();
        });
      row.append(node);
    });
    return row;
  }

  receivedView() {
    const row = element("div", { class: "practice-received" });
    row.append(element("p", {}, say("receivedLabel")));
    for (const tile of this.game.received) {
      const picture = tilePicture(tile);
      picture.alt = words.tiles[tile];
      row.append(picture);
    }
    return row;
  }

  controls(now) {
    const bar = element("div", { class: "practice-controls" });
    if (now.id === "choice") {
      bar.append(button({ "data-action": "stop" }, say("stop"), () => this.choose(false)),
        button({ "data-action": "continue" }, say("continue"), () => this.choose(true)));
      return bar;
    }
    bar.append(button({ "data-action": "pass", class: "md-button md-button--primary" }, say("pass"), () => this.play()));
    if (this.game.blind) {
      bar.append(button({ "data-action": "blind", "aria-pressed": String(this.blindMode), class: "md-button" },
        say(this.blindMode ? "unblind" : "blind"), () => {
          this.blindMode = !this.blindMode;
          this.unseen.clear();
          this.alert.textContent = "";
          this.render();
        }));
    }
    return bar;
  }

  resultsView() {
    const box = element("div", { class: "practice-results" });
    box.append(element("h2", {}, say("linesHeading")));
    const list = element("ul");
    for (const result of this.game.closeness()) {
      list.append(element("li", { "data-line": result.id },
        say("lineResult", { line: words.lines[result.id], have: result.have, need: result.need })));
    }
    const again = new URL(location.href);
    again.searchParams.set("seed", String(this.seed + 1));
    box.append(list, element("a", { href: again.pathname + again.search, "data-action": "again" }, say("again")));
    return box;
  }
}

async function main() {
  const response = await fetch(root.dataset.facts);
  const facts = await response.json();
  const practice = new Practice(facts, readSeed());
  const seat = new URLSearchParams(location.search).get("seat");
  if (facts.seats.includes(seat)) practice.start(seat);
  else practice.render();
}

main();
