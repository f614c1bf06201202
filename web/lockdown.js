// Lockdown in a browser: the device's firmware on MicroPython's WebAssembly port, on this page's
// clock. lockdown_web.py is the board (display, inputs, entropy, a save folder); this file draws
// its frame, turns mouse, touch and keys into knob detents, presses and holds, and keeps the save
// folder in localStorage. Test hook: window.lockdown.frame(), window.lockdown.ready.
import { loadMicroPython } from "./mp/micropython.mjs";

const W = 128, H = 64, FRAME = W * H / 8;
const ON = [190, 225, 255], GAP = 110; // host_sim/png.py: lit pixel, brightness of its gap line /255
const BEZEL_RGB = [24, 26, 30]; // host_sim/png.py BEZEL, lockdown.css --bezel
const SAVE = "/save", FW = "/fw";
const PREFIX = "lockdown:"; // localStorage key = PREFIX + path under the save folder ("game.json", "log/1.json")
const DRAG_PX = 18; // finger or mouse travel per detent
const MOVE_PX = 8; // less than this is a tap, not a turn
const STEP_MS = 16;
const BIT_SHOWN = 1, BIT_RESTART = 2;

const params = new URLSearchParams(location.search);
const seed = Number(params.get("seed")) || 0; // tests: the simulator's entropy, so frames match its goldens
const t0 = performance.now();
const canvas = document.getElementById("oled");
const statusLine = document.getElementById("status");
const frame = new Uint8Array(FRAME);
const timings = { script: t0, firstFrame: null, boot: null, keyToFrame: [] }; // ms since navigation
let mp = null, glue = null, addr = 0, build = null, firmware = null, timer = null;
let pendingKeyAt = null; // timeStamp of the last key that has not changed the frame yet
let synced = new Map(); // path -> signature of what localStorage holds
let readyResolve;
const ready = new Promise((r) => (readyResolve = r));
const problems = [];

function say(text, alert) {
  statusLine.textContent = text;
  statusLine.classList.toggle("alert", !!alert);
}

function problem(text) { // something the player must know about: stays on the page, said once
  if (problems.includes(text)) return;
  problems.push(text);
  say(problems.join(" \u2022 "), true);
  console.warn("lockdown:", text);
}

const now = () => Math.floor(performance.now()) & 0x3fffffff; // ticks_ms wraps at 2**30

// ---- the screen ------------------------------------------------------------------------------------
// Each OLED pixel is s x s device pixels, s the largest that fits. The canvas is a box of whole
// CSS pixels that is also a whole number of device pixels, its backing store exactly that many:
// the browser then copies it 1:1 and never resamples it (at 390 CSS px and dpr 3 a canvas of
// 1024 / 3 CSS px did, drawing faint seams across inverted bars). The screen sits centred in it,
// on whole device pixels, with the bezel's colour around it.
let scale = 0, image = null, pixels = null, ox = 0, oy = 0;

function wholeBox(px, dpr) { // the least CSS size >= px device pixels that is whole in both units
  for (let css = Math.ceil(px / dpr - 1e-9), n = 0; n < 64; css++, n++) {
    if (Math.abs(css * dpr - Math.round(css * dpr)) < 1e-6) return css;
  }
  return Math.ceil(px / dpr);
}

function fit() {
  const dpr = window.devicePixelRatio || 1;
  const avail = canvas.parentElement.clientWidth - 24;
  let s = Math.max(1, Math.floor((avail * dpr) / W)), cssW, cssH;
  for (;;) {
    cssW = wholeBox(W * s, dpr);
    cssH = wholeBox(H * s, dpr);
    if (cssW <= avail || s === 1) break;
    s--;
  }
  const cw = Math.round(cssW * dpr), ch = Math.round(cssH * dpr);
  if (s !== scale || cw !== canvas.width || ch !== canvas.height) {
    scale = s;
    canvas.width = cw;
    canvas.height = ch;
    ox = (cw - W * s) >> 1;
    oy = (ch - H * s) >> 1;
    image = canvas.getContext("2d").createImageData(cw, ch);
    pixels = new Uint32Array(image.data.buffer);
    pixels.fill(BEZEL);
  }
  canvas.style.width = cssW + "px";
  canvas.style.height = cssH + "px";
  canvas.style.left = canvas.style.top = "0px"; // centred, it may start on a fraction of a pixel:
  const r = canvas.getBoundingClientRect(); // moved onto one whole in both units (browsers snap to either)
  canvas.style.left = onGrid(r.x, dpr) - r.x + "px";
  canvas.style.top = onGrid(r.y, dpr) - r.y + "px";
  draw();
}

