// The dice proof checked in the page, with the browser's own SHA-256 (crypto.subtle, which a
// file opened from disk has too): the seed's SHA-256 is the commitment published when the table
// opened, and every roll is die(seed, i, sides) as app/session/proof.py states the algorithm:
// x = the first 8 bytes (big-endian) of SHA-256(`${seed}:${i}:${attempt}`), attempt = 0, 1, ...
// until x < 2**64 - 2**64 % sides; face = 1 + x % sides.

const SPACE = 2n ** 64n;
const encoder = new TextEncoder();

async function sha256(text) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

const hex = (bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The face of die `i` of the seed's stream with `sides` faces. */
export async function die(seed, i, sides) {
  const n = BigInt(sides);
  const limit = SPACE - (SPACE % n);
  for (let attempt = 0; ; attempt++) {
    const digest = await sha256(`${seed}:${i}:${attempt}`);
    const x = new DataView(digest.buffer).getBigUint64(0, false);
    if (x < limit) return Number(1n + (x % n));
  }
}

/**
 * Check a proof ({seed, commitment, rolls: [{i, sides, value}]}): {ok, rolls, problem}, where
 * `problem` says the first thing that does not hold. `progress(done, total)` is told as it goes.
 */
export async function verifyProof(proof, progress = () => {}) {
  if (!proof?.seed) return { ok: false, rolls: 0, problem: "The proof has no seed" };
  if (hex(await sha256(proof.seed)) !== proof.commitment) {
    return { ok: false, rolls: 0, problem: "The seed's SHA-256 is not the commitment published when the table opened" };
  }
  const rolls = proof.rolls || [];
  for (let k = 0; k < rolls.length; k++) {
    const r = rolls[k];
    if ((await die(proof.seed, r.i, r.sides)) !== r.value) {
      return { ok: false, rolls: k, problem: `Roll ${r.i} (a d${r.sides}) is ${r.value}, not what the seed gives` };
    }
    if (k % 64 === 63) progress(k + 1, rolls.length);
  }
  progress(rolls.length, rolls.length);
  return { ok: true, rolls: rolls.length, problem: null };
}

/** The proof's result in words: "Dice proof verified: 42 rolls". */
export function proofText(result) {
  if (!result.ok) return `Dice proof NOT verified: ${result.problem}`;
  return `Dice proof verified: ${result.rolls} ${result.rolls === 1 ? "roll" : "rolls"}`;
}
