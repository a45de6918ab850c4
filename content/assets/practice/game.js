// The Charleston practice game: pure logic, no DOM. Every rule comes from facts.json, generated from
// content/facts (pass order, blind passes, courtesy limits, the tile set, the practice lines).
// Seats are indexed in turn order from East; "right" is the player after you, then across, then left,
// in the order facts.directions lists them.

export const JOKER = "joker";

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same deal. */
export function createRandom(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every tile of the set, as tile IDs, in fact order. */
export function buildWall(facts) {
  return facts.tiles.flatMap((tile) => Array.from({ length: tile.copies }, () => tile.id));
}

function shuffle(items, random) {
  const result = items.slice();
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}

function pick(items, count, random) {
  return shuffle(items, random).slice(0, count);
}

/** Remove one copy of each tile in `tiles` from `hand` (a new array). */
function without(hand, tiles) {
  const rest = hand.slice();
  for (const tile of tiles) {
    const at = rest.indexOf(tile);
    if (at < 0) throw new Error(`tile ${tile} is not in the hand`);
    rest.splice(at, 1);
  }
  return rest;
}

export class Game {
  /** A new deal: `seat` is the reader's seat (an index into facts.seats). */
  constructor(facts, seed, seat) {
    this.facts = facts;
    this.seed = seed;
    this.reader = seat;
    this.random = createRandom(seed);
    this.hands = this.deal();
    this.steps = facts.passes.filter((p) => p.kind !== "blind");
    this.step = 0;
    this.choosing = false;
    this.received = [];
    this.courtesy = null;
    this.log = [];
    this.prepare();
  }

  deal() {
    const wall = shuffle(buildWall(this.facts), this.random);
    const hands = this.facts.seats.map((_, i) => {
      const count = i === 0 ? this.facts.deal.east : this.facts.deal.others;
      return wall.splice(0, count);
    });
    const mine = hands[this.reader];
    if (!mine.includes(JOKER)) {
      // The reader always holds a joker: swap one in from the rest of the wall.
      const at = wall.indexOf(JOKER);
      [mine[mine.length - 1], wall[at]] = [wall[at], mine[mine.length - 1]];
    }
    return hands;
  }

  /** The pass being played, `{id: "choice"}` between the rounds, or `{id: "done"}`. */
  get current() {
    if (this.choosing) return { id: "choice" };
    return this.steps[this.step] ?? { id: "done" };
  }

  /** The blind pass that may replace the current pass, if any. */
  get blind() {
    const now = this.current;
    return this.facts.passes.find((p) => p.kind === "blind" && p.round === now.round && p.direction === now.direction
      && now.kind === "pass") ?? null;
  }

  get hand() {
    return this.hands[this.reader];
  }

  target(seat, direction) {
    return (seat + this.facts.directions.indexOf(direction) + 1) % this.hands.length;
  }

  source(seat, direction) {
    return this.hands.findIndex((_, other) => this.target(other, direction) === seat);
  }

  /** What each simulated seat puts out for the current pass: legal tiles, never a joker. */
  prepare() {
    const now = this.current;
    this.outgoing = this.hands.map((hand, seat) => {
      if (seat === this.reader || !["pass", "courtesy"].includes(now.kind)) return [];
      const count = now.kind === "courtesy" ? now.min + Math.floor(this.random() * (now.max - now.min + 1)) : now.max;
      return pick(hand.filter((tile) => tile !== JOKER), count, this.random);
    });
  }

  /** The tiles coming to the reader in the current pass, face down (only a blind pass shows how many). */
  get incoming() {
    const now = this.current;
    return now.kind === "pass" ? this.outgoing[this.source(this.reader, now.direction)] : [];
  }

  /** Check the reader's choice; returns an error code or null. `rack` holds tile IDs, `blind` a count of unseen tiles. */
  refusal(rack, blind = 0) {
    const now = this.current;
    if (!["pass", "courtesy"].includes(now.kind)) return "not-now";
    if (rack.includes(JOKER)) return "joker";
    try {
      without(this.hand, rack);
    } catch {
      return "not-in-hand";
    }
    if (now.kind === "courtesy") return rack.length >= now.min && rack.length <= now.max ? null : "courtesy-count";
    if (blind === 0) return rack.length === now.max ? null : "count";
    const allowed = this.blind;
    if (!allowed || blind < allowed.min || blind > allowed.max || blind > this.incoming.length) return "blind-count";
    return rack.length + blind === now.max ? null : "blind-count";
  }

  /** Play the current pass with the reader's tiles; returns the refusal code, or null when the pass happened. */
  play(rack, blind = 0) {
    const problem = this.refusal(rack, blind);
    if (problem) return problem;
    if (this.current.kind === "courtesy") this.exchangeCourtesy(rack);
    else this.pass(rack, blind);
    this.advance();
    return null;
  }

  pass(rack, blind) {
    const { direction, id } = this.current;
    const out = this.outgoing.slice();
    const incoming = out[this.source(this.reader, direction)];
    out[this.reader] = incoming.slice(0, blind).concat(rack);
    const kept = incoming.slice(blind);
    const before = this.hands;
    this.hands = before.map((hand, seat) => {
      const given = seat === this.reader ? rack : out[seat];
      const from = this.source(seat, direction);
      const arriving = seat === this.reader ? kept : out[from];
      return without(hand, given).concat(arriving);
    });
    // A blind passer's unseen tiles travel on to the next seat, which receives them with the rest.
    this.received = kept.slice();
    this.log.push({ pass: blind ? `${id}-blind` : id, out });
  }

  exchangeCourtesy(rack) {
    const across = this.target(this.reader, this.current.direction);
    const mine = rack.length;
    const theirs = this.outgoing[across].length;
    const count = Math.min(mine, theirs);
    this.swap(this.reader, rack.slice(0, count), across, this.outgoing[across].slice(0, count));
    const others = this.hands.map((_, seat) => seat).filter((seat) => seat !== this.reader && seat !== across);
    const [a, b] = others;
    const pair = Math.min(this.outgoing[a].length, this.outgoing[b].length);
    this.swap(a, this.outgoing[a].slice(0, pair), b, this.outgoing[b].slice(0, pair));
    this.received = this.outgoing[across].slice(0, count);
    this.courtesy = { mine, theirs, count };
    this.log.push({ pass: "courtesy", mine, theirs, count });
  }

  swap(seatA, tilesA, seatB, tilesB) {
    this.hands[seatA] = without(this.hands[seatA], tilesA).concat(tilesB);
    this.hands[seatB] = without(this.hands[seatB], tilesB).concat(tilesA);
  }

  advance() {
    const finished = this.current;
    this.step += 1;
    const next = this.steps[this.step];
    const nextRound = this.facts.rounds.find((r) => r.id === next?.round);
    this.choosing = Boolean(next && next.round !== finished.round && nextRound && !nextRound.compulsory);
    this.prepare();
  }

  /** After the compulsory round: play the optional round, or skip every pass of it. */
  choose(playOn) {
    if (!this.choosing) return "not-now";
    this.choosing = false;
    if (!playOn) {
      const skipped = this.steps[this.step].round;
      while (this.steps[this.step]?.round === skipped) this.step += 1;
    }
    this.prepare();
    return null;
  }

  /** How close the reader's hand is to each practice line: tiles matched, jokers filling groups of 3 or more. */
  closeness() {
    return this.facts.lines.map((line) => {
      const counts = new Map();
      for (const tile of this.hand) counts.set(tile, (counts.get(tile) ?? 0) + 1);
      let jokers = counts.get(JOKER) ?? 0;
      let have = 0;
      const need = line.groups.reduce((sum, group) => sum + group.size, 0);
      for (const group of line.groups) {
        const natural = Math.min(group.size, counts.get(group.tile) ?? 0);
        counts.set(group.tile, (counts.get(group.tile) ?? 0) - natural);
        const filled = group.size >= this.facts.minJokerGroup ? Math.min(jokers, group.size - natural) : 0;
        jokers -= filled;
        have += natural + filled;
      }
      return { id: line.id, have, need };
    });
  }
}