function onGrid(at, dpr) { // the nearest whole CSS pixel to `at` that is also a whole device pixel
  for (let d = 0; d < 64; d++) {
    for (const t of [Math.round(at) + d, Math.round(at) - d]) {
      if (Math.abs(t * dpr - Math.round(t * dpr)) < 1e-6) return t;
    }
  }
  return Math.round(at);
}

function rgba(c, k) { // little-endian ABGR of colour c at brightness k/255 (PIL colorize from black)
  return (255 << 24 | Math.floor((c[2] * k) / 255) << 16 | Math.floor((c[1] * k) / 255) << 8 | Math.floor((c[0] * k) / 255)) >>> 0;
}
const LIT = rgba(ON, 255), DIM = rgba(ON, GAP), DARK = rgba(ON, 0), BEZEL = rgba(BEZEL_RGB, 255);

function draw() {
  if (!pixels) return;
  const s = scale, row = canvas.width, grid = s >= 3;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const on = (frame[(y >> 3) * W + x] >> (y & 7)) & 1;
      let p = (oy + y * s) * row + ox + x * s;
      for (let dy = 0; dy < s; dy++, p += row) {
        for (let dx = 0; dx < s; dx++) {
          pixels[p + dx] = !on ? DARK : grid && (dx === s - 1 || dy === s - 1) ? DIM : LIT;
        }
      }
    }
  }
  canvas.getContext("2d").putImageData(image, 0, 0);
}

function readFrame() { // the framebuf's bytearray, straight from the wasm memory
  const get = mp._module.getValue;
  for (let i = 0; i < FRAME; i += 4) {
    const v = get(addr + i, "i32");
    frame[i] = v & 255; frame[i + 1] = (v >> 8) & 255; frame[i + 2] = (v >> 16) & 255; frame[i + 3] = (v >>> 24) & 255;
  }
}

// ---- the save folder <-> localStorage ----------------------------------------------------------------
function toStored(bytes) { // one char per byte: lossless for any file
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192));
  return s;
}

function fromStored(name, text) {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 255) { // not written by this page: hand it over as UTF-8, the firmware's loader judges it
      problem(`Browser storage: ${name} was changed outside this page; the device reads it as text.`);
      return new TextEncoder().encode(text);
    }
    bytes[i] = c;
  }
  return bytes;
}

function storage() {
  try { return window.localStorage; } catch (e) { return null; }
}

function restoreFiles(FS) {
  FS.mkdirTree(SAVE);
  const ls = storage();
  if (!ls) {
    problem("This browser keeps no saves here (storage is blocked): the game lasts while the page is open.");
    return;
  }
  for (let i = 0; i < ls.length; i++) {
    const key = ls.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    const name = key.slice(PREFIX.length);
    const parts = name.split("/");
    if (!name || parts.some((p) => p === "" || p === "." || p === "..")) {
      problem(`Browser storage: the entry ${JSON.stringify(key)} is not a file name; left as it is.`);
      continue;
    }
    if (parts.length > 1) FS.mkdirTree(SAVE + "/" + parts.slice(0, -1).join("/"));
    FS.writeFile(SAVE + "/" + name, fromStored(name, ls.getItem(key) || ""));
  }
  synced = scan(FS);
}

function scan(FS, dir = SAVE, rel = "", found = new Map()) { // path -> "inode:size:mtime"
  for (const n of FS.readdir(dir)) {
    if (n === "." || n === "..") continue;
    const st = FS.stat(dir + "/" + n);
    if (FS.isDir(st.mode)) scan(FS, dir + "/" + n, rel + n + "/", found);
    else found.set(rel + n, `${st.ino}:${st.size}:${+st.mtime}`);
  }
  return found;
}

function syncFiles() { // what the firmware's Store wrote, renamed or removed since the last pass
  const ls = storage();
  if (!ls || !mp) return;
  const found = scan(mp.FS);
  for (const [name, sig] of found) {
    if (synced.get(name) === sig) continue;
    try {
      ls.setItem(PREFIX + name, toStored(mp.FS.readFile(SAVE + "/" + name)));
      synced.set(name, sig);
    } catch (e) {
      problem(`Could not keep ${name} in this browser's storage (${e.name}): download the save to keep it.`);
      synced.set(name, sig); // said once per change, not every pass
    }
  }
  for (const name of synced.keys()) {
    if (!found.has(name)) {
      ls.removeItem(PREFIX + name);
      synced.delete(name);
    }
  }
}

function saveFiles() { // [name, bytes] of the save folder, as a board's flash holds it
  if (!mp) return [];
  return [...scan(mp.FS).keys()].sort().map((n) => [n, mp.FS.readFile(SAVE + "/" + n)]);
}

