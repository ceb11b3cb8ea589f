// The browser suite of the Troef web app: Debian's Chromium driven by Playwright (playwright-core),
// phone viewport 390 x 844 with touch, against the web build in target/web/dist served on
// 127.0.0.1 by this script.
//
// For every game: a complete hand against bots, tapped through the UI; the hand's record exported
// from the app must replay (`troef replay --json`) to exactly the score the app showed. A
// pass-and-play Tarneeb hand with two people: during every privacy screen the page (DOM and
// accessibility tree) holds no card face. A reload mid-hand resumes where it was; a damaged save
// is set aside and reported. Screenshots of every screen go to tests/e2e/output/ (gitignored).
//
// Usage: node tests/e2e/run.mjs   (env: TROEF_BIN = the troef command, DIST = the web build,
// ONLY = a regex of test names to run)
// The last line is "N passed, N failed".

import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
// The build's folder follows CARGO_TARGET_DIR as scripts/build-web.sh does.
const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(root, process.env.CARGO_TARGET_DIR) : path.join(root, "target");
const dist = process.env.DIST || path.join(targetDir, "web/dist");
const troef = process.env.TROEF_BIN || path.join(targetDir, "ci/troef");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const output = path.join(here, "output");
fs.rmSync(output, { recursive: true, force: true });
fs.mkdirSync(output, { recursive: true });

const GAMES = ["tarneeb", "tysiacha", "rikken", "tachtigen", "tachentige"];
const CARD_NAME = /\b(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)\b/i;
const HAND_TIMEOUT_MS = 240_000;
const figures = { firstRenderMs: [], tapToUpdateMs: [] };

// ---------------------------------------------------------------- static server

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };
function serve() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, "http://localhost");
    const file = path.join(dist, url.pathname === "/" ? "index.html" : path.normalize(url.pathname));
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream", "cache-control": "no-store" });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// ---------------------------------------------------------------- browser

const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

async function openBrowser() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "troef-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: FLAGS,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors, close: async () => { await context.close(); fs.rmSync(profile, { recursive: true, force: true }); } };
}

async function load(page, base) {
  await page.goto(base);
  await page.waitForSelector("[data-screen]", { timeout: 30_000 });
  const firstRender = await page.evaluate(() => window.troefFirstRender);
  if (typeof firstRender === "number") figures.firstRenderMs.push(firstRender);
  await installTapProbe(page);
}

