// The practice game's logic, run with Node's built-in runner: `node --test tests/js/`.
// facts.json comes from the generator (PRACTICE_FACTS names the file; tests/test_practice_js.py sets it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Game, JOKER, buildWall } from "../../content/assets/practice/game.js";

const facts = JSON.parse(readFileSync(process.env.PRACTICE_FACTS, "utf8"));
const SEEDS = Array.from({ length: 60 }, (_, i) => i * 7919 + 1);

const tally = (tiles) => tiles.reduce((m, t) => m.set(t, (m.get(t) ?? 0) + 1), new Map());
const sorted = (tiles) => tiles.slice().sort();
const jokersPerSeat = (game) => game.hands.map((h) => h.filter((t) => t === JOKER).length);

/** Legal tiles for the reader: the first `count` non-jokers of the hand. */
function legal(game, count) {
  return game.hand.filter((t) => t !== JOKER).slice(0, count);
}

test("the same seed deals the same hands, another seed others", () => {
  for (const seed of SEEDS) {
    assert.deepEqual(new Game(facts, seed, 1).hands, new Game(facts, seed, 1).hands);
  }
  assert.notDeepEqual(new Game(facts, 1, 0).hands, new Game(facts, 2, 0).hands);
});

test("East holds the dealt East count, the others theirs, and the reader always a joker", () => {
  for (const seed of SEEDS) {
    for (let seat = 0; seat < facts.seats.length; seat += 1) {
      const game = new Game(facts, seed, seat);
      assert.deepEqual(game.hands.map((h) => h.length),
        facts.seats.map((_, i) => (i === 0 ? facts.deal.east : facts.deal.others)));
      assert.ok(game.hand.includes(JOKER), `seed ${seed} seat ${seat}`);
      const dealt = game.hands.flat();
      const wall = tally(buildWall(facts));
      for (const [tile, count] of tally(dealt)) assert.ok(count <= wall.get(tile), tile);
    }
  }
});

test("the passes come in the facts' order, with the choice after the compulsory round", () => {
  const game = new Game(facts, 5, 2);
  const seen = [];
  while (game.current.id !== "done") {
    if (game.current.id === "choice") {
      seen.push("choice");
      game.choose(true);
      continue;
    }
    seen.push(game.current.id);
    const now = game.current;
    assert.equal(game.play(legal(game, now.kind === "courtesy" ? now.max : now.max)), null);
  }
  const expected = facts.passes.filter((p) => p.kind !== "blind").map((p) => p.id);
  const firstOptional = expected.findIndex((id) => !facts.rounds.find((r) => id.startsWith(`${r.id}-`))?.compulsory
    && id !== "courtesy");
  expected.splice(firstOptional, 0, "choice");
  assert.deepEqual(seen, expected);
});

test("every pass moves exactly the chosen tiles; counts are conserved and jokers never move", () => {
  for (const seed of SEEDS) {
    const game = new Game(facts, seed, seed % facts.seats.length);
    const all = sorted(game.hands.flat());
    const sizes = game.hands.map((h) => h.length);
    const jokers = jokersPerSeat(game);
    while (game.current.id !== "done") {
      if (game.current.id === "choice") {
        game.choose(seed % 2 === 0);
        continue;
      }
      const now = game.current;
      const blind = game.blind && seed % 3 === 0 ? game.blind.min + (seed % (game.blind.max - game.blind.min + 1)) : 0;
      const count = now.kind === "courtesy" ? seed % (now.max + 1) : now.max - blind;
      const rack = legal(game, count);
      const before = game.hands.map((h) => h.slice());
      const incoming = game.incoming.slice();
      const target = game.target(game.reader, now.direction);
      assert.equal(game.play(rack, blind), null);
      if (now.kind === "pass") {
        const mine = before[game.reader].slice();
        for (const t of rack) mine.splice(mine.indexOf(t), 1);
        assert.deepEqual(sorted(game.hand), sorted(mine.concat(incoming.slice(blind))));
        const last = game.log.at(-1);
        assert.deepEqual(sorted(last.out[game.reader]), sorted(incoming.slice(0, blind).concat(rack)));
        assert.ok(game.hands[target].length === before[target].length);
      }
      assert.deepEqual(sorted(game.hands.flat()), all);
      assert.deepEqual(game.hands.map((h) => h.length), sizes);
      assert.deepEqual(jokersPerSeat(game), jokers);
      assert.ok(game.log.every((entry) => !entry.out || entry.out.flat().every((t) => t !== JOKER)));
    }
  }
});