// ---- downloads ---------------------------------------------------------------------------------------
function download(name, blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

const CRC = new Uint32Array(256).map((_, n) => {
  for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n;
});
function crc32(b) {
  let c = 0xffffffff;
  for (let i = 0; i < b.length; i++) c = CRC[(c ^ b[i]) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function zip(files) { // a plain stored (uncompressed) zip: [name, bytes] -> Blob
  const parts = [], central = [];
  let offset = 0;
  const enc = new TextEncoder();
  for (const [name, data] of files) {
    const n = enc.encode(name), crc = crc32(data);
    const head = new DataView(new ArrayBuffer(30));
    [[0, 0x04034b50, 4], [4, 20, 2], [14, crc, 4], [18, data.length, 4], [22, data.length, 4], [26, n.length, 2]]
      .forEach(([at, v, size]) => (size === 4 ? head.setUint32(at, v, true) : head.setUint16(at, v, true)));
    const dir = new DataView(new ArrayBuffer(46));
    [[0, 0x02014b50, 4], [4, 20, 2], [6, 20, 2], [16, crc, 4], [20, data.length, 4], [24, data.length, 4],
      [28, n.length, 2], [42, offset, 4]]
      .forEach(([at, v, size]) => (size === 4 ? dir.setUint32(at, v, true) : dir.setUint16(at, v, true)));
    parts.push(head, n, data);
    central.push(dir, n);
    offset += 30 + n.length + data.length;
  }
  const size = central.reduce((a, p) => a + p.byteLength, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  return new Blob([...parts, ...central, end], { type: "application/zip" });
}

document.getElementById("dl-save").onclick = () => { // one file: the save of the game on the screen
  const name = glue ? glue.save_name() : "";
  const file = saveFiles().find(([n]) => n === name);
  if (!file) return say("No game saved yet: play a move first.");
  download(name, new Blob([file[1]], { type: "application/json" }));
};
document.getElementById("dl-all").onclick = () => {
  const files = saveFiles();
  if (!files.length) return say("No game saved yet: play a move first.");
  download("lockdown-save.zip", zip(files.map(([n, d]) => ["lockdown-save/" + n, d])));
};

// ---- the interpreter -----------------------------------------------------------------------------------
async function loadFirmware() {
  build = await (await fetch("build.json")).json();
  document.getElementById("mp-version").textContent = "v" + build.micropython;
  firmware = await Promise.all(build.firmware.map(async (path) => {
    const r = await fetch(path);
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return [path, new Uint8Array(await r.arrayBuffer())];
  }));
}

function deviceLog(text) { // the board's serial console; what the player must know also shows on the page
  console.log("lockdown:", text);
  const last = text.trim().split("\n").pop(); // a crash report ends with its code, after the traceback
  if (/kept as|unreadable|could not|failed|error|cannot/i.test(last)) problem("Device: " + last);
}

// One interpreter per page, started at once, while the firmware downloads.
const started = performance.now();
const loading = loadMicroPython({ heapsize: 512 * 1024, stdout: (l) => console.log(l), stderr: (l) => console.error(l) });

async function boot() {
  const m = await loading;
  for (const [path, data] of firmware) {
    const dest = FW + path.slice(2); // "fw/lockdown/app.mpy" -> "/fw/lockdown/app.mpy"
    m.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
    m.FS.writeFile(dest, data);
  }
  restoreFiles(m.FS);
  m.runPython(`import sys\nsys.path.insert(0, "${FW}")`);
  mp = m;
  glue = m.pyimport("lockdown_web");
  const rand = () => crypto.getRandomValues(new Uint8Array(1))[0];
  addr = glue.start(rand, deviceLog, seed, now());
  readFrame(); // blank, or the error screen of a boot that failed
  draw();
  step(); // the first pass draws the first frame (and syncs: the boot may have set a damaged save aside)
  timings.boot = performance.now() - started;
  timings.firstFrame = performance.now(); // since the navigation started
  if (!problems.length) say("");
  readyResolve();
  timer = setInterval(step, STEP_MS);
}

let restarting = false;
function step() {
  if (!glue || restarting) return;
  let bits;
  try {
    bits = glue.step(now());
  } catch (e) { // the glue itself failed: nothing more the device can do
    clearInterval(timer);
    problem("The device stopped: " + e.message);
    return;
  }
  if (bits & BIT_SHOWN) {
    const before = frame.slice();
    readFrame();
    draw();
    if (pendingKeyAt !== null && frame.some((b, i) => b !== before[i])) {
      timings.keyToFrame.push(performance.now() - pendingKeyAt);
      pendingKeyAt = null;
    }
  }
  syncFiles();
  if (bits & BIT_RESTART) { // reset, soft reset or a game switch: the page reloads, as a board resets
    // A new page, not a second interpreter in this one: the port's JS glue is global (globalThis.Module,
    // its proxy tables and finalizers), so an old interpreter's leftovers would reach into a new one.
    restarting = true;
    clearInterval(timer);
    location.reload();
  }
}

// ---- the controls ----------------------------------------------------------------------------------------
function act(verb, control, n) {
  if (!glue || restarting) return;
  if (verb === "turn") glue.turn(control, n);
  else if (verb === "press") glue.press(control);
  else if (verb === "hold") glue.hold(control);
  step(); // at once: the frame follows the finger
}

const knobAngle = [0, 0];
function turnKnob(control, n) {
  knobAngle[control] += n * 15;
  document.querySelector(`[data-control="${control}"] .notch`).style.transform = `rotate(${knobAngle[control]}deg)`;
  act("turn", control, n);
}

function pressable(el) { // tap = press, long press = hold (fires once at hold_ms, its release is silent)
  const control = Number(el.dataset.control);
  const knob = el.classList.contains("knob");
  let down = null;
  el.addEventListener("pointerdown", (e) => {
    if (e.button > 0 || down) return;
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    el.classList.add("down");
    down = { id: e.pointerId, x: e.clientX, y: e.clientY, acc: 0, moved: false, held: false };
    down.timer = setTimeout(() => {
      if (down && !down.moved) {
        down.held = true;
        act("hold", control);
      }
    }, build ? build.hold_ms : 1000);
  });
  el.addEventListener("pointermove", (e) => {
    if (!down || e.pointerId !== down.id || !knob || down.held) return;
    e.preventDefault();
    const travel = e.clientX - down.x - (e.clientY - down.y); // right or up: clockwise
    if (!down.moved && Math.abs(travel) < MOVE_PX) return;
    if (!down.moved) {
      down.moved = true;
      clearTimeout(down.timer);
    }
    down.acc += travel;
    down.x = e.clientX;
    down.y = e.clientY;
    const n = Math.trunc(down.acc / DRAG_PX);
    if (n) {
      down.acc -= n * DRAG_PX;
      turnKnob(control, n);
    }
  });
  const end = (e, cancel) => {
    if (!down || e.pointerId !== down.id) return;
    clearTimeout(down.timer);
    el.classList.remove("down");
    const tap = !down.moved && !down.held && !cancel;
    down = null;
    if (tap) act("press", control);
  };
  el.addEventListener("pointerup", (e) => end(e, false));
  el.addEventListener("pointercancel", (e) => end(e, true));
  el.addEventListener("contextmenu", (e) => e.preventDefault());
  if (knob) {
    let acc = 0;
    el.addEventListener("wheel", (e) => { // a wheel notch is a detent; small trackpad deltas add up
      e.preventDefault();
      const d = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaY;
      acc = Math.abs(d) >= 50 ? d : acc + d;
      if (Math.abs(acc) >= 50) {
        turnKnob(control, acc < 0 ? 1 : -1); // wheel up: clockwise
        acc = 0;
      }
    }, { passive: false });
  }
}
document.querySelectorAll("[data-control]").forEach(pressable);

const KEY_NAMES = { Enter: "\r", ArrowUp: "UP", ArrowDown: "DOWN" }; // else e.key is the terminal's key
window.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || !build) return;
  const action = build.keys[KEY_NAMES[e.key] || e.key];
  if (!action) return;
  e.preventDefault();
  const [verb, control, n] = action;
  if (verb === "shot") {
    if (!e.repeat) canvas.toBlob((b) => download("lockdown.png", b));
    return;
  }
  if (verb !== "turn" && e.repeat) return; // a key held down repeats turns, never presses
  pendingKeyAt = e.timeStamp;
  const el = document.querySelector(`[data-control="${control}"]`);
  el.classList.add("down");
  setTimeout(() => el.classList.remove("down"), 120);
  if (verb === "turn") turnKnob(control, n);
  else act(verb, control);
});
window.addEventListener("resize", fit);

// ---- offline: the service worker caches every file of this build ------------------------------------------
const offline = ("serviceWorker" in navigator)
  ? navigator.serviceWorker.register("sw.js").then(() => navigator.serviceWorker.ready).then(() => true)
    .catch((e) => { console.warn("lockdown: no offline copy:", e); return false; })
  : Promise.resolve(false);

function fail(e) {
  problem("Lockdown could not start: " + ((e && e.message) || e));
  console.error(e);
}

window.lockdown = {
  ready, offline, timings,
  frame: () => frame.slice(),
  files: () => saveFiles().map(([n, d]) => [n, toStored(d)]),
  python: (code) => mp.runPython(code), // for developers and tests: Python in the device's interpreter
};

fit();
loadFirmware().then(boot).catch(fail);