// Records when a tap lands and when the tapped hand card leaves the hand (the table updated).
async function installTapProbe(page) {
  await page.evaluate(() => {
    window.troefTaps = [];
    document.addEventListener("click", (event) => {
      const card = event.target.closest && event.target.closest("[data-hand-card]");
      if (!card) return;
      const code = card.getAttribute("data-hand-card");
      const start = performance.now();
      const observer = new MutationObserver(() => {
        if (!document.querySelector(`[data-hand-card="${code}"]`) || document.querySelector(".choice, .pick")) {
          window.troefTaps.push(performance.now() - start);
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    }, true);
  });
}

async function collectTaps(page) {
  const taps = await page.evaluate(() => window.troefTaps || []);
  figures.tapToUpdateMs.push(...taps);
}

let shotCount = 0;
async function shot(page, name) {
  shotCount += 1;
  const file = path.join(output, `${String(shotCount).padStart(2, "0")}-${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

// ---------------------------------------------------------------- flows

async function setFastBots(page) {
  await page.tap("[data-action=settings]");
  await page.tap("[data-setting=speed][data-value=fast]");
  await page.tap("[data-action=back]");
}

/// Starts a game from the home screen. `people` maps seat index to a name for people on the phone.
async function startGame(page, game, people = { 0: "Eva" }, shots = false, config = {}) {
  await page.tap("[data-action=new-game]");
  await page.tap(`[data-game=${game}]`);
  for (const [key, value] of Object.entries(config)) {
    const field = page.locator(`.field[data-key=${key}]`);
    if (await field.locator("select").count()) await field.locator("select").selectOption(value);
    else await field.locator(`[data-value="${value}"]`).tap();
  }
  if (shots) await shot(page, `new-game-${game}`);
  const seats = await page.locator("[data-seat]").count();
  for (let seat = 0; seat < seats; seat++) {
    const row = page.locator(`.seat-field[data-seat="${seat}"]`);
    if (people[seat] !== undefined) {
      await row.locator("input").fill(people[seat]);
      await row.locator("select").selectOption("person");
    } else {
      await row.locator("select").selectOption("bot-normal");
    }
  }
  await page.tap("[data-action=start]");
  await page.waitForSelector(".table, [data-privacy]", { timeout: 10_000 });
}

/// Takes one action for the person whose turn it is, by tapping. Returns a label of what it did.
async function takeTurn(page) {
  const pick = page.locator(".pick");
  if (await pick.count()) {
    // A multi-card action: tap pickable cards until an action matches, then confirm it.
    // Keeps the first picks and tries the following cards for the last one until an action
    // matches (a game may refuse some discards, e.g. trumps).
    const need = Number(await pick.locator("[data-need]").first().getAttribute("data-need"));
    const cards = page.locator("[data-hand-card][data-playable=true]");
    const total = await cards.count();
    let picked = 0;
    for (let index = 0; index < total; index++) {
      if (await page.locator(".pick button[data-line]").count()) break;
      const card = cards.nth(index);
      if ((await card.getAttribute("aria-pressed")) === "true") { picked += 1; continue; }
      await card.tap();
      picked += 1;
      if (picked >= need && !(await page.locator(".pick button[data-line]").count())) {
        await card.tap();
        picked -= 1;
      }
    }
    const confirm = page.locator(".pick button[data-line]:visible").first();
    const line = await confirm.getAttribute("data-line");
    await confirm.tap();
    return line;
  }
  // Prefer contracts over passing so that the hand is played: the stepper (a bid ladder starts
  // at its lowest legal step) or the first button that is not a pass.
  const stepper = page.locator("[data-actions] [data-stepper]:visible");
  const buttons = page.locator("[data-actions] .btn-group button[data-line]:visible");
  const playable = page.locator("[data-hand-card][data-playable=true]");
  if (await stepper.count()) {
    const line = await stepper.first().getAttribute("data-line");
    await stepper.first().tap();
    return line;
  }
  const count = await buttons.count();
  let pass = null;
  for (let index = 0; index < count; index++) {
    const line = await buttons.nth(index).getAttribute("data-line");
    // Passing, conceding, claiming and re-dealing come last: the hand should be played out.
    if (/^(pass|no_deny|play_on|rospisat|redeal|buy_off|stop|claim \d+)$/i.test(line)) { pass = pass || buttons.nth(index); continue; }
    await buttons.nth(index).tap();
    return line;
  }
  if (await playable.count()) {
    const card = playable.first();
    const code = await card.getAttribute("data-hand-card");
    await card.tap();
    const choice = page.locator(".choice button[data-line]");
    if (await choice.count()) {
      const line = await choice.first().getAttribute("data-line");
      await choice.first().tap();
      return line;
    }
    return `card ${code}`;
  }
  if (pass) {
    const line = await pass.getAttribute("data-line");
    await pass.tap();
    return line;
  }
  return null;
}

/// Plays until the hand's result shows, tapping for the people; `onPrivacy` runs at every privacy
/// screen before it is dismissed. Returns the number of actions tapped.
async function playHand(page, { onPrivacy, onTable, game } = {}) {
  const started = Date.now();
  let taps = 0;
  let tableShots = 0;
  while (Date.now() - started < HAND_TIMEOUT_MS) {
    if (await page.locator("[data-result]").count()) return taps;
    if (await page.locator("[data-privacy]").count()) {
      if (onPrivacy) await onPrivacy(page);
      await page.tap("[data-action=ready]");
      continue;
    }
    const myTurn = await page.locator("[data-actions]").count();
    if (myTurn) {
      if (onTable) await onTable(page);
      if (game && tableShots < 2 && (taps === 0 || (await page.locator("[data-trick] [data-card]").count()) >= 2)) {
        tableShots += 1;
        await shot(page, `table-${game}-${tableShots === 1 ? "first-turn" : "trick"}`);
      }
      const did = await takeTurn(page);
      if (did) taps += 1;
      await page.waitForTimeout(40);
    } else {
      await page.waitForTimeout(60);
    }
  }
  throw new Error(`the hand did not end within ${HAND_TIMEOUT_MS / 1000} s`);
}

/// The score the result screen shows: per-seat deltas and the totals by score-sheet key.
async function shownScore(page) {
  const deltas = JSON.parse(await page.getAttribute("[data-result]", "data-deltas"));
  const totals = {};
  for (const row of await page.locator("[data-total-key]").all()) {
    totals[await row.getAttribute("data-total-key")] = Number(await row.locator("[data-total]").getAttribute("data-total"));
  }
  const kind = await page.getAttribute("[data-result]", "data-kind");
  return { deltas, totals, kind };
}

/// Exports the hand's record from the app and replays it with the troef command.
async function exportAndReplay(page, name) {
  await page.tap("[data-result] [data-action=record]");
  await page.waitForSelector("[data-record]");
  await shot(page, `record-${name}`);
  const text = await page.inputValue("[data-record]");
  const file = path.join(output, `${name}-hand.json`);
  fs.writeFileSync(file, text);
  await page.tap("[data-action=close]");
  const replay = JSON.parse(execFileSync(troef, ["replay", file, "--json"], { encoding: "utf8" }));
  return replay;
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

function sameScore(shown, replay) {
  const hand = replay.hands ? replay.hands[0] : replay;
  const deltas = hand.deltas ?? replay.deltas;
  const after = hand.scores_after ?? replay.scores_after;
  assert(JSON.stringify(deltas) === JSON.stringify(shown.deltas), `deltas: app ${JSON.stringify(shown.deltas)}, replay ${JSON.stringify(deltas)}`);
  for (const [key, value] of Object.entries(shown.totals)) {
    assert(after[key] === value, `total ${key}: app ${value}, replay ${after[key]}`);
  }
  assert(Object.keys(shown.totals).length > 0, "the app showed no totals");
}

// ---------------------------------------------------------------- tests

const tests = [];
const test = (name, body) => tests.push({ name, body });

for (const game of GAMES) {
  test(`${game}: a complete hand against bots, and its record replays to the score shown`, async ({ page, base }) => {
    await load(page, base);
    if (game === GAMES[0]) await shot(page, "home");
    await setFastBots(page);
    // Tachentige: one regular hand, so that the second is a closing round (rondspel).
    const config = game === "tachentige" ? { regular_hands: "1" } : {};
    await startGame(page, game, { 0: "Eva" }, true, config);
    let menuShown = false;
    const onTable = async (page) => {
      // Once a trick is done: the table menu and the last trick, opened by tapping.
      if (menuShown || game !== GAMES[0]) return;
      await page.tap("[data-action=menu]");
      if (await page.locator("[data-action=last-trick]:not([disabled])").count()) {
        menuShown = true;
        await shot(page, "table-menu");
        await page.tap("[data-action=last-trick]");
        await page.waitForSelector(".last-trick [data-card]");
        await shot(page, "last-trick");
      }
      await page.tap("[data-action=close]");
    };
    const taps = await playHand(page, { game, onTable });
    await collectTaps(page);
    assert(taps > 0, "no action was tapped");
    await shot(page, `result-${game}`);
    const shown = await shownScore(page);
    const replay = await exportAndReplay(page, game);
    sameScore(shown, replay);
    assert((replay.audit || []).length === 0, `the audit found broken rules: ${JSON.stringify(replay.audit)}`);
    if (game === GAMES[0]) {
      await page.tap("[data-result] [data-action=scoreboard]");
      await page.waitForSelector("[data-scoreboard]");
      await shot(page, "scoreboard");
      // Every finished hand's record is on the scoreboard, the same one the result screen gave.
      await page.tap("[data-record-hand='1']");
      const again = await page.inputValue("[data-record]");
      assert(again === fs.readFileSync(path.join(output, `${game}-hand.json`), "utf8"), "the scoreboard's record differs");
      await page.tap("[data-action=close]");
      await page.tap("[data-action=back-to-table]");
      await page.tap("[data-action=next-hand]");
      await page.waitForSelector(".table", { timeout: 10_000 });
      await shot(page, "table-next-hand");
    }
    let closing = "";
    if (game === "tachentige") {
      // The closing round: the forced declarer's hand is dealt face down until his call is
      // answered; the round plays to its score, which its record replays to.
      await page.tap("[data-action=next-hand]");
      await page.waitForSelector(".table", { timeout: 10_000 });
      await shot(page, "table-tachentige-closing-round");
      const closingTaps = await playHand(page, {});
      const second = await shownScore(page);
      assert(/^closing_/.test(second.kind), `hand 2 is not a closing round: ${second.kind}`);
      const replay2 = await exportAndReplay(page, "tachentige-closing");
      sameScore(second, replay2);
      closing = `; closing round ${second.kind} (${closingTaps} taps), deltas ${JSON.stringify(second.deltas)}`;
    }
    return `${taps} taps, contract ${shown.kind}, deltas ${JSON.stringify(shown.deltas)}${closing}`;
  });
}

test("pass-and-play Tarneeb: two people, no card face during any privacy screen", async ({ page, base }) => {
  await load(page, base);
  await setFastBots(page);
  await startGame(page, "tarneeb", { 0: "Anna", 2: "Bram" });
  let screens = 0;
  let viewsChecked = 0;
  const onPrivacy = async (page) => {
    screens += 1;
    const faces = await page.evaluate(() => ({
      cards: document.querySelectorAll("[data-card], [data-hand-card], [data-card-back]").length,
      svgs: document.querySelectorAll(".card-art").length,
      html: document.body.innerHTML,
    }));
    assert(faces.cards === 0 && faces.svgs === 0, `privacy screen ${screens} holds ${faces.cards} cards`);
    assert(!CARD_NAME.test(faces.html), `privacy screen ${screens}: a card is named in the page`);
    const tree = await page.locator("body").ariaSnapshot();
    assert(!CARD_NAME.test(tree), `privacy screen ${screens}: a card is named in the accessibility tree`);
    if (screens === 1) await shot(page, "privacy-screen");
  };
  const onTable = async (page) => {
    // The table shows one seat's view: its own hand, and no other seat's cards.
    const viewer = Number(await page.getAttribute(".table", "data-viewer"));
    assert(viewer === 0 || viewer === 2, `the table shows seat ${viewer}, not a person's`);
    const shown = await page.locator(".seat .shown [data-card]").count();
    assert(shown === 0, `another seat's cards are on screen (${shown})`);
    viewsChecked += 1;
  };
  const taps = await playHand(page, { onPrivacy, onTable });
  await collectTaps(page);
  assert(screens >= 2, `only ${screens} privacy screens`);
  const shown = await shownScore(page);
  const replay = await exportAndReplay(page, "pass-and-play");
  sameScore(shown, replay);
  return `${screens} privacy screens checked, ${viewsChecked} turns, ${taps} taps`;
});

test("reload mid-hand resumes exactly where it was", async ({ page, base }) => {
  await load(page, base);
  await setFastBots(page);
  await startGame(page, "tysiacha", { 0: "Eva" });
  // Play until a few cards are down, then reload.
  const started = Date.now();
  while ((await page.locator("[data-trick] [data-card]").count()) < 1 || !(await page.locator("[data-actions]").count())) {
    if (await page.locator("[data-result]").count()) break;
    if (await page.locator("[data-actions]").count()) await takeTurn(page);
    await page.waitForTimeout(60);
    assert(Date.now() - started < 120_000, "no trick reached");
  }
  const snapshot = async () => page.evaluate(() => ({
    hand: [...document.querySelectorAll("[data-hand-card]")].map((card) => card.getAttribute("data-hand-card")).join(" "),
    trick: [...document.querySelectorAll("[data-trick] [data-card]")].map((card) => card.getAttribute("data-card")).join(" "),
    facts: document.querySelector("[data-facts]")?.textContent,
    save: localStorage.getItem("troef.game"),
  }));
  const before = await snapshot();
  await page.reload();
  await page.waitForSelector("[data-screen]");
  await shot(page, "home-continue");
  await page.tap("[data-action=continue]");
  await page.waitForSelector(".table");
  const after = await snapshot();
  assert(before.hand === after.hand, `hand before ${before.hand}, after ${after.hand}`);
  assert(before.trick === after.trick, `trick before ${before.trick}, after ${after.trick}`);
  assert(before.facts === after.facts, "the facts changed");
  assert(before.save === after.save, "the save changed on reload");
  await playHand(page);
  const shown = await shownScore(page);
  sameScore(shown, await exportAndReplay(page, "resumed"));
  return `resumed with ${before.hand.split(" ").length} cards in hand and trick "${before.trick}"`;
});

test("a damaged save is set aside and reported, never lost", async ({ page, base }) => {
  await load(page, base);
  await page.evaluate(() => localStorage.setItem("troef.game", "{ this is not a save"));
  await page.reload();
  await page.waitForSelector(".notices");
  await shot(page, "damaged-save-notice");
  const notice = await page.textContent(".notices");
  assert(/troef\.damaged\.1/.test(notice), `notice: ${notice}`);
  const kept = await page.evaluate(() => localStorage.getItem("troef.damaged.1"));
  assert(kept === "{ this is not a save", "the damaged save was not kept");
  assert(!(await page.locator("[data-action=continue]").count()), "a damaged save offered to continue");
  return "kept as troef.damaged.1";
});

test("screens: rules, history, settings, landscape and tablet table", async ({ page, base }) => {
  await load(page, base);
  await page.tap("[data-action=rules]");
  await shot(page, "rules");
  await page.tap("[data-action=back]");
  await page.tap("[data-action=history]");
  await shot(page, "history");
  await page.tap("[data-action=back]");
  await page.tap("[data-action=settings]");
  await shot(page, "settings");
  await page.tap("[data-action=back]");
  await startGame(page, "rikken", { 0: "Eva" });
  await page.waitForSelector("[data-actions]", { timeout: 30_000 });
  await page.setViewportSize({ width: 844, height: 390 });
  await shot(page, "table-landscape");
  await page.setViewportSize({ width: 1024, height: 1366 });
  await shot(page, "table-tablet");
  await page.setViewportSize({ width: 390, height: 844 });
  // Ready for a right-to-left language (Arabic for Tarneeb): the page mirrored as the app would set it.
  await page.evaluate(() => { document.documentElement.dir = "rtl"; document.querySelector(".app").dir = "rtl"; });
  await shot(page, "table-rtl-layout");
  await page.evaluate(() => { document.documentElement.dir = "ltr"; document.querySelector(".app").dir = "ltr"; });
  // Touch targets: every button and hand card is at least 44 px in both directions where it shows.
  const small = await page.evaluate(() => [...document.querySelectorAll("button:not(.hand-card)")]
    .map((button) => [button.textContent.trim(), button.getBoundingClientRect()])
    .filter(([, box]) => box.width > 0 && (box.width < 43.5 || box.height < 43.5))
    .map(([text, box]) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`));
  assert(small.length === 0, `buttons under 44 px: ${small.join(", ")}`);
  const strips = await page.evaluate(() => {
    const cards = [...document.querySelectorAll("[data-hand-card]")].map((card) => card.getBoundingClientRect());
    let narrowest = Infinity;
    for (let index = 0; index + 1 < cards.length; index++) {
      if (Math.abs(cards[index + 1].top - cards[index].top) < 2) narrowest = Math.min(narrowest, cards[index + 1].left - cards[index].left);
    }
    return narrowest;
  });
  assert(strips >= 43.5, `a hand card shows only ${strips} px to tap`);
  return `narrowest hand-card strip ${Math.round(strips)} px`;
});


// ---------------------------------------------------------------- polish: languages, rules, undo, hint, themes, accessibility

/// Writes settings into the saved state and reloads (the game in progress stays).
async function useSettings(page, settings) {
  await page.evaluate((settings) => {
    const saved = JSON.parse(localStorage.getItem("troef.settings") || "{}");
    localStorage.setItem("troef.settings", JSON.stringify({ ...saved, ...settings }));
  }, settings);
  await page.reload();
  await page.waitForSelector("[data-screen]");
  await installTapProbe(page);
}

/// The axe-core check of the page as it is: the violations of serious or critical impact.
async function axeSerious(page) {
  await page.addScriptTag({ path: path.join(here, "node_modules/axe-core/axe.min.js") });
  const result = await page.evaluate(async () => {
    const report = await window.axe.run(document, { resultTypes: ["violations"] });
    return report.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.length, target: violation.nodes[0]?.target?.join(" ") }));
  });
  return result.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}

/// Plays the person's turns until they have played a card into a trick and it is their turn again.
/// The deal is random: a hand may end before any card of ours is played (everyone passes, the
/// declarer buys off), a real outcome this does not test; then the next hand is dealt.
async function playUntilOwnCardDown(page) {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    if (await page.locator("[data-result]").count()) {
      await page.tap("[data-action=next-hand]");
      await page.waitForSelector(".table", { timeout: 10_000 });
      continue;
    }
    if ((await page.locator("[data-action=undo]").count()) && (await page.locator("[data-actions]").count())) return;
    if (await page.locator("[data-actions]").count()) await takeTurn(page);
    await page.waitForTimeout(60);
  }
  throw new Error("no card of ours went down");
}

const tableState = async (page) => page.evaluate(() => ({
  hand: [...document.querySelectorAll("[data-hand] [data-hand-card]")].map((card) => card.getAttribute("data-hand-card")).join(" "),
  trick: [...document.querySelectorAll("[data-trick] [data-card]")].map((card) => card.getAttribute("data-card")).join(" "),
  save: JSON.parse(localStorage.getItem("troef.game") || "null")?.current?.actions?.length,
}));

test("undo and hint against bots; language switch mid-game keeps the game; dark mode; axe on the table", async ({ page, base }) => {
  await load(page, base);
  await setFastBots(page);
  await startGame(page, "tachtigen", { 0: "Eva" });
  await playUntilOwnCardDown(page);
  // Sound is on by default: a card laid and tricks taken made their sounds.
  const sounds = await page.evaluate(() => window.troefSounds || 0);
  assert(sounds > 0, "no sound was played");
  // Undo: the last card comes back to the hand, with whatever the bots did after it.
  const before = await tableState(page);
  await page.tap("[data-action=undo]");
  await page.waitForFunction((count) => document.querySelectorAll("[data-hand] [data-hand-card]").length === count + 1, before.hand.split(" ").length);
  const undone = await tableState(page);
  assert(undone.save < before.save, `the save still holds ${undone.save} actions (before ${before.save})`);
  await shot(page, "undo-done");
  // Hint: a suggestion with its reason, and the suggested card marked.
  await page.waitForSelector("[data-actions]", { state: "attached" });
  await page.tap("[data-action=hint]");
  await page.waitForSelector("[data-hint]");
  const hintText = await page.textContent("[data-hint]");
  assert(/^Suggestion: .+\. .+/.test(hintText), `hint: ${hintText}`);
  const hinted = await page.locator(".hand-card.hinted").count();
  await shot(page, "hint");
  // Switch to Dutch mid-game through the table menu: same hand, same trick, Dutch words.
  const state = await tableState(page);
  await page.tap("[data-action=menu]");
  await page.tap("[data-action=settings-here]");
  await page.tap("[data-setting=language][data-value=nl]");
  await page.waitForSelector(".app[data-lang=nl]");
  await page.tap("[data-action=back]");
  await page.tap("[data-action=continue]");
  await page.waitForSelector(".table");
  const dutch = await tableState(page);
  assert(dutch.hand === state.hand && dutch.trick === state.trick && dutch.save === state.save, `the game changed with the language: ${JSON.stringify([state, dutch])}`);
  const status = await page.textContent("[data-status]");
  assert(/beurt/.test(status), `status not in Dutch: ${status}`);
  assert((await page.getAttribute("html", "lang")) === "nl", "the page's lang is not nl");
  const cardLabel = await page.getAttribute("[data-hand-card]", "aria-label");
  assert(/^(schoppen|harten|ruiten|klaveren) /.test(cardLabel), `card name not Dutch: ${cardLabel}`);
  await shot(page, "table-nl");
  // Accessibility, light theme.
  const lightViolations = await axeSerious(page);
  // Dark mode: the table in the dark theme, checked again.
  await page.tap("[data-action=menu]");
  await page.tap("[data-action=settings-here]");
  await page.tap("[data-setting=theme][data-value=dark]");
  await page.waitForSelector(".app[data-theme=dark]");
  await page.tap("[data-action=back]");
  await page.tap("[data-action=continue]");
  await page.waitForSelector(".table");
  const background = await page.evaluate(() => getComputedStyle(document.querySelector(".app")).backgroundImage);
  assert(background.includes("14, 58, 42"), `dark felt not applied: ${background}`);
  await shot(page, "table-nl-dark");
  const darkViolations = await axeSerious(page);
  const all = [...lightViolations, ...darkViolations];
  assert(all.length === 0, `axe: ${JSON.stringify(all)}`);
  // Back to English, the hand plays on to its end.
  await useSettings(page, { language: "en", theme: "light" });
  await page.tap("[data-action=continue]");
  await playHand(page);
  const shown = await shownScore(page);
  sameScore(shown, await exportAndReplay(page, "after-undo"));
  return `${sounds} sounds; hint "${hintText}" (${hinted} card marked); axe: 0 serious or critical on the table, light and dark`;
});

test("every game's rules page opens, in English and Dutch", async ({ page, base }) => {
  await load(page, base);
  const counts = [];
  for (const lang of ["en", "nl"]) {
    await useSettings(page, { language: lang });
    for (const game of GAMES) {
      await page.tap("[data-action=rules]");
      await page.tap(`[data-rules-game=${game}]`);
      await page.waitForSelector(`[data-rules=${game}]`);
      const sections = await page.locator(`[data-rules=${game}] section`).count();
      const keys = await page.locator(`[data-rules=${game}] .house-rule`).count();
      const text = await page.textContent(`[data-rules=${game}]`);
      assert(sections >= 5 && keys > 0, `${game} (${lang}): ${sections} sections, ${keys} house rules`);
      assert(!/\b(rules|key)-[a-z]+-/.test(text), `${game} (${lang}): a message id shows`);
      assert(lang === "en" ? /Example:/.test(text) : /Voorbeeld:/.test(text), `${game} (${lang}): no example`);
      counts.push(`${game} ${keys}`);
      await page.tap("[data-action=back]");
      await page.tap("[data-action=back]");
    }
  }
  return `house rules per game: ${counts.slice(0, GAMES.length).join(", ")}`;
});

test("screenshots of every screen in both languages and both themes", async ({ page, base }) => {
  await load(page, base);
  await setFastBots(page);
  // A pass-and-play table with two people (the privacy screen) and bots.
  await startGame(page, "tarneeb", { 0: "Anna", 2: "Bram" });
  const combos = [["en", "light"], ["nl", "light"], ["en", "dark"], ["nl", "dark"]];
  const screens = async (lang, theme, phase) => {
    await useSettings(page, { language: lang, theme, bot_speed: "fast" });
    const tag = `${lang}-${theme}`;
    const visit = async (action, name, ready) => {
      await page.tap(`[data-action=${action}]`);
      if (ready) await page.waitForSelector(ready, { state: "attached" });
      await shot(page, `tour-${tag}-${name}`);
    };
    if (phase === "start") {
      await shot(page, `tour-${tag}-home`);
      await visit("new-game", "new-game", "[data-screen=NewGame]");
      await page.tap("[data-action=back]");
      await visit("rules", "rules", "[data-screen=Rules]");
      await page.tap("[data-action=back]");
      await page.tap("[data-action=rules]");
      await page.tap("[data-rules-game=tachentige]");
      await shot(page, `tour-${tag}-rules-tachentige`);
      await page.tap("[data-action=back]");
      await page.tap("[data-action=back]");
      await visit("settings", "settings", "[data-screen=Settings]");
      await page.tap("[data-action=back]");
      await visit("history", "history", "[data-screen=History]");
      await page.tap("[data-action=back]");
      // The bots play until one of the two people is to act: the privacy screen, then that
      // person's table, which stays put until they act.
      await page.tap("[data-action=continue]");
      await page.waitForSelector("[data-privacy]", { timeout: 60_000 });
      await shot(page, `tour-${tag}-privacy`);
      await page.tap("[data-action=ready]");
      await page.waitForSelector("[data-actions]", { state: "attached" });
      await shot(page, `tour-${tag}-table`);
      await visit("menu", "table-menu", ".sheet");
      await visit("log", "hand-history", "[data-trick-history]");
      await page.tap("[data-action=close]");
      await page.tap(".table [data-action=home]");
      await page.waitForSelector("[data-screen=Home]");
    } else {
      await page.tap("[data-action=continue]");
      await page.waitForSelector("[data-result]");
      await shot(page, `tour-${tag}-result`);
      await visit("record", "record", "[data-record]");
      await page.tap("[data-action=close]");
      await visit("scoreboard", "scoreboard", "[data-scoreboard]");
      await page.tap("[data-action=back-to-table]");
      await page.waitForSelector("[data-result]");
    }
    const axe = await axeSerious(page);
    assert(axe.length === 0, `${tag} ${phase}: axe ${JSON.stringify(axe)}`);
  };
  for (const [lang, theme] of combos) await screens(lang, theme, "start");
  await page.tap("[data-action=continue]");
  await playHand(page);
  for (const [lang, theme] of combos) await screens(lang, theme, "end");
  const count = fs.readdirSync(output).filter((file) => file.includes("-tour-")).length;
  return `${count} tour screenshots`;
});

// ---------------------------------------------------------------- runner

const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
let passed = 0;
let failed = 0;
// ONLY=regex runs the tests whose names match (while working on one).
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : null;
for (const { name, body } of tests.filter((entry) => !only || only.test(entry.name))) {
  const browser = await openBrowser();
  const start = Date.now();
  try {
    const note = await body({ page: browser.page, base });
    if (browser.errors.length) throw new Error(`page errors: ${browser.errors.join("; ")}`);
    passed += 1;
    console.log(`ok - ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)${note ? `: ${note}` : ""}`);
  } catch (error) {
    failed += 1;
    console.log(`FAILED - ${name}: ${error.message}`);
    try { await shot(browser.page, "failure"); } catch {}
  } finally {
    await browser.close();
  }
}
server.close();

const median = (values) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const max = (values) => values.length ? Math.max(...values) : NaN;
console.log(`time to first render: median ${median(figures.firstRenderMs).toFixed(0)} ms over ${figures.firstRenderMs.length} loads (max ${max(figures.firstRenderMs).toFixed(0)} ms)`);
console.log(`tap to update, card played: median ${median(figures.tapToUpdateMs).toFixed(1)} ms over ${figures.tapToUpdateMs.length} taps (max ${max(figures.tapToUpdateMs).toFixed(1)} ms)`);
fs.writeFileSync(path.join(output, "figures.json"), JSON.stringify(figures, null, 2));
console.log(`screenshots: ${fs.readdirSync(output).filter((file) => file.endsWith(".png")).length} in ${path.relative(root, output)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