test("a joker is refused on every kind of pass, and the pass does not happen", () => {
  const game = new Game(facts, 11, 0);
  const kinds = new Set();
  while (game.current.id !== "done") {
    if (game.current.id === "choice") {
      game.choose(true);
      continue;
    }
    const now = game.current;
    const before = game.hands.map((h) => h.slice());
    const withJoker = [JOKER].concat(legal(game, now.max - 1));
    assert.equal(game.play(withJoker), "joker");
    if (game.blind) {
      assert.equal(game.play([JOKER], game.blind.max - 1 > 0 ? now.max - 1 : 0), "joker");
      kinds.add("blind");
    }
    kinds.add(now.kind);
    assert.deepEqual(game.hands, before);
    assert.equal(game.current.id, now.id);
    assert.equal(game.play(legal(game, now.max)), null);
  }
  assert.deepEqual([...kinds].sort(), ["blind", "courtesy", "pass"]);
});

test("wrong counts are refused with their own codes", () => {
  const game = new Game(facts, 3, 1);
  const now = game.current;
  assert.equal(game.play(legal(game, now.max - 1)), "count");
  assert.equal(game.play(legal(game, now.max), 1), "blind-count");
  while (!game.blind) game.play(legal(game, game.current.max));
  const blind = game.blind;
  assert.equal(game.play(legal(game, 0), blind.max + 1), "blind-count");
  assert.equal(game.play(legal(game, game.current.max - blind.min + 1), blind.min), "blind-count");
  assert.equal(game.play(legal(game, game.current.max - blind.max), blind.max), null);
  game.choose(false);
  assert.equal(game.current.kind, "courtesy");
  assert.equal(game.play(legal(game, game.current.max + 1)), "courtesy-count");
});

test("stopping after the first round skips every pass of the second", () => {
  const game = new Game(facts, 21, 3);
  while (game.current.id !== "choice") game.play(legal(game, game.current.max));
  game.choose(false);
  assert.equal(game.current.id, facts.passes.find((p) => p.kind === "courtesy").id);
});

test("the courtesy pass exchanges the smaller count; the rest come back", () => {
  let unequal = 0;
  for (const seed of SEEDS) {
    const game = new Game(facts, seed, 0);
    while (game.current.kind !== "courtesy") {
      if (game.current.id === "choice") game.choose(false);
      else game.play(legal(game, game.current.max));
    }
    const across = game.target(game.reader, game.current.direction);
    const theirs = game.outgoing[across].slice();
    const offer = legal(game, seed % (game.current.max + 1));
    const before = game.hand.slice();
    game.play(offer);
    const count = Math.min(offer.length, theirs.length);
    assert.deepEqual(game.courtesy, { mine: offer.length, theirs: theirs.length, count });
    const expected = before.slice();
    for (const t of offer.slice(0, count)) expected.splice(expected.indexOf(t), 1);
    assert.deepEqual(sorted(game.hand), sorted(expected.concat(theirs.slice(0, count))));
    if (offer.length !== theirs.length) unequal += 1;
  }
  assert.ok(unequal > 0);
});

test("closeness counts natural tiles and lets jokers fill only groups big enough", () => {
  const game = new Game(facts, 1, 0);
  const line = facts.lines[0];
  const hand = line.groups.flatMap((g) => Array(Math.min(g.size, 2)).fill(g.tile));
  game.hands[0] = hand.concat([JOKER, JOKER]);
  const result = game.closeness().find((r) => r.id === line.id);
  const need = line.groups.reduce((s, g) => s + g.size, 0);
  const naturals = line.groups.reduce((s, g) => s + Math.min(g.size, 2), 0);
  const room = line.groups.filter((g) => g.size >= facts.minJokerGroup).reduce((s, g) => s + g.size - 2, 0);
  assert.deepEqual(result, { id: line.id, have: naturals + Math.min(2, room), need });
});
