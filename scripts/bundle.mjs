// Warboard's browser code bundled for the pages: one minified file per page under static/dist/
// (lobby.js, watch.js; table-<game>.js, replay-<game>.js and share-<game>.js holding the game's module too, so a
// table page loads one script instead of 50 modules in a chain; table.js and replay.js for a
// game without one). The sources under static/js stay as they are (Biome, node --test, and the
// pages while the bundles are missing or stale): static/dist/inputs.json records the hash of
// every source the bundles were built from, and app/web/assets.py serves the sources instead
// as soon as one differs.
//
//     node scripts/bundle.mjs        (run by `make setup`, `make run` and `make test`)
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { build } from "esbuild";

const SOURCE = resolve("static/js");
const OUT = "static/dist";
const GAMES = readdirSync(`${SOURCE}/systems`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .filter((name) => readdirSync(`${SOURCE}/systems`).includes(`${name}.js`));

// page -> the modules it runs, in the order its template ran them
// (share: a shared game's file, which the server inlines whole: app/web/share.py)
const PAGES = {
  lobby: ["lobby.js"],
  watch: ["watch.js"],
  games: ["games.js"],
  table: ["layout.js", "table.js"],
  replay: ["replay.js", "replay-chat.js"],
  share: ["share.js"],
};
const entries = { lobby: "lobby", watch: "watch", games: "games", table: "table", replay: "replay", share: "share" };
for (const game of GAMES) {
  entries[`table-${game}`] = `table/${game}`;
  entries[`replay-${game}`] = `replay/${game}`;
  entries[`share-${game}`] = `share/${game}`;
}

// "page:<page>[/<game>]": the page's modules after "game:<game>", which hands the game's module
// to game.js before the page's code runs (imports run in order)
const pages = {
  name: "pages",
  setup(b) {
    b.onResolve({ filter: /^(page|game):/ }, (args) => ({ path: args.path, namespace: "warboard" }));
    b.onLoad({ filter: /.*/, namespace: "warboard" }, (args) => {
      const [kind, rest] = args.path.split(":");
      const [page, game] = rest.split("/");
      const contents =
        kind === "game"
          ? `import { bundleGame } from "./game.js";\nimport * as m from "./systems/${page}.js";\nbundleGame(m);\n`
          : [...(game ? [`game:${game}`] : []), ...PAGES[page].map((m) => `./${m}`)].map((m) => `import "${m}";`).join("\n");
      return { contents, resolveDir: SOURCE, loader: "js" };
    });
  },
};

rmSync(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([out, page]) => [out, `page:${page}`])),
  outdir: OUT,
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2022",
  legalComments: "none",
  metafile: true,
  plugins: [pages],
  logLevel: "warning",
});

// every source the bundles hold, by its path under static/, with the digest the server computes
const inputs = {};
for (const path of Object.keys(result.metafile.inputs).sort()) {
  if (path.startsWith("warboard:")) continue;
  inputs[path.replace(/^static\//, "")] = createHash("sha256").update(readFileSync(path)).digest("hex").slice(0, 12);
}
writeFileSync(`${OUT}/inputs.json`, `${JSON.stringify({ inputs }, null, 1)}\n`);
